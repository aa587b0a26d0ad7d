/**
 * Collections of the person's own documents (the vector store): `#/collections` lists them with
 * their sizes, creates one (embedded by the server's model) and deletes one (after a question);
 * `#/collections/<id>` is one collection: upload a file and index it, with progress and cancel,
 * and search it by meaning.
 */
import { useState } from 'preact/hooks';
import type { VectorCollection } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { CreateNamedForm } from '../../components/create-named-form.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href } from '../../router.js';
import { ConfirmDelete, whenText } from '../files/file-words.js';
import { CollectionView } from './collection-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function CollectionsPage({ route }: PageProps) {
  const id = route.parts[1];
  if (!id) return <CollectionsHome />;
  if (!UUID.test(id)) {
    return (
      <>
        <PageHeader title="Collection not found" />
        <p>
          There is no collection at this address. <a href={href(['collections'])}>Your collections</a>.
        </p>
      </>
    );
  }
  return <CollectionView key={id} id={id} />;
}

function CollectionsHome() {
  const { session } = useConsole();
  const canWrite = session.scopes.includes('write:vectors');
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState(0);
  return (
    <div class="collections-page">
      <PageHeader title="Collections">
        <p class="collections-lede">
          Your own documents, searchable by meaning: upload the records an agency sent you, index them, and search them here or beside the law in Search.
        </p>
      </PageHeader>
      {canWrite ? <CreateCollection /> : <p class="collections-muted">Your account may read collections but not change them (it needs the “write:vectors” permission).</p>}
      <p role="status" class="collections-ok">
        {message}
      </p>
      <CollectionList
        key={version}
        canWrite={canWrite}
        onDeleted={(c) => {
          setMessage(`Deleted ${c.name}.`);
          setVersion((n) => n + 1);
        }}
      />
    </div>
  );
}

function CreateCollection() {
  const { client } = useConsole();
  return <CreateNamedForm kind="collection" css="collections" maxDescription={2000} create={(values) => client.vectors.collections.create(values)} pathOf={(id) => ['collections', id]} />;
}

function CollectionList({ canWrite, onDeleted }: { canWrite: boolean; onDeleted(c: VectorCollection): void }) {
  const { client } = useConsole();
  const list = useAsync((signal) => client.vectors.collections.list({ limit: 100 }, { signal }), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (list.status === 'loading') return <Loading label="Loading your collections…" />;
  if (list.status === 'error') return <ErrorNotice message={list.message} retry={list.reload} />;
  const { data, total } = list.value;
  const remove = (c: VectorCollection) => {
    setBusy(c.id);
    setError(null);
    client.vectors.collections.delete(c.id).then(
      () => onDeleted(c),
      (err: unknown) => {
        setBusy(null);
        setError(`${c.name} could not be deleted: ${errorText(err)}`);
      },
    );
  };
  return (
    <section class="collections-list" aria-labelledby="collections-list-heading">
      <h2 id="collections-list-heading">Your collections ({total})</h2>
      {error && <ErrorNotice message={error} />}
      {data.length === 0 ? (
        <p class="collections-muted">No collections yet.{canWrite ? ' Create one above.' : ''}</p>
      ) : (
        <div class="collections-table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Items</th>
                <th scope="col">Chunks</th>
                <th scope="col">Model</th>
                <th scope="col">Updated</th>
                {canWrite && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {data.map((c) => (
                <tr key={c.id}>
                  <td>
                    <a href={href(['collections', c.id])}>{c.name}</a>
                    {c.description && <div class="collections-muted">{c.description}</div>}
                  </td>
                  <td>{c.item_count}</td>
                  <td>{c.chunk_count}</td>
                  <td class="collections-model">{c.embedding === 'server' ? c.model : `Your vectors (${c.dimension})`}</td>
                  <td class="collections-nowrap">{whenText(c.updated_at)}</td>
                  {canWrite && (
                    <td class="collections-nowrap">
                      <ConfirmDelete what={c.name} busy={busy === c.id} onConfirm={() => remove(c)} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
