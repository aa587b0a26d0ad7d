import type { AppealLevel, ObligationEntry } from '../records/jurisdiction-record-types.js';
import { recordProvenance, type DerivationContext } from './context.js';
import type {
  AppealStep,
  DerivedAppeals,
  DerivedFees,
  DerivedObligation,
  DerivedOversightBody,
  DerivedRequesterRequirements,
} from '../../core/law-model/law-model.js';

/*
 * Fees, appeals, requester requirements, agency obligations and oversight bodies: these come
 * from the structured record, reshaped into one form for every jurisdiction, with citations
 * resolved against the statute file where there is one.
 */

function nonNull<T>(xs: Array<T | null | undefined>): T[] {
  return xs.filter((x): x is T => x !== null && x !== undefined);
}

/** Fee rules. */
export function deriveFees(ctx: DerivationContext): DerivedFees {
  const f = ctx.record.fees;
  return {
    copyFeePerPage: f.copyFeePerPage,
    copyFee: f.copyFeeText ?? f.copyFeeNotes,
    searchFee: nonNull([f.searchFee, f.searchFeeNotes]).join(' — ') || null,
    electronicFee: f.electronicFee,
    certificationFee: f.certificationFee,
    feeWaiver: { available: f.feeWaiverAvailable, criteria: f.feeWaiverCriteria ?? f.feeWaiverNotes, citation: f.feeWaiverCite },
    advancePayment: f.advancePayment,
    feeEstimate: f.feeEstimate,
    notes: nonNull([f.copyFeeText ? f.copyFeeNotes : null, f.feeProtectionNotes, f.reasonablenessStandard, f.notes]),
    citations: [...new Set(nonNull([f.copyFeeCite, f.searchFeeCite, f.electronicFeeCite, f.feeWaiverCite]))],
    provenance: recordProvenance(ctx.record),
  };
}

const JUDICIAL = /\b(court|mandamus|writ|judicial|chancery)\b/i;
const OVERSIGHT = /\b(attorney general|ombuds\w*|commission|council|counselor|board|office of|supervisor of records|committee|hearing examiners?|district attorney)\b/i;

/** Whether a body hears appeals inside the agency, as an outside overseer, or as a court. */
export function appealKind(body: string): AppealStep['kind'] {
  // "Kansas Attorney General or District Court": the outside body comes first on the route.
  if (OVERSIGHT.test(body)) return 'oversight';
  if (JUDICIAL.test(body)) return 'judicial';
  return 'administrative';
}

function step(ctx: DerivationContext, l: AppealLevel, level: number): AppealStep {
  return {
    level,
    kind: /^no administrative appeal/i.test(l.body) ? 'judicial' : appealKind(l.body),
    body: l.body,
    deadline: l.deadline ? { days: l.deadline.days, unit: l.deadline.unit } : null,
    deadlineNotes: l.deadlineNotes,
    notes: l.notes,
    citation: l.cite,
    sectionLabel: ctx.statute ? ctx.statute.lookup.resolve(l.cite) : null,
  };
}

/** The route to challenge a denial, and remedies. */
export function deriveAppeals(ctx: DerivationContext): DerivedAppeals {
  const a = ctx.record.appeal;
  const steps = nonNull([a.first, a.second]).map((l, i) => step(ctx, l, i + 1));
  const hasCourt = steps.some((s) => s.kind === 'judicial' || JUDICIAL.test(s.body));
  if (!hasCourt && (a.judicialReviewAvailable || a.courtJurisdiction)) {
    const body = a.courtJurisdiction && !/not specified/i.test(a.courtJurisdiction) ? a.courtJurisdiction : 'Court';
    steps.push({ level: steps.length + 1, kind: 'judicial', body, deadline: null, deadlineNotes: null, notes: null, citation: null, sectionLabel: null });
  }
  return {
    steps,
    administrativeAppealRequired: a.administrativeAppealRequired ?? (a.noAdministrativeAppeals ? false : null),
    attorneyFees: { recoverable: a.attorneyFeesRecoverable, notes: a.attorneyFeesNotes, citation: a.attorneyFeesCite },
    burdenOfProof: a.burdenOfProof && !/not specified/i.test(a.burdenOfProof) ? a.burdenOfProof : null,
    mediation: { available: a.mediationAvailable, provider: a.mediationProvider },
    penalties: {
      civil: a.civilPenalties,
      criminal: a.criminalPenalties && !/not specified|^no /i.test(a.criminalPenalties) ? a.criminalPenalties : null,
      statutoryDamages: a.statutoryDamages,
      citations: nonNull([a.civilPenaltiesCite, a.statutoryDamagesCite]),
    },
    provenance: recordProvenance(ctx.record),
  };
}

/** What a requester must or need not do. */
export function deriveRequesterRequirements(ctx: DerivationContext): DerivedRequesterRequirements {
  const r = ctx.record.requester;
  return {
    residencyRequired: r.residencyRequired,
    purposeRequired: r.purposeRequired,
    purposeProhibited: r.purposeProhibited,
    identificationRequired: r.identificationRequired,
    identificationProhibited: r.identificationProhibited,
    writtenRequestRequired: r.writtenRequestRequired,
    notes: nonNull([r.residencyNotes, r.purposeNotes, r.identificationNotes, r.writtenRequestNotes, r.specificFormat, r.formatNotes, r.notes]),
    provenance: recordProvenance(ctx.record),
  };
}

function humanise(key: string): string {
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function obligationStatements(o: ObligationEntry): Array<{ key: string; statement: string }> {
  if (o.value === false) return [];
  if (o.value === true) return [{ key: o.key, statement: o.notes ? `${humanise(o.key)}: ${o.notes}` : humanise(o.key) }];
  if (Array.isArray(o.value)) {
    if (o.key === 'specific_obligations') return o.value.map((v, i) => ({ key: `${o.key}[${i}]`, statement: v }));
    return o.value.length ? [{ key: o.key, statement: `${humanise(o.key)}: ${o.value.join('; ')}` }] : [];
  }
  return [{ key: o.key, statement: `${humanise(o.key)}: ${o.value}` }];
}

/** Obligations of agencies (flags that are false are not obligations and are left out). */
export function deriveObligations(ctx: DerivationContext): DerivedObligation[] {
  const provenance = recordProvenance(ctx.record);
  return ctx.record.obligations.flatMap((o) =>
    obligationStatements(o).map((s) => ({ key: `${ctx.slug}:obligation:${s.key}`, statement: s.statement, citation: o.cite, provenance })),
  );
}

/** Oversight bodies: the record's, and a separate mediation provider when it names one. */
export function deriveOversightBodies(ctx: DerivationContext): DerivedOversightBody[] {
  const o = ctx.record.oversight;
  const provenance = recordProvenance(ctx.record);
  const out: DerivedOversightBody[] = [];
  if (o.name && !/^(none|not specified)/i.test(o.name)) {
    out.push({
      name: o.name,
      role: o.role,
      url: o.url,
      contact: o.contactInfo,
      powers: [...o.enforcementPowers, ...nonNull([o.enforcementAuthority])],
      citation: o.statuteReference,
      provenance,
    });
  }
  const m = ctx.record.appeal.mediationProvider;
  if (m && ctx.record.appeal.mediationAvailable !== false && !out.some((b) => b.name.toLowerCase().includes(m.toLowerCase().split(' (')[0] ?? m))) {
    out.push({ name: m, role: 'Mediation of records disputes', url: null, contact: null, powers: [], citation: null, provenance });
  }
  return out;
}
