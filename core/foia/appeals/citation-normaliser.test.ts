import { describe, expect, it } from 'vitest';
import { isWithin, parentLabel, parseCitation, resolveCitation } from './citation-normaliser.js';

// Labels shaped like the law database's (invented subsets of two jurisdictions).
const FEDERAL = new Set(['552', '552(a)', '552(b)', '552(b)(5)', '552(b)(6)', '552(b)(7)', '552(b)(7)(C)']);
const TEXAS = new Set(['552.101', '552.108', '552.108(a)', '552.108(a)(1)', '552.108(c)']);

const resolve = (input: string, labels: ReadonlySet<string>, roots: string[]) => {
  const parsed = parseCitation(input);
  return parsed ? resolveCitation(parsed, labels, roots) : null;
};

describe('parseCitation', () => {
  it.each([
    ['552.108', { section: '552.108', path: [], numberedExemption: false }],
    ["Tex. Gov't Code § 552.108(a)(1)", { section: '552.108', path: ['a', '1'], numberedExemption: false }],
    ['Sec. 552.101', { section: '552.101', path: [], numberedExemption: false }],
    ['Section 552.108(c)', { section: '552.108', path: ['c'], numberedExemption: false }],
    ['5 U.S.C. 552(b)(6)', { section: '552', path: ['b', '6'], numberedExemption: false }],
    ['5 U.S.C. § 552(b)(7)(C)', { section: '552', path: ['b', '7', 'C'], numberedExemption: false }],
    ['5 USC §552 (b)(5)', { section: '552', path: ['b', '5'], numberedExemption: false }],
    ['RCW 42.56.240(1)', { section: '42.56.240', path: ['1'], numberedExemption: false }],
    ['(b)(7)(C)', { section: null, path: ['b', '7', 'C'], numberedExemption: false }],
    ['b7c', { section: null, path: ['b', '7', 'C'], numberedExemption: false }],
    ['B6', { section: null, path: ['b', '6'], numberedExemption: false }],
    ['Exemption 6', { section: null, path: ['6'], numberedExemption: true }],
    ['exemption 7(C)', { section: null, path: ['7', 'C'], numberedExemption: true }],
  ])('%s', (input, expected) => {
    expect(parseCitation(input)).toEqual(expected);
  });

  it('reads nothing citation-like as null', () => {
    for (const junk of ['', '   ', 'because we said so', 'secret stuff', 'check the file']) expect(parseCitation(junk)).toBeNull();
  });
});

describe('resolveCitation', () => {
  it('finds the exact label in every written form', () => {
    for (const form of ['5 U.S.C. 552(b)(6)', '5 U.S.C. § 552(b)(6)', '(b)(6)', 'b6', 'Exemption 6', '552(b)(6)']) {
      expect(resolve(form, FEDERAL, ['552'])).toEqual({ label: '552(b)(6)', exact: true });
    }
    expect(resolve('exemption 7(C)', FEDERAL, ['552'])).toEqual({ label: '552(b)(7)(C)', exact: true });
    expect(resolve('552.108', TEXAS, ['552.101', '552.108'])).toEqual({ label: '552.108', exact: true });
    expect(resolve("Tex. Gov't Code § 552.108(a)(1)", TEXAS, [])).toEqual({ label: '552.108(a)(1)', exact: true });
  });

  it('falls back to the enclosing section, saying it is not exact', () => {
    expect(resolve('552.108(b)(2)', TEXAS, [])).toEqual({ label: '552.108', exact: false });
    expect(resolve('5 U.S.C. 552(b)(7)(E)', FEDERAL, [])).toEqual({ label: '552(b)(7)', exact: false });
  });

  it('matches labels without regard to case', () => {
    expect(resolve('(B)(7)(c)', FEDERAL, ['552'])).toEqual({ label: '552(b)(7)(C)', exact: true });
  });

  it('resolves nothing the law database lacks, and never a bare paragraph to a whole section', () => {
    expect(resolve('552.999', TEXAS, ['552.101'])).toBeNull();
    expect(resolve('(k)(2)', FEDERAL, ['552'])).toBeNull();
    expect(resolve('Exemption 12', FEDERAL, ['552'])).toBeNull();
  });
});

describe('labels', () => {
  it('parentLabel and isWithin', () => {
    expect(parentLabel('552(b)(6)')).toBe('552(b)');
    expect(parentLabel('552.108')).toBeNull();
    expect(isWithin('552(b)(7)(C)', '552(b)(7)')).toBe(true);
    expect(isWithin('552(b)(70)', '552(b)(7)')).toBe(false);
  });
});
