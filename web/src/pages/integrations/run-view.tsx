/**
 * One integration run: while it is queued or running, where it stands (read again about once a
 * second, said in a live region) and a way to cancel it; once it has ended, its result (the
 * files it stored to download, the console's pages it made or changed) or its error. Always
 * what it was asked to do, and its webhook's delivery log.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ConflictError, type WorkflowRun } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { baseName, bytesText, saveDownload, whenText } from '../files/file-words.js';
import { useJurisdictionName } from '../foia/foia-format.js';
import { DeliveryLog } from './delivery-log.js';
import { STATUS_LABELS, consoleRouteOf, durationText, isFinished, progressText, storageKeyOf, type RunStatus } from './integration-words.js';

/** How often a run that has not ended is read again. */
const POLL_MS = 1000;

type Message = { kind: 'ok' | 'error'; text: string } | null;

export function StatusBadge({ status }: { status: RunStatus }) {
  return <span class={`integ-status integ-status-${status}`}>{STATUS_LABELS[status]}</span>;
}

export function RunView({ initial }: { initial: WorkflowRun }) {
  const { client } = useConsole();
  const [run, setRun] = useState<WorkflowRun>(initial);
  const [pollError, setPollError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const finished = isFinished(run.status);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const cancelHadFocus = useRef(false);

  /** Shows the run as read; when it has ended, notes whether the Cancel button (about to go) has the focus. */
  const update = (next: WorkflowRun) => {
    if (isFinished(next.status) && cancelButton.current && document.activeElement === cancelButton.current) cancelHadFocus.current = true;
    setRun(next);
  };

  // Once it ends, the Cancel button goes: the focus it had goes to the progress, not the page's top.
  useEffect(() => {
    if (!finished || !cancelHadFocus.current) return;
    cancelHadFocus.current = false;
    progressHeading.current?.focus();
  }, [finished]);

  // Read it again about once a second until it ends (a failed read stops, with a retry).
  useEffect(() => {
    if (finished) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.integrations.get(run.id, { signal: controller.signal }).then(
        (next) => {
          if (controller.signal.aborted) return;
          setPollError(null);
          update(next);
        },
        (err: unknown) => !controller.signal.aborted && setPollError(errorText(err)),
      );
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [run, tick]);

  const cancel = () => {
    if (cancelling || run.progress?.step === 'cancelling') return;
    setCancelling(true);
    setMessage(null);
    client.integrations.cancel(run.id).then(
      (next) => {
        setCancelling(false);
        update(next);
        setMessage({ kind: 'ok', text: 'Cancelling: the run stops shortly.' });
      },
      (err: unknown) => {
        setCancelling(false);
        // It ended meanwhile: say so, and read it again.
        setMessage({ kind: 'error', text: err instanceof ConflictError ? `It can no longer be cancelled: ${errorText(err)}` : errorText(err) });
        setTick((n) => n + 1);
      },
    );
  };

  const p = run.progress;
  const counted = p?.done !== undefined && p.total !== undefined;
  return (
    <div class="integ-run">
      <dl class="integ-meta">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={run.status} />
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={run.created_at}>{whenText(run.created_at)}</time>
          </dd>
        </div>
        {run.started_at && (
          <div>
            <dt>Started</dt>
            <dd>
              <time dateTime={run.started_at}>{whenText(run.started_at)}</time>
            </dd>
          </div>
        )}
        {run.finished_at && (
          <div>
            <dt>Finished</dt>
            <dd>
              <time dateTime={run.finished_at}>{whenText(run.finished_at)}</time>
            </dd>
          </div>
        )}
        {run.duration_ms !== null && (
          <div>
            <dt>Duration</dt>
            <dd>{durationText(run.duration_ms)}</dd>
          </div>
        )}
        <div>
          <dt>Run id</dt>
          <dd>
            <code>{run.id}</code>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="integ-progress-heading" class="integ-card">
        <h2 id="integ-progress-heading" tabIndex={-1} ref={progressHeading}>
          Progress
        </h2>
        {(counted || !finished) && (
          <div class="integ-progress">
            <label for="integ-progress-bar">Progress</label>
            {/* No value until there are counts: an indeterminate bar (an element of its own: a value once set stays). */}
            {counted ? (
              <progress key="counting" id="integ-progress-bar" max={Math.max(p.total!, 1)} value={run.status === 'completed' ? Math.max(p.total!, 1) : p.done}>
                {p.done} of {p.total}
              </progress>
            ) : (
              <progress key="waiting" id="integ-progress-bar">
                in progress
              </progress>
            )}
            {counted && (
              <span class="integ-muted" aria-hidden="true">
                {p.done} / {p.total}
              </span>
            )}
          </div>
        )}
        <p role="status" aria-live="polite" class={run.status === 'failed' ? 'integ-progress-text integ-failed' : 'integ-progress-text'}>
          {progressText(run)}
        </p>
        {!finished && (
          // aria-disabled, not disabled, while it is being cancelled: a disabled button would drop the focus.
          <button
            type="button"
            ref={cancelButton}
            onClick={cancel}
            aria-disabled={cancelling || p?.step === 'cancelling' ? 'true' : undefined}
          >
            {cancelling ? 'Cancelling…' : 'Cancel run'}
          </button>
        )}
        <p role="status" class={message?.kind === 'error' ? 'integ-message integ-message-error' : 'integ-message'}>
          {message?.text ?? ''}
        </p>
        {pollError && <ErrorNotice message={`Its progress could not be read: ${pollError}`} retry={() => (setPollError(null), setTick((n) => n + 1))} />}
      </section>

      {run.status === 'failed' && (
        <section aria-labelledby="integ-error-heading" class="integ-card">
          <h2 id="integ-error-heading">What went wrong</h2>
          <p class="integ-error-text">{run.error ?? 'The run failed without saying why.'}</p>
        </section>
      )}

      {run.result && <RunResult run={run} result={run.result} />}

      <section aria-labelledby="integ-input-heading" class="integ-card">
        <h2 id="integ-input-heading">Input</h2>
        <InputView input={run.input} />
      </section>

      <DeliveryLog run={run} />
    </div>
  );
}

const isPrimitive = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `within_days` → "Within days". */
const fieldLabel = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

/** A flat input (values and lists of values) as a definition list; anything deeper as JSON. */
function InputView({ input }: { input: unknown }) {
  const { client } = useConsole();
  const name = useJurisdictionName(client);
  if (isRecord(input) && Object.values(input).every((v) => isPrimitive(v) || (Array.isArray(v) && v.every(isPrimitive)))) {
    const entries = Object.entries(input);
    if (entries.length === 0) return <p class="integ-muted">Nothing beyond the type’s defaults.</p>;
    const text = (key: string, v: unknown): string => {
      if (Array.isArray(v)) return v.map((x) => (key === 'jurisdictions' && typeof x === 'string' ? name(x) : String(x))).join(', ');
      if (typeof v === 'boolean') return v ? 'Yes' : 'No';
      return String(v);
    };
    return (
      <dl class="integ-input">
        {entries.map(([k, v]) => (
          <div key={k}>
            <dt>{fieldLabel(k)}</dt>
            <dd>{text(k, v)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <pre class="integ-json" tabIndex={0} aria-label="The input, as JSON">
      {JSON.stringify(input, null, 2)}
    </pre>
  );
}

interface StoredFile {
  key: string;
  size?: number;
  rows?: number;
}

/** What the result says of the files it stored (an export's `files`, a compilation's `outputs`), by key. */
function filesOf(result: Record<string, unknown>): Map<string, StoredFile> {
  const files = new Map<string, StoredFile>();
  for (const list of [result['files'], result['outputs']]) {
    if (!Array.isArray(list)) continue;
    for (const f of list) {
      if (!isRecord(f) || typeof f['key'] !== 'string') continue;
      files.set(f['key'], { key: f['key'], ...(typeof f['size'] === 'number' ? { size: f['size'] } : {}), ...(typeof f['rows'] === 'number' ? { rows: f['rows'] } : {}) });
    }
  }
  return files;
}

function RunResult({ run, result }: { run: WorkflowRun; result: Record<string, unknown> }) {
  const { client } = useConsole();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const links = isRecord(result['links']) ? Object.entries(result['links']).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  const files = filesOf(result);

  const download = (name: string, key: string) => {
    setDownloading(name);
    setMessage(null);
    client.storage
      .get(key)
      .then((d) => saveDownload(d, baseName(key)))
      .then(
        () => setMessage({ kind: 'ok', text: `Downloaded ${baseName(key)}.` }),
        (err: unknown) => setMessage({ kind: 'error', text: `${name} could not be downloaded: ${errorText(err)}` }),
      )
      .finally(() => setDownloading(null));
  };

  const stored = links.some(([, url]) => storageKeyOf(url) !== null);
  return (
    <section aria-labelledby="integ-result-heading" class="integ-card">
      <h2 id="integ-result-heading">Result</h2>
      <ResultSummary run={run} result={result} />
      {links.length > 0 && (
        <>
          <h3 id="integ-links-heading">{stored ? 'Files and links' : 'Links'}</h3>
          <ul class="integ-links" aria-labelledby="integ-links-heading">
            {links.map(([name, url]) => {
              const key = storageKeyOf(url);
              if (key !== null) {
                const f = files.get(key);
                const about = [f?.rows !== undefined ? `${f.rows} ${f.rows === 1 ? 'row' : 'rows'}` : null, f?.size !== undefined ? bytesText(f.size) : null].filter(Boolean).join(', ');
                return (
                  <li key={name}>
                    <button type="button" onClick={() => download(name, key)} disabled={downloading === name}>
                      {downloading === name ? `Downloading ${name}…` : `Download ${name}`}
                    </button>{' '}
                    <span class="integ-muted">
                      <code>{key}</code>
                      {about && `, ${about}`}
                    </span>
                  </li>
                );
              }
              const route = consoleRouteOf(url);
              return (
                <li key={name}>
                  <span class="integ-link-name">{name}:</span> {route ? <a href={href(route.parts)}>{route.label}</a> : null} <code class="integ-muted">{url}</code>
                </li>
              );
            })}
          </ul>
          {stored && (
            <>
              <p role="status" class={message?.kind === 'error' ? 'integ-message integ-message-error' : 'integ-message'}>
                {message?.text ?? ''}
              </p>
              <p class="integ-muted">
                Also kept in <a href={href(['files'], { prefix: run.type === 'export' ? `exports/${run.id}/` : undefined })}>your files</a>.
              </p>
            </>
          )}
        </>
      )}
      <details class="integ-details">
        <summary>The whole result, as JSON</summary>
        <pre class="integ-json" tabIndex={0} aria-label="The result, as JSON">
          {JSON.stringify(result, null, 2)}
        </pre>
      </details>
    </section>
  );
}

/** A line or two on what the run found, for the types that have something to say. */
function ResultSummary({ run, result }: { run: WorkflowRun; result: Record<string, unknown> }) {
  if (run.type === 'foia-digest' && Array.isArray(result['requests'])) {
    const requests = result['requests'].filter(isRecord);
    const overdue = typeof result['overdue'] === 'number' ? result['overdue'] : 0;
    return (
      <>
        <p>
          {requests.length === 0 ? 'None of your requests is' : `${requests.length} of your requests ${requests.length === 1 ? 'is' : 'are'}`} overdue or due within {String(result['within_days'] ?? '')} days
          {overdue > 0 ? ` (${overdue} overdue)` : ''}.
        </p>
        {requests.length > 0 && (
          <ul class="integ-digest">
            {requests.map((r) => (
              <li key={String(r['id'])}>
                <a href={href(['foia', String(r['id'])])}>{String(r['subject'])}</a> <span class="integ-muted">({String(r['agency'])})</span> —{' '}
                {r['overdue'] ? <strong>overdue</strong> : `due ${String(r['due_date'] ?? '')}`}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  if (run.type === 'export' && Array.isArray(result['files'])) {
    const n = result['files'].length;
    return <p>{n === 1 ? 'One file was' : `${n} files were`} stored in your files.</p>;
  }
  if (run.type === 'research' && typeof result['answer'] === 'string') return <p class="integ-answer">{result['answer']}</p>;
  if (run.type === 'reingest' && isRecord(result['counts'])) {
    const c = result['counts'];
    return (
      <p>
        Jurisdictions: {String(c['created'])} created, {String(c['updated'])} updated, {String(c['unchanged'])} unchanged, {String(c['failed'])} failed.
      </p>
    );
  }
  return null;
}
