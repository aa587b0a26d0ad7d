/**
 * The appeal letter, for any jurisdiction: addressed to the body the reviewed facts name,
 * identifying the request and the decision appealed, arguing each matched exemption in the
 * statute's own words with pinpoint citations, asking the agency to name the legal basis of
 * every reason it did not tie to one, and asking for a decision within the law's time where it
 * sets one. It states only what its inputs (the law's words and the request) say.
 */
import { daysText } from '../../legal-facts/fact-display.js';
import type { FoiaRequester } from '../foia-request-fields.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { addressLines, officerTitle, signatureLines } from './letter-parties.js';
import { longDate, type LetterBlock, type LetterSpan } from './request-letter.js';

/** What the letter says was decided. */
export type AppealedDecision =
  | { kind: 'denied' | 'partially_fulfilled' | 'no_responsive_records'; decided_on: string | null }
  | { kind: 'constructive'; due_date: string; deadline: { days: number; unit: string; citation: string } | null; rule: { quote: string; citation: string } };

/** A limit of an exemption in the law's words. */
export interface LetterLimit {
  kind: string;
  text: string;
  citation: string;
}

/** A matched exemption: what the agency cited or said, the law's words, its limits. */
export interface LetterExemption {
  cited_as: string;
  matched_by: 'citation' | 'meaning';
  citation: string;
  text: string;
  limits: readonly LetterLimit[];
}

export interface AppealLetterInput {
  request: Pick<FoiaRequestRecord, 'jurisdiction' | 'agency' | 'subject' | 'tracking_numbers'> & { submitted_on: string | null };
  requester: FoiaRequester | null;
  law: { lawName: string | null; lawCitation: string | null; jurisdictionName: string | null; recipient: string | null };
  /** The deciding body in the law's words, with its citation; null where the law names none. */
  appealTo: { body: string; citation: string } | null;
  /** The deciding body's time, where the law sets one. */
  decideWithin: { days: number; unit: string; citation: string } | null;
  decision: AppealedDecision;
  reasons: string;
  exemptions: readonly LetterExemption[];
  /** Citations and reasons not tied to any provision of the law. */
  unmatched: ReadonlyArray<{ cited_as: string; kind: 'citation' | 'reason' }>;
  today: string;
}

const p = (...spans: LetterSpan[]): LetterBlock => ({ kind: 'paragraph', spans });
const q = (s: string): string => `“${s.replace(/[\s.;,:]+$/, '')}”`;

/** What each kind of limit asks of the agency. */
const LIMIT_ASKS: Readonly<Record<string, string>> = {
  segregability: 'I ask that you release every portion of the withheld records that can be separated from exempt information.',
  public_interest: 'I ask that you weigh the public interest as this provision requires.',
  time_limit: 'I ask that you confirm whether this time limit was met for the records withheld.',
  harm_test: 'I ask that you identify, for each withheld record, the harm its release would cause.',
  scope: 'I ask that you release any information this provision places outside the exception.',
};

function lawName(input: AppealLetterInput): string {
  return input.law.lawName ?? `public records law of ${input.law.jurisdictionName ?? input.request.jurisdiction}`;
}

function decisionSentence(input: AppealLetterInput): string {
  const d = input.decision;
  const on = (date: string | null) => (date ? `On ${longDate(date)}, ` : '');
  switch (d.kind) {
    case 'denied':
      return `${on(d.decided_on)}the agency denied this request.`;
    case 'partially_fulfilled':
      return `${on(d.decided_on)}the agency released some of the records and withheld the rest, in whole or in part.`;
    case 'no_responsive_records':
      return `${on(d.decided_on)}the agency responded that it found no records responsive to this request.`;
    case 'constructive': {
      const within = d.deadline ? ` The law requires a response within ${daysText(d.deadline.days, d.deadline.unit)} (${d.deadline.citation}).` : '';
      return `I have received no determination on this request.${within} By my count, the response was due by ${longDate(d.due_date)}. The law provides: ${q(d.rule.quote)} (${d.rule.citation}).`;
    }
  }
}

