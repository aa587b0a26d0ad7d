import type { LawRecordText } from '../../transparency/transparency-views.js';
import type { ChatSource } from '../chat-types.js';
import { absence, aggregate, emptyParts, fact, note, type DraftParts } from './draft.js';
import { densestSentence, openingQuote } from './quote.js';

const STOP = new Set([
  'what', 'which', 'when', 'where', 'does', 'have', 'with', 'that', 'this', 'from', 'under', 'about', 'there', 'their', 'they',
  'records', 'record', 'public', 'state', 'states', 'law', 'laws', 'request', 'requests', 'agency', 'agencies', 'can', 'could',
  'would', 'should', 'will', 'into', 'your', 'mine', 'how', 'the', 'and', 'for', 'are', 'any', 'get',
]);

/** The question's content words, longest first (the most specific make the best quote anchors). */
export function contentWords(question: string): string[] {
  const words = question.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))].sort((a, b) => b.length - a.length);
}

/** The last part of a heading trail ("Florida … — Fee Structure — Prohibited Charges" → "Prohibited Charges"). */
function shortTitle(title: string): string {
  return title.split(' — ').pop()!.trim();
}

/** Stems of up to six letters, so "inspect" finds "inspection" and "disclosed" finds "disclosure". */
function stems(words: string[]): string[] {
  return [...new Set(words.map((w) => (w.length > 6 ? w.slice(0, 6) : w)))];
}

/**
 * A question the structured data does not answer: the records search found, each quoted
 * where it holds the question's words. The answer says plainly that these are the
 * passages found, not a conclusion.
 */
export function composeFromPassages(question: string, where: string | null, records: LawRecordText[]): DraftParts {
  const parts = emptyParts();
  if (records.length === 0) {
    parts.lead.push(absence(`The law database holds nothing that matches this question${where ? ` ${where}` : ''}.`));
    parts.body.push(note('Ask about a jurisdiction\'s deadline, fees and fee waivers, attorney fees, residency, appeals, exemptions or the name of its law, or compare one of these across states.'));
    return parts;
  }
  const terms = stems(contentWords(question));
  parts.lead.push(aggregate(`These are the passages of the law database that match the question${where ? ` ${where}` : ''}; read them rather than a summary.`));
  for (const r of records) {
    const quote = densestSentence(r.text, terms) ?? openingQuote(r.text);
    // A heading alone says nothing a reader can rely on.
    if (isHeadingOnly(quote, r.title)) continue;
    const key = `passage:${r.id}`;
    parts.known.set(key, { id: r.id, citation: r.citation, jurisdiction: r.jurisdiction, quote });
    // Summary and process-map sections carry their heading trail as "citation": only statute citations are shown.
    const legal = r.type === 'summary' || r.type === 'process_map' ? null : r.citation;
    parts.body.push(fact(`${shortTitle(r.title)}${legal ? ` (${legal})` : ''}: "${quote.replace(/\s+/g, ' ')}"`, key));
  }
  if (parts.body.length === 0) {
    parts.lead = [absence(`The law database holds no passage that answers this question${where ? ` ${where}` : ''}.`)];
  }
  return parts;
}

/** A quote that is only a Markdown heading or the record's own title. */
function isHeadingOnly(quote: string, title: string): boolean {
  const q = quote.trim();
  return /^#{1,6}\s/.test(q) || q.replace(/[#*:\s]+/g, ' ').trim() === shortTitle(title).replace(/[#*:\s]+/g, ' ').trim();
}

/** Search hits as sources. */
export function searchSources(records: LawRecordText[]): ChatSource[] {
  return records.map((r) => ({ id: r.id, type: r.type, jurisdiction: r.jurisdiction, citation: r.citation, title: r.title, found_by: 'search' }));
}
