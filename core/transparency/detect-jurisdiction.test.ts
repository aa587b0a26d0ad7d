import { describe, expect, it } from 'vitest';
import { codeTokens, detectJurisdiction, type CodeName } from './detect-jurisdiction.js';

// Invented code names in the shapes the database holds: law citations, document headers,
// section citations and jurisdiction names.
const NAMES: CodeName[] = [
  { jurisdiction: 'federal', text: '5 U.S.C. § 552 (and § 551)' },
  { jurisdiction: 'federal', text: 'Federal' },
  { jurisdiction: 'texas', text: "Tex. Gov't Code ch. 552" },
  { jurisdiction: 'texas', text: 'Texas' },
  { jurisdiction: 'washington', text: 'RCW 42.56.070' },
  { jurisdiction: 'washington', text: 'Washington' },
  { jurisdiction: 'mississippi', text: 'Miss. Code Ann. § 25-61-1' },
  { jurisdiction: 'mississippi', text: 'Mississippi' },
  { jurisdiction: 'missouri', text: 'Mo. Rev. Stat. § 610.010' },
  { jurisdiction: 'missouri', text: 'Missouri' },
];

describe('codeTokens', () => {
  it('keeps the code name, without title numbers, section signs or section words', () => {
    expect(codeTokens('5 U.S.C. § 552(b)(6)')).toEqual(['usc']);
    expect(codeTokens("Tex. Gov't Code ch. 552")).toEqual(['tex', 'govt', 'code']);
    expect(codeTokens('RCW 42.56.070(1)')).toEqual(['rcw']);
    expect(codeTokens('Texas Government Code Sec. 552.301')).toEqual(['texas', 'govt', 'code']);
    expect(codeTokens('§ 552.301')).toEqual([]);
    expect(codeTokens('552(b)(6)')).toEqual([]);
  });
});

describe('detectJurisdiction', () => {
  it.each([
    ['5 U.S.C. § 552(b)(6)', 'federal'],
    ['U.S.C. 552', 'federal'],
    ["Tex. Gov't Code § 552.301", 'texas'],
    ['Tex. Gov’t Code § 552.301', 'texas'],
    ['Texas Government Code § 552.301', 'texas'],
    ['RCW 42.56.520', 'washington'],
    ['rcw 42.56.520(1)', 'washington'],
    ['Miss. Code Ann. § 25-61-5', 'mississippi'],
  ])('%s → %s', (citation, jurisdiction) => {
    expect(detectJurisdiction(citation, NAMES)).toEqual({ kind: 'found', jurisdiction });
  });

  it('finds nothing in a citation without a code name, or with an unknown one', () => {
    expect(detectJurisdiction('§ 552.301', NAMES)).toEqual({ kind: 'none' });
    expect(detectJurisdiction('552(b)(6)', NAMES)).toEqual({ kind: 'none' });
    expect(detectJurisdiction('Cal. Gov. Code § 7920.000', NAMES)).toEqual({ kind: 'none' });
  });

  it('reports an abbreviation that fits several jurisdictions equally as ambiguous', () => {
    expect(detectJurisdiction('Miss § 1', NAMES)).toEqual({ kind: 'found', jurisdiction: 'mississippi' });
    expect(detectJurisdiction('Mis. § 1', NAMES)).toEqual({ kind: 'ambiguous', candidates: ['mississippi', 'missouri'] });
  });
});
