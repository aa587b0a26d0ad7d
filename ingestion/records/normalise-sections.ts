import { createBlockReader } from './block-reader.js';
import type {
  AppealFields,
  AppealLevel,
  FeeFields,
  Normalisation,
  ObligationEntry,
  OversightFields,
  RequesterFields,
  ResourceEntry,
  ResponseFields,
  ValidationFields,
} from './jurisdiction-record-types.js';

/** Shared state of one normalisation run. */
export interface NormaliseContext {
  report: Normalisation[];
  fieldSources: Record<string, string>;
}

type Block = Record<string, unknown>;

/** `response_requirements` → ResponseFields. */
export function normaliseResponse(block: Block, ctx: NormaliseContext): ResponseFields {
  const r = createBlockReader(block, 'response_requirements', ctx.report, ctx.fieldSources);
  const commercial = r.days('response.commercialRequest', ['commercial_request_time'], ['commercial_request_unit']);
  const commercialNotes = r.text('response.commercialRequestNotes', 'commercial_request_notes');
  const out: ResponseFields = {
    initial: r.days('response.initial', ['initial_response_time'], ['initial_response_unit']),
    initialDescription: r.text('response.initialDescription', 'initial_response_description'),
    final: r.days('response.final', ['final_response_time'], ['final_response_unit']),
    finalNotes: r.text('response.finalNotes', 'final_response_notes'),
    maximum: r.days('response.maximum', ['maximum_response_time'], []),
    noFixedDeadlineSentinel: false,
    extensionAllowed: r.bool('response.extensionAllowed', 'extension_allowed'),
    extensionMaxDays: r.num('response.extensionMaxDays', 'extension_max_days', 'extension_max_time'),
    extensionNotes: r.text('response.extensionNotes', 'extension_notes'),
    extensionConditions: r.list('response.extensionConditions', 'extension_conditions'),
    extensionCite: r.text('response.extensionCite', 'extension_cite'),
    tollingAllowed: r.bool('response.tollingAllowed', 'tolling_allowed'),
    tollingNotes: r.text('response.tollingNotes', 'tolling_notes'),
    deemedDenial: r.text('response.deemedDenial', 'deemed_denial'),
    noResponseConsequence: r.text('response.noResponseConsequence', 'no_response_consequence'),
    goodFaithStandard: r.text('response.goodFaithStandard', 'good_faith_standard'),
    immediateAccessStandard: r.text('response.immediateAccessStandard', 'immediate_access_standard'),
    acknowledgment: r.text('response.acknowledgment', 'acknowledgment_required'),
    promptAcknowledgmentRequired: r.bool('response.promptAcknowledgmentRequired', 'prompt_acknowledgment_required'),
    commercialRequest: commercial ? { ...commercial, notes: commercialNotes } : null,
    nonResidentTimeline: r.text('response.nonResidentTimeline', 'non_resident_timeline'),
    extras: [],
  };
  out.noFixedDeadlineSentinel = r.sawSentinel();
  out.extras = r.extras();
  return out;
}

