import type { ParsedSection } from '../../../core/law-model/source-types.js';
import type { DerivationContext, IndexedSource } from '../context.js';
import { findSentences, MAX_PROVISION_QUOTE, quoteFor, type IndexedSentence, type SentenceRule } from '../text/document-index.js';
import type { Basis } from '../../../core/law-model/law-model.js';
import { SPECIAL_SUBJECT } from '../text/special-subjects.js';

/**
 * Finds the text of the provision behind a right: by the citation the sources give (the cited
 * node of the statute file) and by the provision's language (a sentence matching the right's
 * rule). Quotes are verbatim spans of the parsed documents: the smallest node holding the
 * sentence when it is short enough to be one provision, else the sentence.
 */

/** A located provision. */
export interface ProvisionMatch {
  source: IndexedSource;
  sentence: IndexedSentence;
  node: ParsedSection;
  quote: string;
}

function match(source: IndexedSource, s: IndexedSentence): ProvisionMatch {
  const q = quoteFor(s, source.doc.kind === 'statute_text');
  return { source, sentence: s, node: q.node, quote: q.text };
}

/** A sentence that states a rule (has a verb of obligation or entitlement), not a heading. */
const OPERATIVE = /\b(shall|may|must|has|have|is entitled|are entitled|will|is required|are required|cannot|can|(is|are) (available|open))\b/i;

function isHeadingLike(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return text.length < 40 || (letters.length > 0 && letters === letters.toUpperCase()) || !OPERATIVE.test(text);
}

function score(text: string, prefer: readonly RegExp[]): number {
  let n = isHeadingLike(text) ? 0 : 2;
  for (const re of prefer) if (re.test(text)) n += 2;
  if (SPECIAL_SUBJECT.test(text)) n -= 3;
  // List items of exemption catalogues ("(6) Scholastic probation ... records") are rarely the grant itself.
  if (/\b(closed records?|exempt(ed)? from|confidential)\b/i.test(text)) n -= 1;
  if (text.length > 800) n -= 1;
  return n;
}

/**
 * Best sentence matching `rule` in `source` (inside node `within` when given): operative
 * sentences before headings, sentences with the `prefer` words first, special subjects last.
 */
export function findProvision(source: IndexedSource, rule: SentenceRule, within?: string | null, prefer: readonly RegExp[] = []): ProvisionMatch | null {
  const hits = findSentences(source.index, rule, within);
  let best: IndexedSentence | null = null;
  let bestScore = -Infinity;
  for (const h of hits) {
    const sc = score(h.text, prefer);
    if (sc > bestScore) {
      best = h;
      bestScore = sc;
    }
  }
  return best ? match(source, best) : null;
}

/** Whether a located provision is about a special subject (and so weak evidence on its own). */
export function isSpecialSubject(m: ProvisionMatch): boolean {
  return SPECIAL_SUBJECT.test(m.sentence.text);
}

const STOP = new Set(['shall', 'must', 'that', 'this', 'with', 'from', 'have', 'been', 'such', 'which', 'when', 'where', 'their', 'they', 'will', 'records', 'record', 'public', 'agency', 'agencies', 'under', 'upon', 'other', 'into', 'more', 'than']);

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !STOP.has(w)));
}

/**
 * The statute text a citation names. A short node is quoted whole; in a long one, the sentence
 * matching `rule`, else the sentence sharing most words with `about`, is quoted.
 */
export function provisionByCitation(ctx: DerivationContext, citation: string | null, rule: SentenceRule | null, about: string | null): ProvisionMatch | null {
  const statute = ctx.statute;
  if (!statute || !citation) return null;
  const label = statute.lookup.resolve(citation);
  if (!label) return null;
  const node = statute.index.byLabel.get(label);
  if (!node) return null;
  const inNode = statute.index.sentences.filter((s) => s.node.label === label || s.top.label === label || statute.index.descendants(label).some((d) => d.label === s.node.label));
  if (node.text.length <= MAX_PROVISION_QUOTE && inNode[0]) return { source: statute, sentence: inNode[0], node, quote: node.text };
  if (rule) {
    const byRule = findProvision(statute, rule, label);
    if (byRule) return byRule;
  }
  if (!about) return null;
  const target = words(about);
  let best: IndexedSentence | null = null;
  let bestScore = 1;
  for (const s of inNode) {
    const score = [...words(s.text)].filter((w) => target.has(w)).length;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best ? match(statute, best) : null;
}

/** Basis of a located provision. */
export function provisionBasis(m: ProvisionMatch): Basis {
  return {
    sourceKind: m.source.doc.kind,
    sourcePath: m.source.doc.sourcePath,
    quote: m.quote,
    sectionLabel: m.node.label,
    citation: m.source.doc.kind === 'statute_text' ? m.node.citation : null,
    field: null,
  };
}
