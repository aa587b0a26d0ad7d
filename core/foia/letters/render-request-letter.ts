import type { LetterLaw } from '../foia-law-store.js';
import { localDate } from '../request-deadline.js';
import { formatLetterMarkdown, formatLetterText } from './format-letter.js';
import { renderLetterPdf } from './letter-pdf.js';
import { buildRequestLetter, type LetterBlock, type LetterRequest } from './request-letter.js';

/** The formats the letter route serves. */
export const LETTER_FORMATS = ['text', 'markdown', 'pdf'] as const;
export type LetterDownloadFormat = (typeof LETTER_FORMATS)[number];
/** The text formats (`renderRequestLetter`); PDF is `renderRequestLetterPdf`. */
export type LetterFormat = Exclude<LetterDownloadFormat, 'pdf'>;

/** A letter ready to send as an HTTP body. */
export interface RenderedLetter {
  contentType: string;
  filename: string;
  body: string;
}

/** The letter as a PDF file. */
export interface RenderedLetterPdf {
  contentType: 'application/pdf';
  filename: string;
  body: Buffer;
}

interface LetterInput {
  request: LetterRequest & { id: string; time_zone: string };
  law: LetterLaw;
  today: Date;
}

/** The subject line of a letter (its `Re: …` block without "Re: "), for an e-mail's subject. */
export function letterSubject(blocks: readonly LetterBlock[]): string | null {
  const subject = blocks.find((b) => b.kind === 'subject');
  return subject ? subject.text.replace(/^Re:\s*/, '') : null;
}

function blocksOf(input: LetterInput): { blocks: LetterBlock[]; date: string } {
  const date = localDate(input.today, input.request.time_zone);
  return { blocks: buildRequestLetter(input.request, input.law, date), date };
}

/** Renders the request letter in `format`, dated `today` in the agency's time zone. */
export function renderRequestLetter(input: LetterInput & { format: LetterFormat }): RenderedLetter {
  const { blocks } = blocksOf(input);
  return input.format === 'markdown'
    ? { contentType: 'text/markdown; charset=utf-8', filename: `foia-request-${input.request.id}.md`, body: formatLetterMarkdown(blocks) }
    : { contentType: 'text/plain; charset=utf-8', filename: `foia-request-${input.request.id}.txt`, body: formatLetterText(blocks) };
}

/** The request letter as a PDF, dated `today` in the agency's time zone (the same date gives the same bytes). */
export async function renderRequestLetterPdf(input: LetterInput): Promise<RenderedLetterPdf> {
  const { blocks, date } = blocksOf(input);
  const body = await renderLetterPdf(blocks, { title: letterSubject(blocks) ?? input.request.subject, date: new Date(`${date}T12:00:00Z`) });
  return { contentType: 'application/pdf', filename: `foia-request-${input.request.id}.pdf`, body };
}
