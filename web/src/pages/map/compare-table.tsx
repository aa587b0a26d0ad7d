import { useState } from 'preact/hooks';
import type { ComparisonRow } from '../../../../sdk/typescript/src/index.js';
import { SourceKind } from '../../components/status.js';
import { download, sourceWords, toCsv } from './csv.js';
import { compareByValue, displayOf, NOT_STATED, type MapField } from './fields.js';
import { Swatch } from './legend.js';

type Column = 'name' | 'value' | 'citation' | 'source';
type Direction = 'ascending' | 'descending';

const byName = (a: ComparisonRow, b: ComparisonRow) => a.name.localeCompare(b.name);

/** The column's order (the direction applies to it; ties stay in order of name). */
function sorter(field: MapField, column: Column): (a: ComparisonRow, b: ComparisonRow) => number {
  switch (column) {
    case 'name':
      return byName;
    case 'value':
      return (a, b) => compareByValue(field, a, b);
    case 'citation':
      return (a, b) => (a.citation ?? '\uffff').localeCompare(b.citation ?? '\uffff');
    case 'source':
      return (a, b) => sourceWords(a.source_kind).localeCompare(sourceWords(b.source_kind));
  }
}

/** The comparison as a table: every column sortable, and downloadable as CSV in the order shown. */
export function CompareTable({ field, rows, selected }: { field: MapField; rows: readonly ComparisonRow[]; selected: string | null }) {
  const [sort, setSort] = useState<{ column: Column; direction: Direction }>({ column: 'name', direction: 'ascending' });
  const columns: Array<{ id: Column; label: string }> = [
    { id: 'name', label: 'Jurisdiction' },
    { id: 'value', label: field.label },
    { id: 'citation', label: 'Citation' },
    { id: 'source', label: 'Source' },
  ];
  const compare = sorter(field, sort.column);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => sign * compare(a, b) || byName(a, b));
  const toggle = (column: Column) =>
    setSort((s) => ({ column, direction: s.column === column && s.direction === 'ascending' ? 'descending' : 'ascending' }));
  const sortedBy = columns.find((c) => c.id === sort.column)!.label.toLowerCase();

  const saveCsv = () =>
    download(
      `sunlight-${field.key.replace(/_/g, '-')}.csv`,
      toCsv(
        columns.map((c) => c.label),
        sorted.map((r) => [r.name, displayOf(r), r.citation ?? NOT_STATED, sourceWords(r.source_kind)]),
      ),
    );

  return (
    <section class="map-table-section" aria-labelledby="map-table-title">
      <div class="map-table-bar">
        <h2 id="map-table-title">Table: {field.label.toLowerCase()}</h2>
        <button type="button" onClick={saveCsv}>
          Download CSV
        </button>
      </div>
      <table class="map-table">
        <caption>
          {field.label} in {rows.length} jurisdictions, sorted by {sortedBy} ({sort.direction}). The column headings sort the table.
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" aria-sort={sort.column === c.id ? sort.direction : undefined}>
                <button type="button" class="map-sort" onClick={() => toggle(c.id)}>
                  {c.label}
                  <span class="map-sort-mark" aria-hidden="true">
                    {sort.column === c.id ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((r) => (
            <tr key={r.jurisdiction} class={r.jurisdiction === selected ? 'map-row-selected' : undefined}>
              <th scope="row">{r.name}</th>
              <td>
                <span class="map-table-value">
                  <Swatch field={field} row={r} />
                  <span>{displayOf(r)}</span>
                </span>
              </td>
              <td>{r.citation ?? <span class="map-muted">{NOT_STATED}</span>}</td>
              <td>{r.source_kind ? <SourceKind kind={r.source_kind} /> : <span class="map-muted">{NOT_STATED}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
