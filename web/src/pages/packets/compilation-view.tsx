/**
 * One compilation: while it runs, a progress bar (parts gathered of all, and the step) read
 * again about once a second, and a way to cancel it; once finished, its outputs to download,
 * the parts that could not be compiled and why, and what was asked for.
 */
import { useEffect, useState } from 'preact/hooks';
import { ConflictError, type Compilation } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { useJurisdictionName } from '../foia/foia-format.js';
import { baseName, bytesText, saveDownload, whenText } from '../files/file-words.js';
import { FORMAT_LABELS, PART_LABELS, STATUS_LABELS, isFinished, partText } from './packet-words.js';

/** How often a running compilation is read again. */
const POLL_MS = 1000;

type Message = { kind: 'ok' | 'error'; text: string } | null;

/** Where it stands, in words (what the live region says). */
function progressText(c: Compilation): string {
  const { done, total, step } = c.progress;
  const parts = `${done} of ${total} ${total === 1 ? 'part' : 'parts'} gathered`;
  switch (c.status) {
    case 'queued':
      return `Queued: waiting to start (${total} ${total === 1 ? 'part' : 'parts'}).`;
    case 'running':
      return `Compiling: ${parts}. Now: ${step}.`;
    case 'completed':
      return `Completed: ${parts}${c.part_failures.length > 0 ? `, ${c.part_failures.length} could not be compiled` : ''}. The packet is ready to download.`;
    case 'failed':
      return `Failed: ${c.error ?? 'the packet could not be compiled'}.`;
    case 'cancelled':
      return 'Cancelled: no packet was made.';
  }
}

export function StatusBadge({ status }: { status: Compilation['status'] }) {
  return <span class={`packet-status packet-status-${status}`}>{STATUS_LABELS[status]}</span>;
}

export function CompilationView({ initial }: { initial: Compilation }) {
  const { client } = useConsole();
  const name = useJurisdictionName(client);
  const [c, setC] = useState<Compilation>(initial);
  const [pollError, setPollError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const finished = isFinished(c.status);

  // Read it again about once a second until it finishes (a failed read stops, with a retry).
  useEffect(() => {
    if (finished) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.documents.getCompilation(c.id, { signal: controller.signal }).then(
        (next) => {
          if (controller.signal.aborted) return;
          setPollError(null);
          setC(next);
        },
        (err: unknown) => !controller.signal.aborted && setPollError(errorText(err)),
      );
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [c, tick]);

  const cancel = () => {
    setCancelling(true);
    setMessage(null);
    client.documents.cancel(c.id).then(
      (next) => {
        setCancelling(false);
        setC(next);
      },
      (err: unknown) => {
        setCancelling(false);
        // It finished meanwhile: say so, and read it again.
        setMessage({ kind: 'error', text: err instanceof ConflictError ? `It can no longer be cancelled: ${errorText(err)}` : errorText(err) });
        setTick((n) => n + 1);
      },
    );
  };

  const download = (output: Compilation['outputs'][number]) => {
    setDownloading(output.format);
    setMessage(null);
    client.documents.download(c, output.format)
      .then((d) => saveDownload(d, baseName(output.key), output.content_type))
      .then(
        () => setMessage({ kind: 'ok', text: `Downloaded ${baseName(output.key)}.` }),
        (err: unknown) => setMessage({ kind: 'error', text: `The ${FORMAT_LABELS[output.format]} could not be downloaded: ${errorText(err)}` }),
      )
      .finally(() => setDownloading(null));
  };

  const { done, total } = c.progress;
  // What a download or a cancel answered: under the downloads once there are some, else under the progress.
  const said = (
    <p role="status" class={message?.kind === 'error' ? 'packet-message packet-message-error' : 'packet-message'}>
      {message?.text ?? ''}
    </p>
  );
  return (
    <div class="packet-compilation">
      <p class="packet-meta">
        <StatusBadge status={c.status} /> <span>Started {whenText(c.created_at)}</span>
        {c.finished_at && <span> · finished {whenText(c.finished_at)}</span>}
      </p>

      <section aria-labelledby="packet-progress-heading" class="packet-card">
        <h2 id="packet-progress-heading">Progress</h2>
        <div class="packet-progress">
          <label for="packet-progress-bar">Parts gathered</label>
          {/* No value while queued: an indeterminate bar (an element of its own: a value once set stays). */}
          {c.status === 'queued' && done === 0 ? (
            <progress key="waiting" id="packet-progress-bar" max={Math.max(total, 1)}>
              waiting
            </progress>
          ) : (
            <progress key="counting" id="packet-progress-bar" max={Math.max(total, 1)} value={c.status === 'completed' ? Math.max(total, 1) : done}>
              {done} of {total}
            </progress>
          )}
          <span class="packet-progress-count" aria-hidden="true">
            {done} / {total}
          </span>
        </div>
        <p role="status" aria-live="polite" class={c.status === 'failed' ? 'packet-progress-text packet-failed' : 'packet-progress-text'}>
          {progressText(c)}
        </p>
        {!finished && (
          <button type="button" onClick={cancel} disabled={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel compilation'}
          </button>
        )}
        {c.outputs.length === 0 && said}
        {pollError && <ErrorNotice message={`Its progress could not be read: ${pollError}`} retry={() => (setPollError(null), setTick((n) => n + 1))} />}
      </section>

      {c.outputs.length > 0 && (
        <section aria-labelledby="packet-downloads-heading" class="packet-card">
          <h2 id="packet-downloads-heading">Downloads</h2>
          <ul class="packet-outputs">
            {c.outputs.map((o) => (
              <li key={o.format}>
                <button type="button" class="primary" onClick={() => download(o)} disabled={downloading === o.format}>
                  {downloading === o.format ? `Downloading ${FORMAT_LABELS[o.format]}…` : `Download ${FORMAT_LABELS[o.format]}`}
                </button>{' '}
                <span class="packet-muted">
                  {baseName(o.key)}, {bytesText(o.size)}
                </span>
              </li>
            ))}
          </ul>
          {said}
          <p class="packet-muted">
            Also kept in <a href={href(['files'], { prefix: `packets/${c.id}/` })}>your files</a>.
          </p>
        </section>
      )}

      {c.part_failures.length > 0 && (
        <section aria-labelledby="packet-failures-heading" class="packet-card">
          <h2 id="packet-failures-heading">Parts that could not be compiled</h2>
          <p>The packet says so in their place.</p>
          <ul class="packet-failures">
            {c.part_failures.map((f) => (
              <li key={f.index}>
                <strong>
                  Part {f.index} ({PART_LABELS[f.kind].toLowerCase()}):
                </strong>{' '}
                {f.reason}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="packet-contents-heading" class="packet-card">
        <h2 id="packet-contents-heading">Contents asked for</h2>
        <ol class="packet-contents">
          {c.parts.map((p, i) => (
            <li key={i}>{partText(p, name)}</li>
          ))}
        </ol>
        <p class="packet-muted">Formats: {c.formats.map((f) => FORMAT_LABELS[f]).join(', ')}.</p>
        {c.fingerprint && (
          <p class="packet-muted packet-fingerprint">
            Fingerprint: <code>{c.fingerprint}</code>
          </p>
        )}
      </section>
    </div>
  );
}
