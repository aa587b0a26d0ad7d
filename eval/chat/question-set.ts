/**
 * The labelled question set's shape, shared by the builder and the evaluation. Expected
 * facts are values (days, yes/no, names, jurisdiction lists, record ids) read from a freshly
 * ingested law database, never corpus prose.
 */

export type QuestionKind =
  | 'law_name'
  | 'deadline'
  | 'fee_waiver'
  | 'attorney_fees'
  | 'residency'
  | 'appeal_route'
  | 'exemption'
  | 'comparison'
  | 'false_premise';

export type Expected =
  | { type: 'law_name'; name: string }
  | { type: 'deadline'; days: number | null; unit: 'business' | 'calendar' | null }
  | { type: 'yes_no'; field: 'fee_waiver' | 'attorney_fees' | 'residency'; value: boolean | null }
  | { type: 'appeal'; body: string; direct_to_court: boolean }
  | { type: 'exemptions'; category: string; labels: string[] }
  | { type: 'listed'; names: string[]; absent?: string[] }
  | { type: 'premise'; false_premise: boolean; fact: string };

export interface LabelledQuestion {
  id: string;
  kind: QuestionKind;
  question: string;
  /** The jurisdictions the question is about (empty for questions across all of them). */
  jurisdictions: string[];
  expected: Expected;
}

export interface QuestionSet {
  /** Where the labels came from: the database and when it was ingested. */
  source: { database: string; jurisdictions: number; labelled_at: string };
  questions: LabelledQuestion[];
}
