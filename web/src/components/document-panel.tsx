import { useEffect, useRef } from 'preact/hooks';
import { useConsole } from '../context.js';
import { href } from '../router.js';
import { useAsync } from './async.js';
import { Highlighted } from './highlight.js';
import { ErrorNotice, Loading, SourceKind } from './status.js';

/**
 * A law record beside the page (a cited statute section, right or exemption), as
 * `GET /api/v1/documents/{id}` serves it, the cited words marked. Escape or "Close" closes it
 * and returns the focus to where it was.
 */
export function DocumentPanel({ id, quote, onClose, onOpen }: { id: string; quote?: string | undefined; onClose(): void; onOpen(id: string): void }) {
  const { client } = useConsole();
  const doc = useAsync((signal) => client.documents.get(id, { signal }), [id]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // Back to what opened the panel, or to the page when that is gone or hidden meanwhile.
      if (returnTo?.isConnected) returnTo.focus();
      if (!returnTo || document.activeElement !== returnTo) document.getElementById('main')?.focus();
    };
  }, [onClose]);
  useEffect(() => {
    if (doc.status !== 'ready') return;
    heading.current?.focus();
    document.getElementById('cited-quote')?.scrollIntoView({ block: 'center' });
  }, [doc.status, id]);

  return (
    <aside class="document-panel" aria-labelledby="document-panel-title">
      <div class="document-panel-bar">
        <button type="button" class="close" onClick={onClose}>
          Close
        </button>
      </div>
      {doc.status === 'loading' && <Loading label="Loading the document…" />}
      {doc.status === 'error' && <ErrorNotice message={doc.message} retry={doc.reload} />}
      {doc.status === 'ready' && (
        <article>
          <h2 id="document-panel-title" tabIndex={-1} ref={heading}>
            {doc.value.citation ?? doc.value.title}
          </h2>
          {doc.value.citation && <p class="document-title">{doc.value.title}</p>}
          <p class="document-meta">
            Source: <SourceKind kind={doc.value.provenance.source_kind} /> · {doc.value.provenance.source_path}
            {doc.value.provenance.verified_date && <> · checked {doc.value.provenance.verified_date}</>}
          </p>
          <div class="statute-text">
            <Highlighted text={doc.value.text} quote={quote} />
          </div>
          <nav class="document-neighbours" aria-label="Neighbouring sections">
            {doc.value.neighbours.previous && (
              <button type="button" onClick={() => onOpen(doc.value.neighbours.previous!.id)}>
                ← {doc.value.neighbours.previous.citation ?? doc.value.neighbours.previous.label}
              </button>
            )}
            {doc.value.neighbours.next && (
              <button type="button" onClick={() => onOpen(doc.value.neighbours.next!.id)}>
                {doc.value.neighbours.next.citation ?? doc.value.neighbours.next.label} →
              </button>
            )}
            <a href={href(['laws', doc.value.jurisdiction], { section: doc.value.id })}>Open in the law browser</a>
          </nav>
        </article>
      )}
    </aside>
  );
}
