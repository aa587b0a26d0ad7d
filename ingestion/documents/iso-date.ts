/**
 * Dates as the corpus prints them ("2026-11-22", "September 5, 2025", "Sept. 5, 2025")
 * turned into YYYY-MM-DD, for `retrievedDate` and provenance.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function valid(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** First date found in `text` as YYYY-MM-DD, or null. */
export function toIsoDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return valid(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
  }
  const long = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  if (!long) return null;
  const m = MONTHS.indexOf((long[1] as string).slice(0, 3).toLowerCase()) + 1;
  const [y, d] = [Number(long[3]), Number(long[2])];
  return m > 0 && valid(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}
