import { contentHash } from '../statutes/content-hash.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { toIsoDate } from './iso-date.js';
import { buildOutlineSections, linesOf, type OutlineHeading } from './outline-sections.js';
import { summaryHeadings } from './summary-headings.js';

/** Options of {@link parseSummary}. */
export interface ParseDocumentOptions {
  /** Jurisdiction slug, e.g. "federal", "new-mexico". */
  jurisdiction: string;
  /** Path relative to the corpus directory, e.g. "hole-tld/summaries/federal.txt". */
  sourcePath: string;
}

/** Header keys that carry the date the summary was written or collected. */
const DATE_KEYS = ['last updated', 'collection date', 'verification date', 'last verified', 'date'];

/**
 * Where the summary proper ends. `texas.txt` goes on with the full code text from its
 * first `Sec. 552.001.` line; that part is statute text, parsed by parseTexasCode.
 */
function summaryEnd(raw: string): number {
  const code = /^Sec\. \d+\.\d+[A-Za-z]?\.\s/m.exec(raw);
  return code ? code.index : raw.length;
}

/** Drops headings at the end that head nothing (the code's part headings before `Sec.`). */
function dropEmptyTail(raw: string, headings: OutlineHeading[], end: number): { headings: OutlineHeading[]; end: number } {
  const kept = [...headings];
  let stop = end;
  for (let last = kept[kept.length - 1]; last; last = kept[kept.length - 1]) {
    const body = raw.slice(last.start, stop).split('\n').slice(1).join('\n');
    if (body.replace(/^\s*[=\-_*~]{3,}\s*$/gm, '').trim() !== '') break;
    stop = last.start;
    kept.pop();
  }
  return { headings: kept, end: stop };
}

/** `Key: value` lines near the top ("Last Updated: …", "OFFICIAL CITATION: …"). */
function readFields(raw: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { text } of linesOf(raw).slice(1, 16)) {
    const m = /^\s*([A-Za-z][A-Za-z .'/()-]{1,40}?):\s*(\S.*)$/.exec(text);
    if (m && !/^https?$/i.test(m[1] as string)) fields[(m[1] as string).trim().toLowerCase()] ??= (m[2] as string).trim();
  }
  return fields;
}

/** The law's citation as a summary states it: "OFFICIAL CITATION: …", "Statute Citation: …". */
function findCitation(raw: string, fields: Record<string, string>): string | null {
  const key = Object.keys(fields).find((k) => k.includes('citation'));
  if (key) return fields[key] ?? null;
  const m = /^\s*(?:OFFICIAL |STATUTORY |STATUTE )?CITATION:\s*(\S.*)$/im.exec(raw);
  return m ? (m[1] as string).trim() : null;
}

/**
 * Parses a HOLE summary (`hole-tld/summaries/<slug>.txt`): the first line is the title,
 * then blocks headed by capitals lines, ruled or underlined headings, or section leads.
 * One ParsedSection per heading (label `summary:<n>-<slug>`, text from the heading to
 * the next heading of the same or an outer rank), plus one for any opening text.
 */
export function parseSummary(raw: string, opts: ParseDocumentOptions): ParsedDocument {
  const title = linesOf(raw).find((l) => l.text.trim() !== '')?.text.trim() ?? opts.sourcePath;
  const cut = summaryEnd(raw);
  const { headings, end } = dropEmptyTail(raw, summaryHeadings(raw, cut), cut);
  const fields = readFields(raw.slice(0, end));
  const dateKey = DATE_KEYS.find((k) => fields[k] !== undefined);
  return {
    jurisdiction: opts.jurisdiction,
    kind: 'summary',
    title,
    citation: findCitation(raw.slice(0, end), fields),
    sourcePath: opts.sourcePath,
    contentHash: contentHash(raw),
    retrievedDate: dateKey ? toIsoDate(fields[dateKey]) : null,
    completeness: null,
    header: fields,
    sections: buildOutlineSections(raw, headings, { prefix: 'summary', title, end }),
  };
}
