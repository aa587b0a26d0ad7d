/**
 * Canonical taxonomy of exemption categories. Upstream labels are free text (many spellings
 * of the same idea: "Personnel Files", "Personnel Data", "Personnel Matters"...), so each
 * exemption is classified by ordered keyword rules: first on its label, then, when the label
 * says nothing specific ("Confidential Information", "Protected Records"), on its description.
 * The raw label is always kept beside the category.
 */

/** Stable keys of the canonical categories (at most 20). */
export const EXEMPTION_CATEGORY_KEYS = [
  'personal_privacy',
  'law_enforcement',
  'trade_secrets_commercial',
  'deliberative_process',
  'attorney_client_work_product',
  'statutory_confidentiality',
  'security_infrastructure',
  'medical_health',
  'personnel',
  'student_education',
  'financial_institutions_investments',
  'litigation',
  'library_patron',
  'national_security',
  'testing_examinations',
  'tax_records',
  'adoption_vital_records',
  'negotiations_procurement',
  'courts_legislature_closed_meetings',
  'other_government_interests',
] as const;

/** A canonical category key. */
export type ExemptionCategoryKey = (typeof EXEMPTION_CATEGORY_KEYS)[number];

/** A canonical category. */
export interface ExemptionCategory {
  key: ExemptionCategoryKey;
  label: string;
  description: string;
}

/** The categories, in display order. */
export const EXEMPTION_CATEGORIES: readonly ExemptionCategory[] = [
  { key: 'personal_privacy', label: 'Personal privacy', description: 'Information about identifiable individuals whose disclosure would invade their privacy: personal identifiers, contact details, private financial or family information.' },
  { key: 'law_enforcement', label: 'Law enforcement', description: 'Investigatory and intelligence records, confidential sources and techniques, criminal justice, probation and parole records, and protection of crime victims.' },
  { key: 'trade_secrets_commercial', label: 'Trade secrets and commercial information', description: 'Trade secrets and confidential commercial, financial or proprietary information obtained from businesses.' },
  { key: 'deliberative_process', label: 'Deliberative process', description: 'Predecisional and advisory material: preliminary drafts, notes, inter- and intra-agency memoranda and recommendations.' },
  { key: 'attorney_client_work_product', label: 'Attorney-client privilege and work product', description: 'Communications protected by attorney-client or other legal privileges, and attorney work product.' },
  { key: 'statutory_confidentiality', label: 'Confidential by other law', description: 'Records made confidential or exempt by another statute, federal law, regulation, court order or common law.' },
  { key: 'security_infrastructure', label: 'Security and critical infrastructure', description: 'Security plans, vulnerability assessments, codes and passwords, cybersecurity and critical infrastructure information, and information endangering safety.' },
  { key: 'medical_health', label: 'Medical and health records', description: 'Medical, mental health, psychiatric and patient records, and records protected by physician-patient privilege.' },
  { key: 'personnel', label: 'Personnel records', description: 'Personnel files, evaluations, employment records and internal personnel rules and practices.' },
  { key: 'student_education', label: 'Student and education records', description: 'Student, pupil and academic records.' },
  { key: 'financial_institutions_investments', label: 'Financial institutions and public investments', description: 'Examination and condition reports on financial institutions, and records of public investments.' },
  { key: 'litigation', label: 'Litigation', description: 'Records about pending or anticipated litigation, legal strategy and trial preparation.' },
  { key: 'library_patron', label: 'Library patron records', description: 'Library records identifying patrons and what they borrowed or used.' },
  { key: 'national_security', label: 'National security and foreign policy', description: 'Information classified in the interest of national defense or foreign policy.' },
  { key: 'testing_examinations', label: 'Tests and examinations', description: 'Test questions, scoring keys and examination data for licensing, employment or academic exams.' },
  { key: 'tax_records', label: 'Tax records', description: 'Tax returns and confidential tax information.' },
  { key: 'adoption_vital_records', label: 'Adoption and vital records', description: 'Adoption proceedings and files, vital statistics and death records.' },
  { key: 'negotiations_procurement', label: 'Negotiations, procurement and economic development', description: 'Records whose disclosure would harm the government in bidding, real estate transactions, appraisals, collective bargaining or economic development negotiations.' },
  { key: 'courts_legislature_closed_meetings', label: 'Courts, legislature and closed meetings', description: 'Records of juries and courts, of legislators, and of lawfully closed meetings.' },
  { key: 'other_government_interests', label: 'Other government interests', description: 'Other specific exemptions: frustration of legitimate government functions, software, research, geological data, whistleblower identities and similar.' },
];

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
