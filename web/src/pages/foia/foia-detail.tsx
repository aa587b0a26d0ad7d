/**
 * `#/foia/<id>`: one request. Its deadline as the API explains it (citation, holidays
 * skipped, clock pauses), the deadline reminders recorded and the next one to come, the status changes the API allows from here (sent with the ETag
 * read, so a change made meanwhile is never overwritten), the letter to copy or download,
 * the files attached to it (the agency's letters, the records released), the details and the
 * history.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ConflictError, PreconditionFailedError, type FoiaPatch, type FoiaRequestWithEtag, type FoiaStatus, type LetterFormat } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { saveFile } from '../../components/save-file.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { AppealPanel, showsAppealPanel } from './foia-appeal-draft.js';
import { Attachments } from './foia-attachments.js';
import { Correspondence } from './foia-correspondence.js';
import { Citation, DeadlineExplanation } from './foia-deadline.js';
import { DueBadge, DueDate, ReminderText, STATUS_LABELS, StatusLabel, instantText, longDate, plural, requesterClassLabel, useJurisdictionName } from './foia-format.js';
// The lifecycle's own table (a module without dependencies), so the console and the API cannot disagree.
import { TRANSITION_DATE_FIELD } from '../../../../core/foia/foia-lifecycle.js';

/** The request page before the request is read: the way back, the heading, and `children`. */
function Placeholder({ children }: { children: ComponentChildren }) {
  return (
    <div class="foia-page">
      <p class="foia-back">
        <a href={href(['foia'])}>← All requests</a>
      </p>
      <PageHeader title="Request" />
      {children}
    </div>
  );
}

const NOT_STATED = <span class="foia-muted">not stated</span>;

export function RequestDetail({ id }: { id: string }) {
  const { client } = useConsole();
  const loaded = useAsync((signal) => client.foia.get(id, { signal }), [id]);
  const [request, setRequest] = useState<FoiaRequestWithEtag | null>(null);
  // The request as read, then as each change answers it (until it is read again).
  const read = loaded.status === 'ready' ? loaded.value : null;
  useEffect(() => {
    if (read) setRequest(read);
  }, [read]);

  if (loaded.status === 'loading' && !request) return (
      <Placeholder>
        <Loading label="Loading the request…" />
      </Placeholder>
    );
  if (loaded.status === 'error' && !request) {
    return (
      <Placeholder>
        <ErrorNotice message={loaded.message} retry={loaded.reload} />
      </Placeholder>
    );
  }
  if (!request) return null;
  return <Request request={request} onChange={setRequest} reload={loaded.reload} />;
}

