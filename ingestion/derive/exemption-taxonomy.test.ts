import { describe, expect, it } from 'vitest';
import { EXEMPTION_CATEGORIES, EXEMPTION_CATEGORY_KEYS } from '../../core/law-model/exemption-categories.js';
import { classifyExemption, exemptionCategory } from './exemption-taxonomy.js';

describe('exemption taxonomy', () => {
  it('has at most 20 categories with unique keys, labels and descriptions', () => {
    expect(EXEMPTION_CATEGORIES.length).toBeLessThanOrEqual(20);
    expect(new Set(EXEMPTION_CATEGORIES.map((c) => c.key)).size).toBe(EXEMPTION_CATEGORIES.length);
    expect(EXEMPTION_CATEGORIES.map((c) => c.key)).toEqual([...EXEMPTION_CATEGORY_KEYS]);
    for (const c of EXEMPTION_CATEGORIES) expect(c.label.length * c.description.length).toBeGreaterThan(0);
  });

  it.each([
    ['Secret Recipes', 'Trade secrets of bakeries', 'trade_secrets_commercial'],
    ['Police Investigation Files', 'Files of open investigations', 'law_enforcement'],
    ['Law Enforcement - Informants', 'Names of informants', 'law_enforcement'],
    ['Employee Files', 'Employment histories', 'personnel'],
    ['Staff Personnel Records and Privacy', 'Employee data', 'personnel'],
    ['Agency Rules', 'Internal personnel rules and practices of an agency', 'other_government_interests'],
    ['Pupil Files', 'School records of pupils', 'student_education'],
    ['Clinic Records', 'Patient charts and mental health notes', 'medical_health'],
    ['Intragovernmental Memos', 'Intragovernmental memos', 'deliberative_process'],
    ['Working Drafts', 'Drafts not retained', 'deliberative_process'],
    ['Counsel Communications', 'Attorney-client privileged advice', 'attorney_client_work_product'],
    ['Pending Lawsuits', 'Files on pending litigation', 'litigation'],
    ['Alarm Codes', 'Passwords and alarm codes', 'security_infrastructure'],
    ['Borrower Lists', 'Library circulation records', 'library_patron'],
    ['Exam Keys', 'Test questions and scoring keys', 'testing_examinations'],
    ['Income Tax Forms', 'Individual tax returns', 'tax_records'],
    ['Adoption Files', 'Sealed adoption proceedings', 'adoption_vital_records'],
    ['Land Deals', 'Real estate appraisals before purchase', 'negotiations_procurement'],
    ['Jury Records', 'Records of grand juries', 'courts_legislature_closed_meetings'],
    ['Defense Secrets', 'Classified national defense information', 'national_security'],
    ['Bank Examinations', 'Condition reports of financial institutions', 'financial_institutions_investments'],
    ['Whistleblower Names', 'Identity of whistleblowers', 'other_government_interests'],
    ['Made Confidential by Statute', 'Records another statute closes', 'statutory_confidentiality'],
  ])('classifies the unseen label %s by keywords', (label, description, category) => {
    expect(classifyExemption(label, description).category).toBe(category);
  });

  it('reads the description when the label names no subject', () => {
    const c = classifyExemption('Confidential Information', 'Information given in confidence whose release would cause competitive harm');
    expect(c).toMatchObject({ category: 'trade_secrets_commercial', classifiedBy: 'keywords' });
  });

  it('does not read "governmental" as "mental" or "balancing test" as testing', () => {
    expect(classifyExemption('Intragovernmental Communications', '').category).toBe('deliberative_process');
    expect(classifyExemption('Confidential Records', 'Closed by statute; a balancing test may open them').category).toBe('statutory_confidentiality');
  });

  it('falls back to other government interests when nothing matches, and says so', () => {
    expect(classifyExemption('Miscellany', 'Assorted items')).toEqual({ category: 'other_government_interests', classifiedBy: 'fallback', matched: null });
  });

  it('returns category records by key', () => {
    expect(exemptionCategory('personnel').label).toBe('Personnel records');
  });
});
