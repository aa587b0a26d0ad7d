import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ParsedDocument, ParsedSection } from '../../core/law-model/source-types.js';
import { parseStatuteFile } from './parse-statute-file.js';

/** Builds a statute file in the corpus format from a header and section blocks. */
function file(citation: string, ...sections: string[]): string {
  return [
    'jurisdiction: Exampleland',
    'law: Example Records Act',
    `citation: ${citation}`,
    'source: invented for tests',
    'retrieved: 2026-01-15',
    'completeness: full (test fixture)',
    '---',
    '',
    ...sections,
  ].join('\n');
}

function parse(raw: string, jurisdiction = 'exampleland'): ParsedDocument {
  return parseStatuteFile(raw, { jurisdiction, sourcePath: `statutes/${jurisdiction}.txt` });
}

function node(doc: ParsedDocument, label: string): ParsedSection {
  const found = doc.sections.find((s) => s.label === label);
  if (!found) throw new Error(`no node ${label}; have ${doc.sections.map((s) => s.label).join(', ')}`);
  return found;
}

function labels(doc: ParsedDocument): string[] {
  return doc.sections.map((s) => s.label);
}

const FEDERAL_LIKE = file(
  '9 U.S.C. § 900 (and § 901)',
  '### § 900. Records; exemptions',
  '',
  '(a) Each office shall make records available as follows:',
  '',
  '(1) Each office shall publish',
  '',
  '(A) descriptions of its organization;',
  '',
  '(B) its rules of procedure; and',
  '',
  '(i) forms referred to in subparagraph (A); and',
  '',
  '(ii) instructions for the forms.',
  '',
  '(2) Any record described in subsection (b)(6) may be withheld.',
  '',
  '(b) This section does not apply to matters that are',
  '',
  '(1) classified by order;',
  '',
  '(6) personnel and health files the disclosure of which would invade privacy;',
  '',
  '(7) records compiled for enforcement, but only to the extent that the records (A) could reasonably be expected to interfere with proceedings, (B) would deprive a person of a fair hearing, or (C) could reasonably be expected to invade personal privacy;',
  '',
  '(h) The Office shall',
  '',
  '(1) review policies;',
  '',
  '(2) report yearly.',
  '',
  '(i) The Comptroller shall audit the Office.',
  '',
  '(j) Each office shall name a records officer.',
  '',
  '### § 901. Definitions',
  '',
  'For this chapter',
  '',
  '(1) "office" means a unit of government;',
  '',
  '(2) "record" means information in any form.',
  '',
);

describe('parseStatuteFile: header and document', () => {
  it('reads the header block and hashes the raw text', () => {
    const doc = parse(FEDERAL_LIKE);
    expect(doc.kind).toBe('statute_text');
    expect(doc.title).toBe('Example Records Act');
    expect(doc.citation).toBe('9 U.S.C. § 900 (and § 901)');
    expect(doc.retrievedDate).toBe('2026-01-15');
    expect(doc.completeness).toBe('full (test fixture)');
    expect(doc.header['source']).toBe('invented for tests');
    expect(doc.contentHash).toBe(createHash('sha256').update(FEDERAL_LIKE, 'utf8').digest('hex'));
    expect(doc.jurisdiction).toBe('exampleland');
    expect(doc.sourcePath).toBe('statutes/exampleland.txt');
  });

  it('cuts sections on ### § lines, with or without a heading', () => {
    const doc = parse(file('Ex. Code §§ 1-10', '### § 7.500.', 'Text of a section without a heading.', '', '### § 7.510. Second', 'More text.'));
    const sections = doc.sections.filter((s) => s.depth === 0);
    expect(sections.map((s) => [s.sectionNumber, s.heading])).toEqual([
      ['7.500', null],
      ['7.510', 'Second'],
    ]);
    expect(sections[0]?.text).toBe('Text of a section without a heading.');
  });
});

