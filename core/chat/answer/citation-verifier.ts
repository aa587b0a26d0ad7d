import type { TransparencyService } from '../../transparency/transparency-service.js';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import type { ChatCitation } from '../chat-types.js';
import { containsQuote } from './quote.js';

/** A citation that did not pass, and why. */
export interface RemovedCitation {
  id: string;
  reason: 'not_found' | 'jurisdiction_mismatch' | 'citation_mismatch' | 'quote_not_in_record';
}

export interface VerifiedCitations {
  /** By the caller's key. */
  verified: Map<string, ChatCitation>;
  removed: RemovedCitation[];
  /** The records of the verified citations (for naming them as sources). */
  records: Map<string, LawRecordText>;
}

/**
 * Checks every citation against the database just before it is sent: the record exists
 * (so `GET /api/v1/documents/{id}` resolves it), belongs to the jurisdiction claimed,
 * carries the legal citation claimed, and holds the quote verbatim (whitespace aside).
 * Whatever fails is removed; the answer then says the claim is not supported.
 */
export async function verifyCitations(transparency: Pick<TransparencyService, 'recordTexts'>, byKey: ReadonlyMap<string, ChatCitation | null>): Promise<VerifiedCitations> {
  const candidates = [...byKey].filter((e): e is [string, ChatCitation] => e[1] !== null);
  const texts = await transparency.recordTexts(candidates.map(([, c]) => c.id));
  const byId = new Map(texts.map((r) => [r.id, r]));
  const verified = new Map<string, ChatCitation>();
  const removed: RemovedCitation[] = [];
  for (const [key, c] of candidates) {
    const r = byId.get(c.id);
    const reason: RemovedCitation['reason'] | null = !r
      ? 'not_found'
      : r.jurisdiction !== c.jurisdiction
        ? 'jurisdiction_mismatch'
        : r.citation !== c.citation
          ? 'citation_mismatch'
          : !containsQuote(r.text, c.quote)
            ? 'quote_not_in_record'
            : null;
    if (reason) removed.push({ id: c.id, reason });
    else verified.set(key, c);
  }
  const records = new Map([...verified.values()].map((c) => [c.id, byId.get(c.id)!]));
  return { verified, removed, records };
}
