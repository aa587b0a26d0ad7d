/**
 * What a notification says when it reaches the user, by e-mail or webhook: plain words on
 * what happened, which request, the date it is about, and where to look in Sunlight. No
 * internal wording, nothing the notification does not record.
 */
import { longDate } from '../letters/request-letter.js';
import type { PendingNotification, NotifiedRequest } from './notification-delivery-store.js';
import type { NotificationKind } from './notification-store.js';

const HEADLINES: Record<NotificationKind, string> = {
  due_soon: 'Response due soon',
  overdue: 'Response overdue',
  appeal_window_closing: 'Time to appeal ending',
  follow_up: 'Follow-up letter ready',
  appeal_due_soon: 'Appeal decision due soon',
  appeal_overdue: 'Appeal decision overdue',
  sent: 'Letter sent',
  send_failed: 'Letter not sent',
};

export const requestPath = (id: string): string => `/api/foia/requests/${id}`;

const days = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;

/** The sentence on the date, as of the day the notification was recorded. */
function dateSentence(n: Pick<PendingNotification, 'kind' | 'due_date' | 'days_until_due'>): string | null {
  const date = longDate(n.due_date);
  const relative = n.days_until_due === 0 ? 'today' : n.days_until_due > 0 ? `in ${days(n.days_until_due)}` : `${days(-n.days_until_due)} ago`;
  switch (n.kind) {
    case 'due_soon':
      return `The agency’s response is due on ${date} (${relative}).`;
    case 'overdue':
      return `The agency’s response was due on ${date} (${relative}), and the request is still open.`;
    case 'appeal_window_closing':
      return n.days_until_due >= 0
        ? `Your time to appeal the agency’s decision ends on ${date} (${relative}).`
        : `Your time to appeal the agency’s decision ended on ${date} (${relative}).`;
    case 'appeal_due_soon':
      return `The decision on your appeal is due on ${date} (${relative}).`;
    case 'appeal_overdue':
      return `The decision on your appeal was due on ${date} (${relative}).`;
    default:
      return null;
  }
}

/** The e-mail: subject and plain text. */
export function notificationEmail(n: PendingNotification, request: NotifiedRequest): { subject: string; text: string } {
  const lines = [
    `${HEADLINES[n.kind]}: your public records request “${request.subject}” to ${request.agency_name}.`,
    '',
    ...[dateSentence(n), n.message].filter((l): l is string => Boolean(l)),
    ...(n.kind === 'follow_up' && request.due_date ? [`The response was due on ${longDate(request.due_date)}.`] : []),
    '',
    `The request in Sunlight: ${requestPath(n.request_id)}`,
    'All your notifications: /api/foia/notifications',
    '',
    '--',
    'You receive this e-mail because e-mail notifications are on in your Sunlight profile (notify_email in /api/me/profile).',
  ];
  return { subject: `${HEADLINES[n.kind]}: ${request.subject}`, text: `${lines.join('\n')}\n` };
}

/** The webhook body: the notification and what it is about. */
export function notificationWebhookBody(n: PendingNotification, request: NotifiedRequest): string {
  return JSON.stringify({
    id: `notification-${n.id}`,
    type: 'foia.notification',
    created_at: n.created_at,
    data: {
      notification: {
        id: n.id,
        kind: n.kind,
        headline: HEADLINES[n.kind],
        due_date: n.due_date,
        days_until_due: n.days_until_due,
        message: n.message,
        communication_id: n.communication_id,
        created_at: n.created_at,
      },
      request: { id: n.request_id, subject: request.subject, agency_name: request.agency_name, due_date: request.due_date, path: requestPath(n.request_id) },
    },
  });
}
