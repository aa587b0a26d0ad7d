import type { Knex } from 'knex';
import type { CodeName } from './detect-jurisdiction.js';
import { createComparisonQueries, type JurisdictionProfile } from './comparison-queries.js';
import { createFactQueries, type FactFilter } from './fact-queries.js';
import { createJurisdictionQueries } from './jurisdiction-queries.js';
import type { FactView } from '../legal-facts/fact-view.js';
import { createProvisionQueries } from './provision-queries.js';
import { createRecordTextQueries } from './record-text-queries.js';
import { createSectionQueries } from './section-queries.js';
import type {
  DocumentView,
  ExemptionCategoryView,
  ExemptionDetail,
  ExemptionView,
  JurisdictionDetail,
  JurisdictionSummary,
  LawRecordText,
  StatuteNodeText,
  RightDetail,
  RightView,
  SectionDetail,
  SectionView,
} from './transparency-views.js';

export type { JurisdictionProfile } from './comparison-queries.js';

/** A window of a list: rows to skip and to return. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** One window of a list and the size of the whole list. */
export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface JurisdictionFilter {
  type?: 'federal' | 'state' | 'district';
  /** Part of the name or slug, case-insensitive. */
  q?: string;
  hasStatuteText?: boolean;
  deadlineUnit?: 'business' | 'calendar';
  noFixedDeadline?: boolean;
}

/** Filters shared by rights and exemptions. */
export interface ProvisionFilter {
  /** Web-search syntax ("quoted phrase", or, -not), matched against the weighted tsvector. */
  q?: string;
  jurisdictions?: string[];
  categories?: string[];
}

/** A statute node reduced to what citation resolution needs. */
export interface SectionKey {
  id: string;
  label: string;
  citation: string | null;
}

/** The read side of the transparency law database. */
export interface TransparencyStore {
  listJurisdictions(filter: JurisdictionFilter, page: PageWindow): Promise<Paged<JurisdictionSummary>>;
  getJurisdiction(slug: string): Promise<JurisdictionDetail | null>;
  /** Every jurisdiction slug, for validating filters. */
  jurisdictionSlugs(): Promise<string[]>;
  /** Every exemption category key, for validating filters. */
  exemptionCategoryKeys(): Promise<string[]>;
  listRights(filter: ProvisionFilter, page: PageWindow): Promise<Paged<RightView>>;
  getRight(id: string): Promise<RightDetail | null>;
  listExemptions(filter: ProvisionFilter, page: PageWindow): Promise<Paged<ExemptionView>>;
  getExemption(id: string): Promise<ExemptionDetail | null>;
  listExemptionCategories(filter: { jurisdictions?: string[] }, page: PageWindow): Promise<Paged<ExemptionCategoryView>>;
  getSection(id: string): Promise<SectionDetail | null>;
  /** The jurisdiction's statute text document, if it has one. */
  statuteDocument(jurisdiction: string): Promise<DocumentView | null>;
  /** Every node of the jurisdiction's statute text, for resolving citations against its labels. */
  statuteLabels(jurisdiction: string): Promise<SectionKey[]>;
  /** The node with this label and its descendants, in document order. */
  listSubtree(jurisdiction: string, label: string, page: PageWindow): Promise<Paged<SectionView>>;
  /** Top-level (depth 0) nodes of a document, in document order. */
  listTopLevelSections(documentId: string, page: PageWindow): Promise<Paged<SectionView>>;
  /** How each jurisdiction cites its code (law, statute document, first section) and its name. */
  codeNames(): Promise<CodeName[]>;
  /** Reviewed legal facts, by jurisdiction and then file order. */
  listFacts(filter: FactFilter): Promise<FactView[]>;
  /** Everything the comparison view reads, one profile per jurisdiction, ordered by name. */
  comparisonProfiles(slugs?: string[]): Promise<JurisdictionProfile[]>;
  /** Sections, rights and exemptions by id, with their text, in one query (unknown ids are left out). */
  recordTexts(ids: readonly string[]): Promise<LawRecordText[]>;
  /** A jurisdiction's sections whose text contains the phrase (case-insensitive), shortest first. */
  sectionsContaining(jurisdiction: string, phrase: string, limit: number): Promise<LawRecordText[]>;
  /**
   * A jurisdiction's statute-text nodes holding any of the words (full-text, English stemming), the `limit` best first;
   * then, for each of `each.words`, its own `each.limit` best that are not already among them.
   */
  statuteSectionsMatching(jurisdiction: string, words: readonly string[], limit: number, each?: { words: readonly string[]; limit: number }): Promise<StatuteNodeText[]>;
  /** How many of a jurisdiction's statute-text nodes hold each word (full-text, English stemming), and how many it has. */
  statuteWordCounts(jurisdiction: string, words: readonly string[]): Promise<StatuteWordCounts>;
}

/** Word counts over one jurisdiction's statute text: how rare each word is there. */
export interface StatuteWordCounts {
  nodes: number;
  /** Nodes holding the word, by the word as given (lower case). */
  holding: Record<string, number>;
}

/** Postgres store over the law database tables. */
export function createPgTransparencyStore(db: Knex): TransparencyStore {
  return {
    ...createJurisdictionQueries(db),
    ...createProvisionQueries(db),
    ...createSectionQueries(db),
    ...createComparisonQueries(db),
    ...createFactQueries(db),
    ...createRecordTextQueries(db),
  };
}
