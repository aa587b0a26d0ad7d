/**
 * The canonical exemption categories every exemption is classified into (see
 * ingestion/derive/exemption-taxonomy.ts for the rules that classify).
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
