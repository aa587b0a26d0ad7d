import type { ParsedSection } from '../../core/law-model/source-types.js';

/** A heading found in a summary or process map. */
export interface OutlineHeading {
  /** Offset of the first character of the heading's line. */
  start: number;
  /** Nesting rank: smaller is outer. Only the order of ranks matters, not their values. */
  level: number;
  /** Heading as shown to readers, markup removed. */
  heading: string;
}

/** Options of {@link buildOutlineSections}. */
export interface OutlineOptions {
  /** Label prefix: "summary", "process-map". */
  prefix: string;
  /** Document title, used in citations and for the text before the first heading. */
  title: string;
  /** Offset where the document's text ends (defaults to the end of `raw`). */
  end?: number;
}

/** Lowercase ASCII slug of a heading, at most 60 characters: "Response Deadlines:" → "response-deadlines". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug === '' ? 'section' : slug;
}

function trimmedSpan(raw: string, start: number, end: number): string {
  return raw.slice(start, end).trim();
}

/**
 * One ParsedSection per heading, text running to the next heading of the same or an
 * outer rank (children included), plus a first section for any text before the first
 * heading. Labels are `<prefix>:<n>-<slug>`, n counting headings from 1 in document order
 * (0 for the opening text), so they stay unique when headings repeat and stable while
 * the file is unchanged. `path` holds the headings from the outermost down to this one.
 */
export function buildOutlineSections(raw: string, headings: readonly OutlineHeading[], opts: OutlineOptions): ParsedSection[] {
  const end = opts.end ?? raw.length;
  const out: ParsedSection[] = [];
  const cite = (path: readonly string[]): string => [opts.title, ...path].join(' — ');
  const opening = trimmedSpan(raw, 0, headings[0]?.start ?? end);
  if (opening !== '') {
    out.push({
      label: `${opts.prefix}:0-${slugify(opts.title)}`,
      sectionNumber: '0',
      path: [],
      parentLabel: null,
      heading: opts.title,
      text: opening,
      depth: 0,
      ordinal: 0,
      citation: opts.title,
    });
  }
  const stack: Array<{ level: number; heading: string; label: string }> = [];
  headings.forEach((h, i) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= h.level) stack.pop();
    const next = headings.slice(i + 1).find((o) => o.level <= h.level);
    const label = `${opts.prefix}:${i + 1}-${slugify(h.heading)}`;
    const path = [...stack.map((s) => s.heading), h.heading];
    out.push({
      label,
      sectionNumber: String(i + 1),
      path,
      parentLabel: stack[stack.length - 1]?.label ?? null,
      heading: h.heading,
      text: trimmedSpan(raw, h.start, next?.start ?? end),
      depth: stack.length,
      ordinal: out.length,
      citation: cite(path),
    });
    stack.push({ level: h.level, heading: h.heading, label });
  });
  return out;
}

/** Lines of `raw` with their start offsets, line breaks excluded. */
export function linesOf(raw: string): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = [];
  let start = 0;
  for (;;) {
    const nl = raw.indexOf('\n', start);
    const text = raw.slice(start, nl === -1 ? raw.length : nl).replace(/\r$/, '');
    out.push({ start, text });
    if (nl === -1) return out;
    start = nl + 1;
  }
}
