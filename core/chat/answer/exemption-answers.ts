import type { ExemptionView } from '../../transparency/transparency-views.js';
import type { Place } from '../law-context.js';
import { absence, aggregate, emptyParts, fact, type DraftParts } from './draft.js';
import { capital, clause, placeOf } from './law-record-shapes.js';
import { openingQuote } from './quote.js';

const MAX_LISTED = 12;

function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** An exemption is its own evidence: its record, quoted from its description. */
function cite(parts: DraftParts, e: ExemptionView): string {
  const key = `exemption:${e.id}`;
  parts.known.set(key, { id: e.id, citation: e.citation, jurisdiction: e.jurisdiction, quote: openingQuote(e.description) });
  parts.sources.push({ id: e.id, type: 'exemption', jurisdiction: e.jurisdiction, citation: e.citation, title: e.raw_label, found_by: 'lookup' });
  return key;
}

function exemptionClaim(parts: DraftParts, e: ExemptionView) {
  const key = cite(parts, e);
  return fact(`${e.raw_label}${e.citation ? ` (${e.citation})` : ''}: ${clause(e.description)}.`, key);
}

/**
 * Words that name a category's subject in an exemption's own description: an exemption
 * classified elsewhere may still cover it (FOIA's (b)(6), "personnel and medical files …",
 * is a privacy exemption).
 */
const SUBJECT_WORDS: Partial<Record<string, RegExp>> = {
  personnel: /\bpersonnel\b[^.;]{0,25}\b(?:files?|records)\b/i,
  medical_health: /\bmedical\b[^.;]{0,25}\b(?:files?|records)\b|\bhealth records\b/i,
  law_enforcement: /\blaw enforcement\b|\bpolice\b/i,
  student_education: /\bstudent records\b|\beducation records\b/i,
  trade_secrets_commercial: /\btrade secrets?\b/i,
};

function mentionsSubject(e: ExemptionView, asked: readonly string[]): boolean {
  return asked.some((c) => SUBJECT_WORDS[c]?.test(e.description) ?? false);
}

/** "Are police records exempt in X?" — the jurisdiction's exemptions in the categories asked about, or all of them by category. */
export function composeExemptions(place: Place, categories: Map<string, string>, asked: string[], exemptions: ExemptionView[]): DraftParts {
  const parts = emptyParts();
  const { where } = placeOf(place);
  const inAsked = asked.length > 0 ? exemptions.filter((e) => asked.includes(e.category) || mentionsSubject(e, asked)) : exemptions;
  const labels = asked.map((c) => categories.get(c) ?? c);
  if (inAsked.length === 0) {
    const have = [...new Set(exemptions.map((e) => e.category_label))];
    parts.lead.push(absence(`The law database lists no exemption ${where} in the ${listed(labels.map((l) => `"${l}"`))} categor${labels.length === 1 ? 'y' : 'ies'}.`));
    if (have.length > 0) parts.body.push(absence(`It lists exemptions ${where} in these categories: ${have.join('; ')}.`));
    return parts;
  }
  const shown = inAsked.slice(0, MAX_LISTED);
  const what = asked.length > 0 ? `for ${listed(labels.map((l) => l.toLowerCase()))}` : 'in all';
  const names = shown.map((e) => `${e.raw_label}${e.citation ? ` (${e.citation})` : ''}`);
  const keys = shown.map((e) => cite(parts, e));
  parts.lead.push(fact(`${capital(where)}, the law database lists ${inAsked.length} exemption${inAsked.length === 1 ? '' : 's'} ${what}: ${listed(names)}.`, ...keys));
  parts.body.push(...shown.map((e) => exemptionClaim(parts, e)));
  if (inAsked.length > shown.length) parts.body.push(aggregate(`${inAsked.length - shown.length} more are in the database.`));
  return parts;
}

/** "Which states exempt library records?" — one exemption per jurisdiction that has one in the categories. */
export function composeExemptionComparison(places: Place[], categories: Map<string, string>, asked: string[], exemptions: ExemptionView[]): DraftParts {
  const parts = emptyParts();
  const labels = asked.map((c) => (categories.get(c) ?? c).toLowerCase());
  const first = new Map<string, ExemptionView>();
  for (const e of exemptions) if (!first.has(e.jurisdiction)) first.set(e.jurisdiction, e);
  const having = places.filter((p) => first.has(p.slug));
  if (having.length === 0) {
    parts.lead.push(absence(`No jurisdiction in the law database lists an exemption for ${listed(labels)}.`));
    return parts;
  }
  parts.lead.push(aggregate(`${having.length} of ${places.length} jurisdictions in the law database list an exemption for ${listed(labels)}: ${listed(having.map((p) => p.name))}.`));
  for (const p of having) {
    const e = first.get(p.slug)!;
    const key = cite(parts, e);
    parts.body.push(fact(`${p.name}: ${e.raw_label}${e.citation ? ` (${e.citation})` : ''}.`, key));
  }
  return parts;
}
