/**
 * Canonical taxonomy of exemption categories. Upstream labels are free text (many spellings
 * of the same idea: "Personnel Files", "Personnel Data", "Personnel Matters"...), so each
 * exemption is classified by ordered keyword rules: first on its label, then, when the label
 * says nothing specific ("Confidential Information", "Protected Records"), on its description.
 * The raw label is always kept beside the category.
 */

import { EXEMPTION_CATEGORIES, type ExemptionCategory, type ExemptionCategoryKey } from '../../core/law-model/exemption-categories.js';



type Rule = readonly [ExemptionCategoryKey, RegExp];

/**
 * Ordered rules: more specific subjects first, so "Law Enforcement - Confidential Sources" is
 * law enforcement, "Personnel Records and Privacy" personnel, "Confidential Tax Information"
 * tax, before the generic confidentiality and privacy rules see them.
 */
const RULES: readonly Rule[] = [
  ['national_security', /national security|national defen[cs]e|foreign policy|\bclassified\b/],
  ['library_patron', /\blibrar(y|ies)\b/],
  ['testing_examinations', /\btest (questions|materials|answers|scores)|\btesting\b|examination (materials|questions|data|answers)|scoring keys?/],
  ['tax_records', /\btax(es|ation)?\b/],
  ['adoption_vital_records', /\badoption|vital statistics|death records|birth records/],
  ['student_education', /\bstudents?\b|\bpupils?\b|education(al)? records|academic records|school records/],
  ['medical_health', /\bmedical|\bhealth\b|psychiatr|\bmental\b|\bpatients?\b|physician/],
  ['security_infrastructure', /\bsecurity\b|cyber|critical infrastructure|vulnerabilit|\bsafety\b|passwords?|alarm codes|terroris/],
  ['law_enforcement', /law[- ]enforcement|\bcriminal\b|investigat|confidential sources?|\bpolice\b|body[- ]worn|\bvictims?\b|probation|\bparole\b|correctional|informants?/],
  ['statutory_confidentiality', /confidential by (law|statute)|privileged or confidential by law/],
  ['attorney_client_work_product', /\battorney|work product|privilege|legal advice|professional ethics/],
  ['litigation', /litigation|legal strategy|trial preparation|pending (claims|actions?)/],
  // "Internal personnel rules and practices" (FOIA's (b)(2)) are an agency's rules, not personnel files.
  ['other_government_interests', /internal personnel rules|personnel rules and practices/],
  ['personnel', /personnel|\bemploy(ee|ees|ment)\b|evaluations/],
  ['financial_institutions_investments', /financial institutions?|condition reports|\binvestments?\b|\bbank(ing)? (examinations?|records|regulation)/],
  ['negotiations_procurement', /bidding|procurement|apprais|real estate|collective bargaining|economic development|negotiat/],
  ['trade_secrets_commercial', /trade secrets?|\bcommercial|proprietary|business information|competitive/],
  ['deliberative_process', /deliberat|\bdrafts?\b|preliminary|advisory|intra-?(agency|governmental)|inter-?agency|memorand|recommendations?/],
  ['courts_legislature_closed_meetings', /court records|\bjur(y|ies)\b|legislat|closed meetings?|executive sessions?|pardon/],
  ['personal_privacy', /privacy|\bpersonal|\bprivate\b|identif|home address|\bindividuals?\b|children|utility|financial information/],
  ['statutory_confidentiality', /statut|\bby law\b|federal (law|confidentiality)|court orders?|\bcontrolled\b|protected records|limited disclosure|prohibit|confidential (records|information)|exempt/],
  ['other_government_interests', /geolog|whistleblow|government functions?|computer (programs?|software)|software|research|submitted in confidence|submissions/],
];

/** How an exemption was classified. */
export interface ExemptionClassification {
  category: ExemptionCategoryKey;
  classifiedBy: 'label' | 'keywords' | 'fallback';
  /** The rule text that matched, for review. */
  matched: string | null;
}

function normalise(s: string): string {
  return s.toLowerCase().replace(/&/g, ' and ').replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();
}

/** Labels that name no subject of their own: classification then rests on the description. */
const GENERIC_LABEL = /^(confidential (information|records|communications)|protected records|private records|limited disclosure|controlled records|records? pertaining to identifiable individuals)$/;

function firstRule(text: string): Rule | null {
  return RULES.find(([, re]) => re.test(text)) ?? null;
}

/**
 * Classifies an exemption from its raw label and description. The label decides unless it is
 * generic; the description is the fallback; an exemption no rule recognises goes to
 * `other_government_interests` with `classifiedBy: 'fallback'`.
 */
export function classifyExemption(rawLabel: string, description: string): ExemptionClassification {
  const label = normalise(rawLabel);
  const desc = normalise(description);
  if (!GENERIC_LABEL.test(label)) {
    const byLabel = firstRule(label);
    if (byLabel) return { category: byLabel[0], classifiedBy: 'label', matched: byLabel[1].source };
  }
  const byDescription = firstRule(desc);
  if (byDescription) return { category: byDescription[0], classifiedBy: 'keywords', matched: byDescription[1].source };
  const byLabelAnyway = firstRule(label);
  if (byLabelAnyway) return { category: byLabelAnyway[0], classifiedBy: 'label', matched: byLabelAnyway[1].source };
  return { category: 'other_government_interests', classifiedBy: 'fallback', matched: null };
}

/** The category record of a key. */
export function exemptionCategory(key: ExemptionCategoryKey): ExemptionCategory {
  const c = EXEMPTION_CATEGORIES.find((x) => x.key === key);
  if (!c) throw new Error(`unknown exemption category ${key}`);
  return c;
}
