/**
 * A minimal iCalendar (RFC 5545) writer for all-day events: CRLF line ends, content lines
 * folded at 75 octets (never inside a UTF-8 character), TEXT values escaped (§ 3.3.11).
 */

/** One all-day event. */
export interface AllDayEvent {
  /** Stable across feeds, so calendar apps update the event instead of adding another. */
  uid: string;
  /** `YYYY-MM-DD`. */
  date: string;
  summary: string;
  description: string;
  /** When the event's data last changed (DTSTAMP / LAST-MODIFIED). */
  stamp: Date;
  categories?: string[];
}

export interface CalendarInfo {
  prodId: string;
  name: string;
  /** How often subscribers should refresh, in minutes. */
  refreshMinutes: number;
}

const MAX_OCTETS = 75;

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per physical line, continuations starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `20251209T153000Z`. */
export function utcStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}/, '').replace(/[-:]/g, '');
}

const basicDate = (isoDate: string): string => isoDate.replace(/-/g, '');

function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The VCALENDAR with `events`, each a one-day all-day VEVENT (DTEND is the next day, exclusive). */
export function buildCalendar(info: CalendarInfo, events: readonly AllDayEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${info.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(info.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${info.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${info.refreshMinutes}M`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `LAST-MODIFIED:${utcStamp(e.stamp)}`,
      `DTSTART;VALUE=DATE:${basicDate(e.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      ...(e.categories && e.categories.length > 0 ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
