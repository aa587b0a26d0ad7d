import type { TransparencyService } from '../../transparency/transparency-service.js';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import type { ChatCitation, ChatSource } from '../chat-types.js';
import type { LawContextSnapshot } from '../law-context.js';
import type { ReadQuestion } from '../question/read-question.js';
import type { LawTools } from '../retrieval/law-tools.js';
import { verifyCitations, type RemovedCitation } from './citation-verifier.js';
import { composeParts } from './compose-answer.js';
import type { EvidenceFinder } from './evidence-finder.js';
import { searchSources } from './general-answer.js';
import { renderDraft, type FinalDraft } from './render-draft.js';

/** A draft with everything the answer reports about how it was made. */
export interface PreparedDraft {
  draft: FinalDraft;
  removed: RemovedCitation[];
  sources: ChatSource[];
}

export interface DraftMakerDeps {
  transparency: Pick<TransparencyService, 'recordTexts'>;
  tools: LawTools;
  evidence: EvidenceFinder;
  /** Records the hybrid search finds for a question, with their texts. */
  retrieve(query: string, jurisdictions: string[]): Promise<LawRecordText[]>;
}

function uniqueSources(list: ChatSource[]): ChatSource[] {
  const seen = new Set<string>();
  return list.filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true)));
}

function lookupSources(citations: ChatCitation[], records: ReadonlyMap<string, LawRecordText>): ChatSource[] {
  return citations.flatMap((c) => {
    const r = records.get(c.id);
    return r ? [{ id: r.id, type: r.type, jurisdiction: r.jurisdiction, citation: r.citation, title: r.title, found_by: 'lookup' as const }] : [];
  });
}

/**
 * From a read question to a verified draft: search (hybrid retriever) and look up (law
 * tools), compose the claims, find the evidence, verify every citation against the
 * database, number what passed. The answer chain and the research workflow share it.
 */
export function createDraftMaker(deps: DraftMakerDeps) {
  return {
    async make(q: ReadQuestion, ctx: LawContextSnapshot): Promise<PreparedDraft> {
      const scope = q.jurisdictions.length > 0 && q.jurisdictions.length <= 3 ? q.jurisdictions : [];
      // Search failing must not sink an answer the structured data can give.
      const passages = await deps.retrieve(q.text, scope).catch(() => [] as LawRecordText[]);
      const parts = await composeParts(q, deps.tools, ctx, passages);
      const found = await deps.evidence.find(parts.requests);
      for (const [k, v] of parts.known) found.set(k, v);
      const { verified, removed, records } = await verifyCitations(deps.transparency, found);
      const draft = renderDraft(parts, verified);
      const sources = uniqueSources([...lookupSources(draft.citations, records), ...parts.sources, ...searchSources(passages)]);
      return { draft, removed, sources };
    },
  };
}

export type DraftMaker = ReturnType<typeof createDraftMaker>;
