import type { DayCount } from '../records/jurisdiction-record-types.js';
import { fieldBasis, sentenceBasis, type DerivationContext, type IndexedSource } from './context.js';
import { matchesRule, type SentenceRule } from './text/document-index.js';
import { findDayPeriods, type DayPeriod } from './text/day-periods.js';
import { splitSentences } from './text/sentences.js';
import { SPECIAL_SUBJECT } from './text/special-subjects.js';
import type { Basis, Deadline, DeadlineUnit } from '../../core/law-model/law-model.js';

/**
 * Candidate response deadlines, each from one source: the structured record's number, the
 * record's own prose, or a sentence of the statute, summary or process map. Guidance ("generally
 * interpreted as", "approximately"), proposals and vetoed bills are not law and are skipped.
 */

/** A candidate deadline with its evidence. */
export interface DeadlineCandidate {
  days: number;
  unit: DeadlineUnit;
  unitInferred: boolean;
  kind: Deadline['kind'];
  appliesTo: string | null;
  basis: Basis;
}

/** Words that mark a number as guidance, a proposal, or not binding. */
export const SOFT_WORDS = /\b(generally|typically|commonly|usually|interpreted|recommended|best practice|suggest\w*|approximately|propos\w*|vetoed|would have|should|ordinarily|average|expected|aim|goal|may take)\b/i;

/** Sentences about answering a request (not appeals, courts, meetings, clarification...). */
export const RESPONSE_RULE: SentenceRule = {
  any: [/\brequest/i, /\bapplica(nt|tion)\b/i, /\binspection\b/i, /\bexamination and copying\b/i],
  all: [/\b(respond|response|grant|deny|denial|make\b.{0,40}\bavailable|permit\w*\b.{0,20}inspection|inspection\b.{0,20}permitted|furnish|produce|comply|acknowledg\w*|receipt of (a|the) request|notify|notification|determin\w*|certif\w*|explanation|provide (access|the record))/i],
  none: [
    /\b(appeal|petition|court|commence|civil action|complaint|hearing|clarification|withdrawn|meetings?|minutes|opinion|ombudsman|commission|penalt\w*|retention|destroy|dispos\w*|project|recording|data subject|subpoena|inmate|veteran|law enforcement agenc\w*|prosecut\w*|fails? to (view|pay|inspect)|(attorney general|office)\b.{0,30}\b(shall|must|may) (issue|render|review|decide))\b/i,
  ],
};

const SCOPES: Array<[RegExp, string]> = [
  [/executive agenc/i, 'executive agencies'],
  [/non-?residents?/i, 'non-residents'],
  [/commercial (use|purpose|request)/i, 'commercial requests'],
  [/data subject/i, 'data subjects'],
];

const KINDS: Array<[RegExp, Deadline['kind']]> = [
  [/acknowledg/i, 'acknowledgment'],
];

function scopeOf(text: string): string | null {
  return SCOPES.find(([re]) => re.test(text))?.[1] ?? null;
}

/** Periods of a sentence that are binding: skips those with guidance words just before them. */
export function bindingPeriods(sentence: string): DayPeriod[] {
  return findDayPeriods(sentence).filter((p) => {
    const before = sentence.slice(Math.max(0, p.index - 60), p.index);
    const lastParen = Math.max(before.lastIndexOf(')'), before.lastIndexOf(';'));
    const window = lastParen >= 0 ? before.slice(lastParen + 1) : before;
    return !SOFT_WORDS.test(window);
  });
}

/** Periods of extra time ("up to ten additional days", "extend ... by five days") are not the initial deadline. */
function isExtensionPeriod(p: DayPeriod, text: string): boolean {
  return /\b(additional|further|more)\b/i.test(p.text) || /\b(extend\w*|extension|additional|further)\b[^.;]{0,40}$/i.test(text.slice(Math.max(0, p.index - 50), p.index));
}

/** Binding periods of a sentence that can be an initial deadline. */
function initialPeriods(text: string): DayPeriod[] {
  return bindingPeriods(text).filter((p) => !isExtensionPeriod(p, text));
}

function candidate(p: DayPeriod, text: string, basis: Basis): DeadlineCandidate {
  return {
    days: p.days,
    unit: p.unit,
    unitInferred: !p.unitExplicit,
    kind: KINDS.find(([re]) => re.test(text))?.[1] ?? 'initial_response',
    appliesTo: scopeOf(text),
    basis,
  };
}

