/**
 * The dates of a user's requests as calendar events: the agency's response due date while
 * its clock runs, the requester's own last day to appeal a decision, and the deciding body's
 * due date for an appeal. Each states whose deadline it is and the law it comes from.
 */
import { daysText } from '../../legal-facts/fact-display.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { longDate } from '../letters/request-letter.js';
import type { AllDayEvent } from './ical.js';

/** What the calendar reads of a request. */
export type CalendarRequest = Pick<
  FoiaRequestRecord,
  'id' | 'subject' | 'agency' | 'status' | 'clock' | 'due_date' | 'deadline' | 'appeal_due_date' | 'appeal_deadline' | 'updated_at'
>;

export const CALENDAR_EVENT_KINDS = ['response-due', 'appeal-file-by', 'appeal-decision-due'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** The event's UID: one per request and kind, so a moved due date moves the event. */
export const eventUid = (requestId: string, kind: CalendarEventKind): string => `foia-${requestId}-${kind}@sunlight`;

const period = (days: number | null, unit: string | null, citation: string | null): string | null => {
  if (days === null) return citation ? `Law: ${citation}.` : null;
  return `The law allows ${daysText(days, unit)}${citation ? ` (${citation})` : ''}.`;
};

/** The events of one request (none, one, or more). */
export function requestEvents(r: CalendarRequest, requestPath: (id: string) => string): AllDayEvent[] {
  const stamp = new Date(r.updated_at);
  const about = `Request: “${r.subject}” to ${r.agency.name}.`;
  const link = `Open in Sunlight: ${requestPath(r.id)}`;
  const out: AllDayEvent[] = [];
  if (r.clock === 'running' && r.due_date) {
    out.push({
      uid: eventUid(r.id, 'response-due'),
      date: r.due_date,
      summary: `Response due: ${r.subject} (${r.agency.name})`,
      description: [
        `The agency’s response is due by ${longDate(r.due_date)}.`,
        period(r.deadline?.days ?? null, r.deadline?.unit ?? null, r.deadline?.citation ?? null),
        about,
        link,
      ]
        .filter(Boolean)
        .join('\n'),
      stamp,
      categories: ['FOIA', 'Response due'],
    });
  }
  const fileBy = r.status !== 'appealed' ? r.appeal_deadline?.file_by : null;
  if (fileBy) {
    const to = r.appeal_deadline?.decided_by ? ` The appeal goes to ${r.appeal_deadline.decided_by}.` : '';
    out.push({
      uid: eventUid(r.id, 'appeal-file-by'),
      date: fileBy.date,
      summary: `Last day to appeal: ${r.subject} (${r.agency.name})`,
      description: [
        `Your last day to file an appeal of the agency’s decision: ${longDate(fileBy.date)}, ${daysText(fileBy.days, fileBy.unit)} from ${longDate(fileBy.counted_from)} (${fileBy.citation}).${to}`,
        about,
        link,
      ].join('\n'),
      stamp,
      categories: ['FOIA', 'Appeal deadline'],
    });
  }
  if (r.status === 'appealed' && r.appeal_due_date) {
    const who = r.appeal_deadline?.decided_by ?? 'The deciding body';
    out.push({
      uid: eventUid(r.id, 'appeal-decision-due'),
      date: r.appeal_due_date,
      summary: `Appeal decision due: ${r.subject} (${r.agency.name})`,
      description: [
        `${who.charAt(0).toUpperCase()}${who.slice(1)} must decide your appeal by ${longDate(r.appeal_due_date)}.`,
        period(r.appeal_deadline?.days ?? null, r.appeal_deadline?.unit ?? null, r.appeal_deadline?.citation ?? null),
        about,
        link,
      ]
        .filter(Boolean)
        .join('\n'),
      stamp,
      categories: ['FOIA', 'Appeal decision due'],
    });
  }
  return out;
}
