/**
 * Packets: research packets compiled by the API's workflow (`POST /api/documents/compile`).
 * `#/packets` is the builder and the person's earlier compilations, newest first;
 * `#/packets/<id>` is one compilation: its progress while it runs, its outputs to download.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Compilation } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href, navigate } from '../../router.js';
import { whenText } from '../files/file-words.js';
import { CompilationView, StatusBadge } from './compilation-view.js';
import { PacketBuilder } from './packet-builder.js';
import { FORMAT_LABELS } from './packet-words.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A compilation just started, handed from the builder to its page (which shows it at once). */
let started: Compilation | null = null;

export function PacketsPage({ route }: PageProps) {
  const id = route.parts[1];
  if (!id) return <PacketsHome />;
  if (!UUID.test(id)) return <NotAPacket />;
  return <PacketDetail key={id} id={id} />;
}

function PacketsHome() {
  return (
    <div class="packets-page">
      <PageHeader title="Packets">
        <p class="packet-lede">Compile a research packet (PDF, Markdown or HTML): profiles, comparisons, statutes, search results, your conversations and FOIA requests, every statement with its citation.</p>
      </PageHeader>
      <PacketBuilder
        onStarted={(c) => {
          started = c;
          navigate(['packets', c.id]);
        }}
      />
      <CompilationList />
    </div>
  );
}

const PAGE = 20;
type Row = Compilation;

function CompilationList() {
  const { client } = useConsole();
  const first = useAsync((signal) => client.documents.list({ limit: PAGE }, { signal }), []);
  const [more, setMore] = useState<{ rows: Row[]; next: string | null; status: 'idle' | 'loading' | 'error'; message?: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  let body;
  if (first.status === 'loading') body = <Loading label="Loading your packets…" />;
  else if (first.status === 'error') body = <ErrorNotice message={first.message} retry={first.reload} />;
  else {
    const rows = [...first.value.data, ...(more?.rows ?? [])];
    const next = more ? more.next : first.value.next_cursor;
    const showMore = () => {
      if (!next || more?.status === 'loading') return;
      const c = new AbortController();
      controller.current = c;
      setMore({ rows: more?.rows ?? [], next, status: 'loading' });
      client.documents.list({ limit: PAGE, cursor: next }, { signal: c.signal }).then(
        (page) => !c.signal.aborted && setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.data], next: page.next_cursor, status: 'idle' })),
        (err: unknown) => !c.signal.aborted && setMore((m) => ({ rows: m?.rows ?? [], next, status: 'error', message: errorText(err) })),
      );
    };
    body =
      rows.length === 0 ? (
        <p>No packets yet.</p>
      ) : (
        <>
          <div class="packet-table-wrap">
            <table class="packet-table">
              <caption>Your packets, newest first ({first.value.total} in all)</caption>
              <thead>
                <tr>
                  <th scope="col">Packet</th>
                  <th scope="col">Status</th>
                  <th scope="col">Parts</th>
                  <th scope="col">Formats</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" class="packet-row-head">
                      <a href={href(['packets', c.id])}>{c.title}</a>
                    </th>
                    <td>
                      <StatusBadge status={c.status} />
                      {c.part_failures.length > 0 && <span class="packet-muted"> ({c.part_failures.length} part{c.part_failures.length === 1 ? '' : 's'} failed)</span>}
                    </td>
                    <td>{c.parts.length}</td>
                    <td>{c.formats.map((f) => FORMAT_LABELS[f]).join(', ')}</td>
                    <td>
                      <time dateTime={c.created_at}>{whenText(c.created_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {next && (
            <div class="packet-more">
              {more?.status === 'error' && more.message && <ErrorNotice message={more.message} />}
              <button type="button" onClick={showMore} disabled={more?.status === 'loading'}>
                {more?.status === 'loading' ? 'Loading more…' : 'Show more'}
              </button>
            </div>
          )}
        </>
      );
  }
  return (
    <section aria-labelledby="packet-list-heading" class="packet-list">
      <h2 id="packet-list-heading">Your packets</h2>
      {body}
    </section>
  );
}

function Back() {
  return (
    <p class="packet-back">
      <a href={href(['packets'])}>← Packets</a>
    </p>
  );
}

function PacketDetail({ id }: { id: string }) {
  const { client } = useConsole();
  const [handed] = useState(() => (started?.id === id ? started : null));
  const loaded = useAsync((signal) => (handed ? Promise.resolve(handed) : client.documents.getCompilation(id, { signal })), [id]);
  useEffect(() => {
    started = null;
  }, []);
  const c = loaded.status === 'ready' ? loaded.value : null;
  return (
    <div class="packets-page">
      <Back />
      <PageHeader title={c ? c.title : 'Packet'} />
      {loaded.status === 'loading' && <Loading label="Loading the packet…" />}
      {loaded.status === 'error' && <ErrorNotice message={loaded.message} retry={loaded.reload} />}
      {c && <CompilationView initial={c} />}
    </div>
  );
}

function NotAPacket() {
  return (
    <div class="packets-page">
      <Back />
      <PageHeader title="Packet not found" />
      <p>
        There is no packet at this address. <a href={href(['packets'])}>See your packets</a>.
      </p>
    </div>
  );
}
