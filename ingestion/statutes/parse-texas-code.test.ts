import { describe, expect, it } from 'vitest';
import type { ParsedSection } from '../../core/law-model/source-types.js';
import { parseTexasCode, texasCodeStart } from './parse-texas-code.js';

const RAW = [
  'TEXAS TEST ACT - EXAMPLE CODE CHAPTER 900',
  'Last Updated: March 3, 2025',
  'Source: invented for tests',
  '',
  'SUMMARY:',
  'A short summary that is not code text.',
  '',
  'CHAPTER 900. TEST RECORDS',
  '',
  'SUBCHAPTER A. GENERAL PROVISIONS',
  '',
  'Sec. 900.001.  SHORT TITLE.  This chapter may be cited as the Test Records Act.',
  '',
  'Added by Acts 1993, 73rd Leg., ch. 1, Sec. 1, eff. Sept. 1, 1993.',
  '',
  '',
  'Sec. 900.002.  DEFINITIONS;  SCOPE.  (a)  In this chapter:',
  '(1)  "Body" means:',
  '(A)  a board; or',
  '(B)  a council.',
  '(2)  "Record" means a writing.',
  '(a-1)  An inserted subsection refers to Subsection (a).',
  '',
  'Text of subsection as amended by Acts 2005, 79th Leg., Ch. 10, Sec. 1',
  '',
  '',
  '(b)  First version of the subsection.',
  '',
  'Text of subsection as amended by Acts 2005, 79th Leg., Ch. 20, Sec. 1',
  '',
  '',
  '(b)  Second version of the subsection.',
  '(c)  The last subsection.',
  '',
  'Added by Acts 1993, 73rd Leg., ch. 1, Sec. 1, eff. Sept. 1, 1993.',
  'Amended by: ',
  'Acts 2019, 86th Leg., R.S., Ch. 5 (S.B. 1), Sec. 1, eff. September 1, 2019.',
  '',
  '',
  'SUBCHAPTER B. ACCESS',
  '',
  'Sec. 900.101. EXCEPTION:  TEST INFORMATION.  Test information is excepted from disclosure.',
  '',
].join('\n');

function byLabel(sections: readonly ParsedSection[], label: string): ParsedSection {
  const s = sections.find((x) => x.label === label);
  if (!s) throw new Error(`missing ${label}`);
  return s;
}

describe('parseTexasCode', () => {
  const doc = parseTexasCode(RAW);

  it('finds where the code text starts', () => {
    expect(RAW.slice(texasCodeStart(RAW)).startsWith('Sec. 900.001.')).toBe(true);
    expect(texasCodeStart('no code here')).toBe(-1);
  });

  it('describes the document as statute text', () => {
    expect(doc.kind).toBe('statute_text');
    expect(doc.jurisdiction).toBe('texas');
    expect(doc.sourcePath).toBe('hole-tld/summaries/texas.txt');
    expect(doc.retrievedDate).toBe('2025-03-03');
    expect(doc.citation).toBe("Tex. Gov't Code ch. 552");
  });

  it('cuts Sec. sections with their capitals headings', () => {
    const sections = doc.sections.filter((s) => s.depth === 0);
    expect(sections.map((s) => [s.label, s.heading])).toEqual([
      ['900.001', 'SHORT TITLE'],
      ['900.002', 'DEFINITIONS; SCOPE'],
      ['900.101', 'EXCEPTION: TEST INFORMATION'],
    ]);
    expect(byLabel(doc.sections, '900.002').text).not.toContain('SUBCHAPTER B');
    expect(byLabel(doc.sections, '900.001').text).toContain('Added by Acts 1993');
  });

  it('splits subdivisions, inserted (a-1) included, and cites them', () => {
    expect(doc.sections.map((s) => s.label)).toEqual([
      '900.001',
      '900.002',
      '900.002(a)',
      '900.002(a)(1)',
      '900.002(a)(1)(A)',
      '900.002(a)(1)(B)',
      '900.002(a)(2)',
      '900.002(a-1)',
      '900.002(b)',
      '900.002(c)',
      '900.101',
    ]);
    expect(byLabel(doc.sections, '900.002(a-1)').citation).toBe("Tex. Gov't Code § 900.002(a-1)");
    expect(byLabel(doc.sections, '900.002(a)(1)(B)').text).toBe('a council.');
  });

  it('keeps both printed versions of a subsection under one label', () => {
    const b = byLabel(doc.sections, '900.002(b)');
    expect(b.text.startsWith('First version')).toBe(true);
    expect(b.text).toContain('Second version of the subsection.');
    expect(byLabel(doc.sections, '900.002(a-1)').text).toBe('An inserted subsection refers to Subsection (a).');
  });

  it('leaves history out of the last subdivision', () => {
    expect(byLabel(doc.sections, '900.002(c)').text).toBe('The last subsection.');
    for (const s of doc.sections) expect(RAW).toContain(s.text);
  });
});
