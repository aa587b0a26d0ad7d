/**
 * The profile: who signs the letters of requests that name no requester, the reply address
 * agencies answer to, and how Sunlight reaches the person (e-mail, a webhook) and whether it
 * sends drafted follow-ups by itself. The whole profile is written at once (PUT).
 */
import { useEffect, useState } from 'preact/hooks';
import { ValidationError, type Profile, type ProfileUpdate as ProfileInput } from '../../../../sdk/typescript/src/index.js';
import { useCheckedSubmit } from '../../components/checked-submit.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { instantText } from '../foia/foia-format.js';

interface Draft {
  name: string;
  organization: string;
  email: string;
  phone: string;
  address: string;
  follow_up_auto_send: boolean;
  notify_email: boolean;
  notify_webhook_url: string;
}

const draftOf = (p: Profile): Draft => ({
  name: p.name ?? '',
  organization: p.organization ?? '',
  email: p.email ?? '',
  phone: p.phone ?? '',
  address: p.address ?? '',
  follow_up_auto_send: p.follow_up_auto_send,
  notify_email: p.notify_email,
  notify_webhook_url: p.notify_webhook_url ?? '',
});

const orNull = (v: string) => (v.trim() ? v.trim() : null);
const bodyOf = (d: Draft): ProfileInput => ({
  name: orNull(d.name),
  organization: orNull(d.organization),
  email: orNull(d.email),
  phone: orNull(d.phone),
  address: orNull(d.address),
  follow_up_auto_send: d.follow_up_auto_send,
  notify_email: d.notify_email,
  notify_webhook_url: orNull(d.notify_webhook_url),
});

type Problem = { id: string; text: string };

/** The fields' names as the form shows them, for the API's refusals (which name the body's fields). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  organization: 'Organization',
  email: 'E-mail address',
  phone: 'Phone',
  address: 'Postal address',
  notify_email: 'E-mail me my notifications',
  notify_webhook_url: 'Webhook',
  follow_up_auto_send: 'Follow-ups',
};

/** A refusal of the API in the form's words: "Webhook: …". */
function refusal(err: unknown): unknown {
  if (!(err instanceof ValidationError) || err.issues.length === 0) return err;
  const words = err.issues.map((i) => {
    const field = i.path?.split('.').pop() ?? '';
    return FIELD_LABELS[field] ? `${FIELD_LABELS[field]}: ${i.message}` : i.message;
  });
  return new Error(`The profile was not saved. ${words.join('; ')}.`);
}

function problemsOf(d: Draft): Problem[] {
  const found: Problem[] = [];
  if (d.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) found.push({ id: 'profile-email', text: 'Your e-mail address does not look like one (name@example.org).' });
  if (d.notify_email && !d.email.trim()) found.push({ id: 'profile-email', text: 'To be told by e-mail, give your e-mail address.' });
  if (d.notify_webhook_url.trim() && !/^https?:\/\/\S+$/.test(d.notify_webhook_url.trim())) found.push({ id: 'profile-webhook', text: 'The webhook address must start with https:// (or http://).' });
  return found;
}

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(profile)), [profile]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setSaved(null);
  };
  const form = useCheckedSubmit({
    draft,
    problemsOf,
    send: (d: Draft) =>
      client.me.profile.update(bodyOf(d)).catch((err: unknown) => {
        throw refusal(err);
      }),
    onSent: (p: Profile) => {
      onSaved(p);
      setSaved(`Profile saved${p.updated_at ? ` (${instantText(p.updated_at)})` : ''}.`);
    },
    focus: (id) => document.getElementById(id)?.focus(),
  });
  const problem = (id: string) => form.problems.find((p) => p.id === id);
  const invalid = (id: string) => (problem(id) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});
  const fieldError = (id: string) => {
    const p = problem(id);
    return p ? <p id={`${id}-error`} class="foia-field-error">{p.text}</p> : null;
  };
  const text = (id: string, k: keyof Draft, label: string, extra: Record<string, unknown> = {}) => (
    <div class="foia-field">
      <label for={id}>{label}</label>
      <input id={id} type="text" value={draft[k] as string} onInput={(e) => set(k, e.currentTarget.value)} disabled={!canWrite} {...extra} {...invalid(id)} />
      {fieldError(id)}
    </div>
  );

  return (
    <form class="foia-form settings-form" onSubmit={form.submit} noValidate aria-labelledby="settings-profile-heading">
      <h2 id="settings-profile-heading">Your profile</h2>
      <p class="foia-hint">Letters of requests that name no requester are signed with these; agencies reply to your e-mail address.</p>
      {text('profile-name', 'name', 'Name', { autoComplete: 'name', maxLength: 200 })}
      {text('profile-organization', 'organization', 'Organization', { autoComplete: 'organization', maxLength: 300 })}
      {text('profile-email', 'email', 'E-mail address', { type: 'email', autoComplete: 'email', maxLength: 320 })}
      {text('profile-phone', 'phone', 'Phone', { type: 'tel', autoComplete: 'tel', maxLength: 40 })}
      <div class="foia-field">
        <label for="profile-address">Postal address</label>
        <textarea id="profile-address" rows={3} maxLength={1000} autoComplete="street-address" value={draft.address} onInput={(e) => set('address', e.currentTarget.value)} disabled={!canWrite} />
      </div>
      <fieldset class="foia-fieldset">
        <legend>Follow-ups</legend>
        <div class="foia-check">
          <input id="profile-auto-send" type="checkbox" checked={draft.follow_up_auto_send} onChange={(e) => set('follow_up_auto_send', e.currentTarget.checked)} disabled={!canWrite} />
          <label for="profile-auto-send">Send the follow-ups Sunlight drafts on overdue requests without asking me (when the agency has an e-mail address)</label>
        </div>
      </fieldset>
      <fieldset class="foia-fieldset">
        <legend>Notifications</legend>
        <div class="foia-check">
          <input id="profile-notify-email" type="checkbox" checked={draft.notify_email} onChange={(e) => set('notify_email', e.currentTarget.checked)} disabled={!canWrite} />
          <label for="profile-notify-email">E-mail me my notifications</label>
        </div>
        {text('profile-webhook', 'notify_webhook_url', 'Also post them to this webhook (optional)', { type: 'url', maxLength: 2000 })}
        {profile.notify_webhook_secret && (
          <p class="foia-hint">
            Deliveries are signed (Sunlight-Signature header) with the secret <code class="settings-secret">{profile.notify_webhook_secret}</code>.
          </p>
        )}
      </fieldset>
      <div ref={form.summaryRef} tabIndex={-1} class="foia-form-status">
        {form.apiError && <ErrorNotice message={form.apiError} />}
        {form.problems.length > 0 && (
          <p class="foia-field-error" role="alert">
            Please check: {form.problems.map((p) => p.text).join(' ')}
          </p>
        )}
      </div>
      <p role="status" class="foia-message">
        {saved ?? ''}
      </p>
      {canWrite ? (
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save profile'}
        </button>
      ) : (
        <p class="foia-muted">Your account may read the profile but not change it (it needs the “write:foia” permission).</p>
      )}
    </form>
  );
}