/** `fee_structure` → FeeFields (the two upstream fee vocabularies merged). */
export function normaliseFees(block: Block, ctx: NormaliseContext): FeeFields {
  const r = createBlockReader(block, 'fee_structure', ctx.report, ctx.fieldSources);
  const out: FeeFields = {
    searchFee: r.text('fees.searchFee', 'search_fee', 'search_time_fee'),
    searchFeeNotes: r.text('fees.searchFeeNotes', 'search_fee_notes'),
    searchFeeCite: r.text('fees.searchFeeCite', 'search_fee_statutory_cite'),
    copyFeePerPage: r.num('fees.copyFeePerPage', 'copy_fee_per_page'),
    copyFeeText: r.text('fees.copyFeeText', 'standard_copy_fee'),
    copyFeeNotes: r.text('fees.copyFeeNotes', 'copy_fee_notes'),
    copyFeeCite: r.text('fees.copyFeeCite', 'copy_fee_cite'),
    electronicFee: r.text('fees.electronicFee', 'electronic_fee'),
    electronicFeeCite: r.text('fees.electronicFeeCite', 'electronic_fee_cite'),
    certificationFee: r.text('fees.certificationFee', 'certification_fee'),
    feeWaiverAvailable: r.bool('fees.feeWaiverAvailable', 'fee_waiver_available', 'waiver_available'),
    feeWaiverCriteria: r.text('fees.feeWaiverCriteria', 'fee_waiver_criteria', 'waiver_criteria'),
    feeWaiverNotes: r.text('fees.feeWaiverNotes', 'fee_waiver_notes'),
    feeWaiverCite: r.text('fees.feeWaiverCite', 'fee_waiver_cite'),
    feeProtectionNotes: r.text('fees.feeProtectionNotes', 'fee_protection_notes'),
    advancePayment: r.text('fees.advancePayment', 'advance_payment', 'advance_payment_required', 'deposit_requirement'),
    feeEstimate: r.text('fees.feeEstimate', 'fee_estimate_required'),
    reasonablenessStandard: r.text('fees.reasonablenessStandard', 'reasonableness_standard'),
    notes: r.text('fees.notes', 'notes', 'policy_note'),
    extras: [],
  };
  out.extras = r.extras();
  return out;
}

function level(body: string | null, deadline: AppealLevel['deadline'], deadlineNotes: string | null, notes: string | null, cite: string | null): AppealLevel | null {
  return body ? { body, deadline, deadlineNotes, notes, cite } : null;
}

function penaltyText(block: Block, key: 'civil' | 'criminal'): string | null {
  const p = block['penalties'];
  if (p && typeof p === 'object' && !Array.isArray(p)) {
    const v = (p as Record<string, unknown>)[key];
    return typeof v === 'string' && v.trim() ? v : null;
  }
  return null;
}

/**
 * `appeal_process` → AppealFields. Two upstream shapes exist: first/second level, and
 * administrative appeal + judicial review; the second is read into the first's levels.
 */
