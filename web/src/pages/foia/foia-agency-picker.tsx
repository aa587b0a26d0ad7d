/**
 * Choosing the agency from the directory for the chosen jurisdiction: a search (by name,
 * 300 ms after typing stops) whose results are buttons; the one picked is said in words and can
 * be let go. Picking fills the agency's name and its directory entry, and its e-mail, portal
 * and address where the form has none yet.
 */
import { useEffect, useState } from 'preact/hooks';
import type { FoiaAgency as Agency } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';

export type DirectoryAgency = Pick<Agency, 'id' | 'name' | 'email' | 'portal_url' | 'postal_address' | 'records_officer_title' | 'source'>;

type Results = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: DirectoryAgency[]; total: number };

export function AgencyPicker({ jurisdiction, picked, onPick }: { jurisdiction: string; picked: { id: string; name: string } | null; onPick(a: DirectoryAgency | null): void }) {
  const { client } = useConsole();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<Results>({ status: 'idle' });

  useEffect(() => {
    if (!jurisdiction) {
      setResults({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResults({ status: 'loading' });
    const timer = setTimeout(() => {
      const text = q.trim();
      client.foia.agencies.list({ jurisdiction, kind: 'records', ...(text ? { q: text } : {}), limit: 10 }, { signal: controller.signal }).then(
        (page) => !controller.signal.aborted && setResults({ status: 'ready', list: page.data, total: page.total }),
        (err: unknown) => !controller.signal.aborted && setResults({ status: 'error', message: errorText(err) }),
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [jurisdiction, q]);

  if (!jurisdiction) return <p class="foia-hint">Choose a jurisdiction to pick the agency from the directory.</p>;
  return (
    <div class="foia-picker">
      {picked && (
        <p class="foia-picked">
          From the directory: <strong>{picked.name}</strong> (<a href={href(['foia', 'agencies', picked.id])}>contact and statistics</a>){' '}
          <button type="button" onClick={() => onPick(null)}>
            Don’t use the directory entry
          </button>
        </p>
      )}
      <div class="foia-field">
        <label for="foia-new-agency-search">Search the agency directory</label>
        <input id="foia-new-agency-search" type="search" autoComplete="off" aria-describedby="foia-new-agency-results" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      </div>
      <div id="foia-new-agency-results" role="status" class="foia-picker-status">
        {results.status === 'loading' && 'Searching the directory…'}
        {results.status === 'error' && <span class="foia-field-error">{results.message}</span>}
        {results.status === 'ready' &&
          (results.list.length === 0
            ? q.trim()
              ? `No agency in the directory matches “${q.trim()}”: type the agency’s name below.`
              : 'The directory has no agencies for this jurisdiction yet: type the agency’s name below.'
            : results.total > results.list.length
              ? `The first ${results.list.length} of ${results.total} agencies: type to narrow them down.`
              : `${results.list.length} ${results.list.length === 1 ? 'agency' : 'agencies'} in the directory.`)}
      </div>
      {results.status === 'ready' && results.list.length > 0 && (
        <ul class="foia-picker-list" aria-label="Agencies in the directory">
          {results.list.map((a) => (
            <li key={a.id}>
              <button type="button" aria-pressed={picked?.id === a.id} onClick={() => onPick(a)}>
                Use {a.name}
              </button>
              {(a.email || a.records_officer_title) && <span class="foia-agency">{[a.records_officer_title, a.email].filter(Boolean).join(' · ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
