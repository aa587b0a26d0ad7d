/**
 * `#/collections/<id>`: one collection. A file is uploaded to the person's storage (under
 * `collections/<id>/`) and indexed into the collection by a background run whose progress is
 * shown as it goes and which can be cancelled; the collection is searched by meaning, each hit
 * with its text, metadata and score.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { VectorCollection, VectorIndexRun, VectorQueryResult } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { bytesText, contentTypeOf } from '../files/file-words.js';

const POLL_MS = 500;
const FINISHED = ['completed', 'failed', 'cancelled'];
const STEP_WORDS: Record<string, string> = { queued: 'Waiting to start', extracting: 'Reading the text', embedding: 'Embedding the text', done: 'Done' };

export function CollectionView({ id }: { id: string }) {
  const { client, session } = useConsole();
  const collection = useAsync((signal) => client.vectors.collections.get(id, { signal }), [id]);
  // Counts read again after a run, in place (a reload would replace the page, and the run's outcome with it).
  const [fresh, setFresh] = useState<VectorCollection | null>(null);
  const refresh = () => void client.vectors.collections.get(id).then(setFresh, () => undefined);
  if (collection.status === 'loading') return <Loading label="Loading the collection…" />;
  if (collection.status === 'error') {
    return (
      <>
        <PageHeader title="Collection" />
        <ErrorNotice message={collection.message} retry={collection.reload} />
        <p>
          <a href={href(['collections'])}>Your collections</a>
        </p>
      </>
    );
  }
  const c = fresh ?? collection.value;
  const server = c.embedding === 'server';
  return (
    <div class="collections-page">
      <PageHeader title={c.name}>
        <p class="collections-lede">
          <a href={href(['collections'])}>Your collections</a> · {c.item_count} {c.item_count === 1 ? 'item' : 'items'}, {c.chunk_count} {c.chunk_count === 1 ? 'chunk' : 'chunks'} ·{' '}
          {server ? `embedded with ${c.model}` : `your own vectors of ${c.dimension} numbers`}
        </p>
        {c.description && <p class="collections-muted">{c.description}</p>}
      </PageHeader>
      {!server ? (
        <p class="collections-muted">This collection holds vectors you bring: write and query it through the API (it cannot index files or be searched by text).</p>
      ) : (
        <>
          {session.scopes.includes('write:vectors') && <IndexFile collection={c} onIndexed={refresh} />}
          <SearchCollection collection={c} />
        </>
      )}
    </div>
  );
}

function IndexFile({ collection, onIndexed }: { collection: VectorCollection; onIndexed(): void }) {
  const { client } = useConsole();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'uploading' | 'starting' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<VectorIndexRun | null>(null);
  const [active, setActive] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (e: Event) => {
    e.preventDefault();
    if (!file) {
      setError('Choose a PDF, text, Markdown or HTML file to index.');
      fileInput.current?.focus();
      return;
    }
    const key = `collections/${collection.id}/${file.name.replace(/[/\\]/g, '_')}`;
    setError(null);
    setRun(null);
    setBusy('uploading');
    client.storage
      .put(key, file, { contentType: contentTypeOf(file) })
      .then(() => {
        setBusy('starting');
        return client.vectors.index(collection.id, key);
      })
      .then(
        (r) => {
          setBusy(null);
          setRun(r);
          setActive(true);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        (err: unknown) => {
          setBusy(null);
          setError(errorText(err));
        },
      );
  };

  return (
    <section aria-labelledby="collection-index-heading" class="collections-panel">
      <h2 id="collection-index-heading">Add a document</h2>
      <form onSubmit={submit} class="collections-row" noValidate>
        <div class="collections-field collections-wide">
          <label for="collection-file">File (PDF, text, Markdown or HTML)</label>
          <input
            id="collection-file"
            ref={fileInput}
            type="file"
            accept=".pdf,.txt,.md,.markdown,.html,.htm,application/pdf,text/plain,text/markdown,text/html"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setError(null);
            }}
          />
        </div>
        <button type="submit" class="primary" disabled={busy !== null || active}>
          {busy === 'uploading' ? 'Uploading…' : busy === 'starting' ? 'Starting…' : 'Upload and index'}
        </button>
      </form>
      {file && !busy && (
        <p class="collections-muted">
          {file.name}: {bytesText(file.size)}. It is stored in your files under <code>collections/</code>, then indexed page by page.
        </p>
      )}
      {error && <ErrorNotice message={error} />}
      {run && (
        <RunProgress
          key={run.id}
          initial={run}
          onFinished={() => {
            setActive(false);
            // A cancelled or failed run keeps what it stored: the counts change either way.
            onIndexed();
          }}
        />
      )}
    </section>
  );
}

function RunProgress({ initial, onFinished }: { initial: VectorIndexRun; onFinished(): void }) {
  const { client } = useConsole();
  const [run, setRun] = useState(initial);
  const [cancelling, setCancelling] = useState(false);
  const [pollError, setPollError] = useState<string | null>(null);
  const finished = FINISHED.includes(run.status);
  useEffect(() => {
    if (finished) {
      onFinished();
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.vectors.indexRun(run.collection_id, run.id, { signal: controller.signal }).then(
        (next) => {
          setPollError(null);
          setRun(next);
        },
        (err: unknown) => !controller.signal.aborted && setPollError(errorText(err)),
      );
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [run, pollError]);

  const cancel = () => {
    setCancelling(true);
    client.vectors.cancelIndexRun(run.collection_id, run.id).then(
      (r) => setRun(r),
      (err: unknown) => {
        setCancelling(false);
        setPollError(errorText(err));
      },
    );
  };

  const p = run.progress;
  const total = Math.max(p.chunks_total, 1);
  const text =
    run.status === 'completed'
      ? `Indexed ${run.object_key}: ${p.pages} ${p.pages === 1 ? 'page' : 'pages'}, ${p.chunks_embedded} chunks embedded, ${p.chunks_skipped} unchanged.`
      : run.status === 'failed'
        ? `Indexing ${run.object_key} failed: ${run.error ?? 'unknown error'}`
        : run.status === 'cancelled'
          ? `Indexing ${run.object_key} was cancelled after ${p.chunks_done} of ${p.chunks_total} chunks (what was stored stays).`
          : `${STEP_WORDS[p.step] ?? p.step}: ${p.chunks_done} of ${p.chunks_total} chunks${p.pages ? ` from ${p.pages} pages` : ''}.`;
  return (
    <div class="collections-run">
      <div class="collections-progress">
        <label for="collection-progress-bar">Indexing {run.object_key}</label>
        {/* No value until the chunks are counted: an indeterminate bar (an element of its own: a value once set stays). */}
        {p.chunks_total === 0 && !finished ? (
          <progress key="waiting" id="collection-progress-bar">
            waiting
          </progress>
        ) : (
          <progress key="counting" id="collection-progress-bar" max={total} value={run.status === 'completed' ? total : p.chunks_done}>
            {p.chunks_done} of {p.chunks_total}
          </progress>
        )}
      </div>
      <p role="status" aria-live="polite" class={run.status === 'failed' ? 'collections-failed' : 'collections-progress-text'}>
        {text}
      </p>
      {!finished && (
        <button type="button" onClick={cancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel indexing'}
        </button>
      )}
      {pollError && <ErrorNotice message={`The run could not be read or cancelled: ${pollError}`} retry={() => setPollError(null)} />}
    </div>
  );
}

