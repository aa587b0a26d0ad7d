import { FACT_FIELDS, FACT_SOURCE_KINDS, type FactField, type FactSourceKind } from '../../core/legal-facts/legal-fact-schema.js';
import { readLegalFacts } from './read-legal-facts.js';

/** One jurisdiction's line of the coverage report. */
export interface FactsReportRow {
  slug: string;
  hasFile: boolean;
  reviewed: string | null;
  /** Per field: the source kinds of its facts (one per variant); empty when no fact states it. */
  fields: Record<FactField, FactSourceKind[]>;
  counts: Record<FactSourceKind, number>;
  exemptionsReviewed: number;
  /** Citations of facts that rest on a citation whose text is not in the corpus. */
  needsText: string[];
}

/** Reads every facts file and counts, per jurisdiction and field, what the facts rest on. */
export async function factsReport(_corpusDir: string, factsDir: string, slugs: string[]): Promise<FactsReportRow[]> {
  const rows: FactsReportRow[] = [];
  for (const slug of slugs) {
    const loaded = await readLegalFacts(factsDir, slug);
    const fields = Object.fromEntries(FACT_FIELDS.map((f) => [f, [] as FactSourceKind[]])) as Record<FactField, FactSourceKind[]>;
    const counts = Object.fromEntries(FACT_SOURCE_KINDS.map((k) => [k, 0])) as Record<FactSourceKind, number>;
    const needsText: string[] = [];
    for (const fact of loaded?.file.facts ?? []) {
      fields[fact.field].push(fact.source_kind);
      counts[fact.source_kind]++;
      if (fact.source_kind === 'citation_only') needsText.push(`${fact.field}: ${fact.citation}`);
    }
    rows.push({
      slug,
      hasFile: loaded !== null,
      reviewed: loaded?.file.reviewed ?? null,
      fields,
      counts,
      exemptionsReviewed: loaded?.file.exemptions.length ?? 0,
      needsText,
    });
  }
  return rows;
}

const SHORT: Record<FactSourceKind, string> = { statute_text: 'T', dataset: 'D', summary: 'S', citation_only: 'C' };

/** The report as a fixed-width table (T statute text, D dataset, S summary, C citation only, - not stated). */
export function renderReportText(rows: FactsReportRow[]): string {
  const head = ['jurisdiction'.padEnd(22), ...FACT_FIELDS.map((f) => f.slice(0, 6).padEnd(7)), 'text', 'other', 'exempt'].join(' ');
  const lines = rows.map((r) =>
    [
      (r.hasFile ? r.slug : `${r.slug} (no file)`).padEnd(22),
      ...FACT_FIELDS.map((f) => (r.fields[f].map((k) => SHORT[k]).join('') || '-').padEnd(7)),
      String(r.counts.statute_text).padStart(4),
      String(r.counts.dataset + r.counts.summary + r.counts.citation_only).padStart(5),
      String(r.exemptionsReviewed).padStart(6),
    ].join(' '),
  );
  const needing = rows.filter((r) => r.needsText.length > 0).map((r) => `  ${r.slug}: ${r.needsText.join('; ')}`);
  return [
    head,
    ...lines,
    '',
    'T statute text in the corpus · S summary · D dataset · C citation only (text not in the corpus) · - not stated',
    '',
    `Needing statute text (${needing.length} jurisdictions):`,
    ...needing,
  ].join('\n');
}

/** The report as the Markdown table of docs/legal-facts-coverage.md. */
export function renderReportMarkdown(rows: FactsReportRow[]): string {
  const total = (k: FactSourceKind): number => rows.reduce((n, r) => n + r.counts[k], 0);
  const out = [
    '| jurisdiction | reviewed | statute text | summary | dataset | citation only | not stated (of ' + FACT_FIELDS.length + ' fields) | exemptions reviewed |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.slug} | ${r.reviewed ?? '—'} | ${r.counts.statute_text} | ${r.counts.summary} | ${r.counts.dataset} | ${r.counts.citation_only} | ${FACT_FIELDS.filter((f) => r.fields[f].length === 0).length} | ${r.exemptionsReviewed} |`,
    ),
    `| **all** | | ${total('statute_text')} | ${total('summary')} | ${total('dataset')} | ${total('citation_only')} | ${rows.reduce((n, r) => n + FACT_FIELDS.filter((f) => r.fields[f].length === 0).length, 0)} | ${rows.reduce((n, r) => n + r.exemptionsReviewed, 0)} |`,
  ];
  const needing = rows.filter((r) => r.needsText.length > 0);
  out.push('', '## Facts that need statute text', '', 'These rest on a citation whose text is not in the corpus (`citation_only`): never presented as text-verified.', '');
  for (const r of needing) out.push(`- **${r.slug}**: ${r.needsText.join('; ')}`);
  return out.join('\n');
}
