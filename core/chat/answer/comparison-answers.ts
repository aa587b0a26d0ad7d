import type { CompareFieldKey } from '../../transparency/compare-fields.js';
import type { ComparisonResult, ComparisonRow } from '../../transparency/transparency-service.js';
import type { Premise } from '../question/premise.js';
import type { ComparisonAim, Topic } from '../question/question-topics.js';
import { aggregate, correction, emptyParts, fact, numberTerms, type DraftParts, type TableRow } from './draft.js';
import { daysText } from '../../legal-facts/fact-display.js';
import { RESIDENCY_REQUIRED_RIGHTS } from './rule-answers.js';

/** The compare-view field that answers a topic across jurisdictions. */
export function compareFieldOf(topic: Topic, question: string): CompareFieldKey | null {
  switch (topic) {
    case 'deadline':
      return 'initial_deadline';
    case 'fee_waiver':
      return 'fee_waiver';
    case 'search_fee':
      return 'search_fee';
    case 'attorney_fees':
      return 'attorney_fees';
    case 'residency':
      return 'residency_required';
    case 'appeal_route':
      return /\b(?:must|required?|have to|need to) .*administrative appeal|administrative appeal .*(?:required|first|before)/i.test(question) ? 'administrative_appeal_required' : 'appeal_route';
    case 'exemption':
      return 'exemption_count';
    default:
      return null;
  }
}

type Deadline = { days: number | null; unit: string | null; no_fixed_deadline: boolean } | null;

/** Whether a row holds the rule a yes/no comparison asks about. */
function holds(field: CompareFieldKey, row: ComparisonRow, question: string): boolean | null {
  const v = row.value as unknown;
  switch (field) {
    case 'initial_deadline':
      return v === null ? null : !(v as NonNullable<Deadline>).no_fixed_deadline;
    case 'fee_waiver':
      return (v as { available: boolean | null } | null)?.available ?? null;
    case 'appeal_route': {
      const kind = (v as { kind: string } | null)?.kind;
      if (!kind) return null;
      const asked = /oversight|ombuds|commission|counselor|attorney general/i.test(question) ? 'oversight' : /court|judicial|lawsuit|sue/i.test(question) ? 'judicial' : 'administrative';
      return kind === asked;
    }
    default:
      return typeof v === 'boolean' ? v : null;
  }
}

/** Words a quote should hold for the field, per row (anchors, and context the sentence must also have). */
function termsFor(field: CompareFieldKey, row: ComparisonRow): { terms: string[]; context: string[] } {
  const d = row.value as Deadline;
  const access = ['record', 'request', 'inspect', 'access', 'copy', 'copies', 'information'];
  switch (field) {
    case 'initial_deadline':
      return d?.days ? { terms: numberTerms(d.days), context: ['day'] } : { terms: ['prompt', 'reasonabl', 'as soon as', 'practicable'], context: ['respond', 'response', 'request', 'record'] };
    case 'fee_waiver':
      return (row.value as { available: boolean | null } | null)?.available
        ? { terms: ['waive', 'waiver', 'reduc', 'without charge', 'no charge'], context: ['fee', 'charge', 'cost', 'cop'] }
        : { terms: ['actual cost', 'direct cost', 'cost'], context: ['fee', 'charge', 'cop', 'duplicat'] };
    case 'search_fee':
      return { terms: ['search', 'locat', 'retriev', 'staff time', 'labor'], context: ['fee', 'charge', 'cost', 'time'] };
    case 'attorney_fees':
      return { terms: ["attorney's fees", "attorneys' fees", 'attorney fees', 'attorney'], context: ['fee', 'cost'] };
    case 'residency_required':
      return row.value === true ? { terms: ['citizen', 'resident'], context: access } : { terms: ['any person', 'every person', 'all persons', 'anyone', 'regardless', 'resident', 'citizen'], context: access };
    default:
      return { terms: ['appeal', 'review', 'petition', 'court'], context: ['deni', 'appeal', 'court', 'review', 'action'] };
  }
}

const RIGHT_CATEGORIES: Partial<Record<CompareFieldKey, string[]>> = {
  initial_deadline: ['timeliness'],
  fee_waiver: ['fees_and_waivers'],
  search_fee: ['fees_and_waivers'],
  attorney_fees: ['attorney_fees'],
  residency_required: ['no_residency_requirement', 'inspection'],
  appeal_route: ['appeal', 'judicial_review', 'oversight_review'],
  administrative_appeal_required: ['appeal', 'judicial_review'],
};

/** Rows that state an absence ("no fee-waiver provision", "not stated"): nothing a document could quote proves them. */
function absent(field: CompareFieldKey, row: ComparisonRow): boolean {
  if (row.value === null) return true;
  if (field === 'fee_waiver') return (row.value as { available: boolean | null }).available !== true;
  return field === 'attorney_fees' && row.value !== true;
}

function cited(parts: DraftParts, field: CompareFieldKey, row: ComparisonRow): string | null {
  const categories = field === 'residency_required' && row.value === true ? RESIDENCY_REQUIRED_RIGHTS : RIGHT_CATEGORIES[field];
  if (!categories || absent(field, row)) return null;
  const key = `${field}:${row.jurisdiction}`;
  parts.requests.push({ key, jurisdiction: row.jurisdiction, rightCategories: categories, ...termsFor(field, row) });
  return key;
}

const names = (rows: ComparisonRow[]) => rows.map((r) => r.name).join(', ');

function tableOf(parts: DraftParts, c: ComparisonResult): void {
  const rows: TableRow[] = c.data.map((r) => ({ jurisdiction: r.jurisdiction, name: r.name, value: r.display, citation: r.citation, evidence: cited(parts, c.field, r) }));
  parts.table = { field: c.field, label: c.label, rows };
}