function SearchCollection({ collection }: { collection: VectorCollection }) {
  const { client } = useConsole();
  const [text, setText] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'loading' } | { status: 'error'; message: string } | { status: 'ready'; query: string; result: VectorQueryResult }>({ status: 'idle' });
  const submit = (e: Event) => {
    e.preventDefault();
    const query = text.trim();
    if (!query) return;
    setState({ status: 'loading' });
    client.vectors.query(collection.id, { text: query, limit: 10 }).then(
      (result) => setState({ status: 'ready', query, result }),
      (err: unknown) => setState({ status: 'error', message: errorText(err) }),
    );
  };
  return (
    <section aria-labelledby="collection-search-heading" class="collections-section">
      <h2 id="collection-search-heading">Search this collection</h2>
      <form role="search" aria-label="Search this collection" class="collections-row" onSubmit={submit}>
        <div class="collections-field collections-wide">
          <label for="collection-query">Words or a question</label>
          <input id="collection-query" type="search" maxLength={2000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={state.status === 'loading' || text.trim() === ''}>
          {state.status === 'loading' ? 'Searching…' : 'Search'}
        </button>
      </form>
      {state.status === 'error' && <ErrorNotice message={state.message} />}
      {state.status === 'ready' && (
        <>
          <p role="status" class="collections-count">
            {state.result.data.length === 0 ? `Nothing found for “${state.query}”.` : `${state.result.data.length} best ${state.result.data.length === 1 ? 'match' : 'matches'} for “${state.query}”.`}
          </p>
          <ol class="collections-hits">
            {state.result.data.map((h) => (
              <li key={`${h.id}#${h.chunk}`} class="collections-hit">
                <div class="collections-hit-head">
                  <span class="collections-hit-id">{h.id}</span>
                  <span class="collections-score" title="Cosine similarity: 1 is the same meaning">
                    score {h.score.toFixed(3)}
                  </span>
                </div>
                <p class="collections-hit-text">{h.text ?? '(no text: an item written as a vector)'}</p>
                {Object.keys(h.metadata).length > 0 && (
                  <dl class="collections-metadata">
                    {Object.entries(h.metadata).map(([k, v]) => (
                      <div key={k}>
                        <dt>{k}</dt>
                        <dd>{String(v)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
