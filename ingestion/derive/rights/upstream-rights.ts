import type { UpstreamRight, UpstreamRightsFile } from '../../records/normalise-reference-files.js';
import { documentProvenance, type DerivationContext } from '../context.js';
import type { Basis, DerivedRight, RightCategory } from '../../../core/law-model/law-model.js';
import { provisionBasis, provisionByCitation } from './provision-text.js';
import { RIGHT_DEFINITIONS } from './derive-rights.js';

/**
 * Upstream rights lists (`rights/<slug>.json`; federal only in v0.11) are curated statements
 * of rights with citations. Each is mapped onto the derived key space, so that a right the
 * derivation also found is one record, and its statute text is found by its citation.
 */

const BY_SUBCATEGORY: Array<[RegExp, RightCategory, string]> = [
  [/record inspection|\binspection\b/i, 'inspection', 'right_to_inspect'],
  [/no additional fee|electronic delivery/i, 'fees_and_waivers', 'electronic_delivery_fee'],
  [/electronic format|format/i, 'format', 'electronic_format'],
  [/expedit/i, 'expedited_processing', 'expedited_processing'],
  [/fee waiver.*public interest|public interest fee/i, 'fees_and_waivers', 'fee_waiver'],
  [/educational|noncommercial|news media/i, 'fees_and_waivers', 'requester_category_fees'],
  [/response deadline|day response/i, 'timeliness', 'response_deadline'],
  [/deemed exhausted|exhaust/i, 'judicial_review', 'constructive_exhaustion'],
  [/no identity/i, 'no_identity_requirement', 'no_identity_requirement'],
  [/attorney fee/i, 'attorney_fees', 'attorney_fees'],
  [/agency rules and opinions|reading room/i, 'proactive_disclosure', 'proactive_disclosure'],
  [/frequently requested/i, 'proactive_disclosure', 'frequently_requested_records'],
  [/federal register|publication/i, 'proactive_disclosure', 'published_rules_and_procedures'],
  [/segregab/i, 'segregable_release', 'segregable_release'],
  [/multitrack/i, 'timeliness', 'multitrack_processing'],
];

const BY_CATEGORY: Array<[RegExp, RightCategory]> = [
  [/inspection/i, 'inspection'],
  [/timeliness/i, 'timeliness'],
  [/technology|format/i, 'format'],
  [/proactive/i, 'proactive_disclosure'],
  [/requester/i, 'no_identity_requirement'],
  [/fee/i, 'fees_and_waivers'],
];

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

/** Derived category and name of an upstream right. */
export function upstreamRightKey(u: UpstreamRight): { category: RightCategory; name: string } {
  const hit = BY_SUBCATEGORY.find(([re]) => re.test(u.subcategory));
  if (hit) return { category: hit[1], name: hit[2] };
  const cat = BY_CATEGORY.find(([re]) => re.test(u.category))?.[1] ?? 'inspection';
  return { category: cat, name: slug(u.subcategory) };
}

function upstreamBasis(file: UpstreamRightsFile, u: UpstreamRight): Basis {
  return {
    sourceKind: 'structured',
    sourcePath: file.sourcePath,
    quote: u.description ?? u.subcategory,
    sectionLabel: null,
    citation: u.statuteCitation,
    field: `rights_of_access[${u.index}]`,
  };
}

function fromUpstream(ctx: DerivationContext, file: UpstreamRightsFile, u: UpstreamRight, existing: DerivedRight | undefined): DerivedRight {
  const { category, name } = upstreamRightKey(u);
  const def = RIGHT_DEFINITIONS.find((d) => d.category === category && d.name === name);
  const provision = provisionByCitation(ctx, u.statuteCitation, def?.rule ?? null, u.description);
  const basis = upstreamBasis(file, u);
  const statutoryText = provision
    ? { text: provision.quote, sourceKind: provision.source.doc.kind, sourcePath: provision.source.doc.sourcePath, sectionLabel: provision.node.label, field: null }
    : existing?.statutoryText ?? { text: basis.quote, sourceKind: 'structured' as const, sourcePath: file.sourcePath, sectionLabel: null, field: basis.field };
  const evidence = [basis, ...(provision ? [provisionBasis(provision)] : []), ...(existing?.evidence ?? [])];
  return {
    key: `${ctx.slug}:${category}:${name}`,
    category,
    title: u.subcategory,
    citation: provision?.node.citation ?? u.statuteCitation ?? existing?.citation ?? null,
    statutoryText,
    conditions: u.conditions ?? existing?.conditions ?? null,
    appliesTo: u.appliesTo ?? existing?.appliesTo ?? 'Any person',
    analysis: [u.description, existing ? `Also derived from: ${existing.analysis}` : null].filter(Boolean).join(' '),
    implementationNotes: u.implementationNotes,
    requestTips: u.requestTips,
    evidence: evidence.filter((b, i) => evidence.findIndex((x) => x.sourcePath === b.sourcePath && x.quote === b.quote) === i),
    provenance: provision ? documentProvenance(provision.source.doc) : { sourcePath: file.sourcePath, sourceKind: 'structured', verifiedDate: file.verifiedDate },
  };
}

/** Merges an upstream rights list into the derived rights (upstream fields win; evidence is pooled). */
export function mergeUpstreamRights(ctx: DerivationContext, file: UpstreamRightsFile | null | undefined, derived: DerivedRight[]): DerivedRight[] {
  if (!file) return derived;
  const byKey = new Map(derived.map((r) => [r.key, r]));
  for (const u of file.rights) {
    const { category, name } = upstreamRightKey(u);
    const key = `${ctx.slug}:${category}:${name}`;
    const merged = fromUpstream(ctx, file, u, byKey.get(key));
    // Two upstream entries on the same key (unlikely) keep both, the second with its own suffix.
    const finalKey = byKey.has(key) && !derived.some((d) => d.key === key) ? `${key}_${u.index}` : key;
    byKey.set(finalKey, { ...merged, key: finalKey });
  }
  return [...byKey.values()];
}
