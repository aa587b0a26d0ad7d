import { describe, expect, it } from 'vitest';
import { containsQuote, densestSentence, openingQuote, quoteFor, sentenceSpans, supportScore, termPattern } from './quote.js';

const TEXT =
  '(a) The officer shall produce records promptly. (d) If the records cannot be produced within 10 business days, ' +
  'the officer shall certify that fact under 5 U.S.C. § 552(b) and set a date. (e) A fee of 100 dollars may be charged.';

describe('termPattern', () => {
  it('matches numbers whole and words from their start', () => {
    expect(termPattern('10').test('within 10 days')).toBe(true);
    expect(termPattern('10').test('a fee of 100')).toBe(false);
    expect(termPattern('10').test('§ 552.10')).toBe(false);
    expect(termPattern('waive').test('fees are waived')).toBe(true);
    expect(termPattern('waive').test('unwaived')).toBe(false);
  });
});

describe('quoteFor', () => {
  it('quotes the sentence holding the anchor, keeping citations whole', () => {
    const q = quoteFor(TEXT, ['10'], ['day']);
    expect(q).toBe('(d) If the records cannot be produced within 10 business days, the officer shall certify that fact under 5 U.S.C. § 552(b) and set a date.');
    expect(TEXT.includes(q!)).toBe(true);
  });

  it('needs the context word in the same sentence', () => {
    expect(quoteFor('A fee of 10 dollars. Respond promptly within days.', ['10'], ['day'])).toBeNull();
  });

  it('prefers the earliest qualifying sentence in the document, whatever the anchor order', () => {
    const text = 'The court shall award attorney fees to a prevailing requester. No court may award attorney\'s fees in case (b).';
    expect(quoteFor(text, ["attorney's fees", 'attorney fees'], ['fee'])).toBe('The court shall award attorney fees to a prevailing requester.');
  });

  it('cuts long sentences to a window around the anchor on word boundaries', () => {
    const long = `${'word '.repeat(200)}within 10 business days ${'more '.repeat(200)}`;
    const q = quoteFor(long, ['10'], ['day'])!;
    expect(q.length).toBeLessThanOrEqual(340);
    expect(q).toContain('within 10 business days');
    expect(long.includes(q)).toBe(true);
  });
});

describe('supportScore', () => {
  it('weighs stronger anchors more, and is 0 without support', () => {
    expect(supportScore(TEXT, ['10', 'ten'], ['day'])).toBe(2);
    expect(supportScore('ten days', ['10', 'ten'], ['day'])).toBe(1);
    expect(supportScore('nothing here', ['10'], [])).toBe(0);
  });
});

describe('densestSentence and openingQuote', () => {
  it('picks the sentence with the most of the words', () => {
    expect(densestSentence('Fees apply. No fee for search time or staff time. Copies cost money.', ['search', 'staff', 'fee'])).toBe('No fee for search time or staff time.');
    expect(densestSentence('Nothing matches.', ['search'])).toBeNull();
  });

  it('opens with the first sentence', () => {
    expect(openingQuote('Medical records. Other text.')).toBe('Medical records.');
  });
});

describe('containsQuote', () => {
  it('ignores whitespace differences but nothing else', () => {
    expect(containsQuote('within  10\nbusiness days', 'within 10 business days')).toBe(true);
    expect(containsQuote('within 10 business days', 'within 11 business days')).toBe(false);
    expect(containsQuote('anything', '   ')).toBe(false);
  });
});

describe('sentenceSpans where a file lost the space before a subdivision', () => {
  it('ends a sentence at "record.(b) If", not at "U.S.C."', () => {
    expect(sentenceSpans('It shall produce the record.(b) If it cannot, it shall explain why.')).toEqual(['It shall produce the record.', '(b) If it cannot, it shall explain why.']);
    expect(sentenceSpans('See 5 U.S.C. § 552 for the rule.')).toEqual(['See 5 U.S.C. § 552 for the rule.']);
  });
});
