/**
 * Adding an item to a project: one of the person's FOIA requests, packets or files, picked from
 * their own lists, or a saved search (a query with jurisdictions) that any member can re-run.
 */
import { useState } from 'preact/hooks';
import type { ProjectItemCreate, ProjectItemKind } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';

export const KIND_WORDS: Record<ProjectItemKind, string> = {
  foia_request: 'FOIA request',
  conversation: 'Conversation',
  compilation: 'Packet',
  stored_object: 'File',
  collection: 'Collection',
  saved_search: 'Saved search',
};

type Pickable = 'foia_request' | 'compilation' | 'stored_object' | 'collection';
const CHOICES: Array<{ kind: Pickable | 'saved_search'; label: string }> = [
  { kind: 'foia_request', label: 'One of my FOIA requests' },
  { kind: 'compilation', label: 'One of my packets' },
  { kind: 'stored_object', label: 'One of my files' },
  { kind: 'collection', label: 'One of my collections' },
  { kind: 'saved_search', label: 'A saved search' },
];

/** The person's own records of a kind, as options (value: the ref). */
function useOptions(kind: Pickable | 'saved_search') {
  const { client } = useConsole();
  return useAsync(async (signal): Promise<Array<{ ref: string; label: string }>> => {
    if (kind === 'foia_request') return (await client.foia.list({ limit: 100 }, { signal })).data.map((r) => ({ ref: r.id, label: `${r.subject} — ${r.agency.name}` }));
    if (kind === 'compilation') return (await client.documents.list({ limit: 100 }, { signal })).data.map((c) => ({ ref: c.id, label: c.title }));
    if (kind === 'stored_object') return (await client.storage.list({ limit: 200 }, { signal })).data.map((o) => ({ ref: o.key, label: o.key }));
    if (kind === 'collection') return (await client.vectors.collections.list({ limit: 100 }, { signal })).data.map((c) => ({ ref: c.id, label: c.name }));
    return [];
  }, [kind]);
}

export function AddItemForm({ projectId, onAdded }: { projectId: string; onAdded(): void }) {
  const { client } = useConsole();
  const [kind, setKind] = useState<Pickable | 'saved_search'>('foia_request');
  const [ref, setRef] = useState('');
  const [query, setQuery] = useState('');
  const [jurisdictions, setJurisdictions] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: string; added?: string }>({ busy: false });
  const options = useOptions(kind);

  const body = (): ProjectItemCreate | null => {
    if (kind !== 'saved_search') return ref ? { kind, ref } : null;
    const slugs = jurisdictions.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
    return query.trim() ? { kind, ref: { query: query.trim(), ...(slugs.length > 0 ? { filters: { jurisdictions: slugs } } : {}) } } : null;
  };
  const item = body();

  return (
    <form
      class="projects-panel"
      aria-label="Add to this project"
      onSubmit={(e) => {
        e.preventDefault();
        if (!item) return;
        setState({ busy: true });
        client.projects.items.add(projectId, item).then(
          (added) => {
            setState({ busy: false, added: `Added “${added.label}”.` });
            setRef('');
            setQuery('');
            onAdded();
          },
          (err: unknown) => setState({ busy: false, error: errorText(err) }),
        );
      }}
    >
      <h2>Add to this project</h2>
      <div class="projects-row">
        <div class="projects-field">
          <label for="project-item-kind">What</label>
          <select
            id="project-item-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value as Pickable | 'saved_search');
              setRef('');
            }}
          >
            {CHOICES.map((c) => (
              <option key={c.kind} value={c.kind}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        {kind === 'saved_search' ? (
          <>
            <div class="projects-field projects-wide">
              <label for="project-item-query">Search query</label>
              <input id="project-item-query" type="text" maxLength={500} value={query} placeholder="e.g. body camera recordings" onInput={(e) => setQuery(e.currentTarget.value)} />
            </div>
            <div class="projects-field">
              <label for="project-item-jurisdictions">Jurisdictions (optional)</label>
              <input id="project-item-jurisdictions" type="text" value={jurisdictions} placeholder="e.g. texas, washington" onInput={(e) => setJurisdictions(e.currentTarget.value)} />
            </div>
          </>
        ) : (
          <div class="projects-field projects-wide">
            <label for="project-item-ref">{KIND_WORDS[kind]}</label>
            <select id="project-item-ref" value={ref} onChange={(e) => setRef(e.currentTarget.value)} disabled={options.status !== 'ready'}>
              <option value="">{options.status === 'loading' ? 'Loading…' : options.status === 'ready' && options.value.length === 0 ? 'You have none yet' : 'Choose…'}</option>
              {options.status === 'ready' &&
                options.value.map((o) => (
                  <option key={o.ref} value={o.ref}>
                    {o.label}
                  </option>
                ))}
            </select>
          </div>
        )}
        <button type="submit" disabled={state.busy || !item}>
          {state.busy ? 'Adding…' : 'Add'}
        </button>
      </div>
      {options.status === 'error' && <ErrorNotice message={options.message} retry={options.reload} />}
      {state.error && <ErrorNotice message={state.error} />}
      <p role="status" class="projects-ok">
        {state.added ?? ''}
      </p>
    </form>
  );
}
