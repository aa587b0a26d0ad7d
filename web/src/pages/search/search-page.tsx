import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ValidationError, type SearchHit, type SearchResult, type SunlightClient } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href, navigate } from '../../router.js';
import { HIT_TYPES, hasFilters, readSearch, searchQuery, searchRequest, typeName, type HitType, type SearchState } from './search-query.js';
import { Snippet, snippetQuote } from './snippet.js';

type Results =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      hits: SearchHit[];
      total: number;
      next: string | null;
      interpreted: SearchResult['interpreted'];
      /** The "Load more" request: none, under way, or failed (its message). */
      more: { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string };
      /** Index of the first hit of the last page added by "Load more" (it takes the focus). */
      appendedAt: number | null;
    };

/** The search of the route, its first page, and the pages "Load more" adds. */
function useSearch(client: SunlightClient, search: SearchState, key: string) {
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [tick, setTick] = useState(0);
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    more.current?.abort();
    if (!search.q) {
      setResults({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResults({ status: 'loading' });
    client.search(searchRequest(search), { signal: controller.signal }).then(
      (r) => {
        if (controller.signal.aborted) return;
        setResults({ status: 'ready', hits: r.data, total: r.total, next: r.next_cursor, interpreted: r.interpreted, more: { status: 'idle' }, appendedAt: null });
      },
      (err: unknown) => !controller.signal.aborted && setResults({ status: 'error', message: searchError(err) }),
    );
    return () => controller.abort();
  }, [key, tick]);
  useEffect(() => () => more.current?.abort(), []);

  const loadMore = () => {
    if (results.status !== 'ready' || !results.next || results.more.status === 'loading') return;
    const controller = new AbortController();
    more.current = controller;
    setResults({ ...results, more: { status: 'loading' } });
    client.search(searchRequest(search, results.next), { signal: controller.signal }).then(
      (r) => {
        if (controller.signal.aborted) return;
        setResults((prev) => {
          if (prev.status !== 'ready') return prev;
          const seen = new Set(prev.hits.map((h) => h.id));
          const added = r.data.filter((h) => !seen.has(h.id));
          return { ...prev, hits: [...prev.hits, ...added], total: r.total, next: r.next_cursor, more: { status: 'idle' }, appendedAt: added.length > 0 ? prev.hits.length : null };
        });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setResults((prev) => (prev.status === 'ready' ? { ...prev, more: { status: 'error', message: errorText(err) } } : prev));
      },
    );
  };
  return { results, retry: () => setTick((n) => n + 1), loadMore };
}

/**
 * An error of the search in words. Filters come from the address, so an unknown jurisdiction
 * or category (an old or edited link) is said plainly rather than with the list of every slug.
 */
function searchError(err: unknown): string {
  if (err instanceof ValidationError && err.issues.length > 0 && err.issues.every((i) => i.path.startsWith('body.filters'))) {
    return 'This search names a jurisdiction or category that Sunlight does not know (marked “unknown” among the filters). Remove it and search again.';
  }
  return errorText(err);
}

const toggle = <T extends string>(values: readonly T[], value: T, on: boolean): T[] => (on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How the hit was found, in words: the low-confidence signal of a hit found by meaning alone. */
function foundBy(hit: SearchHit): string {
  const { keyword, vector } = hit.components;
  if (keyword?.match === 'citation') return 'the section your query cites';
  if (keyword && vector) return 'your words and their meaning';
  if (keyword) return 'your words';
  if (vector) return 'similar meaning only (none of your words)';
  return 'not stated';
}

/**
 * The hit's name and the line under it: a statute section, right or exemption by its
 * citation, with its title beneath; a summary or process-map section by its title, with the
 * document it belongs to beneath (their "citation" is the path of headings).
 */
function hitNames(hit: SearchHit): [string, string | null] {
  if (hit.type === 'summary' || hit.type === 'process_map') {
    const path = hit.citation?.split(' — ') ?? [];
    const document = path[0] && path[0] !== hit.title ? path[0] : null;
    return [hit.title, document];
  }
  if (!hit.citation) return [hit.title, null];
  return [hit.citation, hit.title !== hit.citation ? hit.title : null];
}

const EXAMPLES = ['attorney general ruling', '§ 552.301', 'body camera recordings in Texas', 'fee waiver for news media'];

export function SearchPage({ route }: PageProps) {
  const { client, openDocument } = useConsole();
  const routeKey = route.query.toString();
  const search = useMemo(() => readSearch(route.query), [routeKey]);
  const key = JSON.stringify(search);
  const { results, retry, loadMore } = useSearch(client, search, key);

  const jurisdictions = useAsync((signal) => client.transparency.jurisdictions.list({ limit: 100 }, { signal }), []);
  const categories = useAsync((signal) => client.transparency.exemptionCategories.list({ limit: 100 }, { signal }), []);

  const [draft, setDraft] = useState(search.q);
  const [draftError, setDraftError] = useState(false);
  useEffect(() => setDraft(search.q), [search.q]);

  const jurisdictionList = useMemo(() => {
    if (jurisdictions.status !== 'ready') return [];
    return [...jurisdictions.value.data].sort((a, b) => Number(b.type === 'federal') - Number(a.type === 'federal') || a.name.localeCompare(b.name));
  }, [jurisdictions]);
  const jurisdictionName = (slug: string) => jurisdictionList.find((j) => j.slug === slug)?.name ?? (jurisdictions.status === 'ready' ? `${slug} (unknown)` : slug);
  const categoryList = useMemo(() => (categories.status === 'ready' ? [...categories.value.data].sort((a, b) => a.label.localeCompare(b.label)) : []), [categories]);
  const categoryName = (k: string) => categoryList.find((c) => c.key === k)?.label ?? (categories.status === 'ready' ? `${k} (unknown)` : k.replace(/_/g, ' '));

  /** A filter changed: search again at once, with the words in the box. */
  const applyFilters = (next: Partial<SearchState>) => {
    navigate(['search'], searchQuery({ ...search, q: draft.trim() || search.q, ...next }), true);
  };

  const onSubmit = (e: Event) => {
    e.preventDefault();
    const q = draft.trim().slice(0, 500);
    if (!q) {
      setDraftError(true);
      document.getElementById('search-q')?.focus();
      return;
    }
    setDraftError(false);
    const target = href(['search'], searchQuery({ ...search, q }));
    if (target === location.hash) retry();
    else navigate(['search'], searchQuery({ ...search, q }));
  };

  // After "Load more", the first added hit takes the focus (keyboard users continue from there).
  const appendedAt = results.status === 'ready' ? results.appendedAt : null;
  const hitCount = results.status === 'ready' ? results.hits.length : 0;
  useEffect(() => {
    if (appendedAt !== null) document.getElementById(`search-hit-${appendedAt}`)?.focus();
  }, [appendedAt, hitCount]);

  const statusText = (() => {
    if (results.status === 'loading') return 'Searching…';
    if (results.status !== 'ready') return '';
    if (results.total === 0) return `No results for “${search.q}”${hasFilters(search) ? ' with these filters' : ''}`;
    const count = plural(results.total, 'result');
    return results.hits.length < results.total ? `${count}, ${results.hits.length} shown` : count;
  })();

  const chips: Array<{ label: string; remove: () => void }> = [
    ...search.types.map((t) => ({ label: HIT_TYPES.find((h) => h.key === t)?.many ?? t, remove: () => applyFilters({ types: search.types.filter((v) => v !== t) }) })),
    ...search.jurisdictions.map((j) => ({ label: jurisdictionName(j), remove: () => applyFilters({ jurisdictions: search.jurisdictions.filter((v) => v !== j) }) })),
    ...search.categories.map((c) => ({ label: categoryName(c), remove: () => applyFilters({ categories: search.categories.filter((v) => v !== c) }) })),
  ];
  const clearFilters = () => applyFilters({ jurisdictions: [], types: [], categories: [] });

  return (
    <div class="search-page">
      <PageHeader title="Search" />
      <form role="search" class="search-form" onSubmit={onSubmit} noValidate>
        <label for="search-q">Search the law</label>
        <div class="search-box">
          <input
            id="search-q"
            type="search"
            name="q"
            value={draft}
            maxLength={500}
            autoComplete="off"
            aria-describedby={draftError ? 'search-q-error search-q-hint' : 'search-q-hint'}
            aria-invalid={draftError || undefined}
            onInput={(e) => {
              setDraft((e.target as HTMLInputElement).value);
              setDraftError(false);
            }}
          />
          <button type="submit">Search</button>
        </div>
        {draftError && (
          <p id="search-q-error" class="search-q-error">
            Type the words, question or citation to search for.
          </p>
        )}
        <p id="search-q-hint" class="search-hint">
          Statute text, rights, exemptions and summaries of the public-records laws. Words, a question, or a citation such as “§ 552.301” or “RCW 42.56.070”.
        </p>
      </form>

      <div class="search-body">
        <section class="search-filters" aria-labelledby="search-filters-title">
          <h2 id="search-filters-title">Filters</h2>
          <fieldset class="search-fieldset">
            <legend>Type</legend>
            {HIT_TYPES.map((t) => (
              <label key={t.key} class="search-check">
                <input type="checkbox" checked={search.types.includes(t.key)} onChange={(e) => applyFilters({ types: toggle<HitType>(search.types, t.key, (e.target as HTMLInputElement).checked) })} />
                {t.many}
              </label>
            ))}
          </fieldset>

          <fieldset class="search-fieldset">
            <legend>Jurisdictions</legend>
            {jurisdictions.status === 'loading' && <p class="search-muted">Loading the jurisdictions…</p>}
            {jurisdictions.status === 'error' && <ErrorNotice message={jurisdictions.message} retry={jurisdictions.reload} />}
            {jurisdictions.status === 'ready' && (
              <div class="search-options">
                {jurisdictionList.map((j) => (
                  <label key={j.slug} class="search-check">
                    <input
                      type="checkbox"
                      checked={search.jurisdictions.includes(j.slug)}
                      onChange={(e) => applyFilters({ jurisdictions: toggle(search.jurisdictions, j.slug, (e.target as HTMLInputElement).checked) })}
                    />
                    {j.name}
                  </label>
                ))}
              </div>
            )}
          </fieldset>

          <fieldset class="search-fieldset">
            <legend>Exemption categories</legend>
            <p class="search-muted" id="search-category-hint">
              Only exemptions have a category: other records drop out.
            </p>
            {categories.status === 'loading' && <p class="search-muted">Loading the categories…</p>}
            {categories.status === 'error' && <ErrorNotice message={categories.message} retry={categories.reload} />}
            {categories.status === 'ready' && (
              <div class="search-options">
                {categoryList.map((c) => (
                  <label key={c.key} class="search-check">
                    <input
                      type="checkbox"
                      checked={search.categories.includes(c.key)}
                      aria-describedby="search-category-hint"
                      onChange={(e) => applyFilters({ categories: toggle(search.categories, c.key, (e.target as HTMLInputElement).checked) })}
                    />
                    {c.label}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        </section>

        <section class="search-results" aria-labelledby="search-results-title">
          <h2 id="search-results-title" class="visually-hidden">
            Results
          </h2>
          {chips.length > 0 && (
            <div class="search-chips">
              <span class="search-muted">Filtered to:</span>
              <ul>
                {chips.map((c) => (
                  <li key={c.label}>
                    <button type="button" class="search-chip" aria-label={`Remove the filter ${c.label}`} onClick={c.remove}>
                      {c.label} <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
              <button type="button" class="search-link-button" onClick={clearFilters}>
                Clear all filters
              </button>
            </div>
          )}

          <p id="search-status" class="search-status" role="status" aria-live="polite">
            {statusText}
          </p>

          {results.status === 'idle' && (
            <div class="search-intro">
              <p>Type what you are looking for and press Enter. For example:</p>
              <ul>
                {EXAMPLES.map((q) => (
                  <li key={q}>
                    <a href={href(['search'], searchQuery({ ...search, q }))}>{q}</a>
                  </li>
                ))}
              </ul>
            </div>
          )}

          {results.status === 'error' && <ErrorNotice message={results.message} retry={retry} />}

          {results.status === 'ready' && (
            <>
              <Interpretation interpreted={results.interpreted} jurisdictionName={jurisdictionName} onOpen={(id) => openDocument(id)} />
              {results.total === 0 && (
                <div class="search-empty">
                  <p>
                    Nothing in the law database matches “{search.q}”{hasFilters(search) ? ' with the filters chosen' : ''}. Check the spelling, try other words, or search for a citation.
                  </p>
                  {hasFilters(search) && (
                    <button type="button" onClick={clearFilters}>
                      Search without filters
                    </button>
                  )}
                </div>
              )}
              {results.hits.length > 0 && results.hits.every((h) => h.components.keyword === null) && (
                <p class="notice search-weak" role="note">
                  None of these results contains the words you searched for: they were found by similarity of meaning alone and may not answer your question. Try other words or a citation.
                </p>
              )}
              {results.hits.length > 0 && (
                <ol class="search-list">
                  {results.hits.map((hit, i) => (
                    <HitItem key={hit.id} hit={hit} index={i} jurisdiction={jurisdictionName(hit.jurisdiction)} onOpen={openDocument} />
                  ))}
                </ol>
              )}
              {results.hits.length > 0 && (
                <div class="search-more">
                  <p class="search-muted">
                    Showing {results.hits.length} of {plural(results.total, 'result')}
                    {results.total >= 100 && !results.next ? ' (a search shows at most 100: add words or filters to narrow it)' : ''}.
                  </p>
                  {results.more.status === 'error' && <ErrorNotice message={results.more.message} retry={loadMore} />}
                  {results.next && results.more.status !== 'error' && (
                    <button type="button" onClick={loadMore} disabled={results.more.status === 'loading'}>
                      {results.more.status === 'loading' ? 'Loading more…' : 'Load more'}
                    </button>
                  )}
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** One hit: its name (a button opening the record beside the results), type, jurisdiction, how it was found, and the snippet. */
function HitItem({ hit, index, jurisdiction, onOpen }: { hit: SearchHit; index: number; jurisdiction: string; onOpen(id: string, quote?: string): void }) {
  const [name, detail] = hitNames(hit);
  return (
    <li class="search-hit">
      <h3 class="search-hit-heading">
        <button type="button" id={`search-hit-${index}`} class="search-hit-open" onClick={() => onOpen(hit.id, snippetQuote(hit.snippet))}>
          {name}
        </button>
      </h3>
      {detail && <p class="search-hit-title">{detail}</p>}
      <p class="search-hit-meta">
        <span class={`search-type search-type-${hit.type}`}>{typeName(hit.type)}</span>
        <span>{jurisdiction}</span>
        <span>Found by {foundBy(hit)}</span>
      </p>
      <p class="search-snippet">
        <Snippet snippet={hit.snippet} plain={hit.type === 'summary' || hit.type === 'process_map'} />
      </p>
    </li>
  );
}

/** What the API read from the query: the jurisdictions searched, citations found, and the mode that ran. */
function Interpretation({
  interpreted,
  jurisdictionName,
  onOpen,
}: {
  interpreted: SearchResult['interpreted'];
  jurisdictionName(slug: string): string;
  onOpen(id: string): void;
}) {
  const names = interpreted.jurisdictions.map(jurisdictionName);
  const notes: ComponentChildren[] = [];
  // Jurisdictions from the filter are shown among the filters; those read from the words are said here.
  if (interpreted.jurisdictions_from === 'query' && names.length > 0) {
    notes.push(<>Searching only {names.join(', ')}, named in your query. Choose jurisdictions among the filters to search others.</>);
  }
  for (const c of interpreted.citations) {
    notes.push(
      <>
        Read “{c.input}” as a citation{c.exact ? '' : ' (the closest section)'}:{' '}
        <button type="button" class="search-link-button" onClick={() => onOpen(c.section_id)}>
          open {c.input}
        </button>
        .
      </>,
    );
  }
  if (interpreted.mode === 'keyword') notes.push(<>Searched by words only: search by meaning is not available right now.</>);
  if (notes.length === 0) return null;
  return (
    <ul class="search-interpreted" aria-label="How your search was read">
      {notes.map((n, i) => (
        <li key={i}>{n}</li>
      ))}
    </ul>
  );
}
