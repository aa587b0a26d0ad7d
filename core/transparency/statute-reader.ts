import { NotFoundError, ValidationError } from '../errors/app-error.js';
import { isFederal, parseCitation, resolveCitation, toLabel } from '../law/citations.js';
import { decodeCursor, offsetCursor, pageFromOffset, type ListEnvelope } from '../http/list-envelope.js';
import { detectJurisdiction } from './detect-jurisdiction.js';
import { assertKnownValues } from './filter-validation.js';
import type { PageWindow, Paged, SectionKey, TransparencyStore } from './transparency-store.js';
import type { DocumentView, SectionView } from './transparency-views.js';

/** What `GET /statutes` asks for: a jurisdiction (or a citation naming its code), and optionally a node. */
export interface StatuteQuery {
  jurisdiction?: string;
  /** A label as the database spells it ("552(b)(6)", "552.301"), read forgivingly. */
  section?: string;
  /** A citation in any usual spelling ("5 U.S.C. § 552(b)(6)", "RCW 42.56.070", "§ 552.301"). */
  citation?: string;
}

/** How the requested section or citation was resolved. */
export interface ResolvedCitation {
  input: string;
  section_id: string;
  label: string;
  citation: string | null;
  /** False when the database has only an ancestor of the node asked for. */
  exact: boolean;
}

/** A statute node and its descendants (or the document's top level), with where it was found. */
export interface StatuteResult extends ListEnvelope<SectionView> {
  jurisdiction: string;
  /** True when the jurisdiction was read from the citation's code name. */
  jurisdiction_detected: boolean;
  document: DocumentView;
  resolved: ResolvedCitation | null;
}

/** The jurisdiction asked for, or the one whose code name (or, for "FOIA exemption 6", whose law) the citation names. */
async function jurisdictionOf(store: TransparencyStore, q: StatuteQuery): Promise<{ slug: string; detected: boolean }> {
  if (q.jurisdiction) {
    assertKnownValues([{ param: 'jurisdiction', values: [q.jurisdiction], known: await store.jurisdictionSlugs() }]);
    return { slug: q.jurisdiction, detected: false };
  }
  const text = q.citation ?? q.section;
  const detection = text ? detectJurisdiction(text, await store.codeNames()) : { kind: 'none' as const };
  if (detection.kind === 'found') return { slug: detection.jurisdiction, detected: true };
  // Only FOIA numbers its exemptions ("exemption 7(C)"); the citation parser reads them as 5 U.S.C. § 552(b).
  if (detection.kind === 'none' && text && /\b(?:FOIA|exemptions?)\b/i.test(text)) {
    const federal = (await store.jurisdictionSlugs()).find((slug) => isFederal(slug));
    if (federal) return { slug: federal, detected: true };
  }
  const message =
    detection.kind === 'ambiguous'
      ? `The citation's code name matches several jurisdictions (${detection.candidates.join(', ')}); give jurisdiction`
      : 'Give jurisdiction, or a citation that names its code (e.g. "5 U.S.C. § 552(b)(6)", "RCW 42.56.070")';
  throw new ValidationError('Request validation failed', [{ path: 'query.jurisdiction', message }]);
}

/** "552(b)(6)" and "610.023.3" compare equal to "552(b)(6)" and "610.023(3)": designators as dotted parts. */
const canonical = (label: string): string => label.toLowerCase().replace(/\(([^)]*)\)/g, '.$1');

/**
 * The node the input names: an exact label first (`section`), then the forgiving citation
 * reading, which falls back to the nearest ancestor the statute text has; `exact` is false then.
 */
async function resolve(store: TransparencyStore, slug: string, input: string): Promise<{ section: SectionKey; exact: boolean } | null> {
  const nodes = await store.statuteLabels(slug);
  const byLabel = new Map(nodes.map((n) => [n.label, n]));
  const asLabel = byLabel.get(input.trim());
  if (asLabel) return { section: asLabel, exact: true };
  const ref = parseCitation(input, slug);
  // People type these: "552(B)(6)" means 552(b)(6) when the code has no (B) there.
  const label = ref ? resolveCitation(ref, new Set(byLabel.keys()), { ignoreCase: true }) : null;
  const section = label === null ? undefined : byLabel.get(label);
  if (!ref || !section) return null;
  return { section, exact: canonical(section.label) === canonical(toLabel(ref)) };
}

/**
 * Statute text by jurisdiction, section or citation. A citation resolving to nothing is a
 * 404 that says so; a jurisdiction without statute text is a 404 too, since an empty list
 * would read as "this law has no sections".
 */
export async function readStatute(store: TransparencyStore, q: StatuteQuery, page: { limit: number; cursor?: string }): Promise<StatuteResult> {
  if (q.section !== undefined && q.citation !== undefined) {
    throw new ValidationError('Request validation failed', [{ path: 'query.citation', message: 'Give section or citation, not both' }]);
  }
  const { slug, detected } = await jurisdictionOf(store, q);
  const document = await store.statuteDocument(slug);
  if (!document) throw new NotFoundError(`No statute text for ${slug} in the database`, { jurisdiction: slug, statute_text_available: false });
  const window: PageWindow = { offset: decodeCursor(page.cursor, offsetCursor)?.o ?? 0, limit: page.limit };
  const input = q.citation ?? q.section;
  let found: Paged<SectionView>;
  let resolved: ResolvedCitation | null = null;
  if (input === undefined) {
    found = await store.listTopLevelSections(document.id, window);
  } else {
    const hit = await resolve(store, slug, input);
    if (!hit) throw new NotFoundError(`No section of ${slug}'s statute text matches "${input}"`, { jurisdiction: slug, citation: input });
    found = await store.listSubtree(slug, hit.section.label, window);
    resolved = { input, section_id: hit.section.id, label: hit.section.label, citation: hit.section.citation, exact: hit.exact };
  }
  return { ...pageFromOffset(found.rows, found.total, window.offset, window.limit), jurisdiction: slug, jurisdiction_detected: detected, document, resolved };
}