/**
 * Candidates from the response sentences of one text document. A sentence is read with its
 * neighbours in the same section, because statutes often name the request in one sentence
 * and give the period in the next ("... in permitting the examination ... A reasonable delay
 * for this purpose shall not exceed twenty calendar days"); exclusions apply to the sentence.
 */
export function documentCandidates(source: IndexedSource, rule: SentenceRule = RESPONSE_RULE): DeadlineCandidate[] {
  const out: DeadlineCandidate[] = [];
  const sentences = source.index.sentences;
  sentences.forEach((s, i) => {
    const periods = initialPeriods(s.text);
    if (periods.length === 0) return;
    // Only statute prose runs across sentences; summary bullets and process-map lines stand alone.
    const near = source.doc.kind === 'statute_text' ? [sentences[i - 1], s, sentences[i + 1]].filter((x) => x !== undefined && x.top === s.top) : [s];
    const context = near.map((x) => x?.text).join(' ');
    if (!matchesRule(context, { any: rule.any, all: rule.all ?? [] }) || (rule.none ?? []).some((r) => r.test(s.text)) || SPECIAL_SUBJECT.test(s.text)) return;
    for (const p of periods) out.push(candidate(p, s.text, sentenceBasis(source, s)));
  });
  return out;
}

/** Candidates from the record's prose about the initial response (`initial_response_description`). */
export function descriptionCandidates(ctx: DerivationContext): DeadlineCandidate[] {
  const text = ctx.record.response.initialDescription;
  if (!text) return [];
  const out: DeadlineCandidate[] = [];
  for (const s of splitSentences(text)) {
    if ((RESPONSE_RULE.none ?? []).some((r) => r.test(s.text)) || /\blegal action|lawsuit|\bsue\b/i.test(s.text)) continue;
    for (const p of initialPeriods(s.text)) {
      out.push(candidate(p, s.text, fieldBasis(ctx.record, 'response.initialDescription', s.text)));
    }
  }
  return out;
}

/** The structured number (initial, else maximum when the description gives its unit). */
export function structuredCandidate(ctx: DerivationContext): DeadlineCandidate | null {
  const r = ctx.record.response;
  const pick = (count: DayCount | null, path: string): DeadlineCandidate | null =>
    count && count.days > 0 && count.unit
      ? { days: count.days, unit: count.unit, unitInferred: false, kind: 'initial_response', appliesTo: null, basis: fieldBasis(ctx.record, path, `${count.days} ${count.rawUnit ?? count.unit}`) }
      : null;
  return pick(r.initial, 'response.initial');
}

/** Statements that the law has no fixed deadline. */
export const NO_DEADLINE = /\b(no (specific |fixed |set |statutory )*(statutory )?(deadline|time ?limit|timeframe)|reasonable (time|period)|as (soon|promptly) as (practicable|possible|reasonably possible)|promptly|prompt|without (unreasonable )?delay|reasonable times)\b/i;

/** The record says in so many words that there is no statutory deadline. */
export function recordDeniesDeadline(ctx: DerivationContext): Basis | null {
  const r = ctx.record.response;
  const fields: Array<[string, string | null]> = [
    ['response.initialDescription', r.initialDescription],
    ['response.finalNotes', r.finalNotes],
  ];
  for (const [path, text] of fields) {
    if (!text) continue;
    const s = splitSentences(text).find((x) => /\bno (specific |fixed |set )*(statutory )?deadline\b/i.test(x.text) && !/\bbeyond\b/i.test(x.text));
    if (s && path === 'response.initialDescription') return fieldBasis(ctx.record, path, s.text);
    if (s && r.initial === null) return fieldBasis(ctx.record, path, s.text);
  }
  return null;
}

/** Rough calendar length of a period, to compare business and calendar days. */
export function calendarLength(c: { days: number; unit: DeadlineUnit }): number {
  return c.unit === 'business' ? c.days * 1.4 : c.days;
}

/** The same period stated by two sources (same number; units agree or one was inferred). */
export function samePeriod(a: DeadlineCandidate, b: DeadlineCandidate): boolean {
  return a.days === b.days && (a.unit === b.unit || a.unitInferred || b.unitInferred);
}
