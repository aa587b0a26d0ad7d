/**
 * The packet builder: a title, the formats, and the parts in the order the packet will have
 * them (added, moved up or down, removed). What is missing is said before anything is sent;
 * the API's own refusal is said in words. The draft is kept while the console is open, so that
 * coming back from a compilation finds it as it was.
 */
import { useEffect, useState } from 'preact/hooks';
import { useCheckedSubmit } from '../../components/checked-submit.js';
import type { Compilation } from '../../../../sdk/typescript/src/index.js';
import { ErrorNotice } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { ConfirmDelete } from '../files/file-words.js';
import { emptyDraft, fieldId, firstFieldId, newPart, problemsOf, requestOf, type Draft, type DraftPart } from './packet-draft.js';
import { PartFields, forgetChoices } from './packet-parts.js';
import { FORMATS, FORMAT_LABELS, MAX_PARTS, PART_KINDS, PART_LABELS, type PartKind } from './packet-words.js';

let kept: Draft | null = null;

/** Focuses the element `id` once rendered; when it cannot take the focus, `fallback` (a part's fieldset). */
const focusSoon = (id: string, fallback?: string) =>
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    el?.focus();
    if (fallback && (!el || document.activeElement !== el)) document.getElementById(fallback)?.focus();
  });

export function PacketBuilder({ onStarted }: { onStarted(c: Compilation): void }) {
  const { client } = useConsole();
  const [draft, setDraft] = useState<Draft>(() => kept ?? emptyDraft());
  const [addKind, setAddKind] = useState<PartKind>('jurisdiction_profile');
  const [said, setSaid] = useState('');
  // What was missing at the last attempt to compile is shown until each is put right.
  const { problems, busy, apiError, setApiError, summaryRef, submit, reset } = useCheckedSubmit({
    draft,
    problemsOf,
    send: (d: Draft) => client.documents.compile(requestOf(d), { idempotencyKey: crypto.randomUUID() }),
    onSent: onStarted,
    focus: (id: string) => focusSoon(id),
  });
  useEffect(() => {
    kept = draft;
  }, [draft]);
  useEffect(() => forgetChoices(), []);

  const invalid = new Set(problems.map((p) => p.id));
  const parts = draft.parts;
  const full = parts.length >= MAX_PARTS;

  const change = (f: (d: Draft) => Draft) => {
    setApiError(null);
    setDraft(f);
  };
  const setParts = (f: (ps: DraftPart[]) => DraftPart[]) => change((d) => ({ ...d, parts: f(d.parts) }));

  const add = () => {
    if (full) return;
    const p = newPart(addKind);
    setParts((ps) => [...ps, p]);
    setSaid(`Added part ${parts.length + 1}: ${PART_LABELS[addKind]}.`);
    focusSoon(firstFieldId(p), fieldId(p.key, 'set'));
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= parts.length) return;
    const p = parts[index]!;
    setParts((ps) => {
      const next = [...ps];
      [next[index], next[to]] = [next[to]!, next[index]!];
      return next;
    });
    setSaid(`${PART_LABELS[p.kind]} moved to part ${to + 1} of ${parts.length}.`);
    // The focus stays on the button pressed, or on its twin once the part reaches an end.
    const atEnd = to === 0 || to === parts.length - 1;
    focusSoon(fieldId(p.key, atEnd ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'));
  };

  const remove = (index: number) => {
    const p = parts[index]!;
    setParts((ps) => ps.filter((x) => x.key !== p.key));
    setSaid(`Removed part ${index + 1}: ${PART_LABELS[p.kind]}.`);
    const after = parts[index + 1] ?? parts[index - 1];
    focusSoon(after ? fieldId(after.key, 'set') : 'packet-add-kind');
  };


  const startOver = () => {
    setDraft(emptyDraft());
    reset();
    setSaid('The form was cleared.');
    focusSoon('packet-title');
  };

  return (
    <section aria-labelledby="packet-new-heading" class="packet-builder">
      <h2 id="packet-new-heading">New packet</h2>
      <form onSubmit={submit} noValidate>
        <div class="packet-field">
          <label for="packet-title">Title</label>
          <input
            id="packet-title"
            type="text"
            class="packet-title-input"
            value={draft.title}
            maxLength={200}
            aria-invalid={invalid.has('packet-title') ? 'true' : undefined}
            onInput={(e) => {
              const title = e.currentTarget.value;
              change((d) => ({ ...d, title }));
            }}
          />
        </div>

        <fieldset class="packet-formats">
          <legend>Formats</legend>
          {FORMATS.map((f) => (
            <div class="packet-check" key={f}>
              <input
                id={`packet-format-${f}`}
                type="checkbox"
                checked={draft.formats.includes(f)}
                aria-invalid={f === 'pdf' && invalid.has('packet-format-pdf') ? 'true' : undefined}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  change((d) => ({ ...d, formats: FORMATS.filter((x) => (x === f ? on : d.formats.includes(x))) }));
                }}
              />
              <label for={`packet-format-${f}`}>{FORMAT_LABELS[f]}</label>
            </div>
          ))}
        </fieldset>

        <h3 id="packet-parts-heading">
          Parts <span class="packet-hint-inline">({parts.length} of at most {MAX_PARTS}, compiled in this order)</span>
        </h3>
        {parts.length === 0 ? (
          <p class="packet-hint">No parts yet. Add the first below: a jurisdiction’s profile, a comparison, a statute, search results, a research conversation or a FOIA request.</p>
        ) : (
          <ol class="packet-parts" aria-labelledby="packet-parts-heading">
            {parts.map((p, i) => (
              <li key={p.key} class="packet-part">
                <fieldset id={fieldId(p.key, 'set')} tabIndex={-1}>
                  <legend>
                    Part {i + 1}: {PART_LABELS[p.kind]}
                  </legend>
                  <PartFields part={p} invalid={invalid} update={(c) => setParts((ps) => ps.map((x) => (x.key === p.key ? ({ ...x, ...c } as DraftPart) : x)))} />
                  <div class="packet-part-actions">
                    <button type="button" id={fieldId(p.key, 'up')} aria-label={`Move up: part ${i + 1}`} onClick={() => move(i, -1)} disabled={i === 0}>
                      Move up
                    </button>
                    <button type="button" id={fieldId(p.key, 'down')} aria-label={`Move down: part ${i + 1}`} onClick={() => move(i, 1)} disabled={i === parts.length - 1}>
                      Move down
                    </button>
                    <button type="button" class="packet-remove" aria-label={`Remove: part ${i + 1}`} onClick={() => remove(i)}>
                      Remove
                    </button>
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
        )}

        <div class="packet-add">
          <div class="packet-field">
            <label for="packet-add-kind">Kind of part to add</label>
            <select id="packet-add-kind" value={addKind} aria-invalid={invalid.has('packet-add-kind') ? 'true' : undefined} onChange={(e) => setAddKind(e.currentTarget.value as PartKind)}>
              {PART_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PART_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" onClick={add} disabled={full}>
            Add part
          </button>
          {full && <p class="packet-hint">A packet may have at most {MAX_PARTS} parts.</p>}
        </div>
        <p role="status" class="visually-hidden">
          {said}
        </p>

        <div ref={summaryRef} tabIndex={-1} class="packet-summary">
          {problems.length > 0 && (
            <div class="notice notice-error" role="alert">
              <p>The packet cannot be compiled yet:</p>
              <ul>
                {problems.map((p) => (
                  <li key={`${p.id}${p.text}`}>{p.text}</li>
                ))}
              </ul>
            </div>
          )}
          {apiError && <ErrorNotice message={apiError} />}
        </div>

        <div class="packet-submit">
          <button type="submit" disabled={busy}>
            {busy ? 'Starting…' : 'Compile packet'}
          </button>
          {(draft.parts.length > 0 || draft.title) && <ConfirmDelete what="the form" label="Clear" yes="Yes, clear it" busy={busy} onConfirm={startOver} />}
        </div>
      </form>
    </section>
  );
}
