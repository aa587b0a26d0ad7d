import { describe, expect, it } from 'vitest';
import { parseSummary } from './parse-summary.js';

const opts = { jurisdiction: 'exampleland', sourcePath: 'hole-tld/summaries/exampleland.txt' };

const CAPITALS = [
  'EXAMPLELAND OPEN RECORDS ACT - EX. CODE § 9-1',
  'Last Updated: March 4, 2025',
  'Source: invented for tests',
  '',
  'SUMMARY:',
  'Everyone may ask for records.',
  '',
  'RESPONSE DEADLINES:',
  '- First response: 5 business days',
  '- Phone: not accepted',
  '',
  'STATUTORY CITATION: Ex. Code § 9-1 et seq.',
  '',
  'RESPONSE DEADLINES:',
  '- Repeated heading, kept apart',
  '',
].join('\n');

describe('parseSummary: capitals-headed blocks', () => {
  const doc = parseSummary(CAPITALS, opts);

  it('describes the document', () => {
    expect(doc.kind).toBe('summary');
    expect(doc.title).toBe('EXAMPLELAND OPEN RECORDS ACT - EX. CODE § 9-1');
    expect(doc.retrievedDate).toBe('2025-03-04');
    expect(doc.citation).toBe('Ex. Code § 9-1 et seq.');
    expect(doc.header['source']).toBe('invented for tests');
  });

  it('makes one section per block, with unique stable labels', () => {
    expect(doc.sections.map((s) => s.label)).toEqual([
      'summary:0-exampleland-open-records-act-ex-code-9-1',
      'summary:1-summary',
      'summary:2-response-deadlines',
      'summary:3-statutory-citation',
      'summary:4-response-deadlines',
    ]);
    const deadlines = doc.sections[2];
    expect(deadlines?.heading).toBe('RESPONSE DEADLINES');
    expect(deadlines?.text).toBe('RESPONSE DEADLINES:\n- First response: 5 business days\n- Phone: not accepted');
    expect(deadlines?.citation).toBe('EXAMPLELAND OPEN RECORDS ACT - EX. CODE § 9-1 — RESPONSE DEADLINES');
    expect(deadlines?.path).toEqual(['RESPONSE DEADLINES']);
    expect(doc.sections.map((s) => s.ordinal)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the opening text as its own section', () => {
    expect(doc.sections[0]?.text).toContain('Last Updated: March 4, 2025');
  });
});

describe('parseSummary: ruled and underlined headings', () => {
  const raw = [
    'EXAMPLE RECORDS LAW',
    'Ex. Stat. 1-1 through 1-9',
    '',
    '=====================',
    '',
    'Section 1-1. Right to inspect.',
    '',
    'Every person may inspect records.',
    '',
    'STATUTORY FRAMEWORK',
    '===================',
    '',
    'EXS 1-2 - Copies',
    'Copies cost what they cost.',
    '',
    'Fees',
    '----',
    'No search fees.',
  ].join('\n');
  const doc = parseSummary(raw, opts);

  it('nests underlined and section-lead headings under ruled ones', () => {
    expect(doc.sections.map((s) => [s.heading, s.depth, s.parentLabel])).toEqual([
      ['EXAMPLE RECORDS LAW', 0, null],
      ['Section 1-1. Right to inspect.', 0, null],
      ['STATUTORY FRAMEWORK', 0, null],
      ['EXS 1-2 - Copies', 1, 'summary:2-statutory-framework'],
      ['Fees', 1, 'summary:2-statutory-framework'],
    ]);
    const framework = doc.sections.find((s) => s.heading === 'STATUTORY FRAMEWORK');
    expect(framework?.text).toContain('No search fees.');
    expect(doc.sections.find((s) => s.heading === 'Fees')?.path).toEqual(['STATUTORY FRAMEWORK', 'Fees']);
  });
});

describe('parseSummary: a summary followed by code text', () => {
  it('stops before the code and drops the part headings that head nothing', () => {
    const raw = [
      'EXAMPLE INFORMATION ACT',
      'Last Updated: 2025-01-09',
      '',
      'SUMMARY:',
      'Short.',
      '',
      'EXAMPLE CODE',
      '',
      'CHAPTER 900. RECORDS',
      '',
      'Sec. 900.001.  SHORT TITLE.  This chapter is the Act.',
    ].join('\n');
    const doc = parseSummary(raw, opts);
    expect(doc.sections.map((s) => s.heading)).toEqual(['EXAMPLE INFORMATION ACT', 'SUMMARY']);
    expect(doc.sections[1]?.text).toBe('SUMMARY:\nShort.');
    expect(doc.retrievedDate).toBe('2025-01-09');
    for (const s of doc.sections) expect(raw).toContain(s.text);
  });
});
