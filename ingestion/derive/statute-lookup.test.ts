import { describe, expect, it } from 'vitest';
import { createStatuteLookup, extractCitationRefs, parseCitationRef } from './statute-lookup.js';
import { fixtureDocument } from './testing/fixtures.js';

const doc = fixtureDocument('statute_text', 'statutes/freedonia.txt', [
  { label: '10-2', text: '(a) Any person may inspect. (b) Copies: (1) paper; (2) electronic.' },
  { label: '10-2(a)', text: '(a) Any person may inspect.' },
  { label: '10-2(b)', text: '(b) Copies: (1) paper; (2) electronic.' },
  { label: '10-2(b)(2)', text: '(2) electronic.' },
  { label: '10-3', text: 'Exemptions. See section 10-2 and § 10-2(b)(1).' },
]);

describe('statute lookup', () => {
  it('parses citations in the usual styles', () => {
    expect(parseCitationRef('Frd. Code § 10-2(b)(2)')).toEqual({ sectionNumber: '10-2', path: ['b', '2'] });
    expect(parseCitationRef('RCW 42.56.070(1)')).toEqual({ sectionNumber: '42.56.070', path: ['1'] });
    expect(parseCitationRef('Sec. 552.101.')).toEqual({ sectionNumber: '552.101', path: [] });
    expect(parseCitationRef('the whole chapter')).toBeNull();
  });

  it('resolves to the node, or to its nearest ancestor present in the file', () => {
    const lookup = createStatuteLookup(doc);
    expect(lookup.resolve('Frd. Code § 10-2(b)(2)')).toBe('10-2(b)(2)');
    expect(lookup.resolve('Frd. Code § 10-2(b)(1)')).toBe('10-2(b)');
    expect(lookup.resolve('Frd. Code § 10-2(c)')).toBe('10-2');
    expect(lookup.resolve('Frd. Code § 99-1')).toBeNull();
    expect(lookup.resolve(null)).toBeNull();
  });

  it('resolves the first resolvable citation of a list', () => {
    expect(createStatuteLookup(doc).resolve('Frd. Code §§ 99-1, 10-3')).toBe('10-3');
  });

  it('extracts citations from running text', () => {
    expect(extractCitationRefs('See section 10-2 and § 10-2(b)(1).', 'freedonia').map((c) => c.ref)).toEqual([
      { sectionNumber: '10-2', path: [] },
      { sectionNumber: '10-2', path: ['b', '1'] },
    ]);
  });
});
