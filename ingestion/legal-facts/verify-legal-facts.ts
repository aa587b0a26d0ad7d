import { parseCitation } from '../../core/law/citations.js';
import type { ExemptionReview, LegalFact, LegalFactsFile } from '../../core/legal-facts/legal-fact-schema.js';
import type { ParsedDocument, ParsedSection } from '../../core/law-model/source-types.js';
import { BUSINESS_WORDS, normaliseForQuote, numberForms, quoteInText } from '../../core/legal-facts/quote-match.js';
import { createStatuteLookup, type StatuteLookup } from '../derive/statute-lookup.js';

/**
 * Checks reviewed facts against the corpus: where a fact rests on statute text, its citation
 * must name a node of the statute file (down to the subsection the file has) and its quote
 * must occur in that node; where it rests on the summary or the dataset, the quote must occur
 * there; a fact marked `citation_only` must not cite a section whose text is in the corpus.
 */

/** The corpus material one jurisdiction's facts are checked against. */
export interface FactEvidenceSources {
  statute: ParsedDocument | null;
  /** Raw text of the summary and process maps. */
  summaryTexts: string[];
  /** The dataset record, as parsed JSON. */
  record: unknown;
  /** Category labels of the dataset's exemptions, in order. */
  exemptionCategories: string[];
}

/** One problem found in a facts file. */
export interface FactProblem {
  /** `facts[3] initial_response` or `exemptions[2]`. */
  where: string;
  message: string;
}

function datasetStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) datasetStrings(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // A field's name and value together ("fee_waiver_available: false") are what a dataset quote may cite.
      if (typeof v !== 'object' || v === null) out.push(`${k}: ${String(v)}`);
      datasetStrings(v, out);
    }
  }
  return out;
}

/** The statute node a citation names, and whether it is as specific as the citation. */
export interface ResolvedNode {
  section: ParsedSection;
  /** False when the citation names a subsection the file does not split out, although the resolved node has children. */
  exact: boolean;
}

/** Resolves a pinpoint citation against a statute file. */
export function resolvePinpoint(lookup: StatuteLookup, citation: string): ResolvedNode | null {
  const label = lookup.resolve(citation);
  if (!label) return null;
  const section = lookup.doc.sections.find((s) => s.label === label);
  if (!section) return null;
  const ref = parseCitation(citation, lookup.doc.jurisdiction);
  let citedDepth = ref ? ref.path.length : section.path.length;
  if (ref && ref.sectionNumber !== section.sectionNumber && ref.sectionNumber.startsWith(section.sectionNumber)) {
    // A dotted number the file does not have ("610.026.1", "140/9.5") was read as designators
    // of the section before the dot: each dotted part is one more level cited.
    citedDepth += ref.sectionNumber.slice(section.sectionNumber.length).split('.').filter(Boolean).length;
  }
  const hasChildren = lookup.doc.sections.some((s) => s.parentLabel === label);
  return { section, exact: section.path.length >= citedDepth || !hasChildren };
}

interface Cited {
  where: string;
  citation: string;
  quote: string | null;
  source_kind: LegalFact['source_kind'];
}

function checkCited(item: Cited, sources: FactEvidenceSources, lookup: StatuteLookup | null, problems: FactProblem[]): void {
  const add = (message: string): void => void problems.push({ where: item.where, message });
  const quote = item.quote ? normaliseForQuote(item.quote) : null;
  const node = lookup ? resolvePinpoint(lookup, item.citation) : null;
  switch (item.source_kind) {
    case 'statute_text': {
      if (!lookup) return add('source_kind is statute_text but the corpus has no statute text for this jurisdiction');
      if (!node) return add(`citation "${item.citation}" names no section of ${lookup.doc.sourcePath}`);
      if (!node.exact) add(`citation "${item.citation}" is more specific than any node the file has under ${node.section.label}`);
      if (quote && !quoteInText(node.section.text, quote)) {
        add(`quote is not in ${node.section.citation} (${lookup.doc.sourcePath}): "${item.quote?.slice(0, 80)}"`);
      }
      return;
    }
    case 'summary': {
      if (quote && !sources.summaryTexts.some((t) => quoteInText(t, quote))) add('quote is not in the summary or process maps');
      return;
    }
    case 'dataset': {
      const all = datasetStrings(sources.record).map(normaliseForQuote);
      if (quote && !all.some((s) => s.includes(quote))) add('quote is not in the dataset record');
      return;
    }
    case 'citation_only': {
      if (node?.exact) add(`the text of ${node.section.citation} is in the corpus: quote it as statute_text`);
      return;
    }
  }
}