describe('parseStatuteFile: (a)(1)(A)(i) subdivisions', () => {
  const doc = parse(FEDERAL_LIKE);

  it('builds the tree with labels, parents, depths and citations', () => {
    const b6 = node(doc, '900(b)(6)');
    expect(b6.text).toBe('personnel and health files the disclosure of which would invade privacy;');
    expect(b6.path).toEqual(['b', '6']);
    expect(b6.parentLabel).toBe('900(b)');
    expect(b6.depth).toBe(2);
    expect(b6.citation).toBe('9 U.S.C. § 900(b)(6)');
    expect(node(doc, '900(a)(1)(B)(ii)').parentLabel).toBe('900(a)(1)(B)');
    expect(node(doc, '900').citation).toBe('9 U.S.C. § 900');
  });

  it('keeps children inside the parent text', () => {
    const a1 = node(doc, '900(a)(1)');
    expect(a1.text.startsWith('Each office shall publish')).toBe(true);
    expect(a1.text).toContain('(ii) instructions for the forms.');
    expect(a1.text).not.toContain('(2) Any record');
  });

  it('does not start nodes at references in running text', () => {
    expect(node(doc, '900(a)(2)').text).toBe('Any record described in subsection (b)(6) may be withheld.');
    expect(labels(doc)).not.toContain('900(a)(2)(b)');
  });

  it('reads (i) after (A)/(B) as a roman numeral and (i) after (h) as a letter', () => {
    expect(labels(doc)).toContain('900(a)(1)(B)(i)');
    expect(node(doc, '900(i)').text).toBe('The Comptroller shall audit the Office.');
    expect(node(doc, '900(j)').parentLabel).toBe('900');
    expect(labels(doc)).not.toContain('900(h)(2)(i)');
  });

  it('splits a list printed inside one paragraph', () => {
    expect(node(doc, '900(b)(7)(C)').text).toBe('could reasonably be expected to invade personal privacy;');
    expect(node(doc, '900(b)(7)(A)').text).toBe('could reasonably be expected to interfere with proceedings,');
  });

  it('keeps ordinals in document order and labels unique', () => {
    expect(doc.sections.map((s) => s.ordinal)).toEqual(doc.sections.map((_, i) => i));
    expect(new Set(labels(doc)).size).toBe(doc.sections.length);
    for (const s of doc.sections) expect(FEDERAL_LIKE).toContain(s.text);
  });
});

describe('parseStatuteFile: roman numerals and letters', () => {
  it('takes (i) after (h) as roman when (ii) follows', () => {
    const doc = parse(
      file(
        'Ex. Code §§ 1-2',
        '### § 1-1. Test',
        '(a) First.',
        '(g) Seventh.',
        '(h) Eighth, which lists',
        '(i) one thing; and',
        '(ii) another thing.',
        '(j) Tenth.',
      ),
    );
    expect(labels(doc)).toEqual(['1-1', '1-1(a)', '1-1(g)', '1-1(h)', '1-1(h)(i)', '1-1(h)(ii)', '1-1(j)']);
  });

  it('takes (I) after (H) as a letter when (J) follows', () => {
    const doc = parse(file('Ex. Code §§ 1-2', '### § 1-2. Test', '(1) Items:', '(A) a;', '(G) g;', '(H) h;', '(I) i;', '(J) j.'));
    expect(labels(doc)).toContain('1-2(1)(I)');
    expect(labels(doc)).not.toContain('1-2(1)(H)(I)');
  });
});

