import { useRef, useState } from 'preact/hooks';
import { errorText } from '../api/client.js';

/**
 * A form that is checked before it is sent: on submit, the draft's problems are reported (and
 * the focus moved to the first) or the draft is sent once; an API refusal is shown in words with
 * the focus on the summary. `problems` are those reported at the last attempt and still not put
 * right, so the list only shrinks as the person fixes the fields.
 */
export function useCheckedSubmit<D, P extends { id: string }, R>(options: {
  draft: D;
  problemsOf(draft: D): P[];
  send(draft: D): Promise<R>;
  onSent(result: R): void;
  focus(id: string): void;
}) {
  const { draft, problemsOf, send, onSent, focus } = options;
  const [reported, setReported] = useState<readonly P[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const problems = reported ? problemsOf(draft).filter((p) => reported.some((r) => r.id === p.id)) : [];

  const submit = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setApiError(null);
    const found = problemsOf(draft);
    setReported(found);
    if (found.length > 0) {
      focus(found[0]!.id);
      return;
    }
    setBusy(true);
    send(draft).then(
      (result) => {
        setBusy(false);
        setReported(null);
        onSent(result);
      },
      (err: unknown) => {
        setBusy(false);
        setApiError(errorText(err));
        requestAnimationFrame(() => summaryRef.current?.focus());
      },
    );
  };

  /** Forgets what was reported and refused (the form starts over). */
  const reset = () => {
    setReported(null);
    setApiError(null);
  };

  return { problems, busy, apiError, setApiError, summaryRef, submit, reset };
}
