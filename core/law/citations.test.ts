import { describe, expect, it } from 'vitest';
import { extractCitations, normalizeCitationText, parseCitation, resolveCitation, toLabel } from './citations.js';

describe('parseCitation', () => {
  it.each([
    ['5 U.S.C. § 552(b)(6)', '552', ['b', '6']],
    ['552(b)(6)', '552', ['b', '6']],
    ['552 (b) (6)', '552', ['b', '6']],
    ['§552(b)(6)', '552', ['b', '6']],
    ['5 USC 552(b)(6)', '552', ['b', '6']],
    ['§ 552.301', '552.301', []],
    ["Tex. Gov't Code § 552.301", '552.301', []],
    ['sec. 552.301(a)', '552.301', ['a']],
    ['Sec.552.301', '552.301', []],
    ['RCW 42.56.070', '42.56.070', []],
    ['RCW 42.56.070(1)', '42.56.070', ['1']],
    ['Section 2–532(c)', '2-532', ['c']],
    ['Section 2—532 ( c )', '2-532', ['c']],
    ['NMSA 1978, § 14-2-1(A)', '14-2-1', ['A']],
    ['NMSA 1978, 14-2-1', '14-2-1', []],
    ['N.D. Cent. Code § 44-04-18(1)(a)', '44-04-18', ['1', 'a']],
    ['Tex. Gov\'t Code § 552.002(a-1)', '552.002', ['a-1']],
    ['D.C. Code § 2-534(a)(2A)', '2-534', ['a', '2A']],
    ['1 V.S.A. § 317a', '317a', []],
    ['65 P.S. 67.901.', '67.901', []],
  ])('reads %s', (input, sectionNumber, path) => {
    expect(parseCitation(input)).toEqual({ sectionNumber, path });
  });

  it('reads FOIA exemptions as 5 U.S.C. § 552(b)', () => {
    expect(parseCitation('FOIA exemption 6')).toEqual({ sectionNumber: '552', path: ['b', '6'] });
    expect(parseCitation('Exemption 7(C)')).toEqual({ sectionNumber: '552', path: ['b', '7', 'C'] });
    expect(parseCitation('exemption (b)(7)(C)', 'federal')).toEqual({ sectionNumber: '552', path: ['b', '7', 'C'] });
    expect(parseCitation('(b)(6)', 'federal')).toEqual({ sectionNumber: '552', path: ['b', '6'] });
  });

  it('does not read exemptions or bare designators as federal in a state', () => {
    expect(parseCitation('exemption 6', 'washington')).toBeNull();
    expect(parseCitation('(b)(6)', 'texas')).toBeNull();
  });

  it('returns null without a section number', () => {
    expect(parseCitation('')).toBeNull();
    expect(parseCitation('the whole chapter')).toBeNull();
  });
});

describe('toLabel and normalizeCitationText', () => {
  it('builds labels like the parsers', () => {
    expect(toLabel({ sectionNumber: '552', path: ['b', '6'] })).toBe('552(b)(6)');
    expect(toLabel({ sectionNumber: '42.56.070', path: [] })).toBe('42.56.070');
  });

  it('normalises dashes and spaces without changing length', () => {
    const input = '2\u2013532\u00A0(c)';
    expect(normalizeCitationText(input)).toBe('2-532 (c)');
    expect(normalizeCitationText(input).length).toBe(input.length);
  });
});

describe('resolveCitation', () => {
  const labels = new Set(['552', '552(b)', '552(b)(6)', '552(b)(7)', '552(b)(7)(C)', '610.023', '610.023(3)']);

  it('returns the most specific existing label', () => {
    expect(resolveCitation({ sectionNumber: '552', path: ['b', '6', 'A'] }, labels)).toBe('552(b)(6)');
    expect(resolveCitation({ sectionNumber: '552', path: ['b', '7', 'C'] }, labels)).toBe('552(b)(7)(C)');
    expect(resolveCitation({ sectionNumber: '552', path: ['z'] }, labels)).toBe('552');
    expect(resolveCitation({ sectionNumber: '551', path: ['1'] }, labels)).toBeNull();
  });

  it('forgives letter case only when asked, and dotted subsections', () => {
    expect(resolveCitation({ sectionNumber: '552', path: ['B', '6'] }, labels)).toBe('552');
    expect(resolveCitation({ sectionNumber: '552', path: ['B', '6'] }, labels, { ignoreCase: true })).toBe('552(b)(6)');
    expect(resolveCitation({ sectionNumber: '610.023.3', path: [] }, labels)).toBe('610.023(3)');
  });
});

