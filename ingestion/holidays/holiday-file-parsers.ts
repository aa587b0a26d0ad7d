/**
 * Parsers for the three holiday formats of the corpus. Each turns one file's text into
 * rows tagged with jurisdiction slug and year; problems are reported, not thrown, so one
 * odd file does not stop the rest.
 *
 * - calendar JSON: `{ jurisdiction, jurisdiction_code?, year, holidays: [{ name, statutory_date, observed_date, … }] }`;
 * - matrix JSON: `{ holiday_comparison: { <holiday>: { <jurisdiction_key>: { <year>: "YYYY-MM-DD" } } } }`;
 * - matrix CSV: header `Holiday Name,US,AZ,…` (USPS codes), cells `MM/DD` (a trailing `*`
 *   marks an observed date), `-` for none; the year comes from the file name.
 */
import { toJurisdictionSlug } from '../../core/calendar/jurisdiction-slug.js';
import { formatIsoDate, isIsoDate } from '../../core/calendar/iso-date.js';

/** One holiday found in a file. */
export interface ParsedHolidayRow {
  slug: string;
  /** The calendar year the source assigns it to (a holiday observed on 31 December may belong to the next). */
  year: number;
  date: string;
  name: string;
}

/** Report of something skipped. */
export type IssueSink = (message: string) => void;

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which parser fits a parsed JSON document, if any. */
export function jsonHolidayFormat(doc: Json): 'calendar' | 'matrix' | null {
  if (isRecord(doc) && Array.isArray(doc['holidays'])) return 'calendar';
  if (isRecord(doc) && isRecord(doc['holiday_comparison'])) return 'matrix';
  return null;
}

/** Year written in a file name (`texas-holidays-2025.json` → 2025), if any. */
export function yearFromFileName(fileName: string): number | null {
  const match = /(?:^|[^0-9])((?:19|20)\d{2})(?:[^0-9]|$)/.exec(fileName);
  return match ? Number(match[1]) : null;
}

/** Rows of a per-jurisdiction calendar JSON. */
export function parseCalendarJson(doc: Json, fileName: string, issue: IssueSink): ParsedHolidayRow[] {
  if (!isRecord(doc) || !Array.isArray(doc['holidays'])) return [];
  const slug = slugOfCalendar(doc, fileName);
  if (!slug) {
    issue(`cannot tell the jurisdiction (jurisdiction=${JSON.stringify(doc['jurisdiction'])})`);
    return [];
  }
  const declaredYear = typeof doc['year'] === 'number' ? doc['year'] : Number(doc['year']);
  const rows: ParsedHolidayRow[] = [];
  for (const [i, entry] of doc['holidays'].entries()) {
    const row = calendarRow(entry, slug, Number.isInteger(declaredYear) ? declaredYear : yearFromFileName(fileName));
    if (typeof row === 'string') issue(`holidays[${i}]: ${row}`);
    else if (row) rows.push(row);
  }
  return rows;
}

function slugOfCalendar(doc: Record<string, Json>, fileName: string): string | null {
  for (const key of ['jurisdiction', 'jurisdiction_code', 'state', 'slug']) {
    const value = doc[key];
    if (typeof value === 'string') {
      const slug = toJurisdictionSlug(value);
      if (slug) return slug;
    }
  }
  const prefix = fileName.replace(/[-_]holidays?.*$/i, '');
  return toJurisdictionSlug(prefix);
}

/** A row, null for an entry marked as not a holiday, or a message saying what is wrong. */
function calendarRow(entry: Json, slug: string, fileYear: number | null): ParsedHolidayRow | null | string {
  if (!isRecord(entry)) return 'not an object';
  // Flags such as is_state_holiday / is_federal_holiday set to false exclude the entry.
  if (Object.entries(entry).some(([k, v]) => /^is_.*holiday$/.test(k) && v === false)) return null;
  const name = [entry['name'], entry['holiday'], entry['title']].find((v): v is string => typeof v === 'string');
  const date = [entry['observed_date'], entry['date'], entry['statutory_date']].find(
    (v): v is string => typeof v === 'string' && isIsoDate(v),
  );
  if (!name || !date) return `missing name or valid date (${JSON.stringify(entry['name'] ?? null)})`;
  const statutory = typeof entry['statutory_date'] === 'string' && isIsoDate(entry['statutory_date']) ? entry['statutory_date'] : date;
  return { slug, year: fileYear ?? Number(statutory.slice(0, 4)), date, name: name.trim() };
}

/** Rows of the consolidated matrix JSON. */
export function parseMatrixJson(doc: Json, issue: IssueSink): ParsedHolidayRow[] {
  if (!isRecord(doc) || !isRecord(doc['holiday_comparison'])) return [];
  const rows: ParsedHolidayRow[] = [];
  for (const [name, byJurisdiction] of Object.entries(doc['holiday_comparison'])) {
    if (!isRecord(byJurisdiction)) continue;
    for (const [key, byYear] of Object.entries(byJurisdiction)) {
      const slug = toJurisdictionSlug(key);
      if (!slug) {
        issue(`${name}: unknown jurisdiction ${JSON.stringify(key)}`);
        continue;
      }
      if (!isRecord(byYear)) continue;
      for (const [yearKey, value] of Object.entries(byYear)) {
        const dates = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
        for (const date of dates) {
          if (isIsoDate(date) && /^\d{4}$/.test(yearKey)) rows.push({ slug, year: Number(yearKey), date, name });
          else issue(`${name} / ${key} / ${yearKey}: not a date ${JSON.stringify(value)}`);
        }
      }
    }
  }
  return rows;
}

/** Rows of a matrix CSV; `year` comes from the file name. */
export function parseMatrixCsv(text: string, year: number, issue: IssueSink): ParsedHolidayRow[] {
  const [header, ...lines] = parseCsv(text);
  if (!header || header.length < 2) {
    issue('no header row');
    return [];
  }
  const slugs = header.slice(1).map((col) => {
    const slug = toJurisdictionSlug(col);
    if (!slug && col.trim() !== '') issue(`unknown jurisdiction column ${JSON.stringify(col)}`);
    return slug;
  });
  const rows: ParsedHolidayRow[] = [];
  for (const cells of lines) {
    const name = cells[0]?.trim();
    if (!name) continue;
    cells.slice(1).forEach((cell, i) => {
      const slug = slugs[i];
      const date = csvCellDate(cell, year);
      if (!slug || date === null) return;
      if (date === 'invalid') issue(`${name} / ${header[i + 1]}: unreadable cell ${JSON.stringify(cell)}`);
      else rows.push({ slug, year, date, name });
    });
  }
  return rows;
}

/** A cell's date; null for an empty / "-" cell; 'invalid' when unreadable. */
function csvCellDate(cell: string, year: number): string | null | 'invalid' {
  const value = cell.replace(/[*†‡]+/g, '').trim();
  if (value === '' || /^[-–—]+$/.test(value) || /^n\/?a$/i.test(value)) return null;
  if (isIsoDate(value)) return value;
  const match = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(value);
  if (!match) return 'invalid';
  const [, month = '', day = '', fullYear] = match;
  const date = formatIsoDate(fullYear ? Number(fullYear) : year, Number(month), Number(day));
  // formatIsoDate normalises overflow (02/30 → 03/02); refuse such cells instead.
  return date.endsWith(`-${month.padStart(2, '0')}-${day.padStart(2, '0')}`) ? date : 'invalid';
}

/** Minimal RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF; blank lines dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = (): void => {
    row.push(field);
    field = '';
  };
  const endRow = (): void => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      endField();
    } else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}
