import { fieldBasis, findInSources, sentenceBasis, textSources, type DerivationContext } from './context.js';
import {
  bindingPeriods,
  calendarLength,
  descriptionCandidates,
  documentCandidates,
  NO_DEADLINE,
  recordDeniesDeadline,
  samePeriod,
  structuredCandidate,
  type DeadlineCandidate,
} from './deadline-candidates.js';
import { findSentences, type SentenceRule } from './text/document-index.js';
import { findDayPeriods } from './text/day-periods.js';
import type { Basis, Deadline, DerivedResponseRequirements, StatedRule } from '../../core/law-model/law-model.js';

/** Longest period read as an initial response deadline; longer ones are other kinds of limits. */
const MAX_INITIAL_DAYS = 60;

function toDeadline(c: DeadlineCandidate, corroboratedBy: Basis[] = []): Deadline {
  return { days: c.days, unit: c.unit, kind: c.kind, appliesTo: c.appliesTo, unitInferred: c.unitInferred, basis: c.basis, corroboratedBy };
}

function shortest(cands: DeadlineCandidate[]): DeadlineCandidate | null {
  // "the three-day period" restates "three business days": the explicit unit wins.
  const usable = cands.filter(
    (c) => c.days <= MAX_INITIAL_DAYS && !(c.unitInferred && cands.some((o) => o.days === c.days && !o.unitInferred)),
  );
  return usable.reduce<DeadlineCandidate | null>((best, c) => (!best || calendarLength(c) < calendarLength(best) ? c : best), null);
}

interface CandidatePools {
  statute: DeadlineCandidate[];
  description: DeadlineCandidate[];
  summary: DeadlineCandidate[];
  processMaps: DeadlineCandidate[];
}

function pools(ctx: DerivationContext): CandidatePools {
  return {
    statute: ctx.statute ? documentCandidates(ctx.statute) : [],
    description: descriptionCandidates(ctx),
    summary: ctx.summary ? documentCandidates(ctx.summary) : [],
    processMaps: ctx.processMaps.flatMap((p) => documentCandidates(p)),
  };
}

/**
 * Text that states the structured period. The statute, when it states periods, outranks the
 * weaker sources; a process map alone does not outweigh the record's own prose when that
 * prose gives other numbers.
 */
function supportFor(structured: DeadlineCandidate, p: CandidatePools): DeadlineCandidate[] {
  const same = (c: DeadlineCandidate): boolean => samePeriod(c, structured);
  if (p.statute.length > 0) return p.statute.filter(same);
  const strong = [...p.description, ...p.summary].filter(same);
  if (strong.length > 0 || p.description.length > 0) return strong;
  return p.processMaps.filter(same);
}

/**
 * Chooses the initial deadline. The structured number is used when some text states the same
 * period (or when there is no text to check it against); otherwise it is reported as a
 * discrepancy and the text is used, in order of authority: statute, the record's own prose,
 * summary, process map.
 */
function chooseInitial(ctx: DerivationContext, p: CandidatePools, denial: Basis | null): Deadline | null {
  const all = [...p.statute, ...p.description, ...p.summary, ...p.processMaps];
  const structured = structuredCandidate(ctx);
  if (structured) {
    const support = supportFor(structured, p);
    if (support.length > 0 && !denial) {
      const unitFromText = support.find((c) => !c.unitInferred);
      return toDeadline(unitFromText ? { ...structured, unit: unitFromText.unit } : structured, support.slice(0, 3).map((c) => c.basis));
    }
    // With no text to check it against, the number stands unless the record's own prose differs.
    const prose = ctx.record.response.initialDescription ?? '';
    if (all.length === 0 && !denial && findDayPeriods(prose).length === 0 && !NO_DEADLINE.test(prose)) return toDeadline(structured);
    ctx.discrepancies.push({
      topic: 'initial_response_deadline',
      description: denial
        ? `The structured record gives ${structured.days} ${structured.unit} days but also says there is no statutory deadline.`
        : p.statute.length > 0
          ? `The structured record gives ${structured.days} ${structured.unit} days; the statute text states other periods.`
          : `The structured record gives ${structured.days} ${structured.unit} days; no text source states that period.`,
      resolution: 'Structured number not used; the deadline is taken from text sources, or none is asserted.',
      basis: [structured.basis, ...(denial ? [denial] : [])],
    });
  }
  // Where the record says there is no statutory deadline, only the statute itself, or an
  // acknowledgment period, can still give one.
  const allowed = (c: DeadlineCandidate): boolean => !denial || c.kind === 'acknowledgment';
  for (const pool of [p.statute, p.description.filter(allowed), p.summary.filter(allowed), p.processMaps.filter(allowed)]) {
    const best = shortest(pool);
    if (best) return toDeadline(best, all.filter((c) => c !== best && samePeriod(c, best)).slice(0, 3).map((c) => c.basis));
  }
  return null;
}

