import { describe, expect, it } from 'vitest';
import { covers, judgeSentence, SentenceSplitter, sentencesOf, type GuardContext } from './phrasing-guard.js';
import type { RenderedClaim } from './render-draft.js';
import { promptQuestion } from './phrase-lead.js';

const claim = (text: string): RenderedClaim => ({ text, role: 'fact', markers: [], supported: true });
const ctx: GuardContext = {
  claims: [
    claim('In Texas, an agency has 10 business days to respond to a public-records request [1].'),
    claim("No. In Ohio, you do not have to be a resident to request public records (Ohio Rev. Code § 149.43) [2]."),
  ],
  jurisdictionNames: ['Texas', 'Ohio', 'West Virginia', 'Virginia'],
};

describe('judgeSentence', () => {
  it('keeps a faithful rewording and says which claim it restates', () => {
    expect(judgeSentence('A Texas agency has 10 business days to respond to a request [1].', ctx)).toEqual({ ok: true, claim: 0 });
    expect(judgeSentence("No, you don't have to be a resident of Ohio to request public records (Ohio Rev. Code § 149.43) [2].", ctx)).toEqual({ ok: true, claim: 1 });
    // The statute citation is part of the claim: a sentence without it is not a restatement.
    expect(judgeSentence("No, you don't have to be a resident of Ohio to request public records [2].", ctx)).toMatchObject({ ok: false });
  });

  it('rejects a sentence that moves the negation to another word', () => {
    const absent: GuardContext = {
      claims: [claim('The law database does not say: it holds what the law says in Wyoming, not figures, current office holders or contact details.')],
      jurisdictionNames: ['Wyoming'],
    };
    expect(judgeSentence('The law database does not hold the information that is currently in Wyoming, but it holds figures and current office holders.', absent)).toMatchObject({
      ok: false,
    });
    expect(judgeSentence('The law database does not say: it holds what the law says in Wyoming, not figures, office holders or contact details.', absent)).toMatchObject({ ok: true });
  });

  it('rejects a sentence that drops a jurisdiction the claim lists', () => {
    const list: GuardContext = { claims: [claim('2 of 4 jurisdictions limit requests to residents: Texas and Ohio.')], jurisdictionNames: ['Texas', 'Ohio'] };
    expect(judgeSentence('2 of 4 jurisdictions limit requests to residents.', list)).toMatchObject({ ok: false, reason: 'drops a jurisdiction of the draft' });
  });

  it('reads past an echoed prompt label', () => {
    expect(sentencesOf('Draft: A Texas agency has 10 business days [1].')).toEqual(['A Texas agency has 10 business days [1].']);
  });

  it('rejects a sentence that drops the citation marker or the number', () => {
    expect(judgeSentence('A Texas agency has 10 business days to respond to a request.', ctx)).toMatchObject({ ok: false, reason: 'drops a number or citation marker of the draft' });
  });

  it('rejects a changed number, marker or statute citation', () => {
    expect(judgeSentence('A Texas agency has 15 business days to respond [1].', ctx)).toMatchObject({ ok: false, reason: 'number not in the draft' });
    expect(judgeSentence('A Texas agency has 10 business days to respond [2].', ctx)).toMatchObject({ ok: false, reason: 'citation marker not in the draft' });
    expect(judgeSentence('In Ohio you do not have to be a resident to request records (Ohio Rev. Code § 149.99) [2].', ctx)).toMatchObject({ ok: false });
  });

  it('rejects a flipped polarity and a rule moved to another jurisdiction', () => {
    expect(judgeSentence('In Ohio, you have to be a resident to request public records [2].', ctx)).toMatchObject({ ok: false, reason: 'polarity differs from the draft' });
    expect(judgeSentence('Yes. In Ohio you do not have to be a resident to request public records.', ctx)).toMatchObject({ ok: false });
    expect(judgeSentence('In Virginia, an agency has 10 business days to respond [1].', ctx)).toMatchObject({ ok: false, reason: 'jurisdiction not in the draft' });
  });

  it('rejects a sentence that drops the qualifier of a body the claim names', () => {
    const ctx = { claims: [{ text: 'To challenge a denial in Arizona, the first step is an action in the superior court, by special action against the officer or public body [1].' }], jurisdictionNames: ['Arizona'] };
    expect(judgeSentence('To challenge a denial in Arizona, the first step is to file an action against the officer or public body [1] and the process can be done through special court.', ctx)).toEqual({ ok: false, reason: 'drops or changes a body the draft names' });
    expect(judgeSentence('In Arizona, to challenge a denial, the first step is an action in the superior court, by special action against the officer or public body [1].', ctx)).toEqual({ ok: true, claim: 0 });
  });

  it('rejects sentences that add their own content', () => {
    expect(judgeSentence('You should hire a lawyer and sue the governor immediately.', ctx)).toMatchObject({ ok: false, reason: 'adds words the draft does not have' });
    expect(judgeSentence('In Texas, a public-records request must be made within 10 business days of the requested response date [1].', ctx)).toMatchObject({ ok: false });
    expect(judgeSentence('The answer is helpful.', ctx)).toMatchObject({ ok: false });
  });
});

describe('covers', () => {
  it('needs every number and marker of the claim', () => {
    expect(covers('A Texas agency has 10 business days [1].', ctx.claims[0]!.text)).toBe(true);
    expect(covers('A Texas agency has 10 business days.', ctx.claims[0]!.text)).toBe(false);
  });
});

describe('SentenceSplitter', () => {
  it('cuts streamed text at sentence ends, markers staying with their sentence', () => {
    const s = new SentenceSplitter();
    expect(s.push('In Texas the agency has 10 days [1]')).toEqual([]);
    expect(s.push('. Under 5 U.S.C. § 552 the rule')).toEqual(['In Texas the agency has 10 days [1].']);
    expect(s.push(' differs.\n- Next item')).toEqual(['Under 5 U.S.C. § 552 the rule differs.']);
    expect(s.flush()).toEqual(['Next item']);
  });

  it('does not cut after abbreviations of code names', () => {
    expect(sentencesOf('The law is the Act (Ala. Code § 36-12-40; M.G.L. c. 66, § 10) [1]. Next one.')).toEqual([
      'The law is the Act (Ala. Code § 36-12-40; M.G.L. c. 66, § 10) [1].',
      'Next one.',
    ]);
  });

  it('keeps a leading yes or no with the sentence it opens', () => {
    const s = new SentenceSplitter();
    expect(s.push('Yes. In Texas fees can be waived. No. ')).toEqual(['Yes. In Texas fees can be waived.']);
    expect(s.flush()).toEqual(['No.']);
  });
});

describe('promptQuestion', () => {
  it('gives the model at most about 300 characters of the question, cut at a word', () => {
    expect(promptQuestion('How long does Texas have?')).toBe('How long does Texas have?');
    const long = promptQuestion('How long does a Texas agency have to respond? '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(302);
    expect(long.endsWith(' …')).toBe(true);
    expect(long).toMatch(/^How long does a Texas agency have to respond\? How long/);
  });
});
