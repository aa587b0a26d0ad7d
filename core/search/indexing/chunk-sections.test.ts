import { describe, expect, it } from 'vitest';
import { chunkSections } from './chunk-sections.js';
import { normalizeSpace, type ChunkLimits } from './law-chunk.js';
import type { SectionRecord } from './law-records.js';

/** Invented statute text: a section whose subsections are found verbatim in its text, like the parser's output. */
const LIMITS: ChunkLimits = { maxChars: 200, overlapChars: 40, minOwnChars: 20 };
const WHERE = { jurisdiction: 'testland', name: 'Testland' };

function node(label: string, text: string, over: Partial<SectionRecord> = {}): SectionRecord {
  const path = [...label.matchAll(/\(([0-9a-z]+)\)/gi)].map((m) => m[1]!);
  const number = label.replace(/\(.*$/, '');
  return {
    id: `sec:testland:${label}`,
    documentId: 'doc:testland:statute_text:testland',
    documentTitle: 'Testland Open Records Act',
    sourceKind: 'statute_text',
    label,
    sectionNumber: number,
    parentLabel: path.length === 0 ? null : `${number}${path.slice(0, -1).map((p) => `(${p})`).join('')}`,
    path,
    heading: null,
    text,
    depth: path.length,
    ordinal: 0,
    citation: `T.C. § ${label}`,
    ...over,
  };
}

const A = 'Every agency shall answer each written request for records within five working days of receipt.';
const B = 'The agency may extend the time once, by written notice stating the reason and the new date for the answer.';
const B1 = 'Extensions may not exceed ten working days in total.';
const LEAD = 'Requests for records are answered as follows:';
const TAIL = '[History: enacted by invented act 1 of 2026.]';
const bodies = (chunks: Array<{ text: string }>) => chunks.map((c) => c.text.slice(c.text.indexOf('\n') + 1));

function deadlineSection(): SectionRecord[] {
  const full = `${LEAD}\n(a) ${A}\n(b) ${B}\n  (1) ${B1}\n${TAIL}`;
  return [
    node('10-1', full, { heading: 'Time to answer', ordinal: 0 }),
    node('10-1(a)', A, { ordinal: 1 }),
    node('10-1(b)', `${B} (1) ${B1}`, { ordinal: 2 }),
    node('10-1(b)(1)', B1, { ordinal: 3 }),
  ];
}

describe('chunkSections', () => {
  it('keeps a section that fits as one chunk, covering its subsections', () => {
    const sections = [node('5', `Short. (a) ${B1}`, { heading: 'Definitions' }), node('5(a)', B1, { ordinal: 1 })];
    const chunks = chunkSections(sections, WHERE, LIMITS);
    expect(chunks.map((c) => c.id)).toEqual(['sec:testland:5#0']);
    expect(chunks[0]).toMatchObject({ recordId: 'sec:testland:5', type: 'statute_section', jurisdiction: 'testland', category: null, citation: 'T.C. § 5', headingPath: ['5 Definitions'] });
    expect(chunks[0]!.text).toBe(`Testland — T.C. § 5 — Definitions\nShort. (a) ${B1}`);
  });

  it('splits a long section into its own text and its subsections, embedding each passage once', () => {
    const chunks = chunkSections(deadlineSection(), WHERE, LIMITS);
    expect(chunks.map((c) => c.id)).toEqual(['sec:testland:10-1#0', 'sec:testland:10-1(a)#0', 'sec:testland:10-1(b)#0']);
    const [own, a, b] = bodies(chunks);
    // The parent keeps its lead-in and history note, without its subsections or their labels.
    expect(own).toBe(`${LEAD} … ${TAIL}`);
    expect(a).toBe(A);
    // (b) fits with its paragraph (1), so (1) is not chunked apart.
    expect(b).toBe(normalizeSpace(`${B} (1) ${B1}`));
    for (const passage of [A, B, B1]) expect(bodies(chunks).filter((t) => t.includes(passage))).toHaveLength(1);
    expect(chunks[2]).toMatchObject({ headingPath: ['10-1 Time to answer', '(b)'], citation: 'T.C. § 10-1(b)' });
    expect(chunks[2]!.text.split('\n')[0]).toBe('Testland — T.C. § 10-1(b) — Time to answer');
  });

  it('splits a long section without subsections into overlapping windows', () => {
    const text = Array.from({ length: 8 }, (_, i) => `Clause ${i} requires the custodian to keep record series ${i} open.`).join(' ');
    const chunks = chunkSections([node('7', text, { heading: 'Custody' })], WHERE, LIMITS);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((c) => c.id)).toEqual(chunks.map((_, i) => `sec:testland:7#${i}`));
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });

  it('leaves a subsection that cannot be found in its parent inside the parent', () => {
    const parent = node('9', `${LEAD} ${A} ${B} ${TAIL}`, { heading: 'Answers' });
    const reworded = node('9(a)', 'A text that the parent does not contain verbatim.', { ordinal: 1 });
    const chunks = chunkSections([parent, reworded], WHERE, LIMITS);
    expect(chunks.every((c) => c.recordId === 'sec:testland:9')).toBe(true);
    expect(bodies(chunks).join(' ')).toContain(A);
  });

  it('gives summaries and process maps their heading trail and type, and skips bare headings', () => {
    const summary: SectionRecord = {
      ...node('summary:1-fees', 'FEES: Copies cost what the agency actually spends, and no more.'),
      documentId: 'doc:testland:summary:testland', documentTitle: 'TESTLAND OPEN RECORDS', sourceKind: 'summary',
      path: ['FEES'], parentLabel: null, heading: 'FEES', citation: 'TESTLAND OPEN RECORDS — FEES',
    };
    const bare: SectionRecord = { ...summary, id: 'sec:testland:summary:2-appeals', label: 'summary:2-appeals', text: 'APPEALS', heading: 'APPEALS', path: ['APPEALS'], ordinal: 1 };
    const chunks = chunkSections([summary, bare], WHERE, LIMITS);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ type: 'summary', headingPath: ['TESTLAND OPEN RECORDS', 'FEES'] });
    expect(chunks[0]!.text.split('\n')[0]).toBe('Testland — TESTLAND OPEN RECORDS › FEES');
  });

  it('keeps ids and hashes across runs, and a changed subsection changes only its own chunk', () => {
    const first = chunkSections(deadlineSection(), WHERE, LIMITS);
    expect(chunkSections(deadlineSection(), WHERE, LIMITS)).toEqual(first);
    const changed = deadlineSection().map((s) =>
      s.label === '10-1(a)' ? { ...s, text: A.replace('five', 'seven') } : s.label === '10-1' ? { ...s, text: s.text.replace('five', 'seven') } : s,
    );
    const second = chunkSections(changed, WHERE, LIMITS);
    expect(second.map((c) => c.id)).toEqual(first.map((c) => c.id));
    const differs = second.filter((c, i) => c.contentHash !== first[i]!.contentHash).map((c) => c.id);
    expect(differs).toEqual(['sec:testland:10-1(a)#0']);
  });
});