function Request({ request: r, onChange, reload }: { request: FoiaRequestWithEtag; onChange(r: FoiaRequestWithEtag): void; reload(): void }) {
  const { client } = useConsole();
  const name = useJurisdictionName(client);
  // The thread is read again when an appeal is drafted; the log form's files when one is attached.
  const [threadTick, setThreadTick] = useState(0);
  const [attachmentsTick, setAttachmentsTick] = useState(0);
  const d = r.deadline;
  return (
    <div class="foia-page foia-detail">
      <p class="foia-back">
        <a href={href(['foia'])}>← All requests</a>
      </p>
      <PageHeader title={r.subject}>
        <p class="foia-detail-meta">
          <StatusLabel status={r.status} /> <DueBadge request={r} /> <span>{name(r.jurisdiction)}</span> · <span>{r.agency.name}</span>
        </p>
      </PageHeader>

      <section aria-labelledby="foia-deadline-heading" class="foia-card">
        <h2 id="foia-deadline-heading">Deadline</h2>
        {r.due_date ? (
          <p class="foia-due-big">
            {d.clock === 'paused' ? 'Was due ' : 'Due '}
            <strong>
              <DueDate date={r.due_date} long />
            </strong>{' '}
            <DueBadge request={r} />
          </p>
        ) : (
          <p class="foia-due-big">
            {d.clock === 'not_started'
              ? 'No due date yet: the clock starts when the request is submitted.'
              : d.no_fixed_deadline_reason
                ? 'No fixed due date: the law sets no number of days.'
                : 'Due date not stated.'}
          </p>
        )}
        <ClockState request={r} />
        {(d.explanation.length > 0 || d.citation) && <DeadlineExplanation deadline={d} jurisdiction={r.jurisdiction} level={3} />}
        <p class="foia-muted">Dates are counted in the agency’s time zone ({d.time_zone}).</p>
        <AppealDeadline request={r} />
      </section>

      <Reminders request={r} />

      <StatusChanges request={r} onChange={onChange} reload={reload} />

      <Letter request={r} />

      {showsAppealPanel(r) && <AppealPanel request={r} onDrafted={() => setThreadTick((n) => n + 1)} onSent={() => (setThreadTick((n) => n + 1), reload())} />}

      <Correspondence request={r} tick={threadTick} attachmentsTick={attachmentsTick} onRequestChanged={reload} />

      <Attachments requestId={r.id} onChange={() => setAttachmentsTick((n) => n + 1)} />

      <section aria-labelledby="foia-details-heading" class="foia-card">
        <h2 id="foia-details-heading">Details</h2>
        <dl class="foia-dl">
          <dt>Jurisdiction</dt>
          <dd>{name(r.jurisdiction)}</dd>
          <dt>Agency</dt>
          <dd>
            {r.agency.name}
            {r.agency.email && (
              <>
                <br />
                <a href={`mailto:${r.agency.email}`}>{r.agency.email}</a>
              </>
            )}
            {r.agency.portal_url && (
              <>
                <br />
                <a href={r.agency.portal_url} rel="noopener noreferrer" target="_blank">
                  Records portal<span class="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            )}
            {r.agency.address && <span class="foia-pre-line">{`\n${r.agency.address}`}</span>}
            {r.agency.directory_id && (
              <>
                <br />
                <a href={href(['foia', 'agencies', r.agency.directory_id])}>The agency in the directory (contact and statistics)</a>
              </>
            )}
          </dd>
          <dt>Records sought</dt>
          <dd class="foia-pre-line">{r.description}</dd>
          <dt>Requester class</dt>
          <dd>{requesterClassLabel(r.requester_class)}</dd>
          <dt>Signed by</dt>
          <dd>{r.requester ? [r.requester.name, r.requester.organization, r.requester.email].filter(Boolean).join(', ') || NOT_STATED : NOT_STATED}</dd>
          <dt>Fee waiver asked for</dt>
          <dd>{r.fee_waiver_requested ? 'Yes' : 'No'}</dd>
          <dt>Expedited processing asked for</dt>
          <dd>{r.expedited_requested ? 'Yes' : 'No'}</dd>
          <dt>Submitted</dt>
          <dd>{r.submitted_at ? instantText(r.submitted_at) : r.status === 'draft' ? 'Not yet' : NOT_STATED}</dd>
          {r.acknowledged_at && (
            <>
              <dt>Acknowledged</dt>
              <dd>{instantText(r.acknowledged_at)}</dd>
            </>
          )}
          {r.completed_at && (
            <>
              <dt>Closed</dt>
              <dd>{instantText(r.completed_at)}</dd>
            </>
          )}
          {r.appealed_at && (
            <>
              <dt>Appealed</dt>
              <dd>{instantText(r.appealed_at)}</dd>
            </>
          )}
          <dt>Tracking numbers</dt>
          <dd>{r.tracking_numbers.length > 0 ? r.tracking_numbers.join(', ') : 'None'}</dd>
          <dt>Tags</dt>
          <dd>{r.tags.length > 0 ? r.tags.join(', ') : 'None'}</dd>
          {r.notes && (
            <>
              <dt>Notes</dt>
              <dd class="foia-pre-line">{r.notes}</dd>
            </>
          )}
          <dt>Created</dt>
          <dd>{instantText(r.created_at)}</dd>
          <dt>Last changed</dt>
          <dd>{instantText(r.updated_at)}</dd>
        </dl>
      </section>

      {r.history && r.history.length > 0 && (
        <section aria-labelledby="foia-history-heading" class="foia-card">
          <h2 id="foia-history-heading">History</h2>
          <div class="foia-table-wrap">
            <table class="foia-table">
              <caption>Status changes, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {r.history.map((h, i) => (
                  <tr key={i}>
                    <td>{instantText(h.at)}</td>
                    <td>{h.from ? STATUS_LABELS[h.from] : 'Created'}</td>
                    <td>{STATUS_LABELS[h.to]}</td>
                    <td>{h.note ?? <span class="foia-muted">None</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

function ClockState({ request: r }: { request: FoiaRequestWithEtag }) {
  const d = r.deadline;
  if (d.clock === 'running') return <p>The response clock is running{d.received_on ? <>: the request counts as received on <DueDate date={d.received_on} /> (day 0).</> : '.'}</p>;
  if (d.clock === 'paused') {
    return (
      <p class="foia-paused">
        <strong>The clock is paused</strong>
        {d.paused_on ? <> since <DueDate date={d.paused_on} /></> : null} while the agency waits for you ({STATUS_LABELS[r.status].toLowerCase()}).
        {d.remaining_days !== null && d.unit ? ` ${plural(d.remaining_days, `${d.unit} day`)} will be left when it resumes; the due date moves then.` : ''}
      </p>
    );
  }
  if (d.clock === 'stopped') return <p>The response clock has stopped: the request is {STATUS_LABELS[r.status].toLowerCase()}.</p>;
  return null;
}

/** How many reminders the request page shows (newest first); the total says when there are more. */
const REMINDERS_SHOWN = 20;

/** The deadline reminders the reminder job recorded for the request, and when the next one will be. */
function Reminders({ request: r }: { request: FoiaRequestWithEtag }) {
  const { client } = useConsole();
  // A status change can start, pause or stop the clock: read them again when the request changes.
  const loaded = useAsync((signal) => client.foia.reminders(r.id, { limit: REMINDERS_SHOWN }, { signal }), [r.id, r.version]);
  const clockRuns = r.deadline.clock === 'running' && r.due_date !== null;
  return (
    <section aria-labelledby="foia-reminders-heading" class="foia-card">
      <h2 id="foia-reminders-heading">Reminders</h2>
      {loaded.status === 'loading' && <Loading label="Loading the reminders…" />}
      {loaded.status === 'error' && <ErrorNotice message={loaded.message} retry={loaded.reload} />}
      {loaded.status === 'ready' && (
        <>
          {loaded.value.data.length === 0 ? (
            <p>No reminders yet.</p>
          ) : (
            <ul class="foia-reminders" aria-label="Reminders recorded, newest first">
              {loaded.value.data.map((m) => (
                <li key={m.id}>
                  <ReminderText reminder={m} />
                </li>
              ))}
            </ul>
          )}
          {loaded.value.total > loaded.value.data.length && (
            <p class="foia-muted">The {plural(loaded.value.data.length, 'most recent reminder')} of {loaded.value.total}.</p>
          )}
          {loaded.value.upcoming ? (
            <p>
              The next reminder will be recorded on <DueDate date={loaded.value.upcoming.on} long />.
            </p>
          ) : (
            !clockRuns && <p class="foia-muted">Reminders are recorded while the response clock runs and the request has a due date.</p>
          )}
        </>
      )}
    </section>
  );
}

function AppealDeadline({ request: r }: { request: FoiaRequestWithEtag }) {
  const a = r.appeal_deadline;
  if (!a && !r.appeal_due_date) return null;
  return (
    <div class="foia-appeal">
      <h3>Appeal</h3>
      {a?.file_by && (
        <p>
          File an appeal by <strong><DueDate date={a.file_by.date} long /></strong> ({plural(a.file_by.days, `${a.file_by.unit} day`)} from <DueDate date={a.file_by.counted_from} />) ·{' '}
          <Citation jurisdiction={r.jurisdiction} citation={a.file_by.citation} />
        </p>
      )}
      {r.appeal_due_date && (
        <p>
          {a?.decided_by ?? 'The deciding body'} must decide by <strong><DueDate date={r.appeal_due_date} long /></strong>
          {a?.citation && (
            <>
              {' '}
              · <Citation jurisdiction={r.jurisdiction} citation={a.citation} />
            </>
          )}
        </p>
      )}
      {a && a.explanation.length > 0 && (
        <ol class="foia-explanation">
          {a.explanation.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StatusChanges({ request: r, onChange, reload }: { request: FoiaRequestWithEtag; onChange(r: FoiaRequestWithEtag): void; reload(): void }) {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const [when, setWhen] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<FoiaStatus | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const allowed = r.allowed_transitions;

  const move = (to: FoiaStatus) => {
    const field = TRANSITION_DATE_FIELD[to];
    const at = when ? new Date(when) : null;
    const patch: FoiaPatch = {
      status: to,
      ...(field && at && !Number.isNaN(at.getTime()) ? { [field]: at.toISOString() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    setBusy(to);
    setMessage(null);
    client.foia.update(r.id, patch, { ifMatch: r }).then(
      (updated) => {
        onChange(updated);
        setWhen('');
        setNote('');
        const due = updated.due_date && updated.deadline.clock === 'running' ? ` Due ${longDate(updated.due_date)}.` : '';
        setMessage({ kind: 'ok', text: `Status changed to ${STATUS_LABELS[updated.status]}.${due}` });
      },
      (err: unknown) => {
        if (err instanceof PreconditionFailedError) {
          setMessage({ kind: 'error', text: 'This request was changed meanwhile (in another tab or by another app). It has been reloaded: check it and try again.' });
          reload();
        } else if (err instanceof ConflictError) {
          setMessage({ kind: 'error', text: `${errorText(err)} The request has been reloaded with the changes it allows now.` });
          reload();
        } else {
          setMessage({ kind: 'error', text: errorText(err) });
        }
      },
    ).finally(() => {
      setBusy(null);
      requestAnimationFrame(() => messageRef.current?.focus());
    });
  };

  return (
    <section aria-labelledby="foia-status-heading" class="foia-card">
      <h2 id="foia-status-heading">Status</h2>
      <p>
        Now: <StatusLabel status={r.status} />
      </p>
      <div ref={messageRef} tabIndex={-1} class="foia-message-slot">
        <p role="status" class={message?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
          {message?.text ?? ''}
        </p>
      </div>
      {allowed.length === 0 ? (
        <p>This request is closed: no further status changes are possible.</p>
      ) : !canWrite ? (
        <p>Your account may read requests but not change them (it needs the “write:foia” permission).</p>
      ) : (
        <>
          <div class="foia-status-fields">
            <div class="foia-field">
              <label for="foia-change-when">Date of the change (your time)</label>
              <p id="foia-change-when-hint" class="foia-hint">
                Leave empty for now. Used when the request is submitted, acknowledged, closed or appealed.
              </p>
              <input id="foia-change-when" type="datetime-local" aria-describedby="foia-change-when-hint" value={when} onInput={(e) => setWhen(e.currentTarget.value)} />
            </div>
            <div class="foia-field">
              <label for="foia-change-note">Note for the history</label>
              <input id="foia-change-note" type="text" maxLength={5000} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
            </div>
          </div>
          <div role="group" aria-labelledby="foia-transitions-label" class="foia-transitions">
            <p id="foia-transitions-label" class="foia-transitions-label">
              Change the status to:
            </p>
            {allowed.map((to) => (
              <button key={to} type="button" onClick={() => move(to)} disabled={busy !== null}>
                {busy === to ? `${STATUS_LABELS[to]}…` : STATUS_LABELS[to]}
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

const FORMATS: ReadonlyArray<[LetterFormat | 'pdf', string, string]> = [
  ['text', 'Download as text (.txt)', 'txt'],
  ['markdown', 'Download as Markdown (.md)', 'md'],
  ['pdf', 'Download as PDF (.pdf)', 'pdf'],
];


function Letter({ request: r }: { request: FoiaRequestWithEtag }) {
  const { client } = useConsole();
  // The letter states the due date: read it again when the request changes.
  const letter = useAsync((signal) => client.foia.letter(r.id, {}, { signal }), [r.id, r.version]);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const copy = () => {
    if (letter.status !== 'ready') return;
    if (!navigator.clipboard) {
      setMessage({ kind: 'error', text: 'Copying is not available in this browser: select the letter below and copy it.' });
      return;
    }
    navigator.clipboard.writeText(letter.value).then(
      () => setMessage({ kind: 'ok', text: 'Letter copied to the clipboard.' }),
      () => setMessage({ kind: 'error', text: 'The letter could not be copied (the browser refused): select the letter below and copy it.' }),
    );
  };

  const download = (format: LetterFormat | 'pdf', ext: string) => {
    setMessage(null);
    const body: Promise<BlobPart> =
      format === 'pdf' ? client.foia.letter(r.id, { format }).then((bytes) => new Uint8Array(bytes)) : format === 'text' && letter.status === 'ready' ? Promise.resolve(letter.value) : client.foia.letter(r.id, { format });
    body.then(
      (body) => {
        saveFile(`foia-request-${r.id}.${ext}`, [body], format === 'pdf' ? 'application/pdf' : format === 'markdown' ? 'text/markdown' : 'text/plain');
        setMessage({ kind: 'ok', text: `Letter downloaded as foia-request-${r.id}.${ext}.` });
      },
      (err: unknown) => setMessage({ kind: 'error', text: errorText(err) }),
    );
  };

  return (
    <section aria-labelledby="foia-letter-heading" class="foia-card">
      <h2 id="foia-letter-heading">Letter</h2>
      <div class="foia-letter-actions">
        <button type="button" onClick={copy} disabled={letter.status !== 'ready'}>
          Copy letter
        </button>
        {FORMATS.map(([format, label, ext]) => (
          <button key={format} type="button" onClick={() => download(format, ext)}>
            {label}
          </button>
        ))}
      </div>
      <p role="status" class={message?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
        {message?.text ?? ''}
      </p>
      {letter.status === 'loading' && <Loading label="Loading the letter…" />}
      {letter.status === 'error' && <ErrorNotice message={letter.message} retry={letter.reload} />}
      {letter.status === 'ready' && (
        <div class="foia-letter" role="region" aria-label="Letter text" tabIndex={0}>
          <pre>{letter.value}</pre>
        </div>
      )}
    </section>
  );
}
