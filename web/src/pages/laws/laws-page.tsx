/**
 * The law browser: `#/laws` lists the 52 jurisdictions; `#/laws/<slug>` opens one (profile,
 * rights, exemptions, statute text); `#/laws/<slug>?section=<record id>` opens the record
 * (a statute node, a right or an exemption) where it stands, highlighted.
 */
import type { PageProps } from '../../pages.js';
import { JurisdictionList } from './jurisdiction-list.js';
import { JurisdictionPage, isView } from './jurisdiction-page.js';

export function LawsPage({ route }: PageProps) {
  const slug = route.parts[1];
  if (!slug) return <JurisdictionList query={route.query} />;
  const view = route.query.get('view') ?? undefined;
  return <JurisdictionPage key={slug} slug={slug} view={view && isView(view) ? view : undefined} section={route.query.get('section') ?? undefined} />;
}
