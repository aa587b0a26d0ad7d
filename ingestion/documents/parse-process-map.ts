import { contentHash } from '../statutes/content-hash.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { toIsoDate } from './iso-date.js';
import { buildOutlineSections, linesOf, type OutlineHeading } from './outline-sections.js';
import type { ParseDocumentOptions } from './parse-summary.js';

const ATX_HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const FENCE = /^\s*(```|~~~)/;

/** "**2025 Legal Environment**:" → "2025 Legal Environment". */
function cleanHeading(text: string): string {
  const out = text
    .trim()
    .replace(/^(\*\*|__)(.*)\1(:?)$/, '$2$3')
    .replace(/:$/, '')
    .trim();
  return out === '' ? text.trim() : out;
}

/** Markdown ATX headings ("## Response Timelines"), skipping fenced code. */
function markdownHeadings(raw: string): OutlineHeading[] {
  const out: OutlineHeading[] = [];
  let inFence = false;
  for (const { start, text } of linesOf(raw)) {
    if (FENCE.test(text)) inFence = !inFence;
    if (inFence) continue;
    const m = ATX_HEADING.exec(text);
    if (m) out.push({ start, level: (m[1] as string).length, heading: cleanHeading(m[2] as string) });
  }
  return out;
}

/** `**KEY**: value` and `**Key: value**` lines of the opening certification block. */
const FIELD_LINES = [/^\s*\*\*([^*:]{2,60}):\s*([^*]+?)\*\*\s*$/, /^\s*\*\*([^*]{2,60}?):?\*\*\s*:?\s*(\S.*?)\s*$/];

function readFields(raw: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { text } of linesOf(raw).slice(0, 30)) {
    const m = FIELD_LINES.map((re) => re.exec(text)).find((x) => x !== null);
    if (m) fields[(m[1] as string).trim().toLowerCase()] ??= (m[2] as string).trim();
  }
  return fields;
}

/**
 * Parses a HOLE process map (`hole-tld/process-maps/<slug>-<law>.md`): one ParsedSection
 * per Markdown heading (label `process-map:<n>-<slug>`), its text running to the next
 * heading of the same or a higher level, sub-headings included; `path` is the heading
 * trail from the top. The date comes from the "VERIFICATION DATE" line.
 */
export function parseProcessMap(raw: string, opts: ParseDocumentOptions): ParsedDocument {
  const headings = markdownHeadings(raw);
  const topLevel = Math.min(...headings.map((h) => h.level));
  const title =
    headings.find((h) => h.level === topLevel)?.heading ??
    linesOf(raw).find((l) => l.text.trim() !== '')?.text.trim() ??
    opts.sourcePath;
  const fields = readFields(raw);
  const dateKey = Object.keys(fields).find((k) => /verification date|verified|last updated/.test(k));
  return {
    jurisdiction: opts.jurisdiction,
    kind: 'process_map',
    title,
    citation: null,
    sourcePath: opts.sourcePath,
    contentHash: contentHash(raw),
    retrievedDate: dateKey ? toIsoDate(fields[dateKey]) : null,
    completeness: null,
    header: fields,
    sections: buildOutlineSections(raw, headings, { prefix: 'process-map', title }),
  };
}
