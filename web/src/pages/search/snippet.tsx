/**
 * The API's snippets: the best passages of a record, joined by " … ", with the query's terms
 * between « and ». The text is not HTML; it is parsed into text and `<mark>` elements and
 * never given to innerHTML.
 */

export type SnippetPart = { text: string; marked: boolean };

const OPEN = '«';
const CLOSE = '»';

/** Splits a snippet into plain and marked runs; a stray marker is dropped, not shown. */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, marked: boolean) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  };
  let rest = snippet;
  while (rest.length > 0) {
    const open = rest.indexOf(OPEN);
    if (open < 0) break;
    const close = rest.indexOf(CLOSE, open + 1);
    if (close < 0) break;
    push(rest.slice(0, open).replaceAll(CLOSE, ''), false);
    push(rest.slice(open + 1, close).replaceAll(OPEN, ''), true);
    rest = rest.slice(close + 1);
  }
  push(rest.replaceAll(OPEN, '').replaceAll(CLOSE, ''), false);
  return parts;
}

/** Markdown emphasis and heading marks of summaries, which read as noise in a one-paragraph snippet. */
const plainText = (text: string): string => text.replace(/\*\*|__/g, '').replace(/(^|\n)#{1,6}\s+/g, '$1');

/** A snippet with its marked terms in `<mark>`; `plain` drops Markdown marks (summaries, process maps). */
export function Snippet({ snippet, plain = false }: { snippet: string; plain?: boolean }) {
  return (
    <>
      {parseSnippet(snippet).map((p, i) => {
        const text = plain ? plainText(p.text) : p.text;
        return p.marked ? <mark key={i}>{text}</mark> : text;
      })}
    </>
  );
}

/**
 * The passage to mark in the opened record: the snippet's first passage that has a marked
 * term, without the markers (verbatim text of the record); undefined when nothing matched.
 */
export function snippetQuote(snippet: string): string | undefined {
  const passage = snippet.split(' … ').find((p) => p.includes(OPEN) && p.includes(CLOSE));
  if (!passage) return undefined;
  const text = parseSnippet(passage)
    .map((p) => p.text)
    .join('')
    .replace(/^\s*…\s*|\s*…\s*$/g, '')
    .trim();
  return text || undefined;
}
