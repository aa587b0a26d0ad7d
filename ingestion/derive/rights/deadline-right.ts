import { documentProvenance, recordProvenance, type DerivationContext } from '../context.js';
import { quoteFor } from '../text/document-index.js';
import type { Basis, Deadline, DerivedResponseRequirements, DerivedRight, StatutoryText } from '../../../core/law-model/law-model.js';

/**
 * The right to an answer within the law's deadline, built from the derived response
 * requirements (which already weighed the structured number against the texts).
 */

function kindWords(d: Deadline): string {
  return d.kind === 'acknowledgment' ? 'Acknowledgment of the request' : 'Response to the request';
}

/** Verbatim text for a basis: the statute node when it is short or mostly this sentence, else the sentence. */
function textOf(ctx: DerivationContext, b: Basis): StatutoryText {
  if (b.sourceKind === 'statute_text' && ctx.statute && b.sectionLabel) {
    const sentence = ctx.statute.index.sentences.find((s) => s.node.label === b.sectionLabel && s.text === b.quote);
    if (sentence) {
      const q = quoteFor(sentence);
      return { text: q.text, sourceKind: 'statute_text', sourcePath: b.sourcePath, sectionLabel: q.node.label, field: null };
    }
  }
  return { text: b.quote, sourceKind: b.sourceKind, sourcePath: b.sourcePath, sectionLabel: b.sectionLabel, field: b.field };
}

const RANK: Record<string, number> = { statute_text: 0, summary: 1, process_map: 2, structured: 3 };

/** The timeliness right, or null when the law states no fixed deadline. */
export function deadlineRight(ctx: DerivationContext, response: DerivedResponseRequirements): DerivedRight | null {
  const d = response.initialDeadline;
  if (!d) return null;
  const evidence = [d.basis, ...d.corroboratedBy];
  const best = [...evidence].sort((a, b) => (RANK[a.sourceKind] ?? 9) - (RANK[b.sourceKind] ?? 9))[0] as Basis;
  const statutory = textOf(ctx, best);
  const unit = `${d.unit} day${d.days === 1 ? '' : 's'}`;
  const ext = response.extension;
  const conditions = [
    d.appliesTo ? `Applies to ${d.appliesTo}.` : null,
    d.unitInferred ? 'The source says only "days"; read as calendar days.' : null,
    ext?.allowed ? `Extension: ${ext.statement}` : null,
  ].filter((x): x is string => x !== null);
  const requesters = ctx.record.requester.residencyRequired === true ? `Residents/citizens of ${ctx.record.name}` : 'Any person';
  const kinds = [...new Set(evidence.map((b) => b.sourceKind.replace('_', ' ')))].join(', ');
  return {
    key: `${ctx.slug}:timeliness:response_deadline`,
    category: 'timeliness',
    title: `${kindWords(d)} within ${d.days} ${unit}`,
    citation: best.citation ?? ctx.record.law.citation,
    statutoryText: statutory,
    conditions: conditions.length ? conditions.join(' ') : null,
    appliesTo: requesters,
    analysis: `${kindWords(d)} is due within ${d.days} ${unit} of receipt${d.appliesTo ? ` (${d.appliesTo})` : ''}. Sources stating this period: ${kinds}.`,
    implementationNotes: null,
    requestTips: null,
    evidence,
    provenance: best.sourceKind === 'structured' ? recordProvenance(ctx.record) : provenanceOf(ctx, best),
  };
}

function provenanceOf(ctx: DerivationContext, b: Basis): DerivedRight['provenance'] {
  const doc = [ctx.statute, ctx.summary, ...ctx.processMaps].find((s) => s?.doc.sourcePath === b.sourcePath)?.doc;
  return doc ? documentProvenance(doc) : { sourcePath: b.sourcePath, sourceKind: b.sourceKind, verifiedDate: null };
}
