/**
 * Your own directory entry for an agency: a copy of a shared entry with your corrections
 * (`POST /api/foia/agencies` with `based_on`), or the entry itself when it is already yours
 * (`PATCH`, `DELETE`). Shared entries stay read only for everyone.
 */
import { useState } from 'preact/hooks';
import type { FoiaAgency, FoiaAgencyWithStatistics as Agency } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useConsole } from '../../context.js';
import { navigate } from '../../router.js';

const FIELDS = [
  { key: 'email', label: 'E-mail', mode: 'email', multiline: false },
  { key: 'portal_url', label: 'Records portal', mode: 'url', multiline: false },
  { key: 'postal_address', label: 'Postal address', mode: 'text', multiline: true },
  { key: 'phone', label: 'Phone', mode: 'tel', multiline: false },
  { key: 'records_officer_title', label: 'Records officer (title)', mode: 'text', multiline: false },
  { key: 'notes', label: 'Notes', mode: 'text', multiline: true },
] as const;

type Key = (typeof FIELDS)[number]['key'];
type Draft = Record<Key, string>;

const draftOf = (a: Agency): Draft => Object.fromEntries(FIELDS.map((f) => [f.key, a[f.key] ?? ''])) as Draft;
const valuesOf = (d: Draft) => Object.fromEntries(FIELDS.map((f) => [f.key, d[f.key].trim() === '' ? null : d[f.key].trim()])) as Record<Key, string | null>;

export function AgencyEntry({ agency, onSaved }: { agency: Agency; onSaved(saved: FoiaAgency): void }) {
  const { client } = useConsole();
  const own = agency.source === 'user';
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(agency));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      if (own) {
        onSaved(await client.foia.agencies.update(agency.id, valuesOf(draft)));
        setSaved('Your entry is saved.');
        setOpen(false);
      } else {
        const copy = await client.foia.agencies.create({ name: agency.name, jurisdiction: agency.jurisdiction, based_on: agency.id, ...valuesOf(draft) });
        navigate(['foia', 'agencies', copy.id]);
      }
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(`Delete your entry “${agency.name}”?`)) return;
    setError(null);
    try {
      await client.foia.agencies.delete(agency.id);
      navigate(['foia']);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <section aria-labelledby="foia-agency-entry-heading" class="foia-card">
      <h2 id="foia-agency-entry-heading">{own ? 'Your entry' : 'Your own copy'}</h2>
      <p>
        {own
          ? 'This entry is yours: only you see it, and your requests can name it.'
          : 'The shared directory is read only. Make your own copy with your corrections; only you see it, and your requests can name it.'}
      </p>
      {!open ? (
        <button type="button" onClick={() => setOpen(true)}>
          {own ? 'Edit your entry' : 'Make my own copy'}
        </button>
      ) : (
        <form class="foia-form" onSubmit={(e) => void save(e)}>
          {FIELDS.map((f) => (
            <div class="foia-field" key={f.key}>
              <label for={`agency-${f.key}`}>{f.label}</label>
              {f.multiline ? (
                <textarea id={`agency-${f.key}`} rows={3} value={draft[f.key]} onInput={(e) => setDraft({ ...draft, [f.key]: (e.target as HTMLTextAreaElement).value })} />
              ) : (
                <input id={`agency-${f.key}`} type="text" inputMode={f.mode} value={draft[f.key]} onInput={(e) => setDraft({ ...draft, [f.key]: (e.target as HTMLInputElement).value })} />
              )}
            </div>
          ))}
          {error && (
            <p role="alert">
              {error}
            </p>
          )}
          <div class="foia-actions">
            <button type="submit" disabled={busy}>
              {own ? 'Save your entry' : 'Save my copy'}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {saved && <p role="status">{saved}</p>}
      {own && (
        <p>
          <button type="button" onClick={() => void remove()}>
            Delete your entry
          </button>
        </p>
      )}
      {!open && error && (
        <p role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
