import { useEffect, useRef } from 'preact/hooks';
import type { ComparisonRow, SunlightClient } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, SourceKind } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { displayOf, NOT_STATED, type MapField } from './fields.js';
import { Swatch } from './legend.js';

interface Backing {
  /** The cited record (a statute node), readable in the side panel. */
  recordId: string | null;
  /** The reviewer's note on the fact, when there is one. */
  note: string | null;
}

/**
 * The record behind a compare row. The row itself carries no record id: the reviewed fact it
 * comes from does (`section_id`, matched by citation and quote), and otherwise the citation
 * is looked up in the statute text the database holds. Not finding one is not an error: the
 * jurisdiction may have no statute text.
 */
async function backingOf(client: SunlightClient, field: MapField, row: ComparisonRow, signal: AbortSignal): Promise<Backing> {
  let note: string | null = null;
  if (row.reviewed) {
    const facts = await client.transparency.jurisdictions.facts(row.jurisdiction, { field: [...field.facts] }, { signal });
    const fact = facts.data.find((f) => f.citation === row.citation && (f.quote ?? null) === (row.quote ?? null));
    note = fact?.notes ?? null;
    if (fact?.section_id) return { recordId: fact.section_id, note };
  }
  if (!row.citation) return { recordId: null, note };
  try {
    const found = await client.transparency.statutes.list({ jurisdiction: row.jurisdiction, citation: row.citation, limit: 1 }, { signal, retries: 0 });
    return { recordId: found.resolved?.section_id ?? null, note };
  } catch (err) {
    if (signal.aborted) throw err;
    return { recordId: null, note };
  }
}

/** The selected jurisdiction: the value in words, its citation, source kind and quote, and where to read more. */
export function Details({ field, row, slug }: { field: MapField; row: ComparisonRow | undefined; slug: string | null }) {
  const section = useRef<HTMLElement>(null);
  const first = useRef(true);
  // When the details sit below the map (a narrow window) and out of sight, a new selection brings them into view.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const box = section.current?.getBoundingClientRect();
    if (slug && box && (box.top > window.innerHeight || box.bottom < 0)) section.current?.scrollIntoView({ block: 'nearest' });
  }, [slug]);
  return (
    <section class="map-details" aria-labelledby="map-details-title" ref={section}>
      <h2 id="map-details-title">Selected jurisdiction</h2>
      <p class="visually-hidden" aria-live="polite">
        {row ? `${row.name} selected. ${field.label}: ${displayOf(row)}.` : ''}
      </p>
      {!slug && <p class="map-details-empty">Choose a state on the map, Federal or District of Columbia, to see its {field.label.toLowerCase()} with the citation.</p>}
      {slug && !row && <p class="map-details-empty">No jurisdiction “{slug}” in the comparison.</p>}
      {row && <Selected key={`${row.jurisdiction}:${field.key}`} field={field} row={row} />}
    </section>
  );
}

function Selected({ field, row }: { field: MapField; row: ComparisonRow }) {
  const { client, openDocument } = useConsole();
  const backing = useAsync((signal) => backingOf(client, field, row, signal), [row.jurisdiction, field.key, row.citation, row.quote]);
  const quote = row.quote ?? undefined;
  return (
    <div class="map-details-body">
      <h3>{row.name}</h3>
      <dl>
        <dt>{field.label}</dt>
        <dd class="map-details-value">
          <Swatch field={field} row={row} /> {displayOf(row)}
        </dd>
        <dt>Citation</dt>
        <dd>{row.citation ?? NOT_STATED}</dd>
        <dt>Source</dt>
        <dd>
          {row.source_kind ? <SourceKind kind={row.source_kind} /> : NOT_STATED}
          {row.verified && <span class="map-details-verified"> · quote found in the statute text</span>}
          {row.reviewed && <span class="map-details-reviewed"> · reviewed {row.reviewed}</span>}
        </dd>
      </dl>
      {row.quote && <blockquote class="map-details-quote">“{row.quote}”</blockquote>}
      {backing.status === 'ready' && backing.value.note && (
        <p class="map-details-note">
          <strong>Reviewer’s note:</strong> {backing.value.note}
        </p>
      )}
      {backing.status === 'error' && <ErrorNotice message={`The record behind this value could not be loaded. ${backing.message}`} retry={backing.reload} />}
      <p class="map-details-links">
        {backing.status === 'ready' && backing.value.recordId && (
          <button type="button" onClick={() => openDocument(backing.value.recordId!, quote)}>
            Read {row.citation ?? 'the cited text'}
          </button>
        )}
        <a href={href(['laws', row.jurisdiction])}>{row.name} in the law browser</a>
      </p>
    </div>
  );
}