function otherDeadlines(ctx: DerivationContext, initial: Deadline | null, p: CandidatePools): Deadline[] {
  const r = ctx.record.response;
  const out: Deadline[] = [];
  if (r.final && r.final.days > 0 && r.final.unit) {
    out.push({ days: r.final.days, unit: r.final.unit, kind: 'final_response', appliesTo: null, unitInferred: false, basis: fieldBasis(ctx.record, 'response.final', `${r.final.days} ${r.final.rawUnit ?? r.final.unit}`), corroboratedBy: [] });
  }
  if (r.commercialRequest && r.commercialRequest.days > 0 && r.commercialRequest.unit) {
    const c = r.commercialRequest;
    out.push({ days: c.days, unit: c.unit ?? 'business', kind: 'commercial_request', appliesTo: 'commercial requests', unitInferred: false, basis: fieldBasis(ctx.record, 'response.commercialRequest', `${c.days} ${c.rawUnit ?? c.unit}`), corroboratedBy: [] });
  }
  const sameTop = (c: DeadlineCandidate): boolean =>
    initial !== null && c.basis.sourcePath === initial.basis.sourcePath && c.basis.sectionLabel !== null && initial.basis.sectionLabel !== null &&
    c.basis.sectionLabel.split('(')[0] === initial.basis.sectionLabel.split('(')[0];
  const extra = [...p.description, ...p.statute.filter(sameTop)];
  for (const c of extra) {
    const dup = (d: Deadline): boolean => d.days === c.days && d.unit === c.unit;
    if ((initial && dup(initial)) || out.some(dup)) continue;
    out.push(toDeadline({ ...c, kind: c.kind === 'initial_response' ? 'other' : c.kind }));
  }
  return out;
}

const EXTENSION_RULE: SentenceRule = { any: [/\bextend|\bextension|additional (time|\w+ days)/i], all: [/\b(request\w*|time limits?|response)\b/i], none: [/\bappeal|court|meeting|lease|contract/i] };
const TOLLING_RULE: SentenceRule = { any: [/\btoll(ed|ing|s)?\b/i], none: [/\btoll[- ]free|limitations period/i] };
const RECEIPT_RULE: SentenceRule = {
  any: [/after \d{1,2}(:\d\d)? ?(p\.?m\.?|a\.?m\.?)/i, /\b(non-?business|after (normal |regular )?(business|office) hours)\b/i, /\bnot (deemed )?received\b.{0,80}\buntil\b/i, /\b(deemed|considered) (to (have been|be) )?received\b/i, /\bday one\b/i],
  all: [/receiv|request/i],
};
const DEEMED_DENIAL_RULE: SentenceRule = {
  any: [/\b(deemed|considered|treated as|constitute[sd]?)\b.{0,40}\bden(ied|ial)\b/i],
  all: [/respond|response|fail/i],
};

function statedRule(ctx: DerivationContext, rule: SentenceRule, structured: Array<[string, string | null]>): StatedRule | null {
  const basis: Basis[] = structured.filter(([, v]) => v).map(([path, v]) => fieldBasis(ctx.record, path, v));
  const texts = findInSources(ctx, rule).map((h) => sentenceBasis(h.source, h.sentence));
  const all = [...basis, ...texts];
  const first = all[0];
  return first ? { statement: first.quote, basis: all } : null;
}

