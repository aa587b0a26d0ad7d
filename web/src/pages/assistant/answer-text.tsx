/**
 * The assistant's answer as it reads: paragraphs, "- " lists, numbered steps and the
 * comparison tables of the answer's plain-text form, with each `[n]` marker a button that
 * opens citation n (citations[n - 1]) beside the page.
 */
import type { ComponentChildren } from 'preact';
import type { ChatCitation } from '../../../../sdk/typescript/src/index.js';

export interface MarkerProps {
  citations: readonly ChatCitation[];
  onCite(citation: ChatCitation, marker: number): void;
}

/** A citation's name in words: its legal citation, or the record it quotes. */
export function citationName(c: ChatCitation): string {
  return c.citation ?? `a ${c.jurisdiction} record`;
}

/** Text with its `[n]` markers as buttons (a marker without its citation stays text). */
function Inline({ text, citations, onCite }: { text: string } & MarkerProps) {
  const out: ComponentChildren[] = [];
  const re = /\[(\d+)\]/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const n = Number(m[1]);
    const c = citations[n - 1];
    if (!c) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(
      <button type="button" class="assistant-marker" aria-label={`Citation ${n}: ${citationName(c)}`} title={citationName(c)} onClick={() => onCite(c, n)}>
        [{n}]
      </button>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}

type Group = { kind: 'text' | 'bullets' | 'steps' | 'table'; lines: string[] };

function kindOf(line: string): Group['kind'] {
  if (line.startsWith('|')) return 'table';
  if (/^[-*] /.test(line)) return 'bullets';
  if (/^\d+\. /.test(line)) return 'steps';
  return 'text';
}

/** Consecutive lines of one kind, each block (separated by blank lines) on its own. */
function groups(text: string): Group[] {
  const out: Group[] = [];
  for (const block of text.split(/\n[ \t]*\n/)) {
    let current: Group | null = null;
    for (const line of block.split('\n')) {
      if (line.trim() === '') continue;
      const kind = kindOf(line);
      if (!current || current.kind !== kind) out.push((current = { kind, lines: [] }));
      current.lines.push(line);
    }
  }
  return out;
}

/** A table row's cells: split at unescaped pipes, the escapes undone. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim());
}

function Table({ lines, caption, ...markers }: { lines: string[]; caption: string } & MarkerProps) {
  const rows = lines.filter((l) => !/^\|[\s:|-]+\|$/.test(l.trim())).map(cells);
  const [head, ...body] = rows;
  if (!head) return null;
  return (
    <div class="assistant-table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={j}>
                    <Inline text={c} {...markers} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AnswerText({ text, ...markers }: { text: string } & MarkerProps) {
  const parts = groups(text);
  let tables = 0;
  return (
    <>
      {parts.map((g, i) => {
        if (g.kind === 'table') {
          tables++;
          return <Table key={i} lines={g.lines} caption={tables === 1 ? 'Comparison' : `Comparison ${tables}`} {...markers} />;
        }
        if (g.kind === 'bullets' || g.kind === 'steps') {
          const items = g.lines.map((l, j) => (
            <li key={j}>
              <Inline text={l.replace(/^([-*]|\d+\.) /, '')} {...markers} />
            </li>
          ));
          return g.kind === 'bullets' ? <ul key={i}>{items}</ul> : <ol key={i}>{items}</ol>;
        }
        return (
          <p key={i}>
            <Inline text={g.lines.join(' ')} {...markers} />
          </p>
        );
      })}
    </>
  );
}

/** The answer without markers and table syntax, for announcing to screen readers. */
export function spokenText(text: string): string {
  return text
    .replace(/\s*(\[\d+\])+/g, '')
    .replace(/^\|[\s:|-]+\|$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
