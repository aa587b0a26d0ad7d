import { useEffect, useState } from 'preact/hooks';
import type { JurisdictionSummary } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';

type State = { status: 'idle' | 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: JurisdictionSummary[] };

/**
 * Optional: the jurisdictions the question is about (`jurisdictions` of the request). The
 * list is read when the chooser is first opened; without a choice the assistant reads them
 * from the question.
 */
export function JurisdictionChooser({ selected, onChange }: { selected: readonly string[]; onChange(slugs: string[]): void }) {
  const { client } = useConsole();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [tick, setTick] = useState(0);
  const [names, setNames] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    if (!open || state.status === 'ready') return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    client.transparency.jurisdictions.list({ limit: 100 }, { signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', list: page.data });
        setNames(new Map(page.data.map((j) => [j.slug, j.name])));
      },
      (err: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorText(err) }),
    );
    return () => controller.abort();
  }, [open, tick]);

  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((s) => s !== slug));
  const chosen = selected.map((s) => names.get(s) ?? s).join(', ');

  return (
    <details class="assistant-jurisdictions" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Jurisdictions: {selected.length === 0 ? 'as the question names them' : chosen}</summary>
      {state.status === 'loading' && <Loading label="Loading jurisdictions…" />}
      {state.status === 'error' && <ErrorNotice message={state.message} retry={() => setTick((n) => n + 1)} />}
      {state.status === 'ready' && (
        <fieldset>
          <legend>Limit the question to these jurisdictions (optional)</legend>
          <div class="assistant-jurisdiction-grid">
            {state.list.map((j) => (
              <label key={j.slug}>
                <input type="checkbox" checked={selected.includes(j.slug)} onChange={(e) => toggle(j.slug, (e.currentTarget as HTMLInputElement).checked)} /> {j.name}
              </label>
            ))}
          </div>
          {selected.length > 0 && (
            <button type="button" onClick={() => onChange([])}>
              Clear the choice
            </button>
          )}
        </fieldset>
      )}
    </details>
  );
}
