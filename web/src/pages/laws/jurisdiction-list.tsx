import type { JurisdictionSummary } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import { deadlineText, statuteTextStatus } from './words.js';

type TextFilter = '' | 'yes' | 'no';

/** Matches a jurisdiction by its name, slug, or its law's name or citation, case and accents aside. */
function matches(j: JurisdictionSummary, q: string): boolean {
  if (!q) return true;
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const needle = fold(q.trim());
  return [j.name, j.slug, j.law?.name ?? '', j.law?.citation ?? ''].some((s) => fold(s).includes(needle));
}

/** `#/laws`: every jurisdiction, filtered by words (kept in the address, so going back keeps the filter). */
export function JurisdictionList({ query }: { query: URLSearchParams }) {
  const { client } = useConsole();
  const list = useAsync(async (signal) => {
    const all: JurisdictionSummary[] = [];
    for await (const j of client.transparency.jurisdictions.iterate({ limit: 100 }, { signal })) all.push(j);
    return all;
  }, []);
  const q = query.get('q') ?? '';
  const text = (query.get('text') ?? '') as TextFilter;
  const set = (next: { q?: string; text?: string }) => navigate(['laws'], { q, text, ...next }, true);

  const shown =
    list.status === 'ready'
      ? list.value.filter((j) => matches(j, q) && (text === '' || (text === 'yes') === j.statute_text.available))
      : [];

  return (
    <>
      <PageHeader title="Law browser">
        <p class="laws-lead">The public-records law of each jurisdiction: its reviewed facts with their citations, the rights it grants, its exemptions, and the statute text where the law database has it.</p>
      </PageHeader>
      <form class="laws-filters" role="search" aria-label="Jurisdictions" onSubmit={(e) => e.preventDefault()}>
        <div class="laws-field">
          <label for="laws-filter">Filter jurisdictions</label>
          <input id="laws-filter" type="search" value={q} autoComplete="off" placeholder="Name or law, e.g. Texas" onInput={(e) => set({ q: e.currentTarget.value })} />
        </div>
        <div class="laws-field">
          <label for="laws-text-filter">Statute text</label>
          <select id="laws-text-filter" value={text} onChange={(e) => set({ text: e.currentTarget.value })}>
            <option value="">Any</option>
            <option value="yes">In the law database</option>
            <option value="no">Not in the law database</option>
          </select>
        </div>
      </form>
      {list.status === 'loading' && <Loading label="Loading the jurisdictions…" />}
      {list.status === 'error' && <ErrorNotice message={list.message} retry={list.reload} />}
      {list.status === 'ready' && (
        <>
          <p class="laws-count" role="status" aria-live="polite">
            {shown.length === list.value.length ? `${list.value.length} jurisdictions.` : `Showing ${shown.length} of ${list.value.length} jurisdictions.`}
          </p>
          {shown.length === 0 ? (
            <p class="notice">No jurisdictions match these filters.</p>
          ) : (
            <div class="laws-table-wrap">
              <table class="laws-table">
                <caption class="visually-hidden">Jurisdictions and their public-records laws</caption>
                <thead>
                  <tr>
                    <th scope="col">Jurisdiction</th>
                    <th scope="col">Law</th>
                    <th scope="col">Initial response</th>
                    <th scope="col">Statute text</th>
                    <th scope="col" class="laws-num">Rights</th>
                    <th scope="col" class="laws-num">Exemptions</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((j) => (
                    <tr key={j.slug}>
                      <th scope="row">
                        <a href={href(['laws', j.slug])}>{j.name}</a>
                      </th>
                      <td>
                        {j.law ? (
                          <>
                            {j.law.name}
                            {j.law.citation && <span class="laws-muted"> · {j.law.citation}</span>}
                          </>
                        ) : (
                          <span class="laws-muted">Not stated</span>
                        )}
                      </td>
                      <td>{deadlineText(j.initial_deadline)}</td>
                      <td>{statuteTextStatus(j.statute_text)}</td>
                      <td class="laws-num">{j.counts.rights}</td>
                      <td class="laws-num">{j.counts.exemptions}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
