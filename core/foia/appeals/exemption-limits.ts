/**
 * The limits of an exemption that the law's own words state: segregability, public-interest
 * balancing, time limits, harm tests and what the provision does not reach. Only sentences
 * found in the statute text are quoted (verbatim, bounded), each cited to the deepest node
 * that holds it; reviewed facts add the agency's own time limits for withholding. Pure.
 */
import type { FactSourceKind } from '../../legal-facts/legal-fact-schema.js';
import type { LawFact } from '../foia-law-store.js';
import { factsOf } from '../law-facts.js';
import { isWithin, parentLabel } from './citation-normaliser.js';

export const LIMIT_KINDS = ['segregability', 'public_interest', 'time_limit', 'harm_test', 'scope'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** A node of statute text (a `law_sections` row). */
export interface LawSection {
  id: string;
  label: string;
  citation: string | null;
  heading: string | null;
  text: string;
  source_kind: FactSourceKind;
}

/** One limit: what kind, the law's words, where they are. */
export interface ExemptionLimit {
  kind: LimitKind;
  text: string;
  citation: string;
  section_id: string | null;
  source_kind: FactSourceKind;
}

/** Patterns read in the exemption's own provision (its node, subdivisions and parent). */
const OWN_PATTERNS: ReadonlyArray<[LimitKind, RegExp]> = [
  ['segregability', /reasonably segregable|segregat|redact|partial disclosure/i],
  ['public_interest', /public interest/i],
  ['time_limit', /\b(?:\d+|one|two|five|ten|fifteen|twenty|twenty-five|fifty|seventy-five)\s+years\b/i],
  ['harm_test', /reasonably foresee|could reasonably be expected|would (?:interfere|endanger|jeopardize)/i],
  ['scope', /does not except|only to the extent/i],
];

/** Patterns read anywhere in the law: rules on withholding in general, not one exemption's subject. */
export const LAW_WIDE_PATTERNS: ReadonlyArray<[LimitKind, RegExp]> = [
  ['segregability', /reasonably segregable|segregate and release|partial disclosure/i],
  ['harm_test', /reasonably foresee/i],
  ['time_limit', /\bpresumed\b[^.]{0,80}\bpublic\b/i],
];

/** The most limits of one kind, and in all, shown for one exemption. */
const PER_KIND = 2;
const MAX_LIMITS = 8;
const MAX_QUOTE = 500;

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Sentences of a node's text (a period before a capital or a parenthesis, or a line break, ends one). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=\.)\s+(?=[A-Z(“"])|\n+/)
    // A node's own label and a trailing "; and" / "; or" are list punctuation, not the law's words on the limit.
    .map((s) => s.trim().replace(/^(?:\([0-9A-Za-z-]{1,8}\)\s*)+/, '').replace(/[;,]\s*(?:and|or)?$/, ''))
    .filter((s) => s.length > 0);
}

/** The sentence, or a window of it around the match at word boundaries, marked with "…" where cut. */
export function boundedQuote(sentence: string, match: RegExp, max = MAX_QUOTE): string {
  const s = squash(sentence);
  if (s.length <= max) return s;
  const at = Math.max(0, s.search(match));
  let start = Math.max(0, at - Math.floor(max / 3));
  let end = Math.min(s.length, start + max);
  if (start > 0) start = s.indexOf(' ', start) + 1;
  if (end < s.length) end = s.lastIndexOf(' ', end);
  return `${start > 0 ? '…' : ''}${s.slice(start, end)}${end < s.length ? '…' : ''}`;
}

/** Whether `sentence` is flush text after the last paragraph of `parent`, merged into its last child `owner`. */
function isFlush(owner: LawSection, siblings: readonly LawSection[], sentence: string): boolean {
  const last = [...siblings].sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true })).pop();
  if (last?.id !== owner.id) return false;
  const text = squash(owner.text);
  const firstStop = text.search(/\.\s/);
  return firstStop >= 0 && text.indexOf(squash(sentence)) > firstStop;
}

interface Found {
  kind: LimitKind;
  sentence: string;
  pattern: RegExp;
  section: LawSection;
}

function matchesIn(sections: readonly LawSection[], patterns: ReadonlyArray<[LimitKind, RegExp]>): Found[] {
  const out: Found[] = [];
  for (const section of sections) {
    for (const sentence of sentences(section.text)) {
      for (const [kind, pattern] of patterns) if (pattern.test(sentence)) out.push({ kind, sentence, pattern, section });
    }
  }
  return out;
}

