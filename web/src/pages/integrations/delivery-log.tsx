/**
 * A run's webhook delivery log (`GET …/{id}/deliveries`): every attempt to send its event, with
 * the status code the receiver answered, the outcome, the latency and the error. The event is
 * sent when the run ends, so the log is read then, and again every few seconds for a while until
 * an attempt is delivered or refused (a failed attempt is tried again later); "Refresh" reads it
 * at any time.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WebhookDelivery, WorkflowRun } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { whenText } from '../files/file-words.js';
import { OUTCOME_LABELS, durationText, isFinished } from './integration-words.js';

/** Between reads while the event is on its way. */
const REFRESH_MS = 2000;
/** How long after the run ends the log is read again by itself. */
const WATCH_MS = 60_000;

interface LogState {
  list: WebhookDelivery[] | null;
  error: string | null;
  loading: boolean;
}

function summary(run: WorkflowRun, list: WebhookDelivery[]): string {
  const last = list.at(-1);
  if (!last) return isFinished(run.status) ? 'No attempt to send the event is logged yet.' : 'The event is sent when the run ends.';
  const code = last.status_code !== null ? `HTTP ${last.status_code}` : 'no answer';
  switch (last.outcome) {
    case 'delivered':
      return `Delivered on attempt ${last.attempt} (${code}, ${durationText(last.latency_ms)}).`;
    case 'refused':
      return `Not sent: attempt ${last.attempt} was refused${last.error ? ` (${last.error})` : ''}.`;
    case 'failed':
      return `Attempt ${last.attempt} failed (${code}${last.error ? `: ${last.error}` : ''}); it is tried again later.`;
  }
}

export function DeliveryLog({ run }: { run: WorkflowRun }) {
  const { client } = useConsole();
  const [log, setLog] = useState<LogState>({ list: null, error: null, loading: true });
  const [tick, setTick] = useState(0);
  const finished = isFinished(run.status);
  const endedAt = useRef<number | null>(null);
  if (finished && endedAt.current === null) endedAt.current = Date.now();

  useEffect(() => {
    if (!run.webhook) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLog((l) => ({ ...l, loading: true }));
    client.integrations.deliveries(run.id, { signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setLog({ list: page.data, error: null, loading: false });
        const settled = page.data.some((d) => d.outcome !== 'failed');
        if (finished && !settled && Date.now() - (endedAt.current ?? 0) < WATCH_MS) timer = setTimeout(() => setTick((n) => n + 1), REFRESH_MS);
      },
      (err: unknown) => !controller.signal.aborted && setLog((l) => ({ ...l, error: errorText(err), loading: false })),
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [run.id, finished, tick]);

  return (
    <section aria-labelledby="integ-deliveries-heading" class="integ-card">
      <h2 id="integ-deliveries-heading">Webhook deliveries</h2>
      {!run.webhook ? (
        <p class="integ-muted">No webhook was named for this run: its end is not sent anywhere.</p>
      ) : (
        <>
          <p>
            The run’s event is sent to <code class="integ-url">{run.webhook.url}</code> when it ends, signed with your secret.
          </p>
          <p role="status" class="integ-delivery-summary">
            {log.list ? summary(run, log.list) : ''}
          </p>
          {log.list === null && log.loading && <p class="loading">Loading the delivery log…</p>}
          {log.error && <ErrorNotice message={`The delivery log could not be read: ${log.error}`} retry={() => setTick((n) => n + 1)} />}
          {log.list && log.list.length > 0 && (
            <div class="integ-table-wrap">
              <table class="integ-table">
                <caption>Delivery attempts, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Attempt</th>
                    <th scope="col">Time</th>
                    <th scope="col">Status code</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {log.list.map((d) => (
                    <tr key={`${d.event_id}-${d.attempt}`}>
                      <th scope="row" class="integ-row-head">
                        {d.attempt}
                      </th>
                      <td class="integ-nowrap">
                        <time dateTime={d.attempted_at}>{whenText(d.attempted_at)}</time>
                      </td>
                      <td>{d.status_code ?? 'none'}</td>
                      <td>
                        <span class={`integ-outcome integ-outcome-${d.outcome}`}>{OUTCOME_LABELS[d.outcome]}</span>
                      </td>
                      <td class="integ-nowrap">{durationText(d.latency_ms)}</td>
                      <td class="integ-error-cell">{d.error ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* Not disabled while it reads (the focus would be lost): a click then does nothing. */}
          <button type="button" onClick={() => !log.loading && setTick((n) => n + 1)}>
            {log.loading && log.list !== null ? 'Refreshing…' : 'Refresh the log'}
          </button>
        </>
      )}
    </section>
  );
}
