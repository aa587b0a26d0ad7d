import type { LetterLaw } from '../foia-law-store.js';
import { localDate } from '../request-deadline.js';
import { formatLetterMarkdown, formatLetterText } from './format-letter.js';
import { buildRequestLetter, type LetterRequest } from './request-letter.js';

export const LETTER_FORMATS = ['text', 'markdown'] as const;
export type LetterFormat = (typeof LETTER_FORMATS)[number];

/** A letter ready to send as an HTTP body. */
export interface RenderedLetter {
  contentType: string;
  filename: string;
  body: string;
}

/** Renders the request letter in `format`, dated `today` in the agency's time zone. */
export function renderRequestLetter(input: {
  request: LetterRequest & { id: string; time_zone: string };
  law: LetterLaw;
  today: Date;
  format: LetterFormat;
}): RenderedLetter {
  const blocks = buildRequestLetter(input.request, input.law, localDate(input.today, input.request.time_zone));
  return input.format === 'markdown'
    ? { contentType: 'text/markdown; charset=utf-8', filename: `foia-request-${input.request.id}.md`, body: formatLetterMarkdown(blocks) }
    : { contentType: 'text/plain; charset=utf-8', filename: `foia-request-${input.request.id}.txt`, body: formatLetterText(blocks) };
}