function extension(ctx: DerivationContext): DerivedResponseRequirements['extension'] {
  const r = ctx.record.response;
  const stated = statedRule(ctx, EXTENSION_RULE, [['response.extensionNotes', r.extensionNotes], ['response.extensionConditions', r.extensionConditions.join('; ') || null]]);
  const inStatute = stated?.basis.find((b) => b.sourceKind === 'statute_text');
  if (r.extensionAllowed === null && r.extensionMaxDays === null && !stated) return null;
  // The statute text outranks a record that says there is no extension.
  if (r.extensionAllowed === false && inStatute) {
    ctx.discrepancies.push({
      topic: 'extension',
      description: 'The structured record says no extension is allowed; the statute text provides for one.',
      resolution: 'Extension rule taken from the statute text.',
      basis: [fieldBasis(ctx.record, 'response.extensionAllowed', false), inStatute],
    });
  } else if (r.extensionAllowed === false) {
    return { statement: r.extensionNotes ?? 'No extension provided.', basis: [fieldBasis(ctx.record, 'response.extensionAllowed', false)], allowed: false, maxDays: null, unit: null, conditions: [] };
  }
  const base = inStatute && r.extensionAllowed === false ? { statement: inStatute.quote, basis: stated?.basis ?? [inStatute] } : (stated ?? { statement: 'Extension allowed.', basis: [fieldBasis(ctx.record, 'response.extensionAllowed', r.extensionAllowed)] });
  const period = inStatute ? bindingPeriods(inStatute.quote)[0] : undefined;
  const maxFromRecord = r.extensionAllowed === false ? null : r.extensionMaxDays;
  return {
    ...base,
    allowed: r.extensionAllowed === false ? true : (r.extensionAllowed ?? (stated ? true : null)),
    maxDays: maxFromRecord ?? period?.days ?? null,
    unit: maxFromRecord !== null ? null : (period?.unit ?? null),
    conditions: r.extensionConditions,
  };
}

function noDeadlineReason(ctx: DerivationContext, denial: Basis | null): { reason: string; basis: Basis[] } {
  const r = ctx.record.response;
  const fromRecord: Array<[string, string | null]> = [
    ['response.initialDescription', r.initialDescription],
    ['response.goodFaithStandard', r.goodFaithStandard],
    ['response.finalNotes', r.finalNotes],
  ];
  const basis: Basis[] = denial ? [denial] : [];
  for (const [path, text] of fromRecord) if (text && NO_DEADLINE.test(text) && !basis.some((b) => b.quote === text)) basis.push(fieldBasis(ctx.record, path, text));
  for (const source of textSources(ctx)) {
    const hit = findSentences(source.index, { any: [NO_DEADLINE], all: [/request|respon|record|inspect/i] })[0];
    if (hit) basis.push(sentenceBasis(source, hit));
  }
  const standard = basis.map((b) => NO_DEADLINE.exec(b.quote)?.[0]).find(Boolean);
  const reason = standard
    ? `The sources state a standard ("${standard}") rather than a number of days.`
    : 'No source states a number of days for the response.';
  return { reason, basis };
}

/** Response-time rules of one jurisdiction. */
export function deriveResponseRequirements(ctx: DerivationContext): DerivedResponseRequirements {
  const denial = recordDeniesDeadline(ctx);
  const p = pools(ctx);
  const initial = chooseInitial(ctx, p, denial);
  const r = ctx.record.response;
  const none = initial === null ? noDeadlineReason(ctx, denial) : null;
  const tolling = statedRule(ctx, TOLLING_RULE, [['response.tollingNotes', r.tollingNotes]]);
  return {
    initialDeadline: initial,
    noFixedDeadline: initial === null,
    noFixedDeadlineReason: none?.reason ?? null,
    noFixedDeadlineBasis: none?.basis ?? [],
    otherDeadlines: otherDeadlines(ctx, initial, p),
    extension: extension(ctx),
    tolling: tolling || r.tollingAllowed !== null ? { ...(tolling ?? { statement: 'Tolling allowed.', basis: [fieldBasis(ctx.record, 'response.tollingAllowed', r.tollingAllowed)] }), allowed: r.tollingAllowed ?? true } : null,
    afterHoursReceipt: statedRule(ctx, RECEIPT_RULE, []),
    deemedDenial: statedRule(ctx, DEEMED_DENIAL_RULE, [['response.deemedDenial', r.deemedDenial]]),
  };
}
