/**
 * The calendar feed of due dates: a token calendar apps subscribe with (no sign-in), issued
 * here and shown once, as the whole feed address with a copy button; issuing a new one revokes
 * the old at once, and it can be revoked outright (after a question).
 */
import { useRef, useState } from 'preact/hooks';
import type { CalendarFeedToken as FeedToken } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useConsole } from '../../context.js';
import { instantText } from '../foia/foia-format.js';

type Message = { kind: 'ok' | 'error'; text: string } | null;

export function CalendarFeed({ issuedAt, onChange }: { issuedAt: string | null; onChange(issuedAt: string | null): void }) {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const [issued, setIssued] = useState<FeedToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const feedUrl = issued ? client.foia.calendar.feedUrl(issued) : null;

  const say = (m: Message, focus = true) => {
    setMessage(m);
    if (focus) requestAnimationFrame(() => messageRef.current?.focus());
  };

  const issue = () => {
    setBusy(true);
    setMessage(null);
    client.foia.calendar.rotateFeedToken().then(
      (t) => {
        setBusy(false);
        setIssued(t);
        onChange(t.created_at);
        say({ kind: 'ok', text: issuedAt ? 'A new feed address was made; the old one no longer works.' : 'Your feed address was made.' }, false);
        requestAnimationFrame(() => urlInput.current?.select());
      },
      (err: unknown) => {
        setBusy(false);
        say({ kind: 'error', text: errorText(err) });
      },
    );
  };

  const revoke = () => {
    setBusy(true);
    client.foia.calendar.revokeFeedToken().then(
      () => {
        setBusy(false);
        setConfirming(false);
        setIssued(null);
        onChange(null);
        say({ kind: 'ok', text: 'The feed address was revoked: calendars subscribed to it no longer update.' });
      },
      (err: unknown) => {
        setBusy(false);
        say({ kind: 'error', text: errorText(err) });
      },
    );
  };

  const copy = () => {
    if (!feedUrl) return;
    if (!navigator.clipboard) {
      say({ kind: 'error', text: 'Copying is not available in this browser: select the address and copy it.' });
      return;
    }
    navigator.clipboard.writeText(feedUrl).then(
      () => say({ kind: 'ok', text: 'Feed address copied to the clipboard.' }, false),
      () => say({ kind: 'error', text: 'The address could not be copied (the browser refused): select it and copy it.' }),
    );
  };

  return (
    <section aria-labelledby="settings-calendar-heading" class="settings-card">
      <h2 id="settings-calendar-heading">Calendar feed</h2>
      <p>Subscribe to your requests’ due dates (the agency’s, your last day to appeal, the appeal decision’s) in any calendar app, with a private address.</p>
      <p>{issuedAt ? `You have a feed address, made ${instantText(issuedAt)}.` : 'You have no feed address yet.'}</p>
      {issued && feedUrl && (
        <div class="settings-feed">
          <label for="settings-feed-url">Your feed address (shown only now: copy it into your calendar app)</label>
          <div class="settings-feed-row">
            <input id="settings-feed-url" ref={urlInput} type="text" readOnly value={feedUrl} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" onClick={copy}>
              Copy address
            </button>
          </div>
          <p class="foia-hint">Anyone with this address can see your due dates and subjects. Make a new one if it leaks.</p>
        </div>
      )}
      <div ref={messageRef} tabIndex={-1} class="foia-message-slot">
        <p role="status" class={message?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
          {message?.text ?? ''}
        </p>
      </div>
      {canWrite && (
        <div class="foia-actions">
          <button type="button" onClick={issue} disabled={busy}>
            {issuedAt ? 'Make a new feed address' : 'Make my feed address'}
          </button>
          {issuedAt && !confirming && (
            <button type="button" onClick={() => setConfirming(true)} disabled={busy}>
              Revoke the feed address
            </button>
          )}
        </div>
      )}
      {confirming && (
        <div role="group" aria-labelledby="settings-revoke-question" class="settings-confirm">
          <p id="settings-revoke-question">Revoke the feed address? Calendars subscribed to it stop updating.</p>
          <button type="button" onClick={revoke} disabled={busy}>
            Yes, revoke
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
            Keep it
          </button>
        </div>
      )}
    </section>
  );
}
