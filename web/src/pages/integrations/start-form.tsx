/**
 * "Start a run" for the types a person may start from the console: an export of the law
 * database (its formats, and optionally some jurisdictions only) and a digest of one's FOIA
 * requests that are due soon; either with an optional webhook URL. What is wrong is said before
 * anything is sent (the field marked, the focus on it); the API's own refusal in words.
 */
import { useEffect, useState } from 'preact/hooks';
import { useCheckedSubmit } from '../../components/checked-submit.js';
import type { JurisdictionSummary, StartWorkflowRequest, WorkflowRun } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { loadJurisdictions } from '../foia/foia-format.js';

type StartType = 'export' | 'foia-digest';
type ExportFormat = 'csv' | 'json';

const TYPES: ReadonlyArray<{ type: StartType; label: string; hint: string }> = [
  { type: 'export', label: 'Law database export', hint: 'Jurisdictions, rights, exemptions and reviewed facts as CSV and/or JSON files in your files.' },
  { type: 'foia-digest', label: 'FOIA digest', hint: 'Your FOIA requests that are overdue or due soon, soonest first.' },
];
const FORMATS: ReadonlyArray<[ExportFormat, string]> = [
  ['csv', 'CSV'],
  ['json', 'JSON'],
];

interface Problem {
  id: string;
  text: string;
}

interface Draft {
  type: StartType;
  formats: ExportFormat[];
  jurisdictions: string[];
  withinDays: string;
  webhook: string;
}

const emptyDraft = (): Draft => ({ type: 'export', formats: ['csv', 'json'], jurisdictions: [], withinDays: '7', webhook: '' });

function problemsOf(d: Draft): Problem[] {
  const found: Problem[] = [];
  if (d.type === 'export' && d.formats.length === 0) found.push({ id: 'integ-format-csv', text: 'Choose at least one format.' });
  if (d.type === 'foia-digest' && (!/^\d{1,3}$/.test(d.withinDays.trim()) || Number(d.withinDays) > 365)) found.push({ id: 'integ-within', text: 'Give a whole number of days, from 0 to 365.' });
  const url = d.webhook.trim();
  if (url) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (!ok) found.push({ id: 'integ-webhook', text: 'Give the webhook’s whole address, starting with https:// (or http://).' });
  }
  return found;
}

