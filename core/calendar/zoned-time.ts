/**
 * Converting an instant to the wall-clock date and time of an IANA time zone, with the
 * platform's `Intl` time-zone database (no system clock, no local zone involved).
 */

const ISO_DATETIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) in a time zone. */
export interface LocalDateTime {
  date: string;
  time: string;
}

/**
 * The local date and time in `timeZone` of `instant`, an ISO date-time that carries its
 * own offset (`2025-03-14T17:30:00-05:00` or `…Z`): a date-time without an offset would
 * be read in the machine's zone, so it is refused.
 * @throws RangeError for a malformed instant or an unknown time zone.
 */
export function localDateTimeIn(instant: string, timeZone: string): LocalDateTime {
  if (!ISO_DATETIME_WITH_OFFSET.test(instant)) {
    throw new RangeError(`Expected an ISO date-time with an offset or Z, got ${JSON.stringify(instant)}`);
  }
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Not a valid date-time: ${instant}`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * Checks an `HH:MM` 24-hour time and returns it.
 * @throws RangeError when malformed.
 */
export function parseClockTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
    throw new RangeError(`Expected a 24-hour HH:MM time, got ${JSON.stringify(time)}`);
  }
  return time;
}
