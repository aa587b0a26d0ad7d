/** The comparison table as CSV (RFC 4180), built in the browser. */
import { saveFile } from '../../components/save-file.js';
import { sourceKindWords } from '../../components/status.js';

/** A source kind in words, as the `SourceKind` badge shows it. */
export function sourceWords(kind: string | null): string {
  return kind ? sourceKindWords(kind) : 'Not stated';
}

/** One cell: quoted when it must be, and never read as a formula by a spreadsheet. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `text` as a file named `name` (a byte-order mark first, so that spreadsheets read it as UTF-8). */
export function download(name: string, text: string): void {
  saveFile(name, ['\uFEFF', text], 'text/csv;charset=utf-8');
}
