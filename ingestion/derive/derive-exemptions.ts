import { recordProvenance, type DerivationContext } from './context.js';
import { classifyExemption, exemptionCategory } from './exemption-taxonomy.js';
import type { DerivedExemption } from '../../core/law-model/law-model.js';

/**
 * Every exemption of the record, classified into the canonical taxonomy, with the statute
 * node its citation resolves to when the jurisdiction has a statute file that contains it.
 */
export function deriveExemptions(ctx: DerivationContext): DerivedExemption[] {
  const provenance = recordProvenance(ctx.record);
  return ctx.record.exemptions.map((e) => {
    const c = classifyExemption(e.rawCategory, e.description);
    return {
      key: `${ctx.slug}:exemption:${e.index}:${c.category}`,
      datasetIndex: e.index,
      category: c.category,
      categoryLabel: exemptionCategory(c.category).label,
      rawLabel: e.rawCategory,
      classifiedBy: c.classifiedBy,
      citation: e.citation,
      description: e.description,
      scope: e.scope,
      notes: e.notes,
      sectionLabel: ctx.statute ? ctx.statute.lookup.resolve(e.citation) : null,
      review: null,
      provenance,
    };
  });
}
