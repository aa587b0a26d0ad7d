/**
 * The fields of each kind of part: a jurisdiction (profile), fields and jurisdictions
 * (comparison), a citation (statute), a query (search), one of the person's conversations or
 * FOIA requests. The lists they choose from are read once per visit to the builder.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ConversationSummary, FoiaRequestList, JurisdictionSummary, SunlightClient } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { loadJurisdictions } from '../foia/foia-format.js';
import { fieldId, type DraftPart } from './packet-draft.js';
import { COMPARE_FIELDS, COMPARE_FIELD_LABELS, MAX_FIELDS, MAX_SEARCH_LIMIT } from './packet-words.js';

type FoiaRow = FoiaRequestList['data'][number];

const lists = new Map<string, Promise<unknown>>();

/** Forgets the lists read, so that the builder, opened again, reads them afresh. */
export function forgetChoices(): void {
  lists.clear();
}

function cached<T>(name: string, load: () => Promise<T>): Promise<T> {
  let p = lists.get(name) as Promise<T> | undefined;
  if (!p) {
    p = load();
    lists.set(name, p);
    p.catch(() => lists.delete(name));
  }
  return p;
}

type Choices<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: T[] };

function useChoices<T>(name: string, load: (client: SunlightClient) => Promise<T[]>): Choices<T> & { retry(): void } {
  const { client } = useConsole();
  const [state, setState] = useState<Choices<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    cached(name, () => load(client)).then(
      (list) => live && setState({ status: 'ready', list }),
      (err: unknown) => live && setState({ status: 'error', message: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [name, tick]);
  return { ...state, retry: () => setTick((n) => n + 1) };
}

const useJurisdictions = () => useChoices<JurisdictionSummary>('jurisdictions', loadJurisdictions);
const useConversations = () => useChoices<ConversationSummary>('conversations', async (c) => (await c.chat.conversations.list({ limit: 100 })).data);
const useFoiaRequests = () => useChoices<FoiaRow>('foia', async (c) => (await c.foia.list({ limit: 100, sort: '-updated_at' })).data);

/** Marks a field invalid (after a first attempt to compile) and describes the problem. */
export interface Invalid {
  has(id: string): boolean;
}

const invalidAttr = (invalid: Invalid, id: string) => (invalid.has(id) ? ('true' as const) : undefined);

function Field({ id, label, children, hint }: { id: string; label: string; children: ComponentChildren; hint?: string }) {
  return (
    <div class="packet-field">
      <label for={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} class="packet-hint">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

// The selects stay enabled while their list loads (only the "Loading…" choice is in them), so
// that the focus can go to them when their part is added or named as incomplete.
function JurisdictionSelect({ id, label, value, optional, invalid, onChange }: { id: string; label: string; value: string; optional?: string; invalid: Invalid; onChange(slug: string): void }) {
  const j = useJurisdictions();
  return (
    <Field id={id} label={label}>
      <select id={id} value={value} aria-invalid={invalidAttr(invalid, id)} aria-busy={j.status === 'loading' ? 'true' : undefined} onChange={(e) => onChange(e.currentTarget.value)}>
        {j.status === 'loading' && <option value={value}>Loading jurisdictions…</option>}
        {j.status === 'ready' && <option value="">{optional ?? 'Choose a jurisdiction'}</option>}
        {j.status === 'ready' &&
          j.list.map((x) => (
            <option key={x.slug} value={x.slug}>
              {x.name}
            </option>
          ))}
      </select>
      {j.status === 'error' && <ErrorNotice message={`The jurisdictions could not be loaded: ${j.message}`} retry={j.retry} />}
    </Field>
  );
}

function JurisdictionChecks({ idBase, label, selected, onChange }: { idBase: string; label: string; selected: readonly string[]; onChange(slugs: string[]): void }) {
  const j = useJurisdictions();
  if (j.status === 'loading') return <p class="packet-hint">Loading jurisdictions…</p>;
  if (j.status === 'error') return <ErrorNotice message={`The jurisdictions could not be loaded: ${j.message}`} retry={j.retry} />;
  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((s) => s !== slug));
  return (
    <div role="group" aria-label={label} class="packet-check-grid">
      {j.list.map((x) => (
        <div class="packet-check" key={x.slug}>
          <input id={`${idBase}-${x.slug}`} type="checkbox" checked={selected.includes(x.slug)} onChange={(e) => toggle(x.slug, e.currentTarget.checked)} />
          <label for={`${idBase}-${x.slug}`}>{x.name}</label>
        </div>
      ))}
    </div>
  );
}

/** The fields of one part; `update` merges changes into it. */
export function PartFields({ part: p, invalid, update }: { part: DraftPart; invalid: Invalid; update(change: Partial<DraftPart>): void }) {
  switch (p.kind) {
    case 'jurisdiction_profile':
      return <JurisdictionSelect id={fieldId(p.key, 'jurisdiction')} label="Jurisdiction" value={p.jurisdiction} invalid={invalid} onChange={(jurisdiction) => update({ jurisdiction })} />;

    case 'comparison': {
      const full = p.fields.length >= MAX_FIELDS;
      return (
        <>
          <fieldset class="packet-subset">
            <legend>
              Fields to compare <span class="packet-hint-inline">(1 to {MAX_FIELDS}; {p.fields.length} chosen)</span>
            </legend>
            <div class="packet-check-grid">
              {COMPARE_FIELDS.map((f, i) => {
                const id = fieldId(p.key, `field-${i}`);
                const on = p.fields.includes(f);
                return (
                  <div class="packet-check" key={f}>
                    <input
                      id={id}
                      type="checkbox"
                      checked={on}
                      disabled={!on && full}
                      aria-invalid={i === 0 ? invalidAttr(invalid, id) : undefined}
                      onChange={(e) => update({ fields: e.currentTarget.checked ? [...p.fields, f] : p.fields.filter((x) => x !== f) })}
                    />
                    <label for={id}>{COMPARE_FIELD_LABELS[f]}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <fieldset class="packet-subset">
            <legend>Jurisdictions</legend>
            <div class="packet-check">
              <input id={fieldId(p.key, 'all')} type="radio" name={fieldId(p.key, 'scope')} checked={p.all} onChange={() => update({ all: true })} />
              <label for={fieldId(p.key, 'all')}>All jurisdictions</label>
            </div>
            <div class="packet-check">
              <input
                id={fieldId(p.key, 'chosen')}
                type="radio"
                name={fieldId(p.key, 'scope')}
                checked={!p.all}
                aria-invalid={invalidAttr(invalid, fieldId(p.key, 'chosen'))}
                onChange={() => update({ all: false })}
              />
              <label for={fieldId(p.key, 'chosen')}>Only the jurisdictions I choose{!p.all && p.jurisdictions.length > 0 ? ` (${p.jurisdictions.length} chosen)` : ''}</label>
            </div>
            {!p.all && <JurisdictionChecks idBase={fieldId(p.key, 'j')} label="Jurisdictions to compare" selected={p.jurisdictions} onChange={(jurisdictions) => update({ jurisdictions })} />}
          </fieldset>
        </>
      );
    }

    case 'statute': {
      const id = fieldId(p.key, 'citation');
      return (
        <div class="packet-row">
          <Field id={id} label="Citation" hint="In any usual spelling: Tex. Gov't Code § 552.301, RCW 42.56.070, 5 U.S.C. § 552.">
            <input id={id} type="text" value={p.citation} maxLength={200} aria-describedby={`${id}-hint`} aria-invalid={invalidAttr(invalid, id)} onInput={(e) => update({ citation: e.currentTarget.value })} />
          </Field>
          <JurisdictionSelect
            id={fieldId(p.key, 'jurisdiction')}
            label="Jurisdiction (optional)"
            optional="Not needed: the citation names its code"
            value={p.jurisdiction}
            invalid={invalid}
            onChange={(jurisdiction) => update({ jurisdiction })}
          />
        </div>
      );
    }

    case 'search': {
      const q = fieldId(p.key, 'query');
      const limit = fieldId(p.key, 'limit');
      return (
        <>
          <div class="packet-row">
            <Field id={q} label="Query" hint="A question, keywords or a citation.">
              <input id={q} type="text" value={p.query} maxLength={500} aria-describedby={`${q}-hint`} aria-invalid={invalidAttr(invalid, q)} onInput={(e) => update({ query: e.currentTarget.value })} />
            </Field>
            <Field id={limit} label={`Results to include (1 to ${MAX_SEARCH_LIMIT})`}>
              <input id={limit} class="packet-number" type="number" min={1} max={MAX_SEARCH_LIMIT} value={p.limit} aria-invalid={invalidAttr(invalid, limit)} onInput={(e) => update({ limit: e.currentTarget.value })} />
            </Field>
          </div>
          <details class="packet-details">
            <summary>Only in some jurisdictions: {p.jurisdictions.length === 0 ? 'all (no filter)' : `${p.jurisdictions.length} chosen`}</summary>
            <JurisdictionChecks idBase={fieldId(p.key, 'j')} label="Search only these jurisdictions" selected={p.jurisdictions} onChange={(jurisdictions) => update({ jurisdictions })} />
          </details>
        </>
      );
    }

    case 'conversation':
      return <ConversationSelect part={p} invalid={invalid} onChange={(id) => update({ id })} />;

    case 'foia_request':
      return <FoiaSelect part={p} invalid={invalid} onChange={(id) => update({ id })} />;
  }
}

function ConversationSelect({ part, invalid, onChange }: { part: DraftPart & { kind: 'conversation' }; invalid: Invalid; onChange(id: string): void }) {
  const c = useConversations();
  const id = fieldId(part.key, 'id');
  const empty = c.status === 'ready' && c.list.length === 0;
  return (
    <Field id={id} label="Conversation">
      <select id={id} value={part.id} aria-busy={c.status === 'loading' ? 'true' : undefined} aria-invalid={invalidAttr(invalid, id)} onChange={(e) => onChange(e.currentTarget.value)}>
        {c.status === 'loading' && <option value={part.id}>Loading your conversations…</option>}
        {c.status === 'ready' && <option value="">{empty ? 'You have no research conversations yet' : 'Choose a conversation'}</option>}
        {c.status === 'ready' &&
          c.list.map((x) => (
            <option key={x.id} value={x.id}>
              {x.title} ({x.message_count} messages)
            </option>
          ))}
      </select>
      {c.status === 'error' && <ErrorNotice message={`Your conversations could not be loaded: ${c.message}`} retry={c.retry} />}
    </Field>
  );
}

function FoiaSelect({ part, invalid, onChange }: { part: DraftPart & { kind: 'foia_request' }; invalid: Invalid; onChange(id: string): void }) {
  const r = useFoiaRequests();
  const id = fieldId(part.key, 'id');
  const empty = r.status === 'ready' && r.list.length === 0;
  return (
    <Field id={id} label="FOIA request">
      <select id={id} value={part.id} aria-busy={r.status === 'loading' ? 'true' : undefined} aria-invalid={invalidAttr(invalid, id)} onChange={(e) => onChange(e.currentTarget.value)}>
        {r.status === 'loading' && <option value={part.id}>Loading your requests…</option>}
        {r.status === 'ready' && <option value="">{empty ? 'You have no FOIA requests yet' : 'Choose a request'}</option>}
        {r.status === 'ready' &&
          r.list.map((x) => (
            <option key={x.id} value={x.id}>
              {x.subject} ({x.agency.name})
            </option>
          ))}
      </select>
      {r.status === 'error' && <ErrorNotice message={`Your requests could not be loaded: ${r.message}`} retry={r.retry} />}
    </Field>
  );
}
