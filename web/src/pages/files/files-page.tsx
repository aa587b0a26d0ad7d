/**
 * `#/files`: the signed-in person's stored objects (`?prefix=` filters by the start of the
 * key), a page at a time with "Load more"; each downloadable and deletable (after a question);
 * and a form to upload a file under a path of one's choosing. Compiled packets are stored
 * under `packets/…`, FOIA attachments under `foia/…`.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StoredObject } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href, navigate } from '../../router.js';
import { ConfirmDelete, baseName, bytesText, contentTypeOf, saveDownload, typeText, whenText } from './file-words.js';

const PAGE = 50;

type Message = { kind: 'ok' | 'error'; text: string } | null;

export function FilesPage({ route }: PageProps) {
  const prefix = route.query.get('prefix') ?? '';
  const { session } = useConsole();
  const canWrite = session.scopes.includes('write:storage');
  const [message, setMessage] = useState<Message>(null);
  const [version, setVersion] = useState(0);
  const messageRef = useRef<HTMLDivElement>(null);
  const say = (m: Message, focus = false) => {
    setMessage(m);
    if (focus) requestAnimationFrame(() => messageRef.current?.focus());
  };

  return (
    <div class="files-page">
      <PageHeader title="Files">
        <p class="files-lede">
          Your stored files. Packets you compile are kept under <code>packets/</code>, and FOIA request attachments under <code>foia/</code>.
        </p>
      </PageHeader>
      <div ref={messageRef} tabIndex={-1} class="files-message-slot">
        <p role="status" class={message?.kind === 'error' ? 'files-message files-message-error' : 'files-message'}>
          {message?.text ?? ''}
        </p>
      </div>
      {canWrite ? (
        <Upload
          prefix={prefix}
          onUploaded={(o) => {
            say({ kind: 'ok', text: `Uploaded ${o.key} (${bytesText(o.size)}).` });
            setVersion((n) => n + 1);
          }}
        />
      ) : (
        <p class="files-muted">Your account may read files but not upload or delete them (it needs the “write:storage” permission).</p>
      )}
      <PrefixFilter prefix={prefix} />
      <ObjectList key={`${prefix}\n${version}`} prefix={prefix} canWrite={canWrite} say={say} />
    </div>
  );
}

function PrefixFilter({ prefix }: { prefix: string }) {
  const [text, setText] = useState(prefix);
  useEffect(() => setText(prefix), [prefix]);
  const go = (p: string) => navigate(['files'], { prefix: p }, true);
  return (
    <form
      class="files-filter"
      aria-label="Filter files"
      onSubmit={(e) => {
        e.preventDefault();
        go(text.trim());
      }}
    >
      <div class="files-field">
        <label for="files-prefix">Path starts with</label>
        <input id="files-prefix" type="text" value={text} maxLength={1024} placeholder="e.g. packets/" onInput={(e) => setText(e.currentTarget.value)} />
      </div>
      <button type="submit">Filter</button>
      <nav aria-label="Folders" class="files-folders">
        <a href={href(['files'])} aria-current={prefix === '' ? 'page' : undefined}>
          All files
        </a>
        <a href={href(['files'], { prefix: 'packets/' })} aria-current={prefix === 'packets/' ? 'page' : undefined}>
          Packets
        </a>
        <a href={href(['files'], { prefix: 'foia/' })} aria-current={prefix === 'foia/' ? 'page' : undefined}>
          FOIA attachments
        </a>
      </nav>
    </form>
  );
}

function ObjectList({ prefix, canWrite, say }: { prefix: string; canWrite: boolean; say(m: Message, focus?: boolean): void }) {
  const { client } = useConsole();
  const first = useAsync((signal) => client.storage.list({ limit: PAGE, ...(prefix ? { prefix } : {}) }, { signal }), [prefix]);
  const [rows, setRows] = useState<StoredObject[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [more, setMore] = useState<{ status: 'idle' | 'loading' | 'error'; message?: string }>({ status: 'idle' });
  const [busy, setBusy] = useState<string | null>(null);
  const [removed, setRemoved] = useState(0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (first.status === 'ready') {
      setRows(first.value.data);
      setNext(first.value.next_cursor);
    }
  }, [first.status === 'ready' ? first.value : null]);

  if (first.status === 'loading' || (first.status === 'ready' && rows === null)) return <Loading label="Loading your files…" />;
  if (first.status === 'error') return <ErrorNotice message={first.message} retry={first.reload} />;
  const list = rows ?? [];
  const total = first.status === 'ready' ? first.value.total - removed : list.length;

  const loadMore = () => {
    if (!next || more.status === 'loading') return;
    const c = new AbortController();
    controller.current = c;
    setMore({ status: 'loading' });
    client.storage.list({ limit: PAGE, cursor: next, ...(prefix ? { prefix } : {}) }, { signal: c.signal }).then(
      (page) => {
        if (c.signal.aborted) return;
        setRows((r) => [...(r ?? []), ...page.data]);
        setNext(page.next_cursor);
        setMore({ status: 'idle' });
      },
      (err: unknown) => !c.signal.aborted && setMore({ status: 'error', message: errorText(err) }),
    );
  };

  const download = (o: StoredObject) => {
    setBusy(o.key);
    say(null);
    client.storage
      .get(o.key)
      .then((d) => saveDownload(d, baseName(o.key), o.content_type))
      .then(
        () => say({ kind: 'ok', text: `Downloaded ${o.key}.` }),
        (err: unknown) => say({ kind: 'error', text: `${o.key} could not be downloaded: ${errorText(err)}` }),
      )
      .finally(() => setBusy(null));
  };

  const remove = (o: StoredObject) => {
    setBusy(o.key);
    say(null);
    client.storage.delete(o.key).then(
      () => {
        setRows((r) => (r ?? []).filter((x) => x.key !== o.key));
        setRemoved((n) => n + 1);
        setBusy(null);
        say({ kind: 'ok', text: `Deleted ${o.key}.` }, true);
      },
      (err: unknown) => {
        setBusy(null);
        say({ kind: 'error', text: `${o.key} could not be deleted: ${errorText(err)}` }, true);
      },
    );
  };

  return (
    <section aria-labelledby="files-list-heading" class="files-list">
      <h2 id="files-list-heading">{prefix ? `Files under “${prefix}”` : 'All files'}</h2>
      <p class="files-count">
        {total === 0 ? (prefix ? 'No files start with this path.' : 'No files yet.') : `${total} ${total === 1 ? 'file' : 'files'}.`}
      </p>
      {list.length > 0 && (
        <div class="files-table-wrap">
          <table class="files-table">
            <caption class="visually-hidden">Your files, by path</caption>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">Size</th>
                <th scope="col">Type</th>
                <th scope="col">Stored</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.key}>
                  <th scope="row" class="files-key">
                    {o.key}
                  </th>
                  <td class="files-nowrap">{bytesText(o.size)}</td>
                  <td>{typeText(o.content_type)}</td>
                  <td class="files-nowrap">
                    <time dateTime={o.updated_at}>{whenText(o.updated_at)}</time>
                  </td>
                  <td class="files-actions">
                    <button type="button" aria-label={`Download ${o.key}`} onClick={() => download(o)} disabled={busy === o.key}>
                      Download
                    </button>
                    {canWrite && <ConfirmDelete what={o.key} busy={busy === o.key} onConfirm={() => remove(o)} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <div class="files-more">
          {more.status === 'error' && more.message && <ErrorNotice message={more.message} />}
          <button type="button" onClick={loadMore} disabled={more.status === 'loading'}>
            {more.status === 'loading' ? 'Loading more…' : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}

function Upload({ prefix, onUploaded }: { prefix: string; onUploaded(o: StoredObject): void }) {
  const { client } = useConsole();
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);

  const choose = (f: File | null) => {
    setFile(f);
    setError(null);
    // The path defaults to the file's name, in the folder being looked at.
    if (f) setKey(`${prefix.endsWith('/') ? prefix : ''}${f.name}`);
  };

  const submit = (e: Event) => {
    e.preventDefault();
    if (!file) {
      setError('Choose a file to upload.');
      fileInput.current?.focus();
      return;
    }
    const path = key.trim();
    if (!path || path.startsWith('/') || path.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      setError('The path may not be empty, start with “/”, or have an empty, “.” or “..” part.');
      keyInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    // A File is a Blob: the browser sends it from the disk as it reads it, never whole in memory.
    client.storage.put(path, file, { contentType: contentTypeOf(file) }).then(
      (o) => {
        setBusy(false);
        setFile(null);
        setKey('');
        if (fileInput.current) fileInput.current.value = '';
        onUploaded(o);
      },
      (err: unknown) => {
        setBusy(false);
        setError(errorText(err));
      },
    );
  };

  return (
    <section aria-labelledby="files-upload-heading" class="files-upload">
      <h2 id="files-upload-heading">Upload a file</h2>
      <form onSubmit={submit} class="files-upload-form" noValidate>
        <div class="files-field">
          <label for="files-upload-file">File</label>
          <input id="files-upload-file" ref={fileInput} type="file" onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)} />
        </div>
        <div class="files-field files-field-wide">
          <label for="files-upload-key">Save as (path)</label>
          <input
            id="files-upload-key"
            ref={keyInput}
            type="text"
            value={key}
            maxLength={1024}
            aria-describedby="files-upload-key-hint"
            onInput={(e) => setKey(e.currentTarget.value)}
          />
          <p id="files-upload-key-hint" class="files-hint">
            Folders are separated by “/”. A file already at this path is replaced.
          </p>
        </div>
        <button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      {file && !busy && (
        <p class="files-muted">
          {file.name}: {bytesText(file.size)}, {typeText(contentTypeOf(file))}.
        </p>
      )}
      {error && <ErrorNotice message={error} />}
    </section>
  );
}
