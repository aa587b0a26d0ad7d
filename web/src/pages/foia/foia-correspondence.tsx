/**
 * A request's correspondence: the thread of letters, the agency's replies and notes (oldest
 * first, each body folded), the letters Sunlight can send from here, and the form that logs a
 * reply, a letter sent another way or a note. Letters on their way are read again until they
 * are sent or have failed.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FoiaCommunication as Communication, FoiaRequest } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { CHANNEL_LABELS, communicationTitle, deliveryText, inFlight } from './correspondence-words.js';
import { STATUS_LABELS, instantText } from './foia-format.js';
import { LogCommunication } from './foia-log-communication.js';
import { SendLetter } from './foia-send-letter.js';

const POLL_MS = 1500;
/** Statuses whose letter may be sent again or followed up on: the request is with the agency. */
const WITH_AGENCY = ['submitted', 'acknowledged', 'processing'];

export function Correspondence({ request: r, tick, attachmentsTick, onRequestChanged }: { request: FoiaRequest; tick: number; attachmentsTick: number; onRequestChanged(): void }) {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const [list, setList] = useState<Communication[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const wasInFlight = useRef(new Set<string>());

  useEffect(() => {
    const controller = new AbortController();
    client.foia.communications.list(r.id, { signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setError(null);
        setList(page.data);
        // A letter that was on its way and has arrived (or failed) may have moved the request.
        const landed = page.data.some((c) => wasInFlight.current.has(c.id) && !inFlight(c));
        wasInFlight.current = new Set(page.data.filter(inFlight).map((c) => c.id));
        if (landed) onRequestChanged();
      },
      (err: unknown) => !controller.signal.aborted && setError(errorText(err)),
    );
    return () => controller.abort();
  }, [r.id, tick, reload]);

  // Read again while a letter is on its way.
  const pending = list?.some(inFlight) ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setReload((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, list]);

  const refresh = () => setReload((n) => n + 1);
  const settled = () => {
    refresh();
    onRequestChanged();
  };
  const draftedAppeal = list?.some((c) => c.kind === 'appeal' && (c.delivery === 'draft' || c.delivery === 'failed')) ?? false;
  const draftedFollowUp = list?.some((c) => c.kind === 'follow_up' && (c.delivery === 'draft' || c.delivery === 'failed')) ?? false;

  return (
    <section aria-labelledby="foia-correspondence-heading" class="foia-card">
      <h2 id="foia-correspondence-heading">Correspondence</h2>
      {list === null && !error && <Loading label="Loading the correspondence…" />}
      {error && <ErrorNotice message={error} retry={refresh} />}
      {list !== null &&
        (list.length === 0 ? (
          <p>Nothing yet. Letters Sunlight sends, the agency’s replies and your notes are kept here, oldest first.</p>
        ) : (
          <ol class="foia-thread" aria-label="Correspondence, oldest first">
            {list.map((c) => (
              <ThreadItem key={c.id} c={c} />
            ))}
          </ol>
        ))}
      {canWrite && (
        <div class="foia-send-letters" role="group" aria-labelledby="foia-send-heading">
          <h3 id="foia-send-heading">Send by e-mail</h3>
          {(r.status === 'draft' || r.status === 'submitted') && (
            <SendLetter request={r} kind="request" label={r.status === 'draft' ? 'Send the request letter…' : 'Send the request letter again…'} onSettled={settled} />
          )}
          {(draftedFollowUp || (r.overdue && WITH_AGENCY.includes(r.status))) && <SendLetter request={r} kind="follow_up" label="Send a follow-up…" onSettled={settled} />}
          {draftedAppeal && <SendLetter request={r} kind="appeal" label="Send the drafted appeal…" onSettled={settled} />}
          {!(r.status === 'draft' || r.status === 'submitted') && !draftedFollowUp && !r.overdue && !draftedAppeal && (
            <p class="foia-muted">Nothing to send now: the request letter has gone, no follow-up is due, and no appeal is drafted.</p>
          )}
        </div>
      )}
      {canWrite ? (
        <LogCommunication request={r} attachmentsTick={attachmentsTick} onLogged={settled} />
      ) : (
        <p class="foia-muted">Your account may read the correspondence but not add to it (it needs the “write:foia” permission).</p>
      )}
    </section>
  );
}

function ThreadItem({ c }: { c: Communication }) {
  const state = deliveryText(c);
  const headingId = `foia-comm-${c.id}`;
  return (
    <li class={`foia-thread-item foia-thread-${c.direction}`}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId} class="foia-thread-title">
          {communicationTitle(c)}
          {c.subject && <span class="foia-thread-subject">: {c.subject}</span>}
        </h3>
        <p class="foia-thread-meta">
          <time dateTime={c.occurred_at}>{instantText(c.occurred_at)}</time> · {CHANNEL_LABELS[c.channel]}
          {c.direction === 'outgoing' && c.to_address && <> · to {c.to_address}</>}
          {c.direction === 'incoming' && c.from_address && <> · from {c.from_address}</>}
          {c.cc_address && <> · copy to {c.cc_address}</>}
        </p>
        {state && (
          <p class={`foia-delivery foia-delivery-${c.delivery}`}>
            <strong>{state}</strong>
            {c.delivery === 'sent' && c.sent_at && <> on {instantText(c.sent_at)}</>}
            {c.delivery_error && <span class="foia-delivery-error">: {c.delivery_error}</span>}
          </p>
        )}
        {c.status_to && <p class="foia-thread-status">Moved the request to {STATUS_LABELS[c.status_to]}.</p>}
        {c.body.trim() ? (
          <details class="foia-thread-body">
            <summary>Show the text</summary>
            <pre>{c.body}</pre>
          </details>
        ) : (
          <p class="foia-muted">No text.</p>
        )}
        {c.attachments.length > 0 && (
          <p class="foia-thread-attachments">
            Attachments: {c.attachments.map((a) => a.filename).join(', ')} <span class="foia-muted">(download them under Attachments)</span>
          </p>
        )}
      </article>
    </li>
  );
}
