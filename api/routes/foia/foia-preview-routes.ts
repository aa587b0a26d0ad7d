import { createRequestSchema } from '../../../core/foia/foia-request-fields.js';
import type { FoiaPreview, FoiaService } from '../../../core/foia/foia-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { foiaPreviewResponseSchema, type FoiaPreviewResponse } from './foia-response-schema.js';

/** The API representation of a preview (the service's, field for field). */
function presentPreview(p: FoiaPreview): FoiaPreviewResponse {
  const d = p.deadline;
  return {
    jurisdiction: p.jurisdiction,
    requester_class: p.requester_class,
    status: p.status,
    time_zone: p.time_zone,
    submitted_at: p.submitted_at,
    submitted_at_assumed: p.submitted_at_assumed,
    due_date: p.due_date,
    days_until_due: p.days_until_due,
    deadline: {
      days: d.days,
      unit: d.unit,
      citation: d.citation,
      no_fixed_deadline_reason: d.no_fixed_deadline_reason,
      after_hours_cutoff: d.after_hours_cutoff,
      received_on: d.received_on,
      remaining_days: d.remaining_days,
      explanation: d.explanation,
    },
    letter: p.letter,
  };
}

/**
 * A request's deadline and letter before it is saved: the form that writes a request shows
 * them as the user types. The scope is `read:foia`: nothing is stored or changed, and what is
 * answered is the law applied to the caller's own text (the letter route, which renders the
 * same letter from a stored request, is `read:foia` too), so a read-only client may use it as
 * a deadline calculator.
 */
export function registerFoiaPreviewRoutes(routes: RouteRegistry, deps: { foia: FoiaService }): void {
  routes.add({
    method: 'post',
    path: '/api/foia/requests/preview',
    scope: 'read:foia',
    tags: ['foia'],
    summary: 'Preview a FOIA request: the due date and letter create would compute, nothing stored',
    description:
      'The same body as POST /api/foia/requests, validated the same way (400 for bad input, a future submitted_at included). ' +
      'Answers the response deadline for the jurisdiction and requester class, with its pinpoint citation and the computation step by step ' +
      '(day 0, the holidays skipped, the after-hours rule), and the letter as text and Markdown. A submitted request is counted from ' +
      'submitted_at (default now); a draft, which create stores without a due date, is counted as though submitted now ' +
      '(submitted_at_assumed: true), and its letter states no due date. Stores nothing, so it needs only read:foia.',
    body: createRequestSchema,
    examples: {
      body: {
        jurisdiction: 'texas',
        agency: { name: 'Austin Police Department' },
        subject: 'Use-of-force reports',
        description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
        status: 'submitted',
        submitted_at: '2025-11-21T10:00:00-06:00',
      },
    },
    success: { status: 200, description: 'The deadline and letter the request would get; nothing is stored' },
    response: foiaPreviewResponseSchema,
    handler: async ({ body }) => ({ body: presentPreview(await deps.foia.preview(body)), headers: { 'Cache-Control': 'no-store' } }),
  });
}
