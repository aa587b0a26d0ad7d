import { describe, expect, it } from 'vitest';
import type { CodeName } from '../../transparency/detect-jurisdiction.js';
import { findQueryCitations } from './citation-mentions.js';
import { resolveQueryCitations, type LabelIndex } from './citation-resolution.js';

const LABELS: Record<string, string[]> = {
  federal: ['552', '552(b)', '552(b)(6)', '552(b)(7)', '552(b)(7)(C)'],
  texas: ['552.001', '552.301', '552.301(a)', '552.301(b)'],
  washington: ['42.56.070', '42.56.070(1)', '42.56.520'],
};
const index = (j: string): LabelIndex | null =>
  LABELS[j] ? { labels: new Set(LABELS[j]), idByLabel: new Map(LABELS[j]!.map((l) => [l, `sec:${j}:${l}`])) } : null;
const codeNames: CodeName[] = [
  { jurisdiction: 'federal', text: '5 U.S.C. § 552' },
  { jurisdiction: 'texas', text: "Tex. Gov't Code § 552" },
  { jurisdiction: 'washington', text: 'RCW § 42.56' },
  { jurisdiction: 'texas', text: 'Texas' },
];

const resolve = (query: string, scope: string[] = []) =>
  resolveQueryCitations(findQueryCitations(query), {
    codeNames,
    statuteJurisdictions: Object.keys(LABELS),
    labelsOf: async (j) => index(j),
    scope,
  });

describe('resolveQueryCitations', () => {
  it('resolves a bare number in the jurisdiction the query names', async () => {
    expect(await resolve('§ 552.301', ['texas'])).toEqual([
      { input: '§ 552.301', sectionId: 'sec:texas:552.301', jurisdiction: 'texas', label: '552.301', exact: true },
    ]);
  });

  it('finds the one code that has the section when no jurisdiction is named', async () => {
    expect((await resolve('552(b)(6)')).map((c) => c.sectionId)).toEqual(['sec:federal:552(b)(6)']);
    expect((await resolve('§ 552.301')).map((c) => c.sectionId)).toEqual(['sec:texas:552.301']);
  });

  it('uses the code the citation names', async () => {
    expect((await resolve('RCW 42.56.070')).map((c) => c.sectionId)).toEqual(['sec:washington:42.56.070']);
    expect((await resolve("Tex. Gov't Code § 552.301(b)", ['federal'])).map((c) => c.sectionId)).toEqual(['sec:texas:552.301(b)']);
  });

  it('reads FOIA exemptions against the federal code only', async () => {
    expect((await resolve('FOIA exemption 6')).map((c) => c.sectionId)).toEqual(['sec:federal:552(b)(6)']);
    expect((await resolve('exemption 7(C)')).map((c) => c.sectionId)).toEqual(['sec:federal:552(b)(7)(C)']);
    expect(await resolve('exemption 6', ['texas'])).toEqual([]);
  });

  it('falls back to an ancestor only within a named jurisdiction', async () => {
    expect(await resolve('§ 552.301(z)', ['texas'])).toMatchObject([{ sectionId: 'sec:texas:552.301', exact: false }]);
    expect(await resolve('§ 552.301(z)')).toEqual([]);
  });
});
