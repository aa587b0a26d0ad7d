import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** An error in words, announced to screen readers, with an optional way to try again. */
export function ErrorNotice({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div class="notice notice-error" role="alert">
      <p>{message}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

/**
 * A page's heading: sets the document title, and takes the focus when the page opens so that
 * keyboard and screen-reader users start at the page, not at the navigation.
 */
export function PageHeader({ title, children }: { title: string; children?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Sunlight`;
    heading.current?.focus();
  }, [title]);
  return (
    <header class="page-header">
      <h1 tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </header>
  );
}

/** Where a fact comes from, in words: the statute's text, the dataset, a summary, or a citation alone. */
export function sourceKindWords(kind: string): string {
  const words: Record<string, string> = {
    statute_text: 'statute text',
    structured: 'dataset',
    dataset: 'dataset',
    summary: 'summary',
    process_map: 'summary',
    citation_only: 'citation only',
  };
  return words[kind] ?? kind.replace(/_/g, ' ');
}

/** The source kind as a badge. */
export function SourceKind({ kind }: { kind: string }) {
  return <span class={`source-kind source-${kind}`}>{sourceKindWords(kind)}</span>;
}
