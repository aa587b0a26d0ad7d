/**
 * The deterministic draft of an answer: claims built from the law database, each tied to
 * the evidence (by key) that must support it. The model may rephrase the lead; the body
 * (lists, tables) is sent as written. Markers ([1], [2] …) are assigned only after the
 * citations are verified, so a removed citation never leaves a dangling number.
 */
import type { ChatCitation, ChatSource } from '../chat-types.js';
import type { EvidenceRequest } from './evidence-finder.js';

/**
 * What a claim is. `fact` and `correction` assert law and need a citation; `aggregate`
 * (counts over a cited table) and `absence` (what the database does not hold) and `note`
 * (guidance) assert nothing a document could cite.
 */
export type ClaimRole = 'fact' | 'correction' | 'aggregate' | 'absence' | 'note';

export interface Claim {
  /** One sentence, ending in its punctuation, without markers. */
  text: string;
  role: ClaimRole;
  /** Keys of the evidence that supports it. */
  evidence: string[];
  /** A detail worth adding only when a document supports it: dropped rather than flagged when none does. */
  optional?: boolean;
}

/** One row of a comparison table. */
export interface TableRow {
  jurisdiction: string;
  name: string;
  value: string;
  /** The data's own citation for the value (text), shown in the table. */
  citation: string | null;
  evidence: string | null;
}

export interface ComparisonTable {
  field: string;
  label: string;
  rows: TableRow[];
}

/** What a composer returns before evidence is found. */
export interface DraftParts {
  lead: Claim[];
  body: Claim[];
  table: ComparisonTable | null;
  /** Evidence to find, by key. */
  requests: EvidenceRequest[];
  /** Evidence the composer already holds (an exemption is its own evidence). */
  known: Map<string, ChatCitation>;
  /** Legal citations from the database the text may mention (law citations). */
  lawCitations: string[];
  /** Records read by lookups, for the sources event. */
  sources: ChatSource[];
  /** Whether the question's premise was checked and found false. */
  premiseFalse: boolean;
}

export function emptyParts(): DraftParts {
  return { lead: [], body: [], table: null, requests: [], known: new Map(), lawCitations: [], sources: [], premiseFalse: false };
}

/** A claim that needs evidence. */
export const fact = (text: string, ...evidence: string[]): Claim => ({ text, role: 'fact', evidence });
export const detail = (text: string, ...evidence: string[]): Claim => ({ text, role: 'fact', evidence, optional: true });
export const correction = (text: string, ...evidence: string[]): Claim => ({ text, role: 'correction', evidence });
export const note = (text: string): Claim => ({ text, role: 'note', evidence: [] });
export const absence = (text: string): Claim => ({ text, role: 'absence', evidence: [] });
export const aggregate = (text: string): Claim => ({ text, role: 'aggregate', evidence: [] });


const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const TENS: Record<number, string> = { 30: 'thirty', 40: 'forty', 45: 'forty-five', 60: 'sixty', 90: 'ninety' };

/** Ways a statute writes a number of days ("10", "ten", "tenth"), for finding quotes. */
export function numberTerms(n: number): string[] {
  const word = NUMBER_WORDS[n] ?? TENS[n];
  if (!word) return [String(n)];
  const irregular: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 5: 'fifth', 8: 'eighth', 12: 'twelfth' };
  const ordinal = irregular[n] ?? (word.endsWith('y') ? `${word.slice(0, -1)}ieth` : `${word.replace(/e$/, '')}th`);
  return [String(n), word, ordinal];
}
