import type { JurisdictionRecord } from '../../records/jurisdiction-record-types.js';
import type { SourceKind } from '../../../core/law-model/source-types.js';
import type { SentenceRule } from '../text/document-index.js';
import type { Basis, RightCategory } from '../../../core/law-model/law-model.js';

/** A structured field that supports (or refutes) a right. */
export interface FieldEvidence {
  /** Normalised path, e.g. `appeal.attorneyFeesRecoverable`. */
  path: string;
  value: unknown;
}

/** Evidence gathered for one right in one jurisdiction. */
export interface RightEvidence {
  fields: FieldEvidence[];
  texts: Basis[];
}

/**
 * How to recognise one right of access in the sources. A right is asserted only when the
 * structured record supports it, or when a text source of a kind listed in `textAlone`
 * contains a sentence matching `rule`; it is never asserted when `refutedBy` finds a field
 * saying the opposite, or `refuteRule` matches the statute or summary.
 */
export interface RightDefinition {
  /** Key suffix, stable across runs: `<slug>:<category>:<name>`. */
  name: string;
  category: RightCategory;
  title: string;
  /** Language of the provision, used to find it in the statute, summary and process maps. */
  rule: SentenceRule;
  /** Words that make a matching sentence a better quote (the core of the provision). */
  prefer?: readonly RegExp[];
  /** Text sources that are enough on their own to assert the right. */
  textAlone: readonly SourceKind[];
  /** Structured fields supporting the right (empty when none do). */
  fields?: (r: JurisdictionRecord) => FieldEvidence[];
  /** A structured field saying the right does not exist. */
  refutedBy?: (r: JurisdictionRecord) => FieldEvidence | null;
  /** Statute or summary language saying the right does not exist or is limited away. */
  refuteRule?: SentenceRule;
  /** Citation the structured record gives for the provision. */
  cite?: (r: JurisdictionRecord) => string | null;
  /** Conditions stated by the sources. */
  conditions?: (r: JurisdictionRecord) => string | null;
  /** Who may use the right; defaults to the jurisdiction's requesters. */
  appliesTo?: (r: JurisdictionRecord, requesters: string) => string;
  /** One or two sentences restating what the evidence says. */
  explain: (r: JurisdictionRecord, ev: RightEvidence) => string;
}

/** True for a text value that says something (not "not specified", "none"...). */
export function informative(v: string | null | undefined): v is string {
  return typeof v === 'string' && v.trim() !== '' && !/^(not specified|none|n\/a|unknown|null)\b/i.test(v.trim());
}

/** Field evidence when `value` is informative text or `true`. */
export function when(path: string, value: unknown): FieldEvidence[] {
  if (value === true) return [{ path, value }];
  if (typeof value === 'string' && informative(value)) return [{ path, value }];
  if (typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value) && value.length > 0) return [{ path, value }];
  return [];
}

/** Obligation entry of the record as field evidence (`obligations.<key>`). */
export function obligation(r: JurisdictionRecord, keys: string[], test?: RegExp): FieldEvidence[] {
  return r.obligations
    .filter((o) => keys.includes(o.key) && o.value !== false)
    .filter((o) => !test || test.test(Array.isArray(o.value) ? o.value.join(' ') : String(o.value)))
    .map((o) => ({ path: `obligations.${o.key}`, value: o.value }));
}

/** Items of `specific_obligations` (and similar lists) matching `test`. */
export function obligationItems(r: JurisdictionRecord, test: RegExp): FieldEvidence[] {
  return r.obligations
    .filter((o) => Array.isArray(o.value))
    .flatMap((o) => (o.value as string[]).filter((v) => test.test(v)).map((v) => ({ path: `obligations.${o.key}`, value: v })));
}

/** First field evidence quote, for explanations. */
export function firstQuote(ev: RightEvidence): string | null {
  const f = ev.fields.find((x) => typeof x.value === 'string');
  if (f) return f.value as string;
  return ev.texts[0]?.quote ?? null;
}