describe('extractCitations', () => {
  const pick = (text: string, jurisdiction: string, opts = {}) =>
    extractCitations(text, jurisdiction, opts).map((m) => [m.raw, toLabel(m)]);

  it('finds code-prefixed and section-led citations with their offsets', () => {
    const text = 'Except as provided in RCW 42.99.520, records are open.';
    const [m] = extractCitations(text, 'washington');
    expect(m).toEqual({ raw: 'RCW 42.99.520', start: 22, end: 35, sectionNumber: '42.99.520', path: [] });
    expect(text.slice(m?.start, m?.end)).toBe('RCW 42.99.520');
  });

  it('splits lists and ranges into each section', () => {
    expect(pick('as in sections 9-712 to 9-712.03 and § 9-800(b)(2).', 'exampleland')).toEqual([
      ['sections 9-712', '9-712'],
      ['9-712.03', '9-712.03'],
      ['§ 9-800(b)(2)', '9-800(b)(2)'],
    ]);
    expect(pick('under Sections25-1-9,25-1-11 of this chapter', 'exampleland')).toEqual([
      ['Sections25-1-9', '25-1-9'],
      ['25-1-11', '25-1-11'],
    ]);
  });

  it('resolves relative references against the current place', () => {
    const opts = { currentSection: '900', currentPath: ['a', '2'] };
    expect(pick('subject to subsection (b) of this section', 'federal', opts)).toEqual([
      ['subsection (b) of this section', '900(b)'],
    ]);
    expect(pick('records under paragraph (3) are public', 'federal', opts)).toEqual([['paragraph (3)', '900(a)(3)']]);
    expect(pick('see subparagraph (D)', 'federal', { currentSection: '900', currentPath: ['a', '2', 'E'] })).toEqual([
      ['subparagraph (D)', '900(a)(2)(D)'],
    ]);
    expect(pick('under Subsection (e)(1)(A)', 'texas', opts)).toEqual([['Subsection (e)(1)(A)', '900(e)(1)(A)']]);
    expect(pick('under Subdivision (4)', 'texas', opts)).toEqual([['Subdivision (4)', '900(a)(4)']]);
    const deep = { currentSection: '10-1', currentPath: ['a', '7', 'A'] };
    expect(pick('under subdivision (a)(2)', 'tennessee', deep)).toEqual([['subdivision (a)(2)', '10-1(a)(2)']]);
    expect(pick('see clause (i)', 'federal', deep)).toEqual([['clause (i)', '10-1(a)(7)(A)(i)']]);
    expect(pick('paragraph (2) of this subsection', 'federal', deep)).toEqual([
      ['paragraph (2) of this subsection', '10-1(a)(2)'],
    ]);
  });

  it('skips relative references without a current section', () => {
    expect(pick('subsection (b) of this section', 'federal')).toEqual([]);
  });

  it('reads "subsection 1 of section X" as an absolute reference', () => {
    expect(pick('as provided in subsection 1 of section 99-01-18', 'north-dakota')).toEqual([
      ['subsection 1 of section 99-01-18', '99-01-18(1)'],
    ]);
  });

  it('names FOIA exemptions in federal text only', () => {
    expect(pick('withheld under exemption 7(C).', 'federal')).toEqual([['exemption 7(C)', '552(b)(7)(C)']]);
    expect(pick('withheld under exemption 7(C).', 'exampleland')).toEqual([]);
  });

  it('skips references to other laws', () => {
    expect(pick('as defined in section 3(4) of the Example Security Act of 1947', 'federal')).toEqual([]);
    expect(pick('section 1641(b)(2), of title 50', 'federal')).toEqual([]);
    expect(pick('Section 2 of Article IV of the constitution', 'exampleland')).toEqual([]);
  });
});

describe('Illinois act-section citations', () => {
  it('reads "5 ILCS 140/9(a)" as section 140/9, designator (a)', () => {
    expect(parseCitation('5 ILCS 140/9(a)', 'illinois')).toEqual({ sectionNumber: '140/9', path: ['a'] });
    expect(parseCitation('5 ILCS 140/7.5', 'illinois')).toEqual({ sectionNumber: '140/7.5', path: [] });
  });
});
