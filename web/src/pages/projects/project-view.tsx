/**
 * One project (`#/projects/<id>`): its items with who added them, a saved search's re-run, the
 * form to add items (owner and editors), and the members (the owner adds, changes and removes
 * them; others see the list). Members see an item's label; only its owner can open the record.
 */
import { useState } from 'preact/hooks';
import type { Project, ProjectItem, ProjectMemberRole, SearchResult } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import { whenText } from '../files/file-words.js';
import { AddItemForm, KIND_WORDS } from './add-item-form.js';
import { ROLE_WORDS } from './projects-page.js';

export function ProjectView({ id }: { id: string }) {
  const { client, session } = useConsole();
  const project = useAsync((signal) => client.projects.get(id, { signal }), [id]);
  const [itemsVersion, setItemsVersion] = useState(0);
  const [membersVersion, setMembersVersion] = useState(0);
  if (project.status === 'loading') return <Loading label="Loading the project…" />;
  if (project.status === 'error') {
    return (
      <>
        <PageHeader title="Project" />
        <ErrorNotice message={project.message} retry={project.reload} />
        <p>
          <a href={href(['projects'])}>Your projects</a>
        </p>
      </>
    );
  }
  const p = project.value;
  const canEdit = (p.role === 'owner' || p.role === 'editor') && session.scopes.includes('write:projects');
  return (
    <div class="projects-page">
      <PageHeader title={p.name}>
        <p class="projects-lede">
          {p.description ?? 'No description.'} <span class="projects-role">Your role: {ROLE_WORDS[p.role]}</span>
          {p.role !== 'owner' && <span class="projects-muted"> · owned by {p.owner}</span>}
        </p>
        <p>
          <a href={href(['projects'])}>← All projects</a>
        </p>
      </PageHeader>
      {canEdit && <AddItemForm projectId={p.id} onAdded={() => setItemsVersion((n) => n + 1)} />}
      <ItemList key={`items-${itemsVersion}`} project={p} canEdit={canEdit} onChanged={() => setItemsVersion((n) => n + 1)} />
      <Members key={`members-${membersVersion}`} project={p} onChanged={() => setMembersVersion((n) => n + 1)} />
      {p.role === 'owner' && <DeleteProject project={p} />}
    </div>
  );
}

