import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('splits at sentence ends but not after abbreviations, designators or section numbers', () => {
    const text = 'Requests go to the clerk under Wyo. Stat. § 10.2. The clerk shall answer. See Sec. 4 and item A. Fees apply after subsection (a). Done.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Requests go to the clerk under Wyo. Stat. § 10.2.',
      'The clerk shall answer.',
      'See Sec. 4 and item A. Fees apply after subsection (a).',
      'Done.',
    ]);
  });

  it('ends a sentence at every line break and keeps exact offsets', () => {
    const text = '- First bullet\n- Second bullet with 1.5 pages\n\nLast line.';
    const spans = splitSentences(text);
    expect(spans.map((s) => s.text)).toEqual(['- First bullet', '- Second bullet with 1.5 pages', 'Last line.']);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('splits flattened subdivisions that run on without a space', () => {
    expect(splitSentences('within ten days of the request.(2)If a record is partly exempt, release the rest.').map((s) => s.text)).toEqual([
      'within ten days of the request.',
      '(2)If a record is partly exempt, release the rest.',
    ]);
  });
});
