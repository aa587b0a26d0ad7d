import { describe, expect, it } from 'vitest';
import { citationStyleFromHeader, formatCitation } from './citation-style.js';

describe('citationStyleFromHeader', () => {
  const cite = (header: string, number: string, path: string[] = []): string =>
    formatCitation(citationStyleFromHeader(header), number, path);

  it('takes the code name before the section sign', () => {
    expect(cite('7 U.S.C. § 700 (and § 701)', '700', ['b', '6'])).toBe('7 U.S.C. § 700(b)(6)');
    expect(cite('Ex. Code Ann. §§ 1-1 to 1-9', '1-4', ['a'])).toBe('Ex. Code Ann. § 1-4(a)');
    expect(cite('EXSA 1999, §§ 3-1 to 3-9', '3-2', ['A'])).toBe('EXSA 1999, § 3-2(A)');
  });

  it('drops chapter and title ranges', () => {
    expect(cite('Ex. Rev. Stat. ch. 9Z (§§ 9Z-1 to 9Z-9)', '9Z-3')).toBe('Ex. Rev. Stat. § 9Z-3');
    expect(cite('Ex. Code title 7, ch. 1 (§§ 7-101 et seq.)', '7-102', ['1'])).toBe('Ex. Code § 7-102(1)');
    expect(cite('Ex. Code ch. 12', '12.4', ['3'])).toBe('Ex. Code § 12.4(3)');
  });

  it('omits the section sign for codes cited without it', () => {
    expect(cite('RCW ch. 42.99', '42.99.070', ['1'])).toBe('RCW 42.99.070(1)');
    expect(cite('MCL 15.1-15.9', '15.3')).toBe('MCL 15.3');
    expect(cite('SDCL ch. 1-99', '1-99-4')).toBe('SDCL 1-99-4');
  });

  it('falls back to a bare section sign without a header', () => {
    expect(cite('', '12')).toBe('§ 12');
  });
});
