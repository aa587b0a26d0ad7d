/**
 * Finds periods of days in legal prose: "within five business days", "seven (7) working
 * days", "ten days", "not later than the 10th business day", "3 working days". Statutes
 * write numbers as words, digits or both; a period without "business"/"working"/"calendar"
 * is reported with `unitExplicit: false` so callers can say they read it as calendar days.
 */

/** A period of days found in a text. */
export interface DayPeriod {
  days: number;
  unit: 'business' | 'calendar';
  /** False when the text said only "days". */
  unitExplicit: boolean;
  /** The matched words, verbatim. */
  text: string;
  index: number;
}

const UNITS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ORDINAL_UNITS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11,
  twelfth: 12, fifteenth: 15, twentieth: 20, thirtieth: 30, fortieth: 40, sixtieth: 60, ninetieth: 90,
};

/** Value of a number written in words ("seven", "forty-five", "twenty one"), or null. */
export function wordNumber(words: string): number | null {
  const parts = words.toLowerCase().split(/[\s-]+/).filter(Boolean);
  if (parts.length === 1) {
    const w = parts[0] as string;
    return UNITS[w] ?? TENS[w] ?? ORDINAL_UNITS[w] ?? null;
  }
  if (parts.length === 2) {
    const tens = TENS[parts[0] as string];
    const unit = UNITS[parts[1] as string];
    if (tens !== undefined && unit !== undefined && unit < 10) return tens + unit;
  }
  return null;
}

const WORD = `(?:${[...Object.keys(TENS)].join('|')})(?:[\\s-](?:${Object.keys(UNITS).slice(0, 9).join('|')}))?|${Object.keys(UNITS).join('|')}`;
const ORD_WORD = Object.keys(ORDINAL_UNITS).join('|');
const UNIT = `(business|working|calendar|regular\\s+business|state\\s+business)?`;

// "seven (7) business days", "7 business days", "ten days", "10-day"
const CARDINAL = new RegExp(`\\b(\\d{1,3}|${WORD})(?:\\s*\\((\\d{1,3})\\))?(?:\\s+(?:additional|more|further|consecutive))?[\\s-]+${UNIT}[\\s-]*days?\\b`, 'gi');
// "the 10th business day", "the seventh working day"
const ORDINAL = new RegExp(`\\b(\\d{1,3})(?:st|nd|rd|th)\\s+${UNIT}\\s*day\\b|\\b(${ORD_WORD})\\s+${UNIT}\\s*day\\b`, 'gi');

function toUnit(raw: string | undefined): { unit: 'business' | 'calendar'; explicit: boolean } {
  if (!raw) return { unit: 'calendar', explicit: false };
  return /calendar/i.test(raw) ? { unit: 'calendar', explicit: true } : { unit: 'business', explicit: true };
}

// "ten days (excepting Saturdays, Sundays, and legal public holidays)", "five days, exclusive of Saturdays..."
const EXCLUDES_WEEKENDS = /^[\s,]*\(?\s*(?:excepting|excluding|exclusive of|not including|except)\s+(?:Saturdays|weekends)/i;

/** Every period of days in `text`, in order of appearance. */
export function findDayPeriods(text: string): DayPeriod[] {
  const out: DayPeriod[] = [];
  for (const m of text.matchAll(CARDINAL)) {
    const digits = m[2] ? Number(m[2]) : /^\d+$/.test(m[1] as string) ? Number(m[1]) : wordNumber(m[1] as string);
    if (digits === null || digits <= 0) continue;
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const u = !m[3] && EXCLUDES_WEEKENDS.test(after) ? { unit: 'business' as const, explicit: true } : toUnit(m[3]);
    out.push({ days: digits, unit: u.unit, unitExplicit: u.explicit, text: m[0], index: m.index });
  }
  for (const m of text.matchAll(ORDINAL)) {
    const n = m[1] ? Number(m[1]) : wordNumber(m[3] as string);
    if (n === null || n <= 0) continue;
    const u = toUnit(m[1] ? m[2] : m[4]);
    out.push({ days: n, unit: u.unit, unitExplicit: u.explicit, text: m[0], index: m.index });
  }
  return out.sort((a, b) => a.index - b.index);
}
