/**
 * Logging a communication: the agency's reply (which may move the request: acknowledged, fix or
 * payment required, fulfilled, denied…; only the statuses the request may move to are offered),
 * a letter sent another way, or a note; with files already attached to the request.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ConflictError,
  type FoiaAttachment,
  type FoiaCommunication as Communication,
  type FoiaRequest,
  type FoiaStatus,
  type LetterKind,
  type LogCommunicationRequest as LogBody,
} from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useConsole } from '../../context.js';
import { CHANNELS, CHANNEL_LABELS, LETTER_KINDS, LETTER_KIND_LABELS, communicationTitle } from './correspondence-words.js';
import { STATUS_LABELS } from './foia-format.js';

type Direction = Communication['direction'];
const DIRECTIONS: ReadonlyArray<[Direction, string]> = [
  ['incoming', 'A reply from the agency'],
  ['outgoing', 'A letter you sent another way'],
  ['note', 'A note for yourself'],
];

interface Draft {
  direction: Direction;
  kind: LetterKind;
  channel: Communication['channel'];
  when: string;
  subject: string;
  body: string;
  status: FoiaStatus | '';
  attachments: string[];
}
const EMPTY: Draft = { direction: 'incoming', kind: 'request', channel: 'email', when: '', subject: '', body: '', status: '', attachments: [] };

function bodyOf(d: Draft): LogBody {
  const at = d.when ? new Date(d.when) : null;
  return {
    direction: d.direction,
    ...(d.direction === 'outgoing' ? { kind: d.kind } : {}),
    channel: d.direction === 'note' ? 'other' : d.channel,
    ...(at && !Number.isNaN(at.getTime()) ? { occurred_at: at.toISOString() } : {}),
    ...(d.subject.trim() ? { subject: d.subject.trim() } : {}),
    body: d.body,
    attachment_ids: d.attachments,
    ...(d.status ? { status: d.status } : {}),
  };
}

export function LogCommunication({ request: r, attachmentsTick, onLogged }: { request: FoiaRequest; attachmentsTick: number; onLogged(): void }) {
  const { client } = useConsole();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [files, setFiles] = useState<FoiaAttachment[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  useEffect(() => {
    const controller = new AbortController();
    client.foia.attachments.list(r.id, { signal: controller.signal }).then(
      (page) => !controller.signal.aborted && setFiles(page.data),
      () => !controller.signal.aborted && setFiles([]),
    );
    return () => controller.abort();
  }, [r.id, attachmentsTick]);

  const say = (m: { kind: 'ok' | 'error'; text: string }) => {
    setMessage(m);
    requestAnimationFrame(() => messageRef.current?.focus());
  };

  const submit = (e: Event) => {
    e.preventDefault();
    if (!draft.body.trim() && !draft.subject.trim() && !draft.status && draft.attachments.length === 0) {
      say({ kind: 'error', text: 'Write what it said (or a subject), choose a status, or pick an attachment: there is nothing to log yet.' });
      return;
    }
    setBusy(true);
    setMessage(null);
    client.foia.communications.create(r.id, bodyOf(draft)).then(
      (logged) => {
        setBusy(false);
        setDraft(EMPTY);
        const moved = logged.communication.status_to ? ` The request is now ${STATUS_LABELS[logged.request.status]}.` : '';
        say({ kind: 'ok', text: `Logged: ${communicationTitle(logged.communication).toLowerCase()}.${moved}` });
        onLogged();
      },
      (err: unknown) => {
        setBusy(false);
        if (err instanceof ConflictError) {
          say({ kind: 'error', text: `${errorText(err)} Nothing was logged; the request has been read again with the changes it allows now.` });
          onLogged();
        } else say({ kind: 'error', text: errorText(err) });
      },
    );
  };

  const allowed = r.allowed_transitions;
  return (
    <form class="foia-log-form" onSubmit={submit} noValidate aria-labelledby="foia-log-heading">
      <h3 id="foia-log-heading">Log a communication</h3>
      <fieldset class="foia-fieldset">
        <legend>What is it?</legend>
        {DIRECTIONS.map(([d, label]) => (
          <div class="foia-check" key={d}>
            <input id={`foia-log-direction-${d}`} type="radio" name="foia-log-direction" checked={draft.direction === d} onChange={() => set('direction', d)} />
            <label for={`foia-log-direction-${d}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <div class="foia-log-fields">
        {draft.direction === 'outgoing' && (
          <div class="foia-field">
            <label for="foia-log-kind">Which letter</label>
            <select id="foia-log-kind" value={draft.kind} onChange={(e) => set('kind', e.currentTarget.value as LetterKind)}>
              {LETTER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LETTER_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
        )}
        {draft.direction !== 'note' && (
          <div class="foia-field">
            <label for="foia-log-channel">How it came</label>
            <select id="foia-log-channel" value={draft.channel} onChange={(e) => set('channel', e.currentTarget.value as Communication['channel'])}>
              {CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div class="foia-field">
          <label for="foia-log-when">When (your time)</label>
          <p id="foia-log-when-hint" class="foia-hint">
            Leave empty for now. It dates the status change too.
          </p>
          <input id="foia-log-when" type="datetime-local" aria-describedby="foia-log-when-hint" value={draft.when} onInput={(e) => set('when', e.currentTarget.value)} />
        </div>
        <div class="foia-field">
          <label for="foia-log-status">Status after it</label>
          <select id="foia-log-status" value={draft.status} onChange={(e) => set('status', e.currentTarget.value as FoiaStatus | '')} disabled={allowed.length === 0}>
            <option value="">Unchanged ({STATUS_LABELS[r.status]})</option>
            {allowed.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div class="foia-field">
        <label for="foia-log-subject">Subject (optional)</label>
        <input id="foia-log-subject" type="text" maxLength={500} value={draft.subject} onInput={(e) => set('subject', e.currentTarget.value)} />
      </div>
      <div class="foia-field">
        <label for="foia-log-body">What it says</label>
        <textarea id="foia-log-body" rows={5} maxLength={100_000} value={draft.body} onInput={(e) => set('body', e.currentTarget.value)} />
      </div>
      <fieldset class="foia-fieldset">
        <legend>Attachments that came with it</legend>
        {files === null ? (
          <p class="foia-muted">Loading the attachments…</p>
        ) : files.length === 0 ? (
          <p class="foia-muted">No files attached to the request yet: attach them under Attachments first, then pick them here.</p>
        ) : (
          files.map((f) => (
            <div class="foia-check" key={f.id}>
              <input
                id={`foia-log-file-${f.id}`}
                type="checkbox"
                checked={draft.attachments.includes(f.id)}
                onChange={(e) => set('attachments', e.currentTarget.checked ? [...draft.attachments, f.id] : draft.attachments.filter((x) => x !== f.id))}
              />
              <label for={`foia-log-file-${f.id}`}>{f.filename}</label>
            </div>
          ))
        )}
      </fieldset>
      <div ref={messageRef} tabIndex={-1} class="foia-message-slot">
        <p role="status" class={message?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
          {message?.text ?? ''}
        </p>
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Logging…' : 'Log it'}
      </button>
    </form>
  );
}
