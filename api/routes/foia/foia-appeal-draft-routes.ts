/** Denial → appeal: the agency's reasons matched to the law, and the appeal letter drafted and stored. */
import { z } from 'zod';
import type { AppealDraftService } from '../../../core/foia/appeals/appeal-draft-service.js';
import { APPEAL_DRAFT_STATUSES } from '../../../core/foia/appeals/appeal-draft-service.js';
import { LIMIT_KINDS } from '../../../core/foia/appeals/exemption-limits.js';
import { FOIA_STATUSES } from '../../../core/foia/foia-lifecycle.js';
import { FACT_SOURCE_KINDS } from '../../../core/legal-facts/legal-fact-schema.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { requestIdParams } from './foia-route-schemas.js';

export const appealDraftBody = z
  .object({
    reasons: z.string().trim().max(10_000).describe("The agency's stated reasons, as free text (may be empty when only exemptions are cited)"),
    exemptions: z
      .array(z.string().trim().min(1).max(200))
      .max(30)
      .default([])
      .describe('Citations the agency gave, in any usual form: "552.108", "5 U.S.C. 552(b)(6)", "(b)(7)(C)", "Exemption 6"'),
  })
  .strict()
  .refine((b) => b.reasons.length > 0 || b.exemptions.length > 0, { message: 'Give the reasons, the cited exemptions, or both', path: ['reasons'] });

const sourceKind = z.enum([...FACT_SOURCE_KINDS]);
const unit = z.enum(['business', 'calendar']);
const limit = z.object({ kind: z.enum(LIMIT_KINDS), text: z.string(), citation: z.string(), section_id: z.string().nullable(), source_kind: sourceKind });

export const appealDraftResponse = z.object({
  request_id: z.string(),
  appealing: z.enum([...FOIA_STATUSES, 'constructive_denial']),
  matches: z.array(
    z.object({
      cited_as: z.string().describe('What the agency said: the citation it gave, or the part of its reasons matched by meaning'),
      exemption: z.object({
        citation: z.string().describe('Pinpoint citation of the node the agency cited (else the exemption’s own)'),
        section_id: z.string().nullable(),
        title: z.string(),
        text: z.string().describe('The statute’s words (bounded excerpt), else the dataset’s description'),
        source_kind: z.string(),
      }),
      matched_by: z.enum(['citation', 'meaning']),
      score: z.number().optional(),
      limits: z.array(limit).describe('Limits in the law’s words: segregability, public interest, time limits, harm tests, what it does not reach'),
    }),
  ),
  unmatched: z.array(z.object({ cited_as: z.string(), kind: z.enum(['citation', 'reason']) })),
  appeal_route: z.object({
    status: z.enum(['stated', 'no_appeal', 'not_stated']),
    body: z.string().nullable().describe('Who decides the appeal, in the law’s words'),
    requester_deadline: z.object({ date: z.string(), days: z.number().int(), unit, counted_from: z.string(), explanation: z.string() }).nullable(),
    reviewer_deadline: z.object({ days: z.number().int(), unit, date_if_filed_today: z.string().nullable(), explanation: z.string() }).nullable(),
    citation: z.string().nullable(),
    quote: z.string().nullable(),
    source_kind: sourceKind.nullable(),
    explanation: z.array(z.string()),
  }),
  constructive_denial: z
    .object({
      state: z.enum(['applies', 'not_overdue', 'not_running', 'law_says_no', 'not_stated']),
      due_date: z.string().nullable(),
      citation: z.string().nullable(),
      quote: z.string().nullable(),
      source_kind: sourceKind.nullable(),
      explanation: z.string(),
    })
    .nullable(),
  letter: z.object({ text: z.string(), markdown: z.string() }),
  communication_id: z.string().describe('The stored draft (kind appeal, outgoing, delivery draft); sending it sends the newest appeal draft'),
});

export function registerFoiaAppealDraftRoutes(routes: RouteRegistry, deps: { appeals: AppealDraftService }): void {
  routes.add({
    method: 'post',
    path: '/api/foia/requests/:id/appeal-draft',
    scope: 'write:foia',
    tags: ['foia'],
    summary: 'Match the agency’s reasons to the law and draft an appeal letter',
    description:
      `Allowed when the request is ${APPEAL_DRAFT_STATUSES.join(', ')}, or running and overdue where a reviewed fact says the law treats a failure ` +
      'to respond as a denial (constructive denial); otherwise 409 with the appealable statuses. Cited exemptions are matched by citation, ' +
      'the reasons by meaning (hybrid search over the jurisdiction’s exemptions and statute text, above a threshold). Each match carries the ' +
      'statute’s words and its limits in the law’s words; the appeal route comes from the reviewed facts ("not_stated" where none). ' +
      'The letter is stored as the newest appeal draft.',
    params: requestIdParams,
    body: appealDraftBody,
    examples: { body: { reasons: 'Withheld: release would interfere with a pending investigation.', exemptions: ['552.108'] } },
    success: { status: 201, description: 'The matches, the appeal route and the stored draft letter' },
    response: appealDraftResponse,
    errors: [409],
    handler: async ({ principal, params, body }) => {
      const draft = await deps.appeals.draft(callerOf(principal), params.id, { reasons: body.reasons, exemptions: body.exemptions });
      return { status: 201, body: draft, headers: { 'Cache-Control': 'private, no-store' } };
    },
  });
}
