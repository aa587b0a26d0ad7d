import { describe, expect, it } from 'vitest';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import { withNextSentence } from './general-answer.js';
import { isHistoryNote, questionTerms, rankStatuteSentences, sentenceHolding, stemWord, unansweredPart, unansweredStems } from './statute-sentences.js';

/* An invented statute: a parent node, its subsections, and unrelated sections. */
const node = (label: string, text: string): LawRecordText => ({
  id: `sec:freedonia:${label}`, type: 'statute_section', jurisdiction: 'freedonia', citation: `Frd. Code § ${label}`, title: label, text, category: null,
});
const PARENT = node(
  '7',
  '(a) A custodian shall produce a record within five working days of the request. (b) If the custodian cannot produce the record within five working days, it shall explain the delay in writing, and production shall be no later than ten working days from the request.',
);
const A = node('7(a)', 'A custodian shall produce a record within five working days of the request.');
const B = node('7(b)', 'If the custodian cannot produce the record within five working days, it shall explain the delay in writing, and production shall be no later than ten working days from the request.');
const STORAGE = node('9', 'If a record is in storage, the custodian shall certify that fact in writing and set a date for inspection.');
const DEFINITION = node('2(4)', '"Storage" means any place where a custodian keeps records that are not in active use.');
const PRISON = node('3', 'Every person may inspect public records, except a person incarcerated in a correctional facility.');
const ALL = [PARENT, A, B, STORAGE, DEFINITION, PRISON];

describe('stemWord', () => {
  it('folds inflections and derivations so the everyday and the statutory form meet', () => {
    expect(stemWord('denied')).toBe(stemWord('denial'));
    expect(stemWord('denies')).toBe(stemWord('deny'));
    expect(stemWord('produce')).toBe(stemWord('production'));
    expect(stemWord('charges')).toBe(stemWord('charge'));
    expect(stemWord('notification')).toBe(stemWord('notify'));
    expect(stemWord('inspect')).toBe(stemWord('inspection'));
    expect(stemWord('records')).not.toBe(stemWord('recordings'.slice(0, 3)));
    expect(stemWord('recordings')).not.toBe(stemWord('records'));
    expect(stemWord('complainant')).not.toBe(stemWord('complaints'));
    expect(stemWord('recording')).toBe(stemWord('recordings'));
  });
});

describe('questionTerms', () => {
  it("puts the law's words in place of an everyday phrase that only names the act, and beside one that spans the subject", () => {
    const stems = (q: string) => questionTerms(q, 'Freedonia').map((t) => t.stem);
    expect(stems('What must a letter turning down my request say?')).toEqual([stemWord('letter'), stemWord('deny')]);
    expect(stems('Is the radio log public?')).toEqual(expect.arrayContaining([stemWord('radio'), stemWord('disclosed'), stemWord('confidential')]));
  });
});

describe('rankStatuteSentences', () => {
  it('reads a list item with the words that introduce its list, and carries them for quoting', () => {
    const intro = { id: 'sec:freedonia:12(2)', citation: 'Frd. Code § 12(2)', quote: '"Investigative information" does not include:' };
    const item = { ...node('12(2)(g)', 'Radio log, including a chronological listing of the calls dispatched.'), lead_ins: [intro] };
    const other = node('12(1)', 'Active investigative information is confidential, and a radio station may not broadcast it.');
    const [best] = rankStatuteSentences('Does investigative information include the radio log of dispatched calls?', 'Freedonia', [other, item]);
    expect(best).toMatchObject({ id: 'sec:freedonia:12(2)(g)', lead_ins: [intro] });
    expect(rankStatuteSentences('What must a custodian produce?', 'Freedonia', [A])[0]!.lead_ins).toEqual([]);
  });

  it('puts the sentence that holds the question and states a period first, cited to the most specific node', () => {
    const [best] = rankStatuteSentences('What is the longest a Freedonia custodian can take to produce records?', 'Freedonia', ALL);
    expect(best).toMatchObject({ id: 'sec:freedonia:7(b)', citation: 'Frd. Code § 7(b)' });
    expect(best!.quote).toContain('no later than ten working days');
    expect(B.text).toContain(best!.quote);
  });

  it('finds the law\'s words for everyday ones ("prisoner" → "incarcerated")', () => {
    const [best] = rankStatuteSentences('Can a prisoner inspect Freedonia records?', 'Freedonia', ALL);
    expect(best).toMatchObject({ id: 'sec:freedonia:3' });
  });

  it('prefers a rule to a definition that holds the same words', () => {
    const [best] = rankStatuteSentences('What happens if the record is in storage?', 'Freedonia', [DEFINITION, STORAGE]);
    expect(best!.id).toBe('sec:freedonia:9');
  });

  it('keeps a sentence only when it holds two of the question\'s words (or its only one)', () => {
    expect(rankStatuteSentences('Can the custodian demand my passport photo?', 'Freedonia', ALL)).toEqual([]);
  });

  it('does not count the place\'s name as a word of the question', () => {
    const ranked = rankStatuteSentences('Freedonia passport?', 'Freedonia', [node('1', 'Freedonia hereby enacts this chapter.')]);
    expect(ranked).toEqual([]);
  });
});

