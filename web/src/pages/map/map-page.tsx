/**
 * Map and compare (`#/map?field=fee_waiver&j=texas`): one field of the law across the 52
 * jurisdictions, on a map of the states (Federal and DC beside it), in a legend, in the
 * details of the one selected, and as a sortable table that downloads as CSV. The field and
 * the selection live in the address, so links and reloads keep them.
 */
import { useRef } from 'preact/hooks';
import type { Comparison, ComparisonRow } from '../../../../sdk/typescript/src/index.js';
import { useAsync, type AsyncState } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { navigate } from '../../router.js';
import { loadAtlas, type Atlas } from './atlas.js';
import { CompareTable } from './compare-table.js';
import { Details } from './details.js';
import { fieldOf, MAP_FIELDS, type MapField } from './fields.js';
import { Legend } from './legend.js';
import { UsMap } from './us-map.js';

export function MapPage({ route }: PageProps) {
  const { client } = useConsole();
  const field = fieldOf(route.query.get('field'));
  const selected = route.query.get('j') || null;
  const comparison = useAsync((signal) => client.transparency.compare(field.key, {}, { signal }), [field.key]);
  const atlas = useAsync(() => loadAtlas(), []);
  // While another field loads, the last one stays on screen (labelled as what it is), so the
  // map and the table do not vanish and the table keeps its order.
  const last = useRef<Comparison | null>(null);
  if (comparison.status === 'ready') last.current = comparison.value;
  const shown = last.current;
  const shownField = shown ? fieldOf(shown.field) : field;

  const go = (next: { field?: MapField; j?: string | null }) =>
    navigate(['map'], { field: (next.field ?? field).key, j: (next.j === undefined ? selected : next.j) ?? undefined }, true);

  return (
    <div class="map-page">
      <PageHeader title="Map and compare">
        <p class="map-intro">One part of public-records law across the states, the District of Columbia and the federal government. Each value comes with its citation and the kind of source it rests on.</p>
      </PageHeader>
      <div class="map-controls">
        <label for="map-field">Colour by</label>
        <select id="map-field" value={field.key} onChange={(e) => go({ field: fieldOf(e.currentTarget.value) })}>
          {MAP_FIELDS.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </select>
        {comparison.status === 'loading' && <Loading label={`Loading the ${field.label.toLowerCase()} of every jurisdiction…`} />}
      </div>
      {comparison.status === 'error' && <ErrorNotice message={comparison.message} retry={comparison.reload} />}
      <p class="visually-hidden" role="status">
        {comparison.status === 'ready' ? `Showing ${field.label.toLowerCase()} for ${comparison.value.data.length} jurisdictions.` : ''}
      </p>
      {shown && shown.data.length === 0 && <p>No results: the comparison has no jurisdictions.</p>}
      {shown && shown.data.length > 0 && (
        <div class="map-compare" aria-busy={comparison.status === 'loading' ? 'true' : undefined}>
          <Compare field={shownField} rows={shown.data} selected={selected} atlas={atlas} onSelect={(j) => go({ j })} />
        </div>
      )}
    </div>
  );
}

function Compare({
  field,
  rows,
  selected,
  atlas,
  onSelect,
}: {
  field: MapField;
  rows: readonly ComparisonRow[];
  selected: string | null;
  atlas: AsyncState<Atlas> & { reload(): void };
  onSelect(slug: string): void;
}) {
  const bySlug = new Map(rows.map((r) => [r.jurisdiction, r]));
  return (
    <>
      <div class="map-layout">
        <div class="map-figure">
          {atlas.status === 'loading' && <Loading label="Loading the map…" />}
          {atlas.status === 'error' && <ErrorNotice message={atlas.message} retry={atlas.reload} />}
          {atlas.status === 'ready' && <UsMap atlas={atlas.value} field={field} rows={bySlug} selected={selected} onSelect={onSelect} />}
          <Legend field={field} rows={rows} />
        </div>
        <Details field={field} row={selected ? bySlug.get(selected) : undefined} slug={selected} />
      </div>
      <CompareTable field={field} rows={rows} selected={selected} />
    </>
  );
}