export function normaliseAppeal(block: Block, ctx: NormaliseContext): AppealFields {
  const r = createBlockReader(block, 'appeal_process', ctx.report, ctx.fieldSources);
  const firstBody = r.text('appeal.first.body', 'first_level', 'appeal_authority');
  const first = level(
    firstBody,
    r.days('appeal.first.deadline', ['first_level_deadline_days', 'appeal_deadline_days'], ['first_level_deadline_unit', 'appeal_deadline_unit']),
    r.text('appeal.first.deadlineNotes', 'first_level_deadline_notes'),
    r.text('appeal.first.notes', 'first_level_notes', 'appeal_description'),
    r.text('appeal.first.cite', 'first_level_cite'),
  );
  const secondBody = r.text('appeal.second.body', 'second_level');
  const court = r.text('appeal.courtJurisdiction', 'court_jurisdiction');
  const second = level(
    secondBody,
    r.days('appeal.second.deadline', ['second_level_deadline_days', 'judicial_review_deadline_days'], ['second_level_deadline_unit']),
    r.text('appeal.second.deadlineNotes', 'second_level_deadline_notes'),
    r.text('appeal.second.notes', 'second_level_notes'),
    r.text('appeal.second.cite', 'second_level_cite'),
  );
  const civilFromPenalties = penaltyText(block, 'civil');
  const criminalFromPenalties = penaltyText(block, 'criminal');
  if (block['penalties'] !== undefined) {
    r.raw('penalties');
    ctx.report.push({ field: 'appeal_process.penalties', kind: 'renamed', note: 'penalties.civil/criminal read as civil_penalties/criminal_penalties' });
    if (civilFromPenalties) ctx.fieldSources['appeal.civilPenalties'] = 'appeal_process.penalties.civil';
    if (criminalFromPenalties) ctx.fieldSources['appeal.criminalPenalties'] = 'appeal_process.penalties.criminal';
  }
  const out: AppealFields = {
    first,
    second,
    administrativeAppealRequired: r.bool('appeal.administrativeAppealRequired', 'administrative_appeal_required'),
    noAdministrativeAppeals: r.bool('appeal.noAdministrativeAppeals', 'no_administrative_appeals'),
    judicialReviewAvailable: r.bool('appeal.judicialReviewAvailable', 'judicial_review_available'),
    courtJurisdiction: court,
    description: null,
    attorneyFeesRecoverable: r.bool('appeal.attorneyFeesRecoverable', 'attorney_fees_recoverable'),
    attorneyFeesNotes: r.text('appeal.attorneyFeesNotes', 'attorney_fees_notes'),
    attorneyFeesCite: r.text('appeal.attorneyFeesCite', 'attorney_fees_cite'),
    burdenOfProof: r.text('appeal.burdenOfProof', 'burden_of_proof'),
    mediationAvailable: r.bool('appeal.mediationAvailable', 'mediation_available'),
    mediationProvider: r.text('appeal.mediationProvider', 'mediation_provider'),
    civilPenaltiesAvailable: r.bool('appeal.civilPenaltiesAvailable', 'civil_penalties_available'),
    civilPenalties: r.text('appeal.civilPenalties', 'civil_penalties', 'civil_penalties_range', 'civil_penalties_notes') ?? civilFromPenalties,
    civilPenaltiesCite: r.text('appeal.civilPenaltiesCite', 'civil_penalties_cite'),
    criminalPenaltiesAvailable: r.bool('appeal.criminalPenaltiesAvailable', 'criminal_penalties_available'),
    criminalPenalties: r.text('appeal.criminalPenalties', 'criminal_penalties', 'criminal_penalties_notes') ?? criminalFromPenalties,
    statutoryDamages: r.text('appeal.statutoryDamages', 'statutory_damages'),
    statutoryDamagesCite: r.text('appeal.statutoryDamagesCite', 'statutory_damages_cite'),
    extras: [],
  };
  out.extras = r.extras();
  return out;
}

/** `requester_requirements` → RequesterFields (reason_* and residency_required are aliases). */
export function normaliseRequester(block: Block, ctx: NormaliseContext): RequesterFields {
  const r = createBlockReader(block, 'requester_requirements', ctx.report, ctx.fieldSources);
  const idProhibitedRaw = block['identification_prohibited'];
  const out: RequesterFields = {
    identificationRequired: r.bool('requester.identificationRequired', 'identification_required'),
    identificationProhibited: r.bool('requester.identificationProhibited', 'identification_prohibited'),
    identificationNotes: r.text('requester.identificationNotes', 'identification_notes'),
    purposeRequired: r.bool('requester.purposeRequired', 'purpose_statement_required', 'reason_required'),
    purposeProhibited: r.bool('requester.purposeProhibited', 'purpose_statement_prohibited'),
    purposeNotes: r.text('requester.purposeNotes', 'purpose_notes', 'purpose_statement_notes', 'reason_notes'),
    residencyRequired: r.bool('requester.residencyRequired', 'residency_requirement', 'residency_required'),
    residencyNotes: r.text('requester.residencyNotes', 'residency_notes'),
    residencyAffectsTimeline: r.bool('requester.residencyAffectsTimeline', 'residency_affects_timeline'),
    writtenRequestRequired: r.bool('requester.writtenRequestRequired', 'written_request_required'),
    writtenRequestNotes: r.text('requester.writtenRequestNotes', 'written_request_notes'),
    formatNotes: r.text('requester.formatNotes', 'request_format_notes'),
    specificFormat: r.text('requester.specificFormat', 'specific_format'),
    notes: r.text('requester.notes', 'notes'),
    constitutionalRight: r.text('requester.constitutionalRight', 'constitutional_right'),
    extras: [],
  };
  // A text in identification_prohibited qualifies the rule rather than stating it: keep it.
  if (typeof idProhibitedRaw === 'string' && out.identificationProhibited === null) {
    out.identificationNotes = [out.identificationNotes, idProhibitedRaw].filter(Boolean).join(' ');
  }
  out.extras = r.extras();
  return out;
}

