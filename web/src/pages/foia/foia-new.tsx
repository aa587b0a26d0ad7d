/**
 * `#/foia/new`: the form that writes a request, with a live preview (debounced) of what saving
 * it would compute on the server: the legal due date with its citation and how it was counted
 * (holidays skipped), and the letter.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FoiaCreateRequest, FoiaPreview } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import { AgencyPicker, type DirectoryAgency } from './foia-agency-picker.js';
import { DeadlineExplanation } from './foia-deadline.js';
import { DueDate, REQUESTER_CLASSES, loadJurisdictions, longDate, plural, type RequesterClass } from './foia-format.js';

interface Form {
  jurisdiction: string;
  agencyName: string;
  agencyEmail: string;
  agencyPortal: string;
  agencyAddress: string;
  /** The directory entry picked (its name as picked, to say so). */
  directory: { id: string; name: string } | null;
  subject: string;
  description: string;
  requesterClass: RequesterClass | '';
  name: string;
  organization: string;
  email: string;
  feeWaiver: boolean;
  expedited: boolean;
  submitted: boolean;
  /** `datetime-local` value, in the reader's own time. */
  submittedAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
function nowLocal(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const EMPTY: Form = {
  jurisdiction: '',
  agencyName: '',
  agencyEmail: '',
  agencyPortal: '',
  agencyAddress: '',
  directory: null,
  subject: '',
  description: '',
  requesterClass: '',
  name: '',
  organization: '',
  email: '',
  feeWaiver: false,
  expedited: false,
  submitted: false,
  submittedAt: '',
};

const REQUIRED: ReadonlyArray<[keyof Form, string]> = [
  ['jurisdiction', 'Jurisdiction'],
  ['agencyName', 'Agency name'],
  ['subject', 'Subject'],
  ['description', 'Records sought'],
];

/** What placeholders stand in for in the preview, until the person has written it. */
const PLACEHOLDERS: Partial<Record<keyof Form, string>> = { agencyName: '[Agency name]', subject: '[Subject]', description: '[The records you ask for]' };

/** The create body; with `preview`, placeholders for what is not written yet. */
function body(f: Form, preview: boolean): FoiaCreateRequest {
  const text = (k: 'agencyName' | 'subject' | 'description') => {
    const v = String(f[k]).trim();
    return v || (preview ? (PLACEHOLDERS[k] ?? '') : '');
  };
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  const requester = { name: opt(f.name), organization: opt(f.organization), email: opt(f.email) };
  const submittedAt = f.submitted && f.submittedAt ? new Date(f.submittedAt) : null;
  return {
    jurisdiction: f.jurisdiction,
    agency: {
      name: text('agencyName'),
      ...(opt(f.agencyEmail) ? { email: opt(f.agencyEmail) } : {}),
      ...(opt(f.agencyPortal) ? { portal_url: opt(f.agencyPortal) } : {}),
      ...(opt(f.agencyAddress) ? { address: opt(f.agencyAddress) } : {}),
      ...(f.directory ? { directory_id: f.directory.id } : {}),
    },
    subject: text('subject'),
    description: text('description'),
    ...(f.requesterClass ? { requester_class: f.requesterClass } : {}),
    ...(Object.values(requester).some(Boolean) ? { requester } : {}),
    ...(f.feeWaiver ? { fee_waiver_requested: true } : {}),
    ...(f.expedited ? { expedited_requested: true } : {}),
    status: f.submitted ? 'submitted' : 'draft',
    ...(submittedAt && !Number.isNaN(submittedAt.getTime()) ? { submitted_at: submittedAt.toISOString() } : {}),
  };
}

type PreviewState = { status: 'idle' } | { status: 'loading'; last?: FoiaPreview } | { status: 'error'; message: string } | { status: 'ready'; value: FoiaPreview };

/** The server's preview of `form`, 400 ms after the last change; older answers are dropped. */
function usePreview(form: Form): PreviewState {
  const { client } = useConsole();
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const key = JSON.stringify(body(form, true));
  useEffect(() => {
    if (!form.jurisdiction) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', last: s.status === 'ready' ? s.value : s.status === 'loading' ? s.last : undefined }));
    const timer = setTimeout(() => {
      client.foia.preview(body(form, true), { signal: controller.signal }).then(
        (value) => !controller.signal.aborted && setState({ status: 'ready', value }),
        (err: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorText(err) }),
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}

export function NewRequest() {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const jurisdictions = useAsync(() => loadJurisdictions(client), []);
  const [form, setForm] = useState<Form>(EMPTY);
  const [missing, setMissing] = useState<Array<keyof Form>>([]);
  const [saving, setSaving] = useState<{ status: 'idle' | 'saving' } | { status: 'error'; message: string }>({ status: 'idle' });
  const preview = usePreview(form);
  const summary = useRef<HTMLDivElement>(null);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({
      ...f,
      [k]: v,
      ...(k === 'submitted' && v === true && !f.submittedAt ? { submittedAt: nowLocal() } : {}),
      // A directory entry belongs to its jurisdiction.
      ...(k === 'jurisdiction' && v !== f.jurisdiction ? { directory: null } : {}),
    }));
    if (missing.includes(k)) setMissing((m) => m.filter((x) => x !== k));
  };

  /** Picking a directory entry names the agency and fills its contact where the form has none. */
  const pick = (a: DirectoryAgency | null) =>
    setForm((f) =>
      a
        ? {
            ...f,
            directory: { id: a.id, name: a.name },
            agencyName: a.name,
            agencyEmail: f.agencyEmail || (a.email ?? ''),
            agencyPortal: f.agencyPortal || (a.portal_url ?? ''),
            agencyAddress: f.agencyAddress || (a.postal_address ?? ''),
          }
        : { ...f, directory: null },
    );

  const onSubmit = (e: Event) => {
    e.preventDefault();
    const empty = REQUIRED.filter(([k]) => !String(form[k]).trim()).map(([k]) => k);
    setMissing(empty);
    if (empty.length > 0) {
      document.getElementById(`foia-new-${empty[0]}`)?.focus();
      return;
    }
    setSaving({ status: 'saving' });
    client.foia.create(body(form, false)).then(
      (created) => navigate(['foia', created.id]),
      (err: unknown) => {
        setSaving({ status: 'error', message: errorText(err) });
        requestAnimationFrame(() => summary.current?.focus());
      },
    );
  };

  const invalid = (k: keyof Form) => (missing.includes(k) ? { 'aria-invalid': true as const, 'aria-describedby': `foia-new-${k}-error` } : {});
  const fieldError = (k: keyof Form, label: string) =>
    missing.includes(k) && (
      <p id={`foia-new-${k}-error`} class="foia-field-error">
        {label} is required.
      </p>
    );

  return (
    <div class="foia-page">
      <p class="foia-back">
        <a href={href(['foia'])}>← All requests</a>
      </p>
      <PageHeader title="New request">
        <p class="foia-lede">As you type, Sunlight works out the legal due date for the jurisdiction and drafts the letter. Nothing is saved until you press “Save request”.</p>
      </PageHeader>
      <div class="foia-new">
        <form class="foia-form" onSubmit={onSubmit} noValidate aria-describedby="foia-new-required">
          <p id="foia-new-required" class="foia-muted">
            Fields marked “required” must be filled in; the rest are optional.
          </p>
          <div class="foia-field">
            <label for="foia-new-jurisdiction">Jurisdiction (required)</label>
            {jurisdictions.status === 'error' && <ErrorNotice message={jurisdictions.message} retry={jurisdictions.reload} />}
            <select id="foia-new-jurisdiction" value={form.jurisdiction} onChange={(e) => set('jurisdiction', e.currentTarget.value)} disabled={jurisdictions.status !== 'ready'} {...invalid('jurisdiction')}>
              <option value="">{jurisdictions.status === 'loading' ? 'Loading jurisdictions…' : 'Choose a jurisdiction'}</option>
              {jurisdictions.status === 'ready' &&
                jurisdictions.value.map((j) => (
                  <option key={j.slug} value={j.slug}>
                    {j.name}
                  </option>
                ))}
            </select>
            {fieldError('jurisdiction', 'Jurisdiction')}
          </div>
          <fieldset class="foia-fieldset">
            <legend>Agency</legend>
            <AgencyPicker jurisdiction={form.jurisdiction} picked={form.directory} onPick={(a) => (pick(a), missing.includes('agencyName') && setMissing((m) => m.filter((x) => x !== 'agencyName')))} />
            <div class="foia-field">
              <label for="foia-new-agencyName">Agency name (required)</label>
              <input id="foia-new-agencyName" type="text" maxLength={300} value={form.agencyName} onInput={(e) => set('agencyName', e.currentTarget.value)} {...invalid('agencyName')} />
              {fieldError('agencyName', 'Agency name')}
            </div>
            <div class="foia-field">
              <label for="foia-new-agencyEmail">Agency email</label>
              <input id="foia-new-agencyEmail" type="email" autoComplete="off" value={form.agencyEmail} onInput={(e) => set('agencyEmail', e.currentTarget.value)} />
            </div>
            <div class="foia-field">
              <label for="foia-new-agencyPortal">Agency records portal (web address)</label>
              <input id="foia-new-agencyPortal" type="url" autoComplete="off" value={form.agencyPortal} onInput={(e) => set('agencyPortal', e.currentTarget.value)} />
            </div>
            <div class="foia-field">
              <label for="foia-new-agencyAddress">Agency postal address</label>
              <textarea id="foia-new-agencyAddress" rows={3} maxLength={1000} value={form.agencyAddress} onInput={(e) => set('agencyAddress', e.currentTarget.value)} />
            </div>
          </fieldset>
          <div class="foia-field">
            <label for="foia-new-subject">Subject (required)</label>
            <input id="foia-new-subject" type="text" maxLength={300} value={form.subject} onInput={(e) => set('subject', e.currentTarget.value)} {...invalid('subject')} />
            {fieldError('subject', 'Subject')}
          </div>
          <div class="foia-field">
            <label for="foia-new-description">Records sought (required)</label>
            <p id="foia-new-description-hint" class="foia-hint">
              Describe the records as precisely as you can: what, who, and the dates they cover.
            </p>
            <textarea
              id="foia-new-description"
              rows={6}
              maxLength={20000}
              value={form.description}
              onInput={(e) => set('description', e.currentTarget.value)}
              {...invalid('description')}
              aria-describedby={missing.includes('description') ? 'foia-new-description-hint foia-new-description-error' : 'foia-new-description-hint'}
            />
            {fieldError('description', 'Records sought')}
          </div>
          <div class="foia-field">
            <label for="foia-new-requesterClass">Requester class</label>
            <p id="foia-new-requesterClass-hint" class="foia-hint">
              Some laws give some requesters another deadline (Idaho: nonresidents).
            </p>
            <select id="foia-new-requesterClass" aria-describedby="foia-new-requesterClass-hint" value={form.requesterClass} onChange={(e) => set('requesterClass', e.currentTarget.value as RequesterClass | '')}>
              <option value="">None of these</option>
              {REQUESTER_CLASSES.map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <fieldset class="foia-fieldset">
            <legend>Ask for</legend>
            <div class="foia-check">
              <input id="foia-new-feeWaiver" type="checkbox" checked={form.feeWaiver} onChange={(e) => set('feeWaiver', e.currentTarget.checked)} />
              <label for="foia-new-feeWaiver">A fee waiver (stated in the letter where the law provides one)</label>
            </div>
            <div class="foia-check">
              <input id="foia-new-expedited" type="checkbox" checked={form.expedited} onChange={(e) => set('expedited', e.currentTarget.checked)} />
              <label for="foia-new-expedited">Expedited processing</label>
            </div>
          </fieldset>
          <fieldset class="foia-fieldset">
            <legend>Who signs the letter</legend>
            <div class="foia-field">
              <label for="foia-new-name">Your name</label>
              <input id="foia-new-name" type="text" autoComplete="name" value={form.name} onInput={(e) => set('name', e.currentTarget.value)} />
            </div>
            <div class="foia-field">
              <label for="foia-new-organization">Organization</label>
              <input id="foia-new-organization" type="text" autoComplete="organization" value={form.organization} onInput={(e) => set('organization', e.currentTarget.value)} />
            </div>
            <div class="foia-field">
              <label for="foia-new-email">Your email</label>
              <input id="foia-new-email" type="email" autoComplete="email" value={form.email} onInput={(e) => set('email', e.currentTarget.value)} />
            </div>
          </fieldset>
          <fieldset class="foia-fieldset">
            <legend>Sent yet?</legend>
            <div class="foia-check">
              <input id="foia-new-draft" type="radio" name="foia-new-sent" checked={!form.submitted} onChange={() => set('submitted', false)} />
              <label for="foia-new-draft">Not yet: save it as a draft</label>
            </div>
            <div class="foia-check">
              <input id="foia-new-submitted" type="radio" name="foia-new-sent" checked={form.submitted} onChange={() => set('submitted', true)} />
              <label for="foia-new-submitted">Already sent to the agency</label>
            </div>
            {form.submitted && (
              <div class="foia-field">
                <label for="foia-new-submittedAt">Submission date and time (your time)</label>
                <input id="foia-new-submittedAt" type="datetime-local" max={nowLocal()} value={form.submittedAt} onInput={(e) => set('submittedAt', e.currentTarget.value)} />
              </div>
            )}
          </fieldset>
          <div ref={summary} tabIndex={-1} class="foia-form-status">
            {saving.status === 'error' && <ErrorNotice message={saving.message} />}
            {missing.length > 0 && (
              <p class="foia-field-error" role="alert">
                Please fill in: {REQUIRED.filter(([k]) => missing.includes(k)).map(([, l]) => l).join(', ')}.
              </p>
            )}
          </div>
          {!canWrite && <p class="foia-field-error">Your account may preview requests but not save them (it needs the “write:foia” permission).</p>}
          <div class="foia-actions">
            <button type="submit" disabled={saving.status === 'saving' || !canWrite}>
              {saving.status === 'saving' ? 'Saving…' : 'Save request'}
            </button>
            <a href={href(['foia'])}>Cancel</a>
          </div>
        </form>
        <PreviewPanel state={preview} submitted={form.submitted} />
      </div>
    </div>
  );
}

function PreviewPanel({ state, submitted }: { state: PreviewState; submitted: boolean }) {
  const shown = state.status === 'ready' ? state.value : state.status === 'loading' ? state.last : undefined;
  const announce =
    state.status === 'ready'
      ? state.value.due_date
        ? `Preview updated: due ${longDate(state.value.due_date)}.`
        : 'Preview updated: the law sets no fixed number of days.'
      : state.status === 'error'
        ? 'The preview could not be made.'
        : '';
  return (
    <aside class="foia-preview" aria-labelledby="foia-preview-heading">
      <h2 id="foia-preview-heading">Preview</h2>
      <p role="status" class="visually-hidden">
        {announce}
      </p>
      {state.status === 'idle' && <p class="foia-muted">Choose a jurisdiction to see the legal due date and the letter.</p>}
      {state.status === 'loading' && !shown && <Loading label="Working out the due date…" />}
      {state.status === 'error' && <ErrorNotice message={state.message} />}
      {shown && (
        <div class={state.status === 'loading' ? 'foia-preview-body foia-stale' : 'foia-preview-body'} aria-busy={state.status === 'loading' ? 'true' : undefined}>
          <section aria-labelledby="foia-preview-due-heading">
            <h3 id="foia-preview-due-heading">Legal due date</h3>
            {shown.due_date ? (
              <p class="foia-due-big">
                {shown.submitted_at_assumed || !submitted ? 'If you send it now: due ' : 'Due '}
                <strong>
                  <DueDate date={shown.due_date} long />
                </strong>
                {shown.days_until_due !== null && (
                  <span class="foia-muted">
                    {' '}
                    ({shown.days_until_due >= 0 ? `${plural(shown.days_until_due, 'day')} from today` : `${plural(-shown.days_until_due, 'day')} ago`})
                  </span>
                )}
              </p>
            ) : (
              <p class="foia-due-big">No fixed due date: the law sets no number of days.</p>
            )}
            <DeadlineExplanation deadline={shown.deadline} jurisdiction={shown.jurisdiction} />
          </section>
          <section aria-labelledby="foia-preview-letter-heading">
            <h3 id="foia-preview-letter-heading">Letter</h3>
            <p class="foia-hint">Text in [brackets] is filled in as you type. {submitted ? '' : 'The letter states the due date once the request is submitted.'}</p>
            <div class="foia-letter" role="region" aria-label="Letter preview" tabIndex={0}>
              <pre>{shown.letter.text}</pre>
            </div>
          </section>
        </div>
      )}
    </aside>
  );
}
