/**
 * Where an appeal goes and by when, from the reviewed `administrative_appeal` fact: the body
 * that decides it, the requester's time to file (counted from the recorded decision) and the
 * deciding body's time to decide (counted from a filing today). "Not stated" where no
 * reviewed fact speaks to it; never a guessed "no".
 */
import type { DeadlineUnit } from '../../calendar/business-days.js';
import type { FactSourceKind } from '../../legal-facts/legal-fact-schema.js';
import { appealDecisionDeadline, appealWindow } from '../appeal-deadline.js';
import type { DeadlineLaw } from '../deadline-law.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { factFor } from '../law-facts.js';

export interface AppealRoute {
  /** `stated`: the law provides an appeal; `no_appeal`: a reviewed fact says it provides none; `not_stated`: no reviewed fact. */
  status: 'stated' | 'no_appeal' | 'not_stated';
  /** The deciding body, in the law's words. */
  body: string | null;
  requester_deadline: { date: string; days: number; unit: DeadlineUnit; counted_from: string; explanation: string } | null;
  reviewer_deadline: { days: number; unit: DeadlineUnit; date_if_filed_today: string | null; explanation: string } | null;
  citation: string | null;
  quote: string | null;
  source_kind: FactSourceKind | null;
  /** Each step in words, each naming whose deadline it is; "Not stated: …" where the law database is silent. */
  explanation: string[];
}

export function appealRoute(request: FoiaRequestRecord, law: DeadlineLaw, now: Date): AppealRoute {
  const fact = factFor(law.facts, 'administrative_appeal', request.requester_class);
  if (!fact) {
    return {
      status: 'not_stated', body: null, requester_deadline: null, reviewer_deadline: null, citation: null, quote: null, source_kind: null,
      explanation: [`Not stated: the law database has no reviewed administrative appeal for ${request.jurisdiction}.`],
    };
  }
  const common = { citation: fact.citation, quote: fact.quote, source_kind: fact.sourceKind };
  if (!fact.value.exists) {
    return { status: 'no_appeal', body: null, requester_deadline: null, reviewer_deadline: null, ...common, explanation: [`The law provides no administrative appeal (${fact.citation}).`] };
  }
  const input = { jurisdiction: request.jurisdiction, timeZone: request.time_zone, facts: law.facts, requesterClass: request.requester_class, calendar: law.calendar };
  const window = request.completed_at ? appealWindow({ ...input, completedAt: request.completed_at }) : null;
  const fileBy = window?.file_by ?? null;
  const decision = appealDecisionDeadline({ ...input, appealedAt: now.toISOString() });
  const v = fact.value;
  const requesterLine = fileBy
    ? (window?.explanation[0] ?? '')
    : v.requester_days !== null
      ? `The requester's time to appeal (${v.requester_days} days) is counted from the agency's decision, and no decision is recorded for this request (${fact.citation}).`
      : `Not stated: the law database states no deadline for the requester to file an appeal (${fact.citation}).`;
  const reviewerLine = decision.appeal_deadline.explanation[0] ?? '';
  return {
    status: 'stated',
    body: v.to,
    requester_deadline: fileBy ? { date: fileBy.date, days: fileBy.days, unit: fileBy.unit, counted_from: fileBy.counted_from, explanation: requesterLine } : null,
    reviewer_deadline:
      v.decider_days !== null
        ? { days: v.decider_days, unit: v.decider_unit ?? 'calendar', date_if_filed_today: decision.appeal_due_date, explanation: reviewerLine }
        : null,
    ...common,
    explanation: [requesterLine, reviewerLine].filter((l) => l.length > 0),
  };
}
