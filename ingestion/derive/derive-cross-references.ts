import type { DerivationContext } from './context.js';
import { extractCitationRefs } from './statute-lookup.js';
import type { CrossReference, DerivedExemption, DerivedRight } from '../../core/law-model/law-model.js';

/**
 * Citations mentioned in rights, exemptions and statute sections that resolve to a node of
 * the jurisdiction's statute file (relative ones, "subsection (b) of this section", read in
 * the section they appear in). A section citing itself as a whole is not a cross-reference.
 */
export function deriveCrossReferences(ctx: DerivationContext, rights: DerivedRight[], exemptions: DerivedExemption[]): CrossReference[] {
  const statute = ctx.statute;
  if (!statute) return [];
  const out: CrossReference[] = [];
  const seen = new Set<string>();
  const add = (from: string, text: string, selfLabel: string | null, currentSection?: string): void => {
    const opts = currentSection ? { currentSection } : {};
    for (const c of extractCitationRefs(text, statute.doc.jurisdiction, opts)) {
      const to = statute.lookup.resolveRef(c.ref);
      if (!to || to === selfLabel) continue;
      const id = `${from}→${to}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ from, citationText: c.text, toSectionLabel: to });
    }
  };
  for (const r of rights) {
    add(`right:${r.key}`, [r.citation ?? '', r.statutoryText.sourceKind === 'statute_text' ? r.statutoryText.text : '', r.conditions ?? ''].join(' \n'), r.statutoryText.sectionLabel);
  }
  for (const e of exemptions) add(`exemption:${e.key}`, `${e.citation ?? ''} \n${e.description}`, null);
  for (const s of statute.doc.sections) {
    if (s.depth !== 0) continue;
    add(`section:${s.label}`, s.text, s.label, s.sectionNumber);
  }
  return out;
}