function opening(input: AppealLetterInput): LetterBlock[] {
  const name = lawName(input);
  const law = `the ${name}${input.law.lawCitation ? ` (${input.law.lawCitation})` : ''}`;
  const what = input.decision.kind === 'constructive' ? 'the agency’s failure to decide' : 'the decision on';
  const submitted = input.request.submitted_on ? `, which I submitted on ${longDate(input.request.submitted_on)}` : '';
  const first = input.appealTo
    ? `I appeal ${what} my request for records under ${law}${submitted}. I make this appeal to ${input.appealTo.body}, as ${input.appealTo.citation} provides.`
    : `I ask you to reconsider ${what} my request for records under ${law}${submitted}.`;
  const blocks = [p(`${first} The request concerns: ${input.request.subject}.`), p(decisionSentence(input))];
  if (input.decision.kind === 'no_responsive_records') {
    blocks.push(p('I ask that the agency search again for the records, and that it describe the search it made: the places and files searched and the terms used.'));
  }
  if (input.reasons.trim() && input.decision.kind !== 'constructive') {
    blocks.push(p('The agency gave these reasons:'), { kind: 'quote', text: input.reasons.trim() });
  }
  return blocks;
}

function exemptionBlocks(e: LetterExemption, quoted: Set<string>): LetterBlock[] {
  const how = e.matched_by === 'citation' ? `The agency cited ${e.cited_as}.` : `The agency’s reason, ${q(e.cited_as)}, falls under ${e.citation}.`;
  const blocks: LetterBlock[] = [
    p({ strong: `${e.citation}.` }, ' ', `${how} The provision reads: ${q(e.text)} (${e.citation}). Unless the agency shows that each record it withheld falls within these words, I ask that the record be released.`),
  ];
  const again: string[] = [];
  for (const l of e.limits) {
    const key = `${l.citation}|${l.text}`;
    if (quoted.has(key)) {
      if (!again.includes(l.citation)) again.push(l.citation);
      continue;
    }
    quoted.add(key);
    blocks.push(p(`The law also provides: ${q(l.text)} (${l.citation}). ${LIMIT_ASKS[l.kind] ?? 'I ask that you apply this provision to the records withheld.'}`));
  }
  if (again.length > 0) blocks.push(p(`The provisions quoted above (${again.join('; ')}) apply to these records as well.`));
  return blocks;
}

function unmatchedBlocks(input: AppealLetterInput): LetterBlock[] {
  return input.unmatched.map((u) =>
    u.kind === 'citation'
      ? p(`The agency cited ${q(u.cited_as)}. Please identify the provision of law this citation refers to and explain how it applies to each record withheld.`)
      : p(`The agency’s response says ${q(u.cited_as)}, without naming a provision of law that authorizes withholding on that ground. Please identify that provision, or release the records.`),
  );
}

function closing(input: AppealLetterInput): LetterBlock[] {
  const d = input.decideWithin;
  const sentence = d
    ? `The law requires a decision on an appeal within ${daysText(d.days, d.unit)} after its receipt (${d.citation}). I look forward to your decision within that time.`
    : 'I look forward to your prompt decision.';
  return [p(sentence), p('If you have any questions about this appeal, please contact me. Thank you for your attention to it.'), p('Sincerely,')];
}

/** The appeal letter's blocks, in order. `today` is the letter's date (`YYYY-MM-DD`, in the agency's zone). */
export function buildAppealLetter(input: AppealLetterInput): LetterBlock[] {
  const { agency } = input.request;
  const addressee = officerTitle(input.appealTo?.body ?? input.law.recipient);
  const subject = input.appealTo ? `Appeal under the ${lawName(input)}` : 'Request for reconsideration';
  const blocks: LetterBlock[] = [
    { kind: 'lines', lines: [longDate(input.today)] },
    { kind: 'lines', lines: addressLines(addressee, agency) },
    { kind: 'subject', text: `Re: ${subject}: ${input.request.subject}` },
  ];
  if (input.request.tracking_numbers.length > 0) blocks.push({ kind: 'lines', lines: [`Reference: ${input.request.tracking_numbers.join(', ')}`] });
  blocks.push(p(`Dear ${addressee ?? 'Records Officer'}:`), ...opening(input));
  const quoted = new Set<string>();
  for (const e of input.exemptions) blocks.push(...exemptionBlocks(e, quoted));
  blocks.push(...unmatchedBlocks(input), ...closing(input), { kind: 'lines', lines: signatureLines(input.requester) });
  return blocks;
}
