import type { LawRecordText } from '../../transparency/transparency-views.js';
import type { ChatSource } from '../chat-types.js';
import { absence, aggregate, emptyParts, fact, note, type DraftParts } from './draft.js';
import { capital } from './law-record-shapes.js';
import { densestSentence, openingQuote, sentenceSpans } from './quote.js';
import { isHistoryNote, type StatuteSentence } from './statute-sentences.js';

const STOP = new Set([
  'what', 'which', 'when', 'where', 'does', 'have', 'with', 'that', 'this', 'from', 'under', 'about', 'there', 'their', 'they',
  'records', 'record', 'public', 'state', 'states', 'law', 'laws', 'request', 'requests', 'agency', 'agencies', 'can', 'could',
  'would', 'should', 'will', 'into', 'your', 'mine', 'how', 'the', 'and', 'for', 'are', 'any', 'get',
  // Words of asking, not of the subject asked about.
  'want', 'need', 'happen', 'happens', 'someone', 'anyone', 'able', 'allowed', 'tell', 'know',
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
  // The law's own words first: statute sections before summaries and process maps, in search order.
  const ordered = [...records.filter((r) => r.type === 'statute_section'), ...records.filter((r) => r.type !== 'statute_section')];
  const quoted = ordered.flatMap((r) => {
    const quote = densestSentence(r.text, terms) ?? openingQuote(r.text);
    // A heading alone says nothing a reader can rely on; a sentence holding one word of the question rarely answers it.
    if (isHeadingOnly(quote, r.title) || matchedTerms(quote, terms) < Math.min(2, terms.length)) return [];
    return [{ r, quote: quote.replace(/\s+/g, ' ') }];
  });
  const best = quoted[0];
  if (!best) {
    parts.lead.push(absence(`The law database holds no passage that answers this question${where ? ` ${where}` : ''}.`));
    return parts;
  }
  for (const { r, quote } of quoted) parts.known.set(`passage:${r.id}`, { id: r.id, citation: r.citation, jurisdiction: r.jurisdiction, quote });
  if (best.r.type === 'statute_section') {
    // The statute sentence that holds most of the question's words, quoted as the answer, cited.
    parts.lead.push(fact(`${where ? `${capital(where)}, t` : 'T'}he law says (${best.r.citation ?? shortTitle(best.r.title)}): "${best.quote}"`, `passage:${best.r.id}`));
  } else {
    parts.lead.push(aggregate(`These are the passages of the law database that match the question${where ? ` ${where}` : ''}; read them rather than a summary.`));
  }
  for (const { r, quote } of quoted.slice(best.r.type === 'statute_section' ? 1 : 0)) {
    // Summary and process-map sections carry their heading trail as "citation": only statute citations are shown.
    const legal = r.type === 'summary' || r.type === 'process_map' ? null : r.citation;
    parts.body.push(fact(`${shortTitle(r.title)}${legal ? ` (${legal})` : ''}: "${quote}"`, `passage:${r.id}`));
  }
  return parts;
}

/** The share of the question a statute sentence must hold to be stated as its answer. */
const MIN_COVERAGE = 0.35;
/** A further sentence of the same section is added when it scores at least this share of the best. */
const NEXT_SHARE = 0.6;

/** "Miss. Code Ann. § 25-61-5(1)(b)" → "Miss. Code Ann. § 25-61-5": sentences of one section belong together. */
function sectionOf(citation: string | null): string | null {
  return citation ? citation.replace(/(?:\([A-Za-z0-9.]{1,6}\))+\s*$/, '').trim() : null;
}

/**
 * The statute sentences that answer the question, as the answer's lead: the best, quoted and
 * cited, and the best further sentence of the same section when it also holds the question
 * (a deadline's exception, a duty's time limit). False when none holds `minCoverage` of it.
 */
export function composeFromSentences(where: string | null, sentences: readonly StatuteSentence[], parts: DraftParts, minCoverage = MIN_COVERAGE): boolean {
  const best = sentences[0];
  if (!best || best.coverage < minCoverage) return false;
  quoteSentences(parts, withNextSentence(sentences, best), `${where ? `${capital(where)}, t` : 'T'}he law says`, '');
  return true;
}

/**
 * `first`, and the best further sentence of the same section when it also holds the question
 * (a deadline's exception, a duty's time limit, the rule beside its "however").
 */
export function withNextSentence(sentences: readonly StatuteSentence[], first: StatuteSentence): StatuteSentence[] {
  // A short node is read whole, sentence by sentence: its other sentences are the rule's exceptions and conditions.
  if (first.node_text && first.node_text.includes(first.quote)) {
    const out: StatuteSentence[] = [];
    for (const quote of sentenceSpans(first.node_text)) {
      if (quote.length < 25 || isHistoryNote(quote) || out.some((s) => s.quote.includes(quote))) continue;
      out.push(first.quote.includes(quote) || quote.includes(first.quote) ? first : { ...first, quote, lead_ins: [] });
    }
    // The best sentence once: a list it introduces already holds the items that follow.
    const whole = out.filter((s, i) => s !== first || out.indexOf(first) === i);
    if (whole.length > 1) return whole;
  }
  const next = sentences.find(
    (s) =>
      s.quote !== first.quote &&
      !first.quote.includes(s.quote) &&
      !s.quote.includes(first.quote) &&
      !samePassage(s.quote, first.quote) &&
      sectionOf(s.citation) === sectionOf(first.citation) &&
      s.score >= NEXT_SHARE * first.score,
  );
  if (next) return [first, next];
  // Else the exception its node makes to it right after ("However, the date, time and location … are public"): a rule
  // is not quoted without the words that qualify it.
  return first.exception ? [first, { ...first, quote: first.exception, lead_ins: [], exception: undefined }] : [first];
}

/** Two quotes of one passage, cut at different places (a parent's copy of its subsection's sentence, "(9) Trade …"). */
function samePassage(a: string, b: string): boolean {
  const opening = (q: string) => q.replace(/^\(\w{1,5}\)\s*/, '').replace(/\s+/g, ' ').slice(0, 60);
  return opening(a) === opening(b);
}

/** Sentences quoted one after the other, the first with `opening`, the rest with "It also says". */
export function quoteSentences(parts: DraftParts, chosen: readonly StatuteSentence[], opening: string, keyPrefix: string): void {
  chosen.forEach((s, i) => quoteSentence(parts, s, i === 0 ? opening : 'It also says', `${keyPrefix}${i}`));
}

/**
 * A statute sentence quoted in the lead ("The law says (§ …): "…""), its evidence the sentence
 * itself; a list item after the words that introduce its list, each quoted from its own node
 * ("(§ 44-04-18.7(2)): "… does not include:" … (§ 44-04-18.7(2)(g)): "Radio log …"").
 */
export function quoteSentence(parts: DraftParts, s: StatuteSentence, opening: string, keySuffix: string): void {
  const key = `sentence:${s.id}:${keySuffix}`;
  const leadKeys = s.lead_ins.map((l, i) => {
    const k = `${key}:lead-in:${i}`;
    parts.known.set(k, { id: l.id, citation: l.citation, jurisdiction: s.jurisdiction, quote: l.quote });
    return k;
  });
  parts.known.set(key, { id: s.id, citation: s.citation, jurisdiction: s.jurisdiction, quote: s.quote });
  const quoted = [...s.lead_ins.map((l) => `(${l.citation ?? 'statute'}): "${oneLine(l.quote)}" … `), `(${s.citation ?? 'statute'}): "${oneLine(s.quote)}"`];
  // A quote that does not end a sentence of its own is closed after the quotation mark, so that the claim is one
  // sentence to whoever splits the answer into sentences (the phrasing guard among them).
  const closing = /[.!?]$/.test(oneLine(s.quote)) ? '' : '.';
  parts.lead.push(fact(`${opening} ${quoted.join('')}${closing}`, ...leadKeys, key));
}

/** A quote on one line; a clause's closing semicolon or comma is left out (it ends nothing the reader sees). */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').replace(/\s*[;,]\s*$/, '');

/** How many of the question's word stems a quote holds. */
function matchedTerms(quote: string, terms: readonly string[]): number {
  const lower = quote.toLowerCase();
  return terms.filter((t) => lower.includes(t)).length;
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
