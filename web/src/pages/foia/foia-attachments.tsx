/**
 * A FOIA request's attachments: the agency's letters, the records released, our own letters.
 * Listed (read on their own), each downloadable and removable
 * (after a question); a form uploads a new one, streamed into the person's storage under
 * `foia/<request id>/attachments/…`.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FoiaAttachment, FoiaAttachmentKind } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { ConfirmDelete, bytesText, contentTypeOf, saveDownload, typeText, whenText } from '../files/file-words.js';

export const ATTACHMENT_KIND_LABELS: Readonly<Record<FoiaAttachmentKind, string>> = {
  agency_letter: 'Letter from the agency',
  released_records: 'Released records',
  our_letter: 'Our letter',
  correspondence: 'Correspondence',
  other: 'Other',
};
const KINDS = Object.keys(ATTACHMENT_KIND_LABELS) as FoiaAttachmentKind[];

type Message = { kind: 'ok' | 'error'; text: string } | null;

/** `onChange` is told when a file is attached or removed. */
export function Attachments({ requestId, onChange }: { requestId: string; onChange?: () => void }) {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const [list, setList] = useState<FoiaAttachment[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  // Read on their own, not taken from the request as read: that answer is validated by the
  // request's version (ETag), which an attachment added or removed does not change, so a
  // browser's cached copy of it can list stale attachments.
  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    client.foia.attachments.list(requestId, { signal: controller.signal }).then(
      (page) => !controller.signal.aborted && setList(page.data),
      (err: unknown) => !controller.signal.aborted && setLoadError(errorText(err)),
    );
    return () => controller.abort();
  }, [requestId, tick]);

  const say = (m: Message, focus = false) => {
    setMessage(m);
    if (focus) requestAnimationFrame(() => messageRef.current?.focus());
  };

  const download = (a: FoiaAttachment) => {
    setBusy(a.id);
    say(null);
    client.foia.attachments
      .download(requestId, a.id)
      .then((d) => saveDownload(d, a.filename, a.content_type))
      .then(
        () => say({ kind: 'ok', text: `Downloaded ${a.filename}.` }),
        (err: unknown) => say({ kind: 'error', text: `${a.filename} could not be downloaded: ${errorText(err)}` }),
      )
      .finally(() => setBusy(null));
  };

  const remove = (a: FoiaAttachment) => {
    setBusy(a.id);
    say(null);
    client.foia.attachments.delete(requestId, a.id).then(
      () => {
        setList((l) => (l ?? []).filter((x) => x.id !== a.id));
        setBusy(null);
        onChange?.();
        say({ kind: 'ok', text: `Removed ${a.filename}.` }, true);
      },
      (err: unknown) => {
        setBusy(null);
        say({ kind: 'error', text: `${a.filename} could not be removed: ${errorText(err)}` }, true);
      },
    );
  };

  return (
    <section aria-labelledby="foia-attachments-heading" class="foia-card">
      <h2 id="foia-attachments-heading">Attachments</h2>
      <div ref={messageRef} tabIndex={-1} class="foia-message-slot">
        <p role="status" class={message?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
          {message?.text ?? ''}
        </p>
      </div>
      {list === null && !loadError && <Loading label="Loading the attachments…" />}
      {loadError && <ErrorNotice message={loadError} retry={() => setTick((n) => n + 1)} />}
      {list !== null &&
        (list.length === 0 ? (
          <p>No attachments yet. Keep the agency’s letters and the records it releases here, beside the request.</p>
        ) : (
          <div class="foia-table-wrap">
            <table class="foia-table foia-attachments">
              <caption>Files attached to this request, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Size</th>
                  <th scope="col">Added</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((a) => (
                  <tr key={a.id}>
                    <th scope="row" class="foia-row-head">
                      <span class="foia-attachment-name">{a.filename}</span>
                      {a.description && <span class="foia-agency">{a.description}</span>}
                    </th>
                    <td>{ATTACHMENT_KIND_LABELS[a.kind]}</td>
                    <td class="foia-nowrap">
                      {bytesText(a.size)} <span class="foia-muted">({typeText(a.content_type)})</span>
                    </td>
                    <td class="foia-nowrap">
                      <time dateTime={a.created_at}>{whenText(a.created_at)}</time>
                    </td>
                    <td class="foia-attachment-actions">
                      <button type="button" aria-label={`Download ${a.filename}`} onClick={() => download(a)} disabled={busy === a.id}>
                        Download
                      </button>
                      {canWrite && <ConfirmDelete what={a.filename} label="Remove" yes="Yes, remove" busy={busy === a.id} onConfirm={() => remove(a)} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {canWrite ? (
        <AttachForm
          requestId={requestId}
          onAttached={(a) => {
            setList((l) => [...(l ?? []), a]);
            onChange?.();
            say({ kind: 'ok', text: `Attached ${a.filename} (${ATTACHMENT_KIND_LABELS[a.kind].toLowerCase()}, ${bytesText(a.size)}).` });
          }}
        />
      ) : (
        <p class="foia-muted">Your account may read attachments but not add or remove them (it needs the “write:foia” permission).</p>
      )}
    </section>
  );
}

function AttachForm({ requestId, onAttached }: { requestId: string; onAttached(a: FoiaAttachment): void }) {
  const { client } = useConsole();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<FoiaAttachmentKind>('agency_letter');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (e: Event) => {
    e.preventDefault();
    if (!file) {
      setError('Choose a file to attach.');
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const text = description.trim();
    client.foia.attachments
      .upload(requestId, file, { filename: file.name, kind, contentType: contentTypeOf(file), ...(text ? { description: text } : {}) })
      .then(
        (a) => {
          setBusy(false);
          setFile(null);
          setDescription('');
          if (fileInput.current) fileInput.current.value = '';
          onAttached(a);
        },
        (err: unknown) => {
          setBusy(false);
          setError(errorText(err));
        },
      );
  };

  return (
    <form class="foia-attach-form" onSubmit={submit} noValidate aria-labelledby="foia-attach-heading">
      <h3 id="foia-attach-heading">Attach a file</h3>
      <div class="foia-attach-fields">
        <div class="foia-field">
          <label for="foia-attach-file">File</label>
          <input id="foia-attach-file" ref={fileInput} type="file" onChange={(e) => (setFile(e.currentTarget.files?.[0] ?? null), setError(null))} />
        </div>
        <div class="foia-field">
          <label for="foia-attach-kind">Kind</label>
          <select id="foia-attach-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as FoiaAttachmentKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {ATTACHMENT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div class="foia-field foia-attach-description">
          <label for="foia-attach-description">Description (optional)</label>
          <input id="foia-attach-description" type="text" maxLength={2000} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
      </div>
      {error && <ErrorNotice message={error} />}
      <button type="submit" disabled={busy}>
        {busy ? 'Attaching…' : 'Attach file'}
      </button>
    </form>
  );
}
