import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ExemptionCategory, ExemptionSummary, Jurisdiction, RightSummary } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, SourceKind } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { Citation, StatuteLink } from './citation.js';
import type { Target } from './jurisdiction-page.js';
import { isStatuteNode, jurisdictionOfSection, type Reference } from './statute-text.js';
import { humanize } from './words.js';

/** The API's right categories, in the order a requester meets them. */
const RIGHT_ORDER = [
  'presumption_of_openness',
  'constitutional_right',
  'inspection',
  'copies',
  'format',
  'request_submission',
  'no_purpose_requirement',
  'no_identity_requirement',
  'no_residency_requirement',
  'assistance',
  'timeliness',
  'expedited_processing',
  'fees_and_waivers',
  'segregable_release',
  'written_denial_with_reasons',
  'burden_on_agency',
  'proactive_disclosure',
  'appeal',
  'oversight_review',
  'mediation',
  'judicial_review',
  'attorney_fees',
  'penalties_and_damages',
];

const itemId = (recordId: string) => `laws-rec-${recordId}`;
const headingId = (recordId: string) => `laws-rec-${recordId}-title`;

/** Scrolls to the record `?section=` names once it is on the page, and moves the focus to its heading. */
function useFocusTarget(target: Target | undefined, ready: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!target || !ready || done.current === target.id) return;
    const heading = document.getElementById(headingId(target.id));
    if (!heading) return;
    done.current = target.id;
    heading.focus({ preventScroll: true });
    heading.closest('article')?.scrollIntoView({ block: 'start' });
  }, [target?.id, ready]);
}

function TargetStatus({ target, found, kind }: { target: Target | undefined; found: string | undefined; kind: string }) {
  if (!target) return null;
  return (
    <p class="laws-target-status" role="status">
      {found ? `Showing the ${kind} “${found}”, highlighted below.` : `The ${kind} asked for is not among this jurisdiction’s ${kind}s.`}
    </p>
  );
}

/** Other sections the record cites (the one it rests on has its own link). */
function CrossReferences({ jurisdiction, refs: all, restsOn }: { jurisdiction: Jurisdiction; refs: Reference[]; restsOn: string | null }) {
  const refs = all.filter((r) => r.section_id !== restsOn);
  if (refs.length === 0 || !jurisdiction.statute_text.available) return null;
  return (
    <p class="laws-item-refs">
      Cites:{' '}
      {refs.map((r, i) => (
        <span key={r.section_id}>
          {i > 0 && ', '}
          <StatuteLink jurisdiction={jurisdictionOfSection(r.section_id) ?? jurisdiction.slug} sectionId={r.section_id}>
            {r.citation ?? `§ ${r.label}`}
          </StatuteLink>
        </span>
      ))}
    </p>
  );
}

function Item({ id, title, targeted, children }: { id: string; title: string; targeted: boolean; children: ComponentChildren }) {
  return (
    <article id={itemId(id)} class={targeted ? 'laws-item laws-item-target' : 'laws-item'} aria-labelledby={headingId(id)}>
      <h4 id={headingId(id)} tabIndex={-1}>
        {title}
        {targeted && <span class="laws-target-tag"> (the record asked for)</span>}
      </h4>
      {children}
    </article>
  );
}

/** The jurisdiction's rights of access, by category, each with its source words and citation. */
export function RightsView({ jurisdiction: j, target }: { jurisdiction: Jurisdiction; target: Target | undefined }) {
  const { client } = useConsole();
  const rights = useAsync(async (signal) => {
    const all: RightSummary[] = [];
    for await (const r of client.transparency.rights.iterate({ jurisdiction: j.slug, limit: 100 }, { signal })) all.push(r);
    return all;
  }, [j.slug]);
  useFocusTarget(target, rights.status === 'ready');

  if (rights.status === 'loading') return <Loading label="Loading the rights…" />;
  if (rights.status === 'error') return <ErrorNotice message={rights.message} retry={rights.reload} />;
  const categories = [...new Set(rights.value.map((r) => r.category))].sort((a, b) => rank(a) - rank(b));
  const found = target && rights.value.find((r) => r.id === target.id);

  return (
    <section class="laws-section" aria-labelledby="laws-rights-title">
      <h2 id="laws-rights-title">Rights</h2>
      <TargetStatus target={target} found={found?.title} kind="right" />
      {rights.value.length === 0 && <p class="notice">No rights are recorded for {j.name}.</p>}
      {categories.map((c) => (
        <section key={c} class="laws-group" aria-labelledby={`laws-right-cat-${c}`}>
          <h3 id={`laws-right-cat-${c}`}>{humanize(c)}</h3>
          {rights.value
            .filter((r) => r.category === c)
            .map((r) => (
              <Item key={r.id} id={r.id} title={r.title} targeted={r.id === target?.id}>
                <p class="laws-fact-source">
                  <SourceKind kind={r.source_kind} /> <Citation citation={r.citation ?? 'No citation'} recordId={r.section_id ?? r.id} quote={r.source_kind === 'statute_text' ? r.text : undefined} />
                  {r.applies_to && <> · For: {r.applies_to}</>}
                </p>
                {r.text && (
                  <blockquote class="laws-quote">
                    <p>{r.text}</p>
                  </blockquote>
                )}
                {r.analysis && <p>{r.analysis}</p>}
                {r.conditions && (
                  <p>
                    <strong>Conditions:</strong> {r.conditions}
                  </p>
                )}
                <CrossReferences jurisdiction={j} refs={r.cross_references} restsOn={r.section_id} />
                {isStatuteNode(r.section_id, j.slug) && j.statute_text.available && (
                  <p class="laws-fact-foot">
                    <StatuteLink jurisdiction={j.slug} sectionId={r.section_id}>
                      Read {r.citation ?? 'the section'} in the statute
                    </StatuteLink>
                  </p>
                )}
              </Item>
            ))}
        </section>
      ))}
    </section>
  );
}

