import { describe, expect, it } from 'vitest';
import { boundedQuote, findExemptionLimits, type LawSection } from './exemption-limits.js';

// An invented statute shaped like 5 U.S.C. § 552(b): numbered paragraphs ending in ";", flush text after the last.
const node = (label: string, text: string): LawSection => ({ id: `sec:x:${label}`, label, citation: `Invented § ${label}`, heading: null, text, source_kind: 'statute_text' });
const PROVISION = [
  node('9(b)', '(b) Not covered:\n(1) invented files whose release would be unfair;\n(2) invented memos, except those 25 years or more old;\n(3) invented maps. Any reasonably segregable portion shall be released.'),
  node('9(b)(1)', 'invented files whose release would be unfair;'),
  node('9(b)(2)', 'invented memos, except those 25 years or more old;'),
  node('9(b)(3)', 'invented maps. Any reasonably segregable portion shall be released.'),
];

describe('findExemptionLimits', () => {
  it('gives flush text after the last paragraph to the parent, and never another exemption’s words', () => {
    const limits = findExemptionLimits({ exemptionLabel: '9(b)(1)', provision: PROVISION, exemptionLabels: ['9(b)(1)', '9(b)(2)', '9(b)(3)'], lawWide: [], facts: [] });
    expect(limits).toEqual([{ kind: 'segregability', text: 'Any reasonably segregable portion shall be released.', citation: 'Invented § 9(b)', section_id: 'sec:x:9(b)', source_kind: 'statute_text' }]);
  });

  it('reads an exemption’s own time limit, and law-wide rules at their deepest node', () => {
    const wide = [node('9(a)', '(a) General.\n(i) the agency reasonably foresees harm; and'), node('9(a)(i)', 'the agency reasonably foresees harm; and')];
    const limits = findExemptionLimits({ exemptionLabel: '9(b)(2)', provision: PROVISION, exemptionLabels: ['9(b)(1)', '9(b)(2)', '9(b)(3)'], lawWide: wide, facts: [] });
    expect(limits.map((l) => [l.kind, l.citation, l.text])).toEqual([
      ['time_limit', 'Invented § 9(b)(2)', 'invented memos, except those 25 years or more old'],
      ['segregability', 'Invented § 9(b)', 'Any reasonably segregable portion shall be released.'],
      ['harm_test', 'Invented § 9(a)(i)', 'the agency reasonably foresees harm'],
    ]);
  });

  it('bounds a long sentence around the match, marking the cuts', () => {
    const long = `${'word '.repeat(200)}reasonably segregable ${'word '.repeat(200)}`;
    const q = boundedQuote(long, /reasonably segregable/, 100);
    expect(q.length).toBeLessThanOrEqual(102);
    expect(q).toMatch(/^….*reasonably segregable.*…$/);
  });
});