describe('what a topic answer left unanswered', () => {
  const answer = 'In Freedonia, an agency has 5 business days to respond to a public-records request.';

  it('lists the question words the answer does not hold, counting the law\'s words for them as held', () => {
    expect(unansweredStems('How long does a Freedonia agency have to answer?', 'Freedonia', answer)).toEqual([]);
    expect(unansweredStems('How long does a Freedonia agency have to respond, and what if the record is in storage?', 'Freedonia', answer)).toEqual([stemWord('storage')]);
  });

  it('asks for a sentence for a clause no topic answers, or for two words missing from a one-clause question', () => {
    expect(unansweredPart('How long does a Freedonia agency have to respond, and what happens if the record is in storage?', 'Freedonia', answer, ['deadline'])).toEqual({ stems: [stemWord('storage')], byClause: [[stemWord('storage')]] });
    // A clause of a topic the answer covered is not asked again.
    expect(unansweredPart('Where do I appeal in Freedonia, and how quickly will it be heard?', 'Freedonia', 'The first step is an appeal to the Freedonia court.', ['appeal_route'])).toEqual({ stems: [stemWord('heard')], byClause: [[stemWord('heard')]] });
    expect(unansweredPart('Where do I appeal in Freedonia, and how quickly will it be heard?', 'Freedonia', 'The first step is an appeal to the Freedonia court.', ['appeal_route', 'deadline'])).toBeNull();
    expect(unansweredPart('How long does a Freedonia agency have to respond to my letter?', 'Freedonia', answer)).toBeNull();
    expect(unansweredPart('Are 911 call recordings public in Freedonia?', 'Freedonia', 'Freedonia lists 1 law-enforcement exemption.')).toMatchObject({ stems: ['911', stemWord('call'), stemWord('recordings')] });
    // A clause of an answered topic that names a thing the answer never mentions still asks for it.
    expect(
      unansweredPart('How long does Freedonia have to answer a request for body camera footage, and can it take more time?', 'Freedonia', 'A Freedonia agency has 5 days to answer and may take 10 more days; that time is all.', ['deadline']),
    ).toMatchObject({ stems: [stemWord('camera'), stemWord('footage')] });
    // Each open clause keeps its own words, so that each can get its own sentence.
    expect(
      unansweredPart('Can a Freedonia agency cap my free staff time? And does that apply to reporters?', 'Freedonia', 'A Freedonia agency may charge for copies.', ['search_fee'])?.byClause,
    ).toEqual([expect.arrayContaining([stemWord('cap')]), [stemWord('apply'), stemWord('reporters')]]);
  });

  it('picks the best sentence holding the missing words', () => {
    const ranked = rankStatuteSentences('How long does a Freedonia agency have to respond, and what happens if the record is in storage?', 'Freedonia', ALL, 1);
    expect(sentenceHolding(ranked, [stemWord('storage')])?.id).toBe('sec:freedonia:9');
    expect(sentenceHolding(ranked, [stemWord('passport')])).toBeNull();
  });
});

