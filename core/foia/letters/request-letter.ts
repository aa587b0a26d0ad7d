/**
 * The request letter as a small document (address, subject, paragraphs, a quoted
 * description), built from the request and the law database. One generic builder for all
 * 52 jurisdictions: every legal statement (statute, deadline, fee waiver, expedited
 * processing, format, the officer to address) appears only when the jurisdiction's data
 * provides it, with its pinpoint citation; the rest is the requester's own text. A request
 * for expedited handling is always passed on, but claimed as a right only where the law gives one.
 */
import { cited, REQUESTER_CLASS_LABELS, responseStandardClause } from '../deadline-wording.js';
import { daysText } from '../../legal-facts/fact-display.js';
import type { LetterLaw } from '../foia-law-store.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { addressLines, officerTitle, signatureLines } from './letter-parties.js';

/** Text that formats may emphasise. */
export type LetterSpan = string | { strong: string };

export type LetterBlock =
  | { kind: 'lines'; lines: string[] }
  | { kind: 'subject'; text: string }
  | { kind: 'paragraph'; spans: LetterSpan[] }
  | { kind: 'quote'; text: string };

/** What the builder needs of a request. */
export type LetterRequest = Pick<
  FoiaRequestRecord,
  | 'jurisdiction' | 'agency' | 'subject' | 'description' | 'date_range' | 'format_preference' | 'fee_waiver_requested'
  | 'fee_waiver_justification' | 'expedited_requested' | 'expedited_justification' | 'max_fee' | 'tracking_numbers' | 'due_date'
  | 'requester' | 'requester_class'
>;

/** `2026-11-22` → `November 22, 2026`. */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

function lawName(law: LetterLaw, jurisdiction: string): string {
  return law.lawName ?? `public records law of ${law.jurisdictionName ?? jurisdiction}`;
}

function dateRangeSentence(range: LetterRequest['date_range']): string | null {
  if (range.from && range.to) return `This request covers records dated from ${longDate(range.from)} to ${longDate(range.to)}.`;
  if (range.from) return `This request covers records dated on or after ${longDate(range.from)}.`;
  if (range.to) return `This request covers records dated on or before ${longDate(range.to)}.`;
  return null;
}

function withJustification(sentence: string, justification: string | null): string {
  return justification ? `${sentence} ${justification}` : sentence;
}

function feeParagraphs(request: LetterRequest, law: LetterLaw): LetterBlock[] {
  const out: LetterBlock[] = [];
  if (request.fee_waiver_requested && law.feeWaiver) {
    const sentence = `I request a waiver of all fees for this request, as provided by ${law.feeWaiver.citation ?? 'the law'}.`;
    out.push({ kind: 'paragraph', spans: [{ strong: 'Fee waiver.' }, ' ', withJustification(sentence, request.fee_waiver_justification)] });
  }
  if (request.max_fee !== null) {
    const amount = request.max_fee.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    out.push({ kind: 'paragraph', spans: [`I am willing to pay fees of up to ${amount}. Please tell me before incurring any fees above that amount.`] });
  }
  return out;
}

function expeditedParagraph(request: LetterRequest, law: LetterLaw): LetterBlock | null {
  if (!request.expedited_requested) return null;
  const { expedited } = law;
  const sentence = expedited
    ? `I request expedited processing of this request, as provided by ${expedited.citation}.${expedited.standard ? ` The law's standard: ${expedited.standard.replace(/[\s.;,]+$/, '')}.` : ''}`
    : law.expeditedNone
      ? `The ${lawName(law, request.jurisdiction)} does not provide for expedited processing (${law.expeditedNone.citation}), but I ask that you handle this request as promptly as you can.`
      : 'I ask that you handle this request as promptly as you can.';
  return { kind: 'paragraph', spans: [{ strong: 'Expedited processing.' }, ' ', withJustification(sentence, request.expedited_justification)] };
}

function deadlineParagraph(request: LetterRequest, law: LetterLaw): LetterBlock | null {
  const rules = law.deadline;
  if (!rules) return null;
  const name = lawName(law, request.jurisdiction);
  if (rules.noFixedDeadline || rules.days === null || rules.unit === null) {
    // The law's own words when a reviewed fact gives them; never the derivations' notes about them.
    const sentence = rules.standard
      ? `The ${name} requires ${responseStandardClause(rules.standard)}${cited(rules.citation)}.`
      : `The ${name} sets no fixed number of days for a response${cited(rules.citation)}.`;
    return { kind: 'paragraph', spans: [`${sentence} I look forward to your prompt response.`] };
  }
  const whose = rules.requesterClass ? ` to a request from ${REQUESTER_CLASS_LABELS[rules.requesterClass]}` : '';
  const due = request.due_date ? ` By my count, your response is due by ${longDate(request.due_date)}.` : '';
  return {
    kind: 'paragraph',
    spans: [`The ${name} requires a response${whose} within ${daysText(rules.days, rules.unit)} of receipt${cited(rules.citation)}.${due}`],
  };
}

/** The letter's blocks, in order. `today` is the letter's date (`YYYY-MM-DD`, in the agency's zone). */
export function buildRequestLetter(request: LetterRequest, law: LetterLaw, today: string): LetterBlock[] {
  const { agency } = request;
  const name = lawName(law, request.jurisdiction);
  const officer = officerTitle(law.recipient);
  const blocks: LetterBlock[] = [
    { kind: 'lines', lines: [longDate(today)] },
    { kind: 'lines', lines: addressLines(officer, agency) },
    { kind: 'subject', text: `Re: ${law.lawName ? `${law.lawName} request` : 'Public records request'}: ${request.subject}` },
  ];
  if (request.tracking_numbers.length > 0) blocks.push({ kind: 'lines', lines: [`Reference: ${request.tracking_numbers.join(', ')}`] });
  blocks.push(
    { kind: 'paragraph', spans: [`Dear ${officer ?? 'Records Officer'}:`] },
    { kind: 'paragraph', spans: [`Under the ${name}${cited(law.lawCitation)}, I request copies of the following records:`] },
    { kind: 'quote', text: request.description },
  );
  const range = dateRangeSentence(request.date_range);
  if (range) blocks.push({ kind: 'paragraph', spans: [range] });
  if (request.format_preference) {
    const basis = law.format ? ` See ${law.format.citation ?? law.format.title}.` : '';
    blocks.push({ kind: 'paragraph', spans: [{ strong: 'Format.' }, ` I would like to receive the records in this form: ${request.format_preference}.${basis}`] });
  }
  blocks.push(...feeParagraphs(request, law));
  for (const paragraph of [expeditedParagraph(request, law), deadlineParagraph(request, law)]) if (paragraph) blocks.push(paragraph);
  blocks.push(
    { kind: 'paragraph', spans: ['If you have any questions about this request, please contact me. Thank you for your help.'] },
    { kind: 'paragraph', spans: ['Sincerely,'] },
    { kind: 'lines', lines: signatureLines(request.requester) },
  );
  return blocks;
}
