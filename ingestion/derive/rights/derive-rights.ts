import type { JurisdictionRecord } from '../../records/jurisdiction-record-types.js';
import { documentProvenance, fieldBasis, recordProvenance, type DerivationContext } from '../context.js';
import { matchesRule } from '../text/document-index.js';
import type { Basis, DerivedResponseRequirements, DerivedRight, StatutoryText } from '../../../core/law-model/law-model.js';
import { ACCESS_RIGHTS } from './definitions-access.js';
import { PROCESS_RIGHTS } from './definitions-process.js';
import { REMEDY_RIGHTS } from './definitions-remedies.js';
import { SERVICE_RIGHTS } from './definitions-service.js';
import { findProvision, isSpecialSubject, provisionBasis, provisionByCitation, type ProvisionMatch } from './provision-text.js';
import type { FieldEvidence, RightDefinition } from './right-definition.js';
import { deadlineRight } from './deadline-right.js';

/** Every right definition, in display order. */
export const RIGHT_DEFINITIONS: readonly RightDefinition[] = [...ACCESS_RIGHTS, ...PROCESS_RIGHTS, ...SERVICE_RIGHTS, ...REMEDY_RIGHTS];

/** Who may use the law's rights in general: residents only where the law limits it so. */
export function requestersOf(r: JurisdictionRecord): string {
  if (r.requester.residencyRequired === true) return `Residents/citizens of ${r.name}`;
  return 'Any person';
}

function upstreamField(record: JurisdictionRecord, f: FieldEvidence): Basis {
  const b = fieldBasis(record, f.path, f.value);
  return f.path.startsWith('obligations.') ? { ...b, field: `agency_obligations.${f.path.slice('obligations.'.length)}` } : b;
}

function statutoryText(m: ProvisionMatch | null, fields: Basis[]): StatutoryText | null {
  if (m) return { text: m.quote, sourceKind: m.source.doc.kind, sourcePath: m.source.doc.sourcePath, sectionLabel: m.node.label, field: null };
  const f = fields.find((b) => b.quote.length > 12) ?? fields[0];
  return f ? { text: f.quote, sourceKind: 'structured', sourcePath: f.sourcePath, sectionLabel: null, field: f.field } : null;
}

/** Statute or summary language that refutes the right, if any. */
function refutingText(ctx: DerivationContext, def: RightDefinition): ProvisionMatch | null {
  if (!def.refuteRule) return null;
  for (const source of [ctx.statute, ctx.summary]) {
    if (!source) continue;
    const hit = findProvision(source, def.refuteRule);
    if (hit) return hit;
  }
  return null;
}

/** Locates the provision: by the cited node first, then by language in each source. */
function locate(ctx: DerivationContext, def: RightDefinition): { statute: ProvisionMatch | null; others: ProvisionMatch[] } {
  const cite = def.cite?.(ctx.record) ?? null;
  let statute: ProvisionMatch | null = null;
  if (ctx.statute) {
    const label = ctx.statute.lookup.resolve(cite);
    statute = (label ? findProvision(ctx.statute, def.rule, label, def.prefer) : null) ?? findProvision(ctx.statute, def.rule, null, def.prefer);
  }
  const others = [ctx.summary, ...ctx.processMaps]
    .filter((s): s is NonNullable<typeof s> => s !== null)
    .map((s) => findProvision(s, def.rule, null, def.prefer))
    .filter((m): m is ProvisionMatch => m !== null);
  return { statute, others };
}

/** Applies one definition; null when the sources do not support the right (or refute it). */
export function deriveRight(ctx: DerivationContext, def: RightDefinition): DerivedRight | null {
  const r = ctx.record;
  const fields = def.fields?.(r) ?? [];
  const { statute, others } = locate(ctx, def);
  const textMatches = [statute, ...others].filter((m): m is ProvisionMatch => m !== null);
  // Text alone supports a right only when the quoted sentence is about the general law, not a special subject.
  const supported = fields.length > 0 || textMatches.some((m) => def.textAlone.includes(m.source.doc.kind) && !isSpecialSubject(m));
  if (!supported) return null;
  const refuted = def.refutedBy?.(r) ?? null;
  const refutingQuote = refuted ? null : refutingText(ctx, def);
  if (refuted || refutingQuote) {
    ctx.discrepancies.push({
      topic: `right:${def.category}:${def.name}`,
      description: `Evidence for "${def.title}" exists, but ${refuted ? `the record's ${refuted.path} says otherwise` : 'the statute or summary text limits it'}.`,
      resolution: 'Right not asserted.',
      basis: [...(refuted ? [upstreamField(r, refuted)] : []), ...(refutingQuote ? [provisionBasis(refutingQuote)] : []), ...textMatches.slice(0, 1).map(provisionBasis)],
    });
    return null;
  }
  const fieldEvidence = fields.map((f) => upstreamField(r, f));
  const texts = textMatches.map(provisionBasis);
  // A statute sentence on a special subject is a poor quote when a general one exists elsewhere.
  const general = [statute, ...others].find((m): m is ProvisionMatch => m !== null && !isSpecialSubject(m));
  const best = general ?? statute ?? others[0] ?? null;
  const text = statutoryText(best, fieldEvidence);
  if (!text) return null;
  const requesters = requestersOf(r);
  const provenance = best ? documentProvenance(best.source.doc) : recordProvenance(r);
  return {
    key: `${ctx.slug}:${def.category}:${def.name}`,
    category: def.category,
    title: def.title,
    citation: (best && best === statute ? statute.node.citation : null) ?? def.cite?.(r) ?? r.law.citation,
    statutoryText: text,
    conditions: def.conditions?.(r) ?? null,
    appliesTo: def.appliesTo ? def.appliesTo(r, requesters) : requesters,
    analysis: `${def.explain(r, { fields, texts })} ${evidenceNote(fieldEvidence, texts)}`,
    implementationNotes: null,
    requestTips: null,
    evidence: [...fieldEvidence, ...texts],
    provenance,
  };
}

function evidenceNote(fields: Basis[], texts: Basis[]): string {
  const parts: string[] = [];
  if (fields.length) parts.push(`structured record (${[...new Set(fields.map((f) => f.field))].join(', ')})`);
  for (const kind of ['statute_text', 'summary', 'process_map'] as const) {
    const t = texts.find((x) => x.sourceKind === kind);
    if (t) parts.push(kind === 'statute_text' ? `statute text${t.citation ? ` (${t.citation})` : ''}` : kind.replace('_', ' '));
  }
  return `Sources: ${parts.join('; ')}.`;
}

/** All rights supported by the sources for one jurisdiction (upstream lists merged by the caller). */
export function deriveRights(ctx: DerivationContext, response: DerivedResponseRequirements): DerivedRight[] {
  const out: DerivedRight[] = [];
  const deadline = deadlineRight(ctx, response);
  if (deadline) out.push(deadline);
  for (const def of RIGHT_DEFINITIONS) {
    const right = deriveRight(ctx, def);
    if (right) out.push(right);
  }
  return out;
}

/** Whether a sentence matches a definition's language (exposed for tests and review tools). */
export function definitionMatches(def: RightDefinition, text: string): boolean {
  return matchesRule(text, def.rule);
}

export { provisionByCitation };