describe('sentences that need the rest of their node', () => {
  const NOTIFY = node(
    '11(d)',
    'When a custodian finds that a requested record does not exist, the custodian shall notify the applicant:\n\n(1) if found on first review, immediately; or\n\n(2) if found after a search, within 30 days.\n\nAdded by Acts 2025, 89th Leg., R.S., Ch. 1, Sec. 2, eff.',
  );
  const SHORT = node(
    '12',
    'A denial shall be in writing and state its reasons. It shall also name the official responsible. (Code 1981, §12, enacted by Frd. L. 2012, p. 218, § 2.)',
  );

  it('reads a sentence ending in a colon with the items of its list, and stops before a history note', () => {
    const [best] = rankStatuteSentences('How quickly must the custodian tell me a record does not exist?', 'Freedonia', [NOTIFY], 1);
    expect(best!.quote).toContain('shall notify the applicant:');
    expect(best!.quote).toContain('immediately; or');
    expect(best!.quote).toContain('within 30 days.');
    expect(best!.quote).not.toContain('Added by Acts');
    expect(NOTIFY.text).toContain(best!.quote);
  });

  it('quotes a short node whole, sentence by sentence, without its history note', () => {
    const sentences = rankStatuteSentences('What must a denial letter say?', 'Freedonia', [SHORT], 1);
    expect(sentences[0]!.node_text).toBe(SHORT.text);
    const whole = withNextSentence(sentences, sentences[0]!).map((s) => s.quote);
    expect(whole).toEqual(['A denial shall be in writing and state its reasons.', 'It shall also name the official responsible.']);
    expect(isHistoryNote('(Code 1981, §12, enacted by Frd.')).toBe(true);
    expect(isHistoryNote('A denial shall be in writing.')).toBe(false);
  });

  it('leaves a long node to its best sentences', () => {
    const long = node('13', `${B.text} ${'The custodian shall keep a log of every request and of every answer it gives. '.repeat(8)}`);
    expect(long.text.length).toBeGreaterThan(700);
    expect(rankStatuteSentences('How long may production take?', 'Freedonia', [long], 1)[0]!.node_text).toBeUndefined();
  });
});

describe("the law's words for everyday ones", () => {
  it("does not let a phrase's small words join its group (\"not the custodian\" is no synonym of \"the\")", () => {
    const [wrong] = questionTerms('the wrong agency', 'Freedonia');
    expect(wrong!.stem).toBe(stemWord('wrong'));
    expect([...wrong!.also]).toEqual(expect.arrayContaining([stemWord('custodian')]));
    expect([...wrong!.also]).not.toContain('not');
    expect([...wrong!.also]).not.toContain('the');
  });

  it('reads "keep X from the public" as asking whether X is confidential', () => {
    const stems = questionTerms('Can an agency keep its drafts from the public?', 'Freedonia').map((t) => t.stem);
    expect(stems).toEqual(expect.arrayContaining([stemWord('drafts'), stemWord('confidential')]));
  });
});

describe('what the requester is asked to disclose', () => {
  it('reads "give my name" and "say why I want them" as the identity and the intended use the statutes speak of', () => {
    const stems = questionTerms('Can they insist that I give my name and say why I want the records?', 'Freedonia').map((t) => t.stem);
    expect(stems).toEqual(expect.arrayContaining([stemWord('identity'), stemWord('intended'), stemWord('purpose')]));
    expect(stems).not.toContain(stemWord('name'));
  });
});

describe('sentences a parent repeats and definitions', () => {
  it("keeps a subsection's sentence once, though its parent repeats it under the subsection's label", () => {
    const parent = node('4', '(a) A custodian shall answer within ten days. (b) A custodian that lacks the record shall say so within five days.');
    const child = node('4(b)', 'A custodian that lacks the record shall say so within five days.');
    const ranked = rankStatuteSentences('How soon must a custodian that lacks the record say so?', 'Freedonia', [parent, child], 1);
    expect(ranked.filter((s) => s.quote.includes('lacks the record'))).toHaveLength(1);
    expect(ranked[0]!.citation).toBe('Frd. Code § 4(b)');
  });

  it('ranks the items of a list of definitions as definitions', () => {
    const defined = { ...node('2(6)', 'Recording. — A video or audio recording made by a body-worn camera.'), lead_ins: [{ id: 'sec:freedonia:2', citation: 'Frd. Code § 2', quote: 'Definitions. — The following definitions apply in this section:' }] };
    const rule = node('5', 'Recordings are not public records and shall not be disclosed except by court order.');
    const ranked = rankStatuteSentences('Are body camera recordings public records?', 'Freedonia', [defined, rule], 1);
    expect(ranked[0]!.citation).toBe('Frd. Code § 5');
  });
});

describe('withNextSentence', () => {
  it("does not add a parent's copy of the same passage, cut at another place, as the next sentence", () => {
    const s = (citation: string, quote: string, score: number) => ({ id: `sec:freedonia:${citation}`, jurisdiction: 'freedonia', citation, quote, score, coverage: 0.5, matched: 2, lead_ins: [] });
    const child = s('Frd. Code § 3(c)(9)', 'Trade secrets, meaning confidential business information that is not patented', 5);
    const parent = s('Frd. Code § 3(c)', '(9) Trade secrets, meaning confidential business information that is not patented, which a concern keeps secret', 5);
    expect(withNextSentence([child, parent], child)).toEqual([child]);
  });
});