const rank = (category: string) => {
  const i = RIGHT_ORDER.indexOf(category);
  return i < 0 ? RIGHT_ORDER.length : i;
};

/** The jurisdiction's exemptions, grouped by the canonical categories. */
export function ExemptionsView({ jurisdiction: j, target }: { jurisdiction: Jurisdiction; target: Target | undefined }) {
  const { client } = useConsole();
  const data = useAsync(
    async (signal) => {
      const exemptions: ExemptionSummary[] = [];
      const categories: ExemptionCategory[] = [];
      await Promise.all([
        (async () => {
          for await (const e of client.transparency.exemptions.iterate({ jurisdiction: j.slug, limit: 100 }, { signal })) exemptions.push(e);
        })(),
        (async () => {
          for await (const c of client.transparency.exemptionCategories.iterate({ jurisdiction: j.slug, limit: 100 }, { signal })) categories.push(c);
        })(),
      ]);
      return { exemptions, categories };
    },
    [j.slug],
  );
  useFocusTarget(target, data.status === 'ready');

  if (data.status === 'loading') return <Loading label="Loading the exemptions…" />;
  if (data.status === 'error') return <ErrorNotice message={data.message} retry={data.reload} />;
  const { exemptions, categories } = data.value;
  const known = new Map(categories.map((c) => [c.key, c]));
  const keys = [...new Set(exemptions.map((e) => e.category))].sort((a, b) => {
    const ia = categories.findIndex((c) => c.key === a);
    const ib = categories.findIndex((c) => c.key === b);
    return (ia < 0 ? categories.length : ia) - (ib < 0 ? categories.length : ib);
  });
  const found = target && exemptions.find((e) => e.id === target.id);

  return (
    <section class="laws-section" aria-labelledby="laws-exemptions-title">
      <h2 id="laws-exemptions-title">Exemptions</h2>
      <TargetStatus target={target} found={found?.raw_label} kind="exemption" />
      {exemptions.length === 0 ? (
        <p class="notice">No exemptions are recorded for {j.name}.</p>
      ) : (
        <p class="laws-muted">
          {exemptions.length} exemption{exemptions.length === 1 ? '' : 's'} in {keys.length} categor{keys.length === 1 ? 'y' : 'ies'}.
        </p>
      )}
      {keys.map((key) => {
        const mine = exemptions.filter((e) => e.category === key);
        const category = known.get(key);
        return (
          <section key={key} class="laws-group" aria-labelledby={`laws-ex-cat-${key}`}>
            <h3 id={`laws-ex-cat-${key}`}>{category?.label ?? mine[0]?.category_label ?? humanize(key)}</h3>
            {category?.description && <p class="laws-hint">{category.description}</p>}
            {mine.map((e) => (
              <Item key={e.id} id={e.id} title={e.raw_label} targeted={e.id === target?.id}>
                <p class="laws-fact-source">
                  <SourceKind kind={e.provenance.source_kind} /> <Citation citation={e.citation ?? 'No citation'} recordId={e.section_id ?? e.id} />
                  {e.scope && <> · Scope: {e.scope}</>}
                </p>
                <p>{e.description}</p>
                {e.notes && (
                  <p class="laws-note">
                    <strong>Note:</strong> {e.notes}
                  </p>
                )}
                <CrossReferences jurisdiction={j} refs={e.cross_references} restsOn={e.section_id} />
                {isStatuteNode(e.section_id, j.slug) && j.statute_text.available && (
                  <p class="laws-fact-foot">
                    <StatuteLink jurisdiction={j.slug} sectionId={e.section_id}>
                      Read {e.citation ?? 'the section'} in the statute
                    </StatuteLink>
                  </p>
                )}
              </Item>
            ))}
          </section>
        );
      })}
    </section>
  );
}