describe('parseStatuteFile: numbered styles', () => {
  it('handles RCW-style (1)(a) and cites without a section sign', () => {
    const doc = parse(
      file('RCW ch. 99.10', '### § 99.10.070. Indexes', '(1) Each agency shall keep an index of:', '(a) Final orders;', '(b) Policy statements.', '(2) Indexes are public.'),
      'washington-like',
    );
    expect(node(doc, '99.10.070(1)(b)').citation).toBe('RCW 99.10.070(1)(b)');
    expect(node(doc, '99.10.070(2)').text).toBe('Indexes are public.');
  });

  it('handles Century Code style 1., a., (1), chained "9. a."', () => {
    const doc = parse(
      file(
        'N.D. Cent. Code §§ 99-01-1 to 99-01-9',
        '### § 99-01-1. Definitions',
        'As used in this chapter:',
        '',
        '1. "Board" means a board.',
        '',
        '2. a. "Meeting" means a gathering of:',
        '',
        '(1) A quorum; or',
        '',
        '(2) A committee.',
        '',
        'b. "Meeting" does not include a social event.',
        '',
        '3. "Record" means information.',
        '',
        'Source: S.L. 1999, ch. 1, § 1.',
      ),
    );
    expect(labels(doc)).toEqual([
      '99-01-1',
      '99-01-1(1)',
      '99-01-1(2)',
      '99-01-1(2)(a)',
      '99-01-1(2)(a)(1)',
      '99-01-1(2)(a)(2)',
      '99-01-1(2)(b)',
      '99-01-1(3)',
    ]);
    expect(node(doc, '99-01-1(2)(a)(1)').citation).toBe('N.D. Cent. Code § 99-01-1(2)(a)(1)');
    expect(node(doc, '99-01-1(3)').text).toBe('"Record" means information.');
    expect(node(doc, '99-01-1').text).toContain('Source: S.L. 1999');
  });

  it('handles inserted labels (a1), (1A) and (a-1)', () => {
    const doc = parse(
      file(
        'Ex. Gen. Stat. ch. 5',
        '### § 5-1. Access',
        '(a) Records are open. (a1) Inserted Rule. — Certain records are closed.',
        '(b) Copies may be made.',
        '(1) First.',
        '(1A) Inserted.',
        '(2) Second.',
        '(b-1) Another inserted subsection.',
      ),
    );
    expect(labels(doc)).toEqual(['5-1', '5-1(a)', '5-1(a1)', '5-1(b)', '5-1(b)(1)', '5-1(b)(1A)', '5-1(b)(2)', '5-1(b-1)']);
    expect(node(doc, '5-1(a)').text).toBe('Records are open.');
    expect(node(doc, '5-1(a1)').citation).toBe('Ex. Gen. Stat. § 5-1(a1)');
  });
});

describe('parseStatuteFile: flattened text, run-in labels and history', () => {
  it('gives a flattened section only its section node', () => {
    const doc = parse(file('Ex. Code §§ 1-9', '### § 3-1. Policy', 'All records are open, as subsection (a) of section 3-2 provides. Laws, 1990, ch. 1.'));
    expect(labels(doc)).toEqual(['3-1']);
  });

  it('splits labels run into the text after a sentence or clause', () => {
    const doc = parse(
      file(
        'Ex. Code Ann. §§ 1-9',
        '### § 4-1. Definitions',
        'As used in this chapter:(a)"Agency" means an office.(b)"Record" means a writing, as defined in Section 4-2(a).(c)"Fee" means:(i)A copy charge; and(ii)A search charge.Laws, 1999, ch. 2, § 1.',
      ),
    );
    expect(labels(doc)).toEqual(['4-1', '4-1(a)', '4-1(b)', '4-1(c)', '4-1(c)(i)', '4-1(c)(ii)']);
    expect(node(doc, '4-1(b)').text).toBe('"Record" means a writing, as defined in Section 4-2(a).');
    expect(node(doc, '4-1(c)(ii)').text).toBe('A search charge.');
    expect(node(doc, '4-1').text).toContain('Laws, 1999, ch. 2, § 1.');
  });

  it('keeps history lines with the section, not the last subdivision', () => {
    const doc = parse(
      file(
        'Ex. Stat. §§ 1-9',
        '### § 6-1. Fees',
        '(a) A fee may be charged.',
        '(b) The fee is waived for the press.',
        '',
        'History. Laws 1999, ch. 3, § 1; 2005, ch. 4, § 2.',
      ),
    );
    expect(node(doc, '6-1(b)').text).toBe('The fee is waived for the press.');
    expect(node(doc, '6-1').text.endsWith('2005, ch. 4, § 2.')).toBe(true);
  });

  it('labels the superseded version of a section printed twice', () => {
    const doc = parse(
      file(
        'Ex. Cent. Code §§ 1-9',
        '### § 8-1. Exempt records. [Effective through June 30, 2020]',
        '1. Old text.',
        '### § 8-1. Exempt records. [Effective July 1, 2020]',
        '1. New text.',
      ),
    );
    expect(node(doc, '8-1(1)').text).toBe('New text.');
    expect(node(doc, '8-1~effective-through-june-30-2020(1)').text).toBe('Old text.');
    expect(node(doc, '8-1~effective-through-june-30-2020').citation).toBe(
      'Ex. Cent. Code § 8-1 [Effective through June 30, 2020]',
    );
  });
});
