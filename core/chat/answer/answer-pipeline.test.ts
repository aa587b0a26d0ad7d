import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import type { ChatCitation } from '../chat-types.js';
import { DraftEchoChatModel } from '../models/testing/draft-echo-model.js';
import { contextOf, detailOf, fakeEvidence, fakeRecords, fakeTools } from '../testing/law-fixtures.js';
import { createAnswerPipeline } from './answer-pipeline.js';
import { createDraftMaker } from './draft-maker.js';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';

const SECTION: LawRecordText = {
  id: 'sec:texas:1.01', type: 'statute_section', jurisdiction: 'texas', citation: 'Tex. Code § 1.01', title: 'Deadline (invented)',
  text: 'Invented text. The officer answers within 10 business days after the request. Other words.', category: null,
};
const GOOD: ChatCitation = { id: SECTION.id, citation: SECTION.citation, jurisdiction: 'texas', quote: 'The officer answers within 10 business days after the request.' };

function pipeline(model: BaseChatModel, evidence: Record<string, ChatCitation> = { 'deadline:texas': GOOD }, firstSentenceMs = 2000) {
  const tools = fakeTools({ details: [detailOf({ slug: 'texas', name: 'Texas', deadline: { days: 10, unit: 'business' } })] });
  const drafts = createDraftMaker({ transparency: fakeRecords([SECTION]), tools, evidence: fakeEvidence(evidence), retrieve: async () => [] });
  return createAnswerPipeline({
    lawContext: contextOf([{ slug: 'texas', name: 'Texas', type: 'state' }]),
    drafts,
    model,
    modelId: 'fake',
    phraseTimeoutMs: 2000,
    firstSentenceMs,
    maxPhrasedChars: 600,
  });
}

function recorder() {
  const events: Array<[string, unknown]> = [];
  return {
    events,
    handlers: {
      sources: (s: unknown) => events.push(['sources', s]),
      citation: (c: unknown) => events.push(['citation', c]),
      token: (t: string) => events.push(['token', t]),
    },
  };
}

const QUESTION = 'How long does an agency in Texas have to respond?';

describe('answer pipeline', () => {
  it('keeps a faithful phrasing, cites the verified record, and streams sources, citations, then tokens', async () => {
    const model = new FakeListChatModel({ responses: ['A Texas agency has 10 business days to respond to a public-records request [1].'] });
    const r = recorder();
    const a = await pipeline(model).answer({ question: QUESTION }, r.handlers);
    expect(a.answer).toBe('A Texas agency has 10 business days to respond to a public-records request [1].');
    expect(a.citations).toEqual([GOOD]);
    expect(a.meta).toMatchObject({ kind: 'deadline', jurisdictions: ['texas'], phrased: true, removed_citations: [], premise_corrected: false });
    expect(r.events.map(([e]) => e)).toEqual(['sources', 'citation', 'token']);
    expect(r.events.filter(([e]) => e === 'token').map(([, t]) => t).join('')).toBe(a.answer);
  });

  it('sends the draft at once when the model keeps no sentence within the first-sentence budget', async () => {
    // 40 ms a chunk: the model's first sentence would take seconds; the reader gets the draft instead.
    const model = new FakeListChatModel({ responses: ['A Texas agency has 10 business days to respond to a public-records request [1].'], sleep: 40 });
    const r = recorder();
    const a = await pipeline(model, undefined, 150).answer({ question: QUESTION }, r.handlers);
    expect(a.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request [1].');
    expect(a.meta.phrased).toBe(false);
    expect(a.phrase?.stopped).toBe('slow');
    expect(a.phrase?.kept).toEqual([]);
    expect(r.events.filter(([e]) => e === 'token').map(([, t]) => t).join('')).toBe(a.answer);
  });

  it('falls back to the draft when the model changes a number', async () => {
    const model = new FakeListChatModel({ responses: ['A Texas agency has 15 business days to respond [1].'] });
    const a = await pipeline(model).answer({ question: QUESTION });
    expect(a.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request [1].');
    expect(a.meta.phrased).toBe(false);
    expect(a.meta.rejected).toEqual([{ sentence: 'A Texas agency has 15 business days to respond [1].', reason: 'number not in the draft' }]);
  });

  it('sends the draft\'s sentence when the model drops the citation', async () => {
    const model = new FakeListChatModel({ responses: ['A Texas agency has 10 business days to respond to a public-records request.'] });
    const a = await pipeline(model).answer({ question: QUESTION });
    expect(a.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request [1].');
    expect(a.meta.rejected[0]!.reason).toBe('drops a number or citation marker of the draft');
  });

  it('removes a citation whose quote is not in the record and says the claim is not supported', async () => {
    const forged = { ...GOOD, quote: 'The officer answers within 3 days.' };
    const a = await pipeline(new DraftEchoChatModel(), { 'deadline:texas': forged }).answer({ question: QUESTION });
    expect(a.citations).toEqual([]);
    expect(a.meta.removed_citations).toEqual([{ id: SECTION.id, reason: 'quote_not_in_record' }]);
    expect(a.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request (not supported by a document in the law database).');
  });

  it('removes a citation to a record the database does not have', async () => {
    const a = await pipeline(new DraftEchoChatModel(), { 'deadline:texas': { ...GOOD, id: 'sec:texas:9.99' } }).answer({ question: QUESTION });
    expect(a.meta.removed_citations).toEqual([{ id: 'sec:texas:9.99', reason: 'not_found' }]);
  });

  it('corrects a false premise from the data, whatever the model says', async () => {
    const model = new FakeListChatModel({ responses: ['Yes, the deadline in Texas is 3 days.'] });
    const a = await pipeline(model).answer({ question: 'What is the 3-day deadline in Texas?' });
    expect(a.answer).toBe('No: the question assumes a deadline of 3 days, but in Texas the deadline is 10 business days [1].');
    expect(a.meta.premise_corrected).toBe(true);
  });

  it('keeps a faithful restatement of a two-sentence correction', async () => {
    const a = await pipeline(new DraftEchoChatModel()).answer({ question: 'What is the 3-day deadline in Texas?' });
    expect(a.meta.rejected).toEqual([]);
    expect(a.meta.phrased).toBe(true);
  });

  it('gives the model the draft and the question, and keeps the echo', async () => {
    const model = new DraftEchoChatModel();
    const a = await pipeline(model).answer({ question: QUESTION });
    expect(model.prompts[0]).toContain('Draft: In Texas, an agency has 10 business days to respond to a public-records request [1].');
    expect(a.meta).toMatchObject({ phrased: true, usage: { prompt_tokens: 10, completion_tokens: 5 } });
  });

  it('sends the draft without calling the model once the client has gone', async () => {
    const model = new DraftEchoChatModel();
    const gone = new AbortController();
    gone.abort();
    const a = await pipeline(model).answer({ question: QUESTION, signal: gone.signal });
    expect(model.prompts).toEqual([]);
    expect(a.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request [1].');
  });
});