/** The rows with the fewest or most days (fixed deadlines only). */
function extremes(c: ComparisonResult, aim: 'shortest' | 'longest'): ComparisonRow[] {
  const fixed = c.data.filter((r) => (r.value as Deadline)?.days != null);
  const days = fixed.map((r) => (r.value as NonNullable<Deadline>).days!);
  const target = aim === 'shortest' ? Math.min(...days) : Math.max(...days);
  return fixed.filter((r) => (r.value as NonNullable<Deadline>).days === target);
}

/** The rows a comparison lists, and the sentence that introduces them. */
function selection(c: ComparisonResult, aim: ComparisonAim, question: string, premise: Premise | null): { rows: ComparisonRow[]; intro: string } | null {
  const total = c.data.length;
  if (c.field === 'initial_deadline' && premise?.field === 'deadline') {
    const rows = c.data.filter((r) => (r.value as Deadline)?.days === premise.days && (premise.unit === null || (r.value as Deadline)?.unit === premise.unit));
    return { rows, intro: `${rows.length} of ${total} jurisdictions in the law database set a first-response deadline of ${daysText(premise.days, premise.unit)}` };
  }
  if (c.field === 'initial_deadline' && (aim === 'shortest' || aim === 'longest')) {
    const rows = extremes(c, aim);
    return { rows, intro: `The ${aim} first-response deadline in the law database is ${rows[0]?.display ?? 'not stated'}` };
  }
  // Free-text fields (search fees) are shown as recorded: no yes/no is read into them.
  if ((aim !== 'yes' && aim !== 'no') || TEXT_FIELDS.has(c.field)) return null;
  const want = aim === 'yes';
  const rows = c.data.filter((r) => holds(c.field, r, question) === want);
  const unknown = c.data.filter((r) => holds(c.field, r, question) === null).length;
  const unstated = unknown > 0 ? ` (${unknown} do not say)` : '';
  return { rows, intro: `${rows.length} of ${total} jurisdictions in the law database ${phrase(c, want, question)}${unstated}` };
}

/** Fields whose values are the sources' own words. */
const TEXT_FIELDS = new Set<CompareFieldKey>(['search_fee', 'copy_fee_per_page', 'oversight_body']);

/** Fields whose display is a bare yes/no, which a list line must name ("residency required: yes"). */
const BOOLEAN_FIELDS = new Set<CompareFieldKey>(['residency_required', 'purpose_required', 'identification_required', 'administrative_appeal_required', 'attorney_fees']);

/** What a yes (and a no) row does, per field, for the sentence that lists them. */
const PHRASES: Partial<Record<CompareFieldKey, [string, string]>> = {
  initial_deadline: ['set a fixed number of days for a first response', 'set no fixed number of days for a first response'],
  fee_waiver: ['provide for waiving or reducing fees', 'record no fee-waiver provision'],
  attorney_fees: ['let a requester who wins in court recover attorney fees', 'do not provide for recovering attorney fees'],
  residency_required: ['limit requests to their citizens or residents', 'let anyone request records, resident or not'],
  administrative_appeal_required: ['require an administrative appeal before going to court', 'do not require an administrative appeal before court'],
};

function phrase(c: ComparisonResult, want: boolean, question: string): string {
  const known = PHRASES[c.field];
  if (known) return known[want ? 0 : 1];
  if (c.field === 'appeal_route') {
    const kind = /oversight|ombuds|commission|counselor|attorney general/i.test(question) ? 'an oversight body' : /court|judicial|lawsuit|sue/i.test(question) ? 'a court' : 'an administrative appeal';
    return `${want ? 'make' : 'do not make'} ${kind} the first step to challenge a denial`;
  }
  return `${want ? 'have' : 'do not have'} "${c.label.toLowerCase()}"`;
}

/** A premise about every jurisdiction ("Why do all states require residency?") checked against the rows. */
function universalPremise(c: ComparisonResult, question: string, premise: Premise | null): string | null {
  if (!premise || !('value' in premise) || !/\b(?:all|every|each)\b/i.test(question)) return null;
  const matching = c.data.filter((r) => holds(c.field, r, question) === premise.value);
  if (matching.length === c.data.length) return null;
  return `No: the question assumes this holds in every jurisdiction, but in the law database "${c.label.toLowerCase()}" is ${premise.value ? 'yes' : 'no'} in ${matching.length} of ${c.data.length}.`;
}

/** A comparison of one field across jurisdictions, from the compare view: a list for yes/no and extremes, else a table. */
export function composeComparison(c: ComparisonResult, aim: ComparisonAim, question: string, premise: Premise | null): DraftParts {
  const parts = emptyParts();
  const wrong = universalPremise(c, question, premise);
  if (wrong) {
    parts.lead.push(correction(wrong));
    parts.premiseFalse = true;
  }
  const chosen = selection(c, aim, question, premise);
  if (!chosen) {
    parts.lead.push(aggregate(`Here is "${c.label.toLowerCase()}" for ${c.data.length} jurisdictions in the law database (${c.description.replace(/\.$/, '')}).`));
    tableOf(parts, c);
    return parts;
  }
  const { rows, intro } = chosen;
  const listed = rows.length > 0 && rows.length <= 30 ? `: ${names(rows)}.` : '.';
  parts.lead.push(aggregate(`${intro}${listed}`));
  for (const r of rows) {
    const key = cited(parts, c.field, r);
    const line = `${r.name}: ${BOOLEAN_FIELDS.has(c.field) ? `${c.label.toLowerCase()}: ${r.display.toLowerCase()}` : r.display}.`;
    parts.body.push(key ? fact(line, key) : aggregate(line));
  }
  return parts;
}