function requestOf(d: Draft): StartWorkflowRequest {
  const webhook = d.webhook.trim() ? { webhook: { url: d.webhook.trim() } } : {};
  if (d.type === 'foia-digest') return { type: 'foia-digest', input: { within_days: Number(d.withinDays) }, ...webhook };
  return { type: 'export', input: { formats: d.formats, ...(d.jurisdictions.length > 0 ? { jurisdictions: d.jurisdictions } : {}) }, ...webhook };
}

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export function StartForm({ onStarted }: { onStarted(run: WorkflowRun): void }) {
  const { client } = useConsole();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // The problems found at the last attempt that are not put right yet.
  const { problems, busy, apiError, setApiError, summaryRef, submit } = useCheckedSubmit({
    draft,
    problemsOf,
    send: (d: Draft) => client.integrations.start(requestOf(d), { idempotencyKey: crypto.randomUUID() }),
    onSent: onStarted,
    focus: focusSoon,
  });
  const invalid = (id: string) => (problems.some((p) => p.id === id) ? ('true' as const) : undefined);
  const change = (c: Partial<Draft>) => {
    setApiError(null);
    setDraft((d) => ({ ...d, ...c }));
  };


  return (
    <section aria-labelledby="integ-start-heading" class="integ-panel">
      <h2 id="integ-start-heading">Start a run</h2>
      <form onSubmit={submit} noValidate>
        <fieldset class="integ-fieldset">
          <legend>Type</legend>
          {TYPES.map((t) => (
            <div class="integ-choice" key={t.type}>
              <input id={`integ-type-${t.type}`} type="radio" name="integ-type" value={t.type} checked={draft.type === t.type} aria-describedby={`integ-type-${t.type}-hint`} onChange={() => change({ type: t.type })} />
              <label for={`integ-type-${t.type}`}>{t.label}</label>
              <p id={`integ-type-${t.type}-hint`} class="integ-hint">
                {t.hint}
              </p>
            </div>
          ))}
        </fieldset>

        {draft.type === 'export' && (
          <>
            <fieldset class="integ-fieldset integ-inline">
              <legend>Formats</legend>
              {FORMATS.map(([f, label]) => (
                <div class="integ-check" key={f}>
                  <input
                    id={`integ-format-${f}`}
                    type="checkbox"
                    checked={draft.formats.includes(f)}
                    aria-invalid={f === 'csv' ? invalid('integ-format-csv') : undefined}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      change({ formats: FORMATS.map(([x]) => x).filter((x) => (x === f ? on : draft.formats.includes(x))) });
                    }}
                  />
                  <label for={`integ-format-${f}`}>{label}</label>
                </div>
              ))}
            </fieldset>
            <details class="integ-details">
              <summary>Only some jurisdictions: {draft.jurisdictions.length === 0 ? 'all (no filter)' : `${draft.jurisdictions.length} chosen`}</summary>
              <JurisdictionChecks selected={draft.jurisdictions} onChange={(jurisdictions) => change({ jurisdictions })} />
            </details>
          </>
        )}

        {draft.type === 'foia-digest' && (
          <div class="integ-field">
            <label for="integ-within">Due within (days)</label>
            <p id="integ-within-hint" class="integ-hint">
              Your requests that are overdue, or due within this many days (0 to 365).
            </p>
            <input
              id="integ-within"
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              step={1}
              class="integ-number"
              value={draft.withinDays}
              aria-describedby="integ-within-hint"
              aria-invalid={invalid('integ-within')}
              onInput={(e) => change({ withinDays: e.currentTarget.value })}
            />
          </div>
        )}

        <div class="integ-field">
          <label for="integ-webhook">Webhook URL (optional)</label>
          <p id="integ-webhook-hint" class="integ-hint">
            Receives the run’s signed event when it ends (see “Webhook signing”).
          </p>
          <input
            id="integ-webhook"
            type="url"
            class="integ-url-input"
            placeholder="https://example.org/hooks/sunlight"
            value={draft.webhook}
            maxLength={2000}
            aria-describedby="integ-webhook-hint"
            aria-invalid={invalid('integ-webhook')}
            onInput={(e) => change({ webhook: e.currentTarget.value })}
          />
        </div>

        <div ref={summaryRef} tabIndex={-1} class="integ-summary">
          {problems.length > 0 && (
            <div class="notice notice-error" role="alert">
              <p>The run cannot be started yet:</p>
              <ul>
                {problems.map((p) => (
                  <li key={p.id}>{p.text}</li>
                ))}
              </ul>
            </div>
          )}
          {apiError && <ErrorNotice message={apiError} />}
        </div>

        <button type="submit" disabled={busy}>
          {busy ? 'Starting…' : 'Start run'}
        </button>
      </form>
    </section>
  );
}

type Choices = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: JurisdictionSummary[] };

function JurisdictionChecks({ selected, onChange }: { selected: readonly string[]; onChange(slugs: string[]): void }) {
  const { client } = useConsole();
  const [j, setJ] = useState<Choices>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    loadJurisdictions(client).then(
      (list) => live && setJ({ status: 'ready', list }),
      (err: unknown) => live && setJ({ status: 'error', message: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [tick]);
  if (j.status === 'loading') return <p class="integ-hint">Loading jurisdictions…</p>;
  if (j.status === 'error') return <ErrorNotice message={`The jurisdictions could not be loaded: ${j.message}`} retry={() => (setJ({ status: 'loading' }), setTick((n) => n + 1))} />;
  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((s) => s !== slug));
  return (
    <div role="group" aria-label="Export only these jurisdictions" class="integ-check-grid">
      {j.list.map((x) => (
        <div class="integ-check" key={x.slug}>
          <input id={`integ-j-${x.slug}`} type="checkbox" checked={selected.includes(x.slug)} onChange={(e) => toggle(x.slug, e.currentTarget.checked)} />
          <label for={`integ-j-${x.slug}`}>{x.name}</label>
        </div>
      ))}
    </div>
  );
}