const FLAG_SUFFIX = /_(required|allowed|accepted|access)$/;
const COMPANION_SUFFIX = /_(cite|notes)$/;

/** `agency_obligations` → list of obligations, pairing each flag with its `_cite`/`_notes`. */
export function normaliseObligations(block: Block): ObligationEntry[] {
  const keys = Object.keys(block).filter((k) => block[k] !== null && block[k] !== undefined);
  const stems = (k: string): string[] => [k, k.replace(FLAG_SUFFIX, '')];
  const mains = keys.filter((k) => !COMPANION_SUFFIX.test(k));
  const isCompanion = (k: string): boolean =>
    COMPANION_SUFFIX.test(k) && mains.some((m) => stems(m).some((s) => k === `${s}_cite` || k === `${s}_notes`));
  const companionText = (main: string, kind: 'cite' | 'notes'): string | null => {
    const v = stems(main).map((s) => block[`${s}_${kind}`]).find((x) => typeof x === 'string');
    return typeof v === 'string' ? v : null;
  };
  return keys
    .filter((k) => !isCompanion(k))
    .map((key) => {
      const v = block[key];
      const value =
        typeof v === 'boolean' || typeof v === 'string'
          ? v
          : Array.isArray(v)
            ? v.filter((x) => typeof x === 'string').map((x) => x as string)
            : String(v);
      return { key, value, cite: companionText(key, 'cite'), notes: companionText(key, 'notes') };
    });
}

/** `oversight_body` → OversightFields. */
export function normaliseOversight(block: Block, ctx: NormaliseContext): OversightFields {
  const r = createBlockReader(block, 'oversight_body', ctx.report, ctx.fieldSources);
  const out: OversightFields = {
    name: r.text('oversight.name', 'name'),
    role: r.text('oversight.role', 'role'),
    contactInfo: r.text('oversight.contactInfo', 'contact_info'),
    url: r.text('oversight.url', 'oversight_url'),
    statuteReference: r.text('oversight.statuteReference', 'statute_reference'),
    enforcementPowers: r.list('oversight.enforcementPowers', 'enforcement_powers'),
    enforcementAuthority: r.text('oversight.enforcementAuthority', 'enforcement_authority'),
    extras: [],
  };
  out.extras = r.extras();
  return out;
}

/** `official_resources` → links and notes (null links are dropped). */
export function normaliseResources(block: Block): ResourceEntry[] {
  return Object.entries(block)
    .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
    .map(([key, v]) => {
      const s = v as string;
      const isUrl = /^https?:\/\//i.test(s.trim());
      return { key, url: isUrl ? s.trim() : null, note: isUrl ? null : s };
    });
}

/** `validation_metadata` → ValidationFields. */
export function normaliseValidation(block: Block, ctx: NormaliseContext): ValidationFields {
  const r = createBlockReader(block, 'validation_metadata', ctx.report, ctx.fieldSources);
  return {
    parsedDate: r.text('validation.parsedDate', 'parsed_date'),
    lastVerifiedDate: r.text('validation.lastVerifiedDate', 'last_verified_date'),
    confidenceLevel: r.text('validation.confidenceLevel', 'confidence_level'),
    sourceUrl: r.text('validation.sourceUrl', 'source_url'),
    sourceVerified: r.bool('validation.sourceVerified', 'source_verified'),
    primarySources: r.list('validation.primarySources', 'primary_sources'),
    notes: [
      r.text('validation.verificationNotes', 'verification_notes'),
      r.text('validation.notes', 'notes'),
      ...r.list('validation.uniqueCharacteristics', 'unique_characteristics'),
      ...r.list('validation.key2025Changes', 'key_2025_changes'),
    ].filter((x): x is string => x !== null),
  };
}