describe('a rule and its exception', () => {
  it('carries the sentence that qualifies a rule right after it, and quotes the two together', () => {
    const long = node('8', `${'Preamble words that say nothing of calls at all. '.repeat(14)}Reports made by telephone to 911 shall be inaccessible to the public. However, the date, time and location of the report are public. The custodian keeps the log.`);
    const ranked = rankStatuteSentences('Are 911 call reports public?', 'Freedonia', [long], 1);
    const rule = ranked.find((s) => s.quote.startsWith('Reports made by telephone'))!;
    expect(rule.exception).toBe('However, the date, time and location of the report are public.');
    expect(withNextSentence([rule], rule).map((s) => s.quote)).toEqual([rule.quote, 'However, the date, time and location of the report are public.']);
  });
});

describe('rankStatuteSentences: how rare a word is in the whole statute', () => {
  // Among the sections found, "storage" is in two and "certify" in one; in the whole statute, "storage" is rare and
  // "certify" is in nearly every node.
  const question = 'Must the custodian certify anything when the record sits in storage?';
  it('weighs a word by its rarity among the sections found, when the statute-wide counts are not known', () => {
    const pool = rankStatuteSentences(question, 'Freedonia', ALL, 1);
    expect(pool[0]!.id).toBe(STORAGE.id);
  });
  it('weighs it by its rarity in the whole statute when they are', () => {
    const certifyEverywhere = { nodes: 200, holding: { certify: 190, storage: 3, custodian: 150, sits: 2, anything: 40 } };
    const global = rankStatuteSentences(question, 'Freedonia', ALL, 1, certifyEverywhere);
    const storageEverywhere = { nodes: 200, holding: { certify: 3, storage: 190, custodian: 150, sits: 2, anything: 40 } };
    const other = rankStatuteSentences(question, 'Freedonia', ALL, 1, storageEverywhere);
    // The definition holds "storage" only: it gains on the certifying sentence when "storage" is the rare word.
    const share = (r: ReturnType<typeof rankStatuteSentences>, id: string) => r.find((s) => s.id === id)!.score / r.find((s) => s.id === STORAGE.id)!.score;
    expect(share(global, DEFINITION.id)).toBeGreaterThan(share(other, DEFINITION.id));
  });
});

describe('questionTerms: everyday words the statutes put otherwise', () => {
  const stems = (q: string) => questionTerms(q, 'Freedonia').flatMap((t) => [t.stem, ...t.also]);
  it('meets "memos" with "memorandums", a year or an age with the years a statute counts, "staff time" with personnel time', () => {
    expect(stems('Can they hold back the memos?')).toContain(stemWord('memorandums'));
    expect(stems('Is a 1985 policy file still secret?')).toEqual(expect.arrayContaining([stemWord('years'), stemWord('created')]));
    expect(stems('a 30-year-old memo')).toContain(stemWord('years'));
    expect(stems('Can they cap my free staff time?')).toEqual(expect.arrayContaining([stemWord('personnel'), stemWord('limit')]));
    expect(stems('They blew past the deadline and sent me a bill. Do I owe that?')).toEqual(expect.arrayContaining([stemWord('timely'), stemWord('fee')]));
    expect(stems('Can I make them put together a list for me?')).toContain(stemWord('compilation'));
  });
  it('leaves out a city standing for its state and when the thing asked about happened', () => {
    const q = 'Someone was arrested in Providence two days ago. How fast must the police release it?';
    const own = questionTerms(q, 'Freedonia').map((t) => t.stem);
    expect(own).toContain(stemWord('arrested'));
    expect(own).not.toContain(stemWord('Providence'));
    expect(own).not.toContain(stemWord('days'));
    expect(stems('How many days does the agency have?')).toContain(stemWord('days'));
  });
});

describe('accessSide', () => {
  it('tells a sentence that opens records from one that closes them, a negated closing word included', async () => {
    const { accessSide } = await import('./statute-sentences.js');
    expect(accessSide('An incident report shall be a public record.')).toBe('open');
    expect(accessSide('Nothing in this chapter shall be construed to exempt from public disclosure a law enforcement incident report.')).toBe('open');
    expect(accessSide('When in the possession of a law enforcement agency, investigative reports shall be exempt from the provisions of this chapter')).toBe('closed');
    expect(accessSide('Recordings are not public records as defined by G.S. 132-1.')).toBe('closed');
    // "Disclosed only as provided": a restriction, not an opening.
    expect(accessSide('Recordings in the custody of a law enforcement agency shall be disclosed only as provided by this section.')).not.toBe('open');
    expect(accessSide('A custodian shall produce a record within five working days of the request.')).toBeNull();
  });
});
