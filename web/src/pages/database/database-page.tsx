/**
 * `#/database`: the published law database, table by table (`?table=`). Pick a table, read its
 * columns with their descriptions, page through its rows with filters and a sort (a column's
 * header button sorts by it, a second press reverses), and export what is shown, every page
 * of it, as CSV.
 */
import { useEffect, useState } from 'preact/hooks';
import type { DatabaseRowPage, DatabaseTable } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { saveFile } from '../../components/save-file.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { navigate } from '../../router.js';
import { cellText, FilterForm, type Filter } from './database-filters.js';

const PAGE = 25;

export function DatabasePage({ route }: PageProps) {
  const { client } = useConsole();
  const tables = useAsync((signal) => client.database.tables({ signal }), []);
  if (tables.status === 'loading') return <Loading label="Loading the published tables…" />;
  if (tables.status === 'error') return <ErrorNotice message={tables.message} retry={tables.reload} />;
  const name = route.query.get('table') ?? tables.value[0]?.name ?? '';
  const table = tables.value.find((t) => t.name === name);
  return (
    <div class="database-page">
      <PageHeader title="Database">
        <p class="database-lede">The law database’s published tables. Filter and sort their rows, and export them as CSV.</p>
      </PageHeader>
      <div class="database-pick">
        <label for="database-table">Table</label>
        <select id="database-table" value={name} onChange={(e) => navigate(['database'], { table: e.currentTarget.value })}>
          {tables.value.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name} ({t.row_count.toLocaleString('en-US')} rows)
            </option>
          ))}
        </select>
      </div>
      {table ? <TableView key={table.name} table={table} sort={route.query.get('sort') ?? ''} /> : <p role="alert">There is no published table “{name}”.</p>}
    </div>
  );
}

function Columns({ table }: { table: DatabaseTable }) {
  return (
    <details class="database-columns">
      <summary>
        {table.columns.length} columns{table.description ? ` — ${table.description}` : ''}
      </summary>
      <table>
        <caption class="visually-hidden">Columns of {table.name}</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {table.columns.map((c) => (
            <tr key={c.name}>
              <th scope="row">
                <code>{c.name}</code>
              </th>
              <td>{c.type}</td>
              <td>{c.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function TableView({ table, sort }: { table: DatabaseTable; sort: string }) {
  const { client } = useConsole();
  const [filters, setFilters] = useState<Filter[]>([]);
  // The cursors of the pages before this one (the first page has none).
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [exporting, setExporting] = useState<{ status: 'idle' | 'busy' | 'error'; text?: string }>({ status: 'idle' });
  const filterMap = Object.fromEntries(filters.map((f) => [f.op === 'eq' ? f.column : `${f.column}.${f.op}`, f.value]));
  const options = { filters: filterMap, ...(sort ? { sort } : {}) };
  const cursor = cursors.at(-1);
  const page = useAsync<DatabaseRowPage>((signal) => client.database.rows(table.name, { ...options, limit: PAGE, ...(cursor ? { cursor } : {}) }, { signal }), [table.name, sort, JSON.stringify(filterMap), cursor]);
  useEffect(() => setCursors([undefined]), [sort, JSON.stringify(filterMap)]);

  const sortBy = (column: string) => navigate(['database'], { table: table.name, sort: sort === column ? `-${column}` : column });
  const exportCsv = () => {
    setExporting({ status: 'busy' });
    client.database
      .export(table.name, 'csv', options)
      .then((exp) => exp.text())
      .then(
        (text) => {
          saveFile(`${table.name}.csv`, [text], 'text/csv');
          setExporting({ status: 'idle', text: `Exported ${table.name}.csv.` });
        },
        (err: unknown) => setExporting({ status: 'error', text: `The export failed: ${errorText(err)}` }),
      );
  };

  return (
    <section aria-labelledby="database-rows-heading">
      <Columns table={table} />
      <FilterForm table={table} filters={filters} onChange={setFilters} />
      <div class="database-toolbar">
        <h2 id="database-rows-heading">
          Rows of {table.name}
          {page.status === 'ready' ? ` (${page.value.total.toLocaleString('en-US')}${filters.length > 0 ? ' matching' : ''})` : ''}
        </h2>
        <button type="button" onClick={exportCsv} disabled={exporting.status === 'busy'}>
          {exporting.status === 'busy' ? 'Exporting…' : 'Export CSV'}
        </button>
        <p role="status" class={exporting.status === 'error' ? 'database-error' : 'database-note'}>
          {exporting.text ?? ''}
        </p>
      </div>
      {page.status === 'loading' ? <Loading label="Loading rows…" /> : null}
      {page.status === 'error' ? <ErrorNotice message={page.message} retry={page.reload} /> : null}
      {page.status === 'ready' ? (
        <>
          <div class="database-scroll">
            <table class="database-rows">
              <thead>
                <tr>
                  {page.value.columns.map((c) => {
                    const state = sort === c.name ? 'ascending' : sort === `-${c.name}` ? 'descending' : undefined;
                    return (
                      <th key={c.name} scope="col" aria-sort={state}>
                        <button type="button" class="database-sort" onClick={() => sortBy(c.name)} aria-label={`Sort by ${c.name}${state === 'ascending' ? ', descending' : ''}`}>
                          {c.name}
                          {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''}
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {page.value.data.map((row, i) => (
                  <tr key={i}>
                    {page.value.columns.map((c) => (
                      <td key={c.name}>{cellText(row[c.name])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.value.data.length === 0 ? <p>No rows match.</p> : null}
          <nav class="database-pager" aria-label="Pages">
            <button type="button" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous page
            </button>
            <span>Page {cursors.length}</span>
            <button type="button" disabled={!page.value.next_cursor} onClick={() => setCursors((c) => [...c, page.value.next_cursor ?? undefined])}>
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
