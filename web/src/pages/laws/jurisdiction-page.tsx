import { useEffect, useRef, useState } from 'preact/hooks';
import { NotFoundError, type LawDocument } from '../../../../sdk/typescript/src/index.js';
import { useAsync, type AsyncState } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import { ExemptionsView, RightsView } from './provisions.js';
import { ProfileView } from './profile.js';
import { StatuteReader } from './statute-reader.js';

export type View = 'profile' | 'rights' | 'exemptions' | 'statute';
const VIEWS: readonly View[] = ['profile', 'rights', 'exemptions', 'statute'];
export const isView = (v: string): v is View => (VIEWS as readonly string[]).includes(v);

/** The record `?section=` names, as the document API answers it (null without one). */
export type Target = { id: string; doc: AsyncState<LawDocument | null> & { reload(): void } };

function viewOfDocument(doc: LawDocument): View {
  if (doc.type === 'right') return 'rights';
  if (doc.type === 'exemption') return 'exemptions';
  return 'statute';
}

/** Until the record is read: statute nodes are `sec:…`, exemptions `…:exemption:…`, rights the rest. */
function guessView(id: string): View {
  if (id.startsWith('sec:')) return 'statute';
  return /:exemption:/.test(id) ? 'exemptions' : 'rights';
}

/**
 * One jurisdiction: tabs for its profile (reviewed facts), rights, exemptions and statute text.
 * The tab is in the address (`?view=`), so every view is a link; a `?section=` record picks
 * the tab it belongs to. Tabs once opened stay mounted (hidden), keeping what they loaded.
 */
export function JurisdictionPage({ slug, view, section }: { slug: string; view: View | undefined; section: string | undefined }) {
  const { client } = useConsole();
  // An unknown slug is an answer (null), said in words below, not an error to retry.
  const jurisdiction = useAsync(
    (signal) =>
      client.transparency.jurisdictions.get(slug, { signal }).catch((err: unknown) => {
        if (err instanceof NotFoundError) return null;
        throw err;
      }),
    [slug],
  );
  const doc = useAsync((signal) => (section ? client.documents.get(section, { signal }) : Promise.resolve(null)), [section]);
  const docValue = doc.status === 'ready' ? doc.value : null;
  const active: View = view ?? (section ? (docValue ? viewOfDocument(docValue) : guessView(section)) : 'profile');
  const [visited, setVisited] = useState<ReadonlySet<View>>(() => new Set([active]));
  const tabs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});

  useEffect(() => {
    if (!visited.has(active)) setVisited(new Set([...visited, active]));
  }, [active]);

  // A record of another jurisdiction (a citation across codes): open it there.
  useEffect(() => {
    if (docValue && section && docValue.jurisdiction !== slug) navigate(['laws', docValue.jurisdiction], { view, section }, true);
  }, [docValue, slug]);

  const select = (v: View, focus = false) => {
    navigate(['laws', slug], { view: v === 'profile' ? undefined : v }, true);
    if (focus) tabs.current[v]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = VIEWS.indexOf(active);
    const to =
      e.key === 'ArrowRight' ? VIEWS[(i + 1) % VIEWS.length] : e.key === 'ArrowLeft' ? VIEWS[(i + VIEWS.length - 1) % VIEWS.length] : e.key === 'Home' ? VIEWS[0] : e.key === 'End' ? VIEWS[VIEWS.length - 1] : undefined;
    if (!to) return;
    e.preventDefault();
    select(to, true);
  };

  if (jurisdiction.status !== 'ready' || jurisdiction.value === null) {
    const missing = jurisdiction.status === 'ready';
    return (
      <>
        <PageHeader title="Law browser" />
        {jurisdiction.status === 'loading' && <Loading label="Loading the jurisdiction…" />}
        {jurisdiction.status === 'error' && <ErrorNotice message={jurisdiction.message} retry={jurisdiction.reload} />}
        {missing && (
          <div class="notice" role="alert">
            <p>There is no jurisdiction “{slug}” in the law database.</p>
            <p>
              <a href={href(['laws'])}>See all jurisdictions</a>
            </p>
          </div>
        )}
      </>
    );
  }

  const j = jurisdiction.value;
  const labels: Record<View, string> = {
    profile: 'Profile',
    rights: `Rights (${j.counts.rights})`,
    exemptions: `Exemptions (${j.counts.exemptions})`,
    statute: j.statute_text.available ? 'Statute text' : 'Statute text (none)',
  };
  const target: Target | undefined = section ? { id: section, doc } : undefined;
  const targetFor = (v: View) => (v === active && target && !(docValue && docValue.jurisdiction !== slug) ? target : undefined);

  return (
    <>
      <nav class="laws-breadcrumb" aria-label="Breadcrumb">
        <a href={href(['laws'])}>Law browser</a> <span aria-hidden="true">›</span> <span aria-current="page">{j.name}</span>
      </nav>
      <PageHeader title={j.name}>
        {j.law ? (
          <p class="laws-lead">
            {j.law.name}
            {j.law.citation && <> · {j.law.citation}</>}
          </p>
        ) : (
          <p class="laws-lead">The law’s name is not stated in the law database.</p>
        )}
      </PageHeader>
      <div class="laws-tabs" role="tablist" aria-label={`Parts of ${j.name}’s law`} onKeyDown={onKeyDown}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={`laws-tab-${v}`}
            aria-selected={v === active}
            aria-controls={`laws-panel-${v}`}
            tabIndex={v === active ? 0 : -1}
            ref={(el) => {
              tabs.current[v] = el;
            }}
            onClick={() => select(v)}
          >
            {labels[v]}
          </button>
        ))}
      </div>
      {VIEWS.map((v) => (
        <div key={v} role="tabpanel" id={`laws-panel-${v}`} aria-labelledby={`laws-tab-${v}`} hidden={v !== active} class="laws-panel">
          {(visited.has(v) || v === active) && v === 'profile' && <ProfileView jurisdiction={j} />}
          {(visited.has(v) || v === active) && v === 'rights' && <RightsView jurisdiction={j} target={targetFor(v)} />}
          {(visited.has(v) || v === active) && v === 'exemptions' && <ExemptionsView jurisdiction={j} target={targetFor(v)} />}
          {(visited.has(v) || v === active) && v === 'statute' && <StatuteReader jurisdiction={j} target={targetFor(v)} />}
        </div>
      ))}
    </>
  );
}