/** The node to cite for a sentence: the deepest allowed node holding it, flush text to the parent; null when it belongs to another exemption. */
function citedNode(found: Found, provision: readonly LawSection[], allowed: (s: LawSection) => boolean, parent: string | null): LawSection | null {
  const words = squash(found.sentence);
  const owners = provision.filter((s) => squash(s.text).includes(words)).sort((a, b) => b.label.length - a.label.length);
  const deepest = owners[0];
  if (!deepest) return null;
  if (allowed(deepest)) return deepest;
  // Flush text after the last paragraph is the parent's, though the parser kept it with that paragraph.
  const parentNode = owners.find((s) => s.label === parent);
  const children = provision.filter((s) => parentLabel(s.label) === parent);
  return parentNode && parentLabel(deepest.label) === parent && isFlush(deepest, children, found.sentence) ? parentNode : null;
}

function toLimit(found: Found, node: LawSection): ExemptionLimit | null {
  if (!node.citation) return null;
  return { kind: found.kind, text: boundedQuote(found.sentence, found.pattern), citation: node.citation, section_id: node.id, source_kind: node.source_kind };
}

/**
 * The limits of the exemption at `exemptionLabel`. `provision` holds its node, its
 * subdivisions, its parent and the parent's other subdivisions; `exemptionLabels` the nodes of
 * every exemption of the jurisdiction (another exemption's words are never this one's limit);
 * `lawWide` nodes anywhere in the law matching {@link LAW_WIDE_PATTERNS}; `cited` the node the
 * agency cited, whose limits come first.
 */
export function findExemptionLimits(input: {
  exemptionLabel: string;
  cited?: string;
  provision: readonly LawSection[];
  exemptionLabels: readonly string[];
  lawWide: readonly LawSection[];
  facts: readonly LawFact[];
}): ExemptionLimit[] {
  const { exemptionLabel: own } = input;
  const parent = parentLabel(own);
  const others = input.exemptionLabels.filter((l) => !isWithin(own, l) && !isWithin(l, own));
  const cited = input.cited && isWithin(input.cited, own) ? input.cited : own;
  // The cited node and what it holds, the nodes enclosing it up to the parent, and the parent's other nodes that are no exemption.
  const allowed = (s: LawSection) =>
    isWithin(s.label, cited) ||
    isWithin(cited, s.label) ||
    (!isWithin(s.label, own) && !others.some((o) => isWithin(s.label, o)) && (parent === null || isWithin(s.label, parent)));
  const priority = (l: ExemptionLimit) => (input.cited && l.section_id && input.provision.find((s) => s.id === l.section_id && isWithin(s.label, input.cited as string)) ? 0 : 1);
  const ownLimits = matchesIn(input.provision.filter((s) => s.source_kind === 'statute_text'), OWN_PATTERNS)
    .map((f) => {
      const node = citedNode(f, input.provision, allowed, parent);
      return node ? toLimit(f, node) : null;
    })
    .filter((l): l is ExemptionLimit => l !== null)
    .sort((a, b) => priority(a) - priority(b));
  const wide = matchesIn(
    input.lawWide.filter((s) => s.source_kind === 'statute_text' && !input.exemptionLabels.some((l) => isWithin(s.label, l))),
    LAW_WIDE_PATTERNS,
  )
    // The deepest node holding a sentence: its ancestors hold it too.
    .filter((f, _i, all) => !all.some((o) => o.section.label !== f.section.label && isWithin(o.section.label, f.section.label) && squash(o.section.text).includes(squash(f.sentence))))
    .map((f) => toLimit(f, f.section))
    .filter((l): l is ExemptionLimit => l !== null);
  return pick([...ownLimits, ...wide, ...agencyTimeLimits(input.facts)]);
}

/** The agency's reviewed deadlines for withholding ("ask for the attorney general's decision … when it wishes to withhold"). */
function agencyTimeLimits(facts: readonly LawFact[]): ExemptionLimit[] {
  return factsOf(facts, 'other_deadline')
    .filter((f) => f.value.actor === 'agency' && /withhold|exception/i.test(f.value.action) && f.quote)
    .map((f) => ({ kind: 'time_limit' as const, text: squash(f.quote as string), citation: f.citation, section_id: null, source_kind: f.sourceKind }));
}

/** Distinct sentences, at most {@link PER_KIND} of a kind and {@link MAX_LIMITS} in all, in order. */
function pick(limits: readonly ExemptionLimit[]): ExemptionLimit[] {
  const out: ExemptionLimit[] = [];
  const seen = new Set<string>();
  for (const l of limits) {
    const key = l.text.replace(/…/g, '').toLowerCase();
    if ([...seen].some((s) => s.includes(key) || key.includes(s))) continue;
    if (out.filter((o) => o.kind === l.kind).length >= PER_KIND || out.length >= MAX_LIMITS) continue;
    seen.add(key);
    out.push(l);
  }
  return out;
}