/** Day counts of a fact's value that its quote must state, with the unit each is in. */
function statedDays(fact: LegalFact): Array<{ key: string; days: number; unit: string | null }> {
  const v = fact.value as Record<string, unknown>;
  const out: Array<{ key: string; days: number; unit: string | null }> = [];
  for (const [key, unitKey] of [['days', 'unit'], ['max_days', 'unit'], ['requester_days', 'requester_unit'], ['decider_days', 'decider_unit']] as const) {
    if (typeof v[key] === 'number') out.push({ key, days: v[key] as number, unit: (v[unitKey] as string | null | undefined) ?? null });
  }
  return out;
}

/** A statute-text fact's numbers and business-day units must be in its own words, not only in the reviewer's head. */
function checkNumbers(fact: LegalFact, where: string, problems: FactProblem[]): void {
  if (fact.source_kind !== 'statute_text' || !fact.quote) return;
  const quote = normaliseForQuote(fact.quote);
  for (const d of statedDays(fact)) {
    if (!numberForms(d.days).test(quote)) problems.push({ where, message: `${d.key} ${d.days} is not stated in the quote` });
    else if (d.unit === 'business' && !BUSINESS_WORDS.test(quote)) problems.push({ where, message: `${d.key} is in business days but the quote does not say so` });
  }
}

/** Every problem of one jurisdiction's facts file; empty when it passes. */
export function verifyLegalFacts(file: LegalFactsFile, slug: string, sources: FactEvidenceSources): FactProblem[] {
  const problems: FactProblem[] = [];
  if (file.jurisdiction !== slug) problems.push({ where: 'jurisdiction', message: `file is for "${file.jurisdiction}", expected "${slug}"` });
  const lookup = sources.statute ? createStatuteLookup(sources.statute) : null;
  file.facts.forEach((fact, i) => {
    checkCited({ ...fact, where: `facts[${i}] ${fact.field}` }, sources, lookup, problems);
    checkNumbers(fact, `facts[${i}] ${fact.field}`, problems);
  });
  const seen = new Set<string>();
  for (const fact of file.facts) {
    const key = `${fact.field}|${fact.requester_class ?? ''}|${fact.applies_to ?? ''}|${fact.field === 'other_deadline' ? fact.value.action : ''}`;
    if (seen.has(key)) problems.push({ where: fact.field, message: 'two facts of this field with the same requester_class and applies_to' });
    seen.add(key);
  }
  file.exemptions.forEach((ex: ExemptionReview, i) => {
    const where = `exemptions[${i}] (index ${ex.index})`;
    const category = sources.exemptionCategories[ex.index];
    if (category === undefined) problems.push({ where, message: `the dataset has no exemption at index ${ex.index}` });
    else if (category !== ex.dataset_category) problems.push({ where, message: `dataset exemption ${ex.index} is "${category}", not "${ex.dataset_category}"` });
    checkCited({ ...ex, where }, sources, lookup, problems);
  });
  const indexes = file.exemptions.map((e) => e.index);
  if (new Set(indexes).size !== indexes.length) problems.push({ where: 'exemptions', message: 'an exemption index is reviewed twice' });
  return problems;
}
