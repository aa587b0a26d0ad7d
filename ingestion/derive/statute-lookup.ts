import { extractCitations, parseCitation, resolveCitation, type CitationRef, type ExtractOptions } from '../../core/law/citations.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';

/**
 * Resolves citations ("5 U.S.C. § 552(b)(6)", "RCW 42.56.070", "Sec. 552.101",
 * "Miss. Code §§ 25-61-1 to 25-61-19") to nodes of a parsed statute with the shared citation
 * reader (core/law/citations): the most specific label the statute file has, so a citation
 * to (b)(6)(A) resolves to (b)(6) when the file has no (A).
 */

export type { CitationRef };

/** A citation found in free text. */
export interface FoundCitation {
  /** The words cited, as they appear. */
  text: string;
  ref: CitationRef;
}

/** Every citation in `text`, in order (relative ones only when `opts.currentSection` is given). */
export function extractCitationRefs(text: string, jurisdiction: string, opts: ExtractOptions = {}): FoundCitation[] {
  return extractCitations(text, jurisdiction, opts).map((m) => ({ text: m.raw, ref: { sectionNumber: m.sectionNumber, path: m.path } }));
}

/** The citation `input` names, or null. */
export function parseCitationRef(input: string, jurisdiction?: string): CitationRef | null {
  return parseCitation(input, jurisdiction);
}

/** Citation index of one statute document. */
export interface StatuteLookup {
  doc: ParsedDocument;
  labels: ReadonlySet<string>;
  /** Label of the node a citation names (the first resolvable one of several), else null. */
  resolve(citation: string | null): string | null;
  resolveRef(ref: CitationRef): string | null;
}

/** Builds the lookup of a statute document. */
export function createStatuteLookup(doc: ParsedDocument): StatuteLookup {
  const labels: ReadonlySet<string> = new Set(doc.sections.map((s) => s.label));
  const resolveRef = (ref: CitationRef): string | null => resolveCitation(ref, labels);
  return {
    doc,
    labels,
    resolveRef,
    resolve(citation) {
      if (!citation) return null;
      for (const found of extractCitationRefs(citation, doc.jurisdiction)) {
        const hit = resolveRef(found.ref);
        if (hit) return hit;
      }
      const single = parseCitation(citation, doc.jurisdiction);
      return single ? resolveRef(single) : null;
    },
  };
}
