/**
 * Sending a letter by e-mail (the request letter, a follow-up, the drafted appeal): a button
 * that first asks, showing where it goes (the agency's address, or others typed in), then
 * queues it with an idempotency key (a second click or a retry never sends twice) and follows
 * its delivery (queued → sending → sent or failed) until it ends.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FoiaCommunication as Communication, FoiaRequest, LetterKind } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useConsole } from '../../context.js';
import { LETTER_KIND_LABELS, deliveryText, inFlight, sendErrorText } from './correspondence-words.js';
import { instantText } from './foia-format.js';

/** How often a queued letter is read again while it is on its way. */
const POLL_MS = 1000;

const addresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

type Progress = { kind: 'ok' | 'error' | 'busy'; text: string } | null;

export function SendLetter(props: { request: FoiaRequest; kind: LetterKind; label: string; onSettled(c: Communication): void; /** Tells apart two buttons of one kind on the page. */ place?: string }) {
  const { request: r, kind, label, onSettled, place = '' } = props;
  const { client } = useConsole();
  const [asking, setAsking] = useState(false);
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [letter, setLetter] = useState<Communication | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const id = `foia-send-${kind}${place}`;
  const what = LETTER_KIND_LABELS[kind].toLowerCase();

  const ask = () => {
    setTo(r.agency.email ?? '');
    setCc('');
    setKey(crypto.randomUUID());
    setProgress(null);
    setAsking(true);
    requestAnimationFrame(() => toInput.current?.focus());
  };
  const cancel = () => {
    setAsking(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const send = (e: Event) => {
    e.preventDefault();
    const recipients = addresses(to);
    if (recipients.length === 0) {
      setProgress({ kind: 'error', text: 'Give the e-mail address to send the letter to.' });
      toInput.current?.focus();
      return;
    }
    const agency = r.agency.email && recipients.length === 1 && recipients[0] === r.agency.email;
    const copies = addresses(cc);
    setBusy(true);
    setProgress({ kind: 'busy', text: `Queueing the ${what}…` });
    client.foia.send(r.id, { kind, ...(agency ? {} : { to: recipients }), ...(copies.length ? { cc: copies } : {}) }, { idempotencyKey: key }).then(
      (c) => {
        setBusy(false);
        setAsking(false);
        setLetter(c);
        // The question is gone: the focus goes to where the letter's progress is said.
        requestAnimationFrame(() => progressRef.current?.focus());
      },
      (err: unknown) => {
        setBusy(false);
        setProgress({ kind: 'error', text: sendErrorText(err) });
      },
    );
  };

  // Follows the queued letter until it is sent or has failed.
  useEffect(() => {
    if (!letter) return;
    const state = deliveryText(letter) ?? letter.delivery;
    if (inFlight(letter)) {
      setProgress({ kind: 'busy', text: `${LETTER_KIND_LABELS[kind]} to ${letter.to_address ?? 'the agency'}: ${state.toLowerCase()}` });
      const controller = new AbortController();
      const timer = setTimeout(() => {
        client.foia.communications.get(r.id, letter.id, { signal: controller.signal }).then(setLetter, (err: unknown) => {
          if (!controller.signal.aborted) setProgress({ kind: 'error', text: `Where the letter stands could not be read: ${errorText(err)}` });
        });
      }, POLL_MS);
      return () => {
        clearTimeout(timer);
        controller.abort();
      };
    }
    if (letter.delivery === 'sent') {
      setProgress({ kind: 'ok', text: `${LETTER_KIND_LABELS[kind]} sent to ${letter.to_address ?? 'the agency'}${letter.sent_at ? ` on ${instantText(letter.sent_at)}` : ''}.` });
    } else {
      setProgress({ kind: 'error', text: `${LETTER_KIND_LABELS[kind]} not sent: ${letter.delivery_error ?? state}` });
    }
    onSettled(letter);
    return undefined;
  }, [letter]);

  return (
    <div class="foia-send">
      <button type="button" ref={opener} onClick={ask} disabled={asking || (letter !== null && inFlight(letter))} aria-expanded={asking}>
        {label}
      </button>
      {asking && (
        <form class="foia-send-confirm" aria-labelledby={`${id}-question`} onSubmit={send} noValidate>
          <p id={`${id}-question`} class="foia-send-question">
            {r.agency.email ? `Send the ${what} to ${r.agency.email}?` : `Send the ${what}? The agency has no e-mail address on this request: give one.`}
          </p>
          <div class="foia-send-fields">
            <div class="foia-field">
              <label for={`${id}-to`}>To</label>
              <input id={`${id}-to`} ref={toInput} type="text" inputMode="email" autoComplete="off" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
            </div>
            <div class="foia-field">
              <label for={`${id}-cc`}>Copy to (optional)</label>
              <input id={`${id}-cc`} type="text" inputMode="email" autoComplete="off" value={cc} onInput={(e) => setCc(e.currentTarget.value)} />
            </div>
          </div>
          <p class="foia-hint">It goes by e-mail with your name, the letter as text and as a PDF; the agency’s answer comes to your own address.</p>
          <div class="foia-actions">
            <button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Yes, send'}
            </button>
            <button type="button" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <div ref={progressRef} tabIndex={-1} class="foia-message-slot">
        <p role="status" class={progress?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
          {progress?.text ?? ''}
        </p>
      </div>
    </div>
  );
}