function ItemList({ project, canEdit, onChanged }: { project: Project; canEdit: boolean; onChanged(): void }) {
  const { client, session } = useConsole();
  const items = useAsync((signal) => client.projects.items.list(project.id, { limit: 100 }, { signal }), [project.id]);
  const [error, setError] = useState<string | null>(null);
  const [runs, setRuns] = useState<Record<string, SearchResult | 'loading' | { error: string }>>({});
  if (items.status === 'loading') return <Loading label="Loading the items…" />;
  if (items.status === 'error') return <ErrorNotice message={items.message} retry={items.reload} />;
  const run = (item: ProjectItem) => {
    setRuns((r) => ({ ...r, [item.id]: 'loading' }));
    client.projects.items.run(project.id, item.id, { limit: 5 }).then(
      (result) => setRuns((r) => ({ ...r, [item.id]: result })),
      (err: unknown) => setRuns((r) => ({ ...r, [item.id]: { error: errorText(err) } })),
    );
  };
  const remove = (item: ProjectItem) => {
    setError(null);
    client.projects.items.remove(project.id, item.id).then(onChanged, (err: unknown) => setError(errorText(err)));
  };
  return (
    <section class="projects-section" aria-labelledby="project-items-heading">
      <h2 id="project-items-heading">Items ({items.value.total})</h2>
      {error && <ErrorNotice message={error} />}
      {items.value.data.length === 0 && <p class="projects-muted">Nothing in this project yet.</p>}
      <ul class="projects-items">
        {items.value.data.map((item) => {
          const result = runs[item.id];
          const mine = item.added_by === session.subject;
          return (
            <li key={item.id} class="projects-item">
              <div class="projects-item-head">
                <span class="projects-kind">{KIND_WORDS[item.kind]}</span>
                <ItemLabel item={item} mine={mine} />
                <span class="projects-muted">
                  added by {mine ? 'you' : item.added_by}, {whenText(item.added_at)}
                </span>
                <span class="projects-actions">
                  {item.kind === 'saved_search' && (
                    <button type="button" onClick={() => run(item)} disabled={result === 'loading'}>
                      {result === 'loading' ? 'Running…' : 'Run search'}
                    </button>
                  )}
                  {canEdit && (
                    <button type="button" class="projects-danger-outline" onClick={() => remove(item)} aria-label={`Remove ${item.label}`}>
                      Remove
                    </button>
                  )}
                </span>
              </div>
              {result && result !== 'loading' && <RunResult result={result} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The item's label; a link to the record for the person who added it (the only one who can open it). */
function ItemLabel({ item, mine }: { item: ProjectItem; mine: boolean }) {
  if (item.kind === 'saved_search') {
    const ref = item.ref as { query: string; filters?: { jurisdictions?: string[] } };
    const where = ref.filters?.jurisdictions?.join(', ');
    return (
      <strong class="projects-label">
        {item.label}
        {item.label !== ref.query && <span class="projects-muted"> “{ref.query}”</span>}
        {where && <span class="projects-muted"> in {where}</span>}
      </strong>
    );
  }
  const link = mine && typeof item.ref === 'string' ? consoleLink(item.kind, item.ref) : null;
  return <strong class="projects-label">{link ? <a href={link}>{item.label}</a> : item.label}</strong>;
}

function consoleLink(kind: ProjectItem['kind'], ref: string): string | null {
  if (kind === 'foia_request') return href(['foia', ref]);
  if (kind === 'compilation') return href(['packets', ref]);
  if (kind === 'stored_object') return href(['files'], { prefix: ref });
  if (kind === 'collection') return href(['collections', ref]);
  return null;
}

function RunResult({ result }: { result: SearchResult | { error: string } }) {
  const { openDocument } = useConsole();
  if ('error' in result) return <ErrorNotice message={result.error} />;
  return (
    <div class="projects-run" role="status">
      <p class="projects-muted">
        {result.total} result{result.total === 1 ? '' : 's'} today{result.data.length < result.total ? `; the first ${result.data.length}` : ''}:
      </p>
      <ol>
        {result.data.map((hit) => (
          <li key={hit.id}>
            <button type="button" class="projects-link" onClick={() => openDocument(hit.id)}>
              {hit.citation ?? hit.title}
            </button>{' '}
            <span class="projects-muted">{hit.citation ? hit.title : hit.jurisdiction}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Members({ project, onChanged }: { project: Project; onChanged(): void }) {
  const { client, session } = useConsole();
  const members = useAsync((signal) => client.projects.members.list(project.id, { limit: 100 }, { signal }), [project.id]);
  const [sub, setSub] = useState('');
  const [role, setRole] = useState<ProjectMemberRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const isOwner = project.role === 'owner' && session.scopes.includes('write:projects');
  if (members.status === 'loading') return <Loading label="Loading the members…" />;
  if (members.status === 'error') return <ErrorNotice message={members.message} retry={members.reload} />;
  const act = (p: Promise<unknown>) => {
    setError(null);
    p.then(onChanged, (err: unknown) => setError(errorText(err)));
  };
  return (
    <section class="projects-section" aria-labelledby="project-members-heading">
      <h2 id="project-members-heading">Members</h2>
      {error && <ErrorNotice message={error} />}
      <table class="projects-members">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            {isOwner && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {members.value.data.map((m) => (
            <tr key={m.sub}>
              <td>{m.sub === session.subject ? `${m.sub} (you)` : m.sub}</td>
              <td>{ROLE_WORDS[m.role]}</td>
              {isOwner && (
                <td class="projects-actions">
                  {m.role !== 'owner' && (
                    <>
                      <button type="button" onClick={() => act(client.projects.members.put(project.id, m.sub, m.role === 'editor' ? 'viewer' : 'editor'))}>
                        Make {m.role === 'editor' ? 'viewer' : 'editor'}
                      </button>
                      <button type="button" class="projects-danger-outline" aria-label={`Remove ${m.sub}`} onClick={() => act(client.projects.members.remove(project.id, m.sub))}>
                        Remove
                      </button>
                    </>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {isOwner && (
        <form
          class="projects-row"
          aria-label="Add a member"
          onSubmit={(e) => {
            e.preventDefault();
            act(client.projects.members.put(project.id, sub.trim(), role).then(() => setSub('')));
          }}
        >
          <div class="projects-field">
            <label for="project-member-sub">Their user id (sub)</label>
            <input id="project-member-sub" type="text" required maxLength={255} value={sub} onInput={(e) => setSub(e.currentTarget.value)} />
          </div>
          <div class="projects-field">
            <label for="project-member-role">Role</label>
            <select id="project-member-role" value={role} onChange={(e) => setRole(e.currentTarget.value as ProjectMemberRole)}>
              <option value="viewer">Viewer (reads)</option>
              <option value="editor">Editor (adds and removes items)</option>
            </select>
          </div>
          <button type="submit" disabled={sub.trim() === ''}>
            Add member
          </button>
        </form>
      )}
      {!isOwner && project.role !== 'owner' && (
        <p>
          <button type="button" class="projects-danger-outline" onClick={() => act(client.projects.members.remove(project.id, session.subject).then(() => navigate(['projects'])))}>
            Leave this project
          </button>
        </p>
      )}
    </section>
  );
}

function DeleteProject({ project }: { project: Project }) {
  const { client } = useConsole();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <section class="projects-section">
      {error && <ErrorNotice message={error} />}
      {asking ? (
        <p class="projects-confirm">
          <span>Delete “{project.name}” for everyone? Its records stay where they are.</span>
          <button type="button" class="projects-danger" onClick={() => void client.projects.delete(project.id).then(() => navigate(['projects']), (err: unknown) => setError(errorText(err)))}>
            Delete project
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </p>
      ) : (
        <button type="button" class="projects-danger-outline" onClick={() => setAsking(true)}>
          Delete project…
        </button>
      )}
    </section>
  );
}
