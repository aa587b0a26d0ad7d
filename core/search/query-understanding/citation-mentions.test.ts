import { describe, expect, it } from 'vitest';
import { findQueryCitations } from './citation-mentions.js';

const refs = (q: string) => findQueryCitations(q).map((c) => ({ raw: c.raw, section: c.sectionNumber, path: c.path, exemption: c.federalExemption }));

describe('findQueryCitations', () => {
  it('reads section signs, code names and bare section numbers', () => {
    expect(refs('§ 552.301')).toEqual([{ raw: '§ 552.301', section: '552.301', path: [], exemption: false }]);
    expect(refs('RCW 42.56.070 indexes')).toEqual([{ raw: 'RCW 42.56.070', section: '42.56.070', path: [], exemption: false }]);
    expect(refs('what does 552(b)(6) protect')).toEqual([{ raw: '552(b)(6)', section: '552', path: ['b', '6'], exemption: false }]);
  });

  it('reads FOIA exemptions as 5 U.S.C. § 552(b)', () => {
    expect(refs('FOIA exemption 7(C) and privacy')).toEqual([{ raw: 'exemption 7(C)', section: '552', path: ['b', '7', 'C'], exemption: true }]);
  });

  it('keeps the words before a citation, which may name its code', () => {
    const [c] = findQueryCitations("What does Tex. Gov't Code § 552.301(b) require?");
    expect(c!.codeTexts).toContain("Tex. Gov't Code § 552.301(b)");
  });

  it('does not read quantities as citations', () => {
    expect(findQueryCitations('within 10 days, $1.50 per page, 3 requests')).toEqual([]);
  });
});
