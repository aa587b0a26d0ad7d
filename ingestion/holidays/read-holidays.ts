/**
 * Reads the corpus holiday calendars into explicit holidays per jurisdiction, for
 * `createHolidayCalendar({ explicit })`.
 *
 * Every `.json` / `.csv` file under the corpus whose name contains "holiday" is read and
 * classified by content (per-jurisdiction calendar JSON, matrix JSON, matrix CSV), so
 * files added later are picked up. The sources overlap; for each jurisdiction and year
 * the most specific source that has that year wins: a per-jurisdiction calendar over
 * the matrix JSON over a matrix CSV. Sources are not mixed within a year, so a matrix
 * that disagrees with a calendar file cannot add or move days.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  jsonHolidayFormat, parseCalendarJson, parseMatrixCsv, parseMatrixJson, yearFromFileName,
} from './holiday-file-parsers.js';
import type { ParsedHolidayRow } from './holiday-file-parsers.js';

/** One corpus holiday of a jurisdiction. */
export interface CorpusHoliday {
  /** Observed date, `YYYY-MM-DD`. */
  date: string;
  name: string;
  /** Path relative to the corpus directory, `/`-separated. */
  sourcePath: string;
}

/** Something in the corpus that was skipped. */
export interface HolidayReadIssue {
  sourcePath: string;
  message: string;
}

/** Options of {@link readCorpusHolidays}. */
export interface ReadHolidaysOptions {
  /** Told about unreadable files and entries (which are skipped). */
  onIssue?: (issue: HolidayReadIssue) => void;
}

/** Source tiers, most specific first. */
const TIER = { calendar: 0, 'matrix-json': 1, 'matrix-csv': 2 } as const;

interface TieredRow extends ParsedHolidayRow {
  tier: number;
  sourcePath: string;
}

/**
 * Explicit holidays by jurisdiction slug, each list sorted by date then name.
 * @throws only when `corpusDir` itself cannot be read.
 */
export async function readCorpusHolidays(
  corpusDir: string,
  options: ReadHolidaysOptions = {},
): Promise<Map<string, CorpusHoliday[]>> {
  const files = await findHolidayFiles(corpusDir);
  const rows: TieredRow[] = [];
  for (const file of files) {
    const sourcePath = path.relative(corpusDir, file).split(path.sep).join('/');
    const issue = (message: string): void => options.onIssue?.({ sourcePath, message });
    try {
      const text = await readFile(file, 'utf8');
      rows.push(...parseFile(text, path.basename(file), issue).map((r) => ({ ...r, sourcePath })));
    } catch (error) {
      issue(`unreadable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return mergeTiers(rows);
}

function parseFile(text: string, fileName: string, issue: (m: string) => void): Array<ParsedHolidayRow & { tier: number }> {
  if (fileName.toLowerCase().endsWith('.csv')) {
    const year = yearFromFileName(fileName);
    if (year === null) {
      issue('CSV matrix without a year in its file name');
      return [];
    }
    return parseMatrixCsv(text, year, issue).map((r) => ({ ...r, tier: TIER['matrix-csv'] }));
  }
  const doc: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  const format = jsonHolidayFormat(doc);
  if (format === 'calendar') return parseCalendarJson(doc, fileName, issue).map((r) => ({ ...r, tier: TIER.calendar }));
  if (format === 'matrix') return parseMatrixJson(doc, issue).map((r) => ({ ...r, tier: TIER['matrix-json'] }));
  issue('JSON of no known holiday format');
  return [];
}

/** Keeps, per (slug, year), the rows of the best tier present; drops exact duplicates. */
function mergeTiers(rows: readonly TieredRow[]): Map<string, CorpusHoliday[]> {
  const bestTier = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.slug}|${r.year}`;
    bestTier.set(key, Math.min(bestTier.get(key) ?? Infinity, r.tier));
  }
  const bySlug = new Map<string, CorpusHoliday[]>();
  const seen = new Set<string>();
  for (const r of rows) {
    if (bestTier.get(`${r.slug}|${r.year}`) !== r.tier) continue;
    const key = `${r.slug}|${r.date}|${r.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = bySlug.get(r.slug) ?? [];
    list.push({ date: r.date, name: r.name, sourcePath: r.sourcePath });
    bySlug.set(r.slug, list);
  }
  for (const list of bySlug.values()) {
    list.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  }
  return new Map([...bySlug.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Holiday files anywhere under `dir`, sorted; hidden folders are skipped. */
async function findHolidayFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /holiday/i.test(e.name) && /\.(json|csv)$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((p) => !path.relative(dir, p).split(path.sep).some((part) => part.startsWith('.')))
    .sort();
}
