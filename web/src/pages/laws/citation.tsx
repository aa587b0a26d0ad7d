import type { ComponentChildren } from 'preact';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';

/**
 * A pinpoint citation: a button opening the cited record beside the page (the quote marked)
 * when the API names the record, else the citation as text.
 */
export function Citation({ citation, recordId, quote }: { citation: string; recordId: string | null | undefined; quote?: string | null | undefined }) {
  const { openDocument } = useConsole();
  if (!recordId) return <cite class="laws-cite">{citation}</cite>;
  return (
    <button type="button" class="laws-cite" onClick={() => openDocument(recordId, quote ?? undefined)}>
      {citation}
      <span class="visually-hidden"> (open the cited text beside the page)</span>
    </button>
  );
}

/** A link to a statute node in the reader (`?view=statute&section=<id>`). */
export function StatuteLink({ jurisdiction, sectionId, children }: { jurisdiction: string; sectionId: string; children: ComponentChildren }) {
  return (
    <a class="laws-statute-link" href={href(['laws', jurisdiction], { view: 'statute', section: sectionId })}>
      {children}
    </a>
  );
}
