import { createHolidayCalendar, type HolidayCalendar } from '../calendar/holiday-calendar.js';
import type { FactField, RequesterClass } from '../legal-facts/legal-fact-schema.js';
import { noFixedDeadlineSentence, standardFromDerivedReason } from './deadline-wording.js';
import type { DeadlineRules, DeadlineVariant, FoiaLawStore, LawFact } from './foia-law-store.js';
import { factFor, factsOf } from './law-facts.js';

/** The reviewed facts deadline arithmetic reads (`deemed_denial`: whether an overdue request can be appealed as denied). */
export const DEADLINE_FACT_FIELDS = ['initial_response', 'administrative_appeal', 'deemed_denial'] as const satisfies readonly FactField[];

/** What deadline arithmetic needs of one jurisdiction: its rules, its business-day calendar and its reviewed facts. */
export interface DeadlineLaw {
  /** The initial deadline of the derived records (response_requirements), which ingestion aligns with the reviewed main fact. */
  rules: DeadlineRules | null;
  calendar: HolidayCalendar;
  /** Reviewed facts of {@link DEADLINE_FACT_FIELDS}, in file order. */
  facts: readonly LawFact[];
}

/**
 * Loads a jurisdiction's deadline rules, reviewed facts and calendar: the corpus holidays
 * from the law database as explicit dates, rule-based holidays for the years they do not cover.
 */
export async function loadDeadlineLaw(law: FoiaLawStore, jurisdiction: string): Promise<DeadlineLaw> {
  const [rules, holidays, facts] = await Promise.all([
    law.deadlineRules(jurisdiction),
    law.holidays(jurisdiction),
    law.facts(jurisdiction, DEADLINE_FACT_FIELDS),
  ]);
  return { rules, calendar: createHolidayCalendar({ jurisdiction, explicit: holidays }), facts };
}

/**
 * The initial deadline for a requester: the reviewed variant for their class when the law
 * has one (Idaho: 21 days for nonresidents), else the reviewed main fact, else the derived
 * rules. The facts give the pinpoint citation and, where the law sets no number, its words.
 */
export function selectDeadlineRules(
  base: DeadlineRules | null,
  facts: readonly LawFact[],
  requesterClass: RequesterClass | null,
): DeadlineRules | null {
  const chosen = factFor(facts, 'initial_response', requesterClass);
  const otherVariants = variantsBesides(facts, chosen?.requesterClass ?? null);
  if (!chosen) return base ? { ...readableDerived(base), otherVariants } : null;
  const v = chosen.value;
  const fixed = v.days !== null;
  return {
    days: v.days,
    // The schema's convention: plain "days" are calendar days.
    unit: fixed ? (v.unit ?? 'calendar') : null,
    noFixedDeadline: !fixed,
    noFixedDeadlineReason: fixed ? null : noFixedDeadlineSentence(v.standard, chosen.citation),
    citation: chosen.citation,
    afterHoursStatement: base?.afterHoursStatement ?? null,
    standard: v.standard,
    requesterClass: chosen.requesterClass,
    otherVariants,
  };
}

/** {@link selectDeadlineRules} over a loaded {@link DeadlineLaw}. */
export function deadlineRulesFor(law: DeadlineLaw, requesterClass: RequesterClass | null): DeadlineRules | null {
  return selectDeadlineRules(law.rules, law.facts, requesterClass);
}

/** One line per class of requesters with its own deadline, other than `except`. */
function variantsBesides(facts: readonly LawFact[], except: RequesterClass | null): DeadlineVariant[] {
  const seen = new Set<RequesterClass>();
  const out: DeadlineVariant[] = [];
  for (const f of factsOf(facts, 'initial_response')) {
    const rc = f.requesterClass;
    if (rc === null || rc === except || seen.has(rc)) continue;
    seen.add(rc);
    const days = f.value.days;
    out.push({ requesterClass: rc, days, unit: days !== null ? (f.value.unit ?? 'calendar') : null, citation: f.citation });
  }
  return out;
}

/** Derived rules with the law's words drawn out of ingestion's note, so no internal wording reaches people. */
function readableDerived(base: DeadlineRules): DeadlineRules {
  const standard = base.standard ?? standardFromDerivedReason(base.noFixedDeadlineReason);
  if (!base.noFixedDeadline || !standard) return base;
  return { ...base, standard, noFixedDeadlineReason: noFixedDeadlineSentence(standard, base.citation) };
}
