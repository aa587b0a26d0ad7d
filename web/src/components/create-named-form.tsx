/**
 * The form that creates something with a name and an optional description (a project, a
 * collection), then opens it. `kind` names it in the heading, labels and button; `css` is
 * the page's class prefix (`projects`, `collections`).
 */
import { useState } from 'preact/hooks';
import { errorText } from '../api/client.js';
import { navigate } from '../router.js';
import { ErrorNotice } from './status.js';

export function CreateNamedForm(props: {
  kind: string;
  css: string;
  maxDescription: number;
  create(values: { name: string; description?: string }): Promise<{ id: string }>;
  /** The route of the created thing, e.g. `['projects', id]`. */
  pathOf(id: string): string[];
}) {
  const { kind, css } = props;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  return (
    <form
      class={`${css}-panel`}
      aria-label={`New ${kind}`}
      onSubmit={(e) => {
        e.preventDefault();
        setState({ busy: true });
        props.create({ name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) }).then(
          (created) => navigate(props.pathOf(created.id)),
          (err: unknown) => setState({ busy: false, error: errorText(err) }),
        );
      }}
    >
      <h2>New {kind}</h2>
      <div class={`${css}-row`}>
        <div class={`${css}-field`}>
          <label for={`${kind}-name`}>Name</label>
          <input id={`${kind}-name`} type="text" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <div class={`${css}-field ${css}-wide`}>
          <label for={`${kind}-description`}>Description (optional)</label>
          <input id={`${kind}-description`} type="text" maxLength={props.maxDescription} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={state.busy || name.trim() === ''}>
          {state.busy ? 'Creating…' : `Create ${kind}`}
        </button>
      </div>
      {state.error && <ErrorNotice message={state.error} />}
    </form>
  );
}
