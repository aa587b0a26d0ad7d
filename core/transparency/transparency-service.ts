import type { FactView } from '../legal-facts/fact-view.js';
import { NotFoundError } from '../errors/app-error.js';
import { decodeCursor, offsetCursor, pageFromOffset, type ListEnvelope } from '../http/list-envelope.js';
import { COMPARE_FIELDS, type CompareFieldKey, type FieldValue } from './compare-fields.js';
import { assertKnownValues } from './filter-validation.js';
import { readStatute, type StatuteQuery, type StatuteResult } from './statute-reader.js';
import type { JurisdictionFilter, PageWindow, ProvisionFilter, StatuteWordCounts, TransparencyStore } from './transparency-store.js';
import type {
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
} from './transparency-views.js';

export type { StatuteQuery, StatuteResult } from './statute-reader.js';

/** `limit` and the opaque cursor of a list request. */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** One jurisdiction's value of the compared field. */
export interface ComparisonRow extends FieldValue {
  jurisdiction: string;
  name: string;
}

/** One field across jurisdictions, one row each, ordered by name. */
export interface ComparisonResult extends ListEnvelope<ComparisonRow> {
  field: CompareFieldKey;
  label: string;
  description: string;
}

/** The read side of the transparency law database, as the API serves it. */
export interface TransparencyService {
  listJurisdictions(filter: JurisdictionFilter, page: PageRequest): Promise<ListEnvelope<JurisdictionSummary>>;
  getJurisdiction(slug: string): Promise<JurisdictionDetail>;
  listRights(filter: ProvisionFilter, page: PageRequest): Promise<ListEnvelope<RightView>>;
  getRight(id: string): Promise<RightDetail>;
  listExemptions(filter: ProvisionFilter, page: PageRequest): Promise<ListEnvelope<ExemptionView>>;
  getExemption(id: string): Promise<ExemptionDetail>;
  listExemptionCategories(filter: { jurisdictions?: string[] }, page: PageRequest): Promise<ListEnvelope<ExemptionCategoryView>>;
  getSection(id: string): Promise<SectionDetail>;
  getStatute(query: StatuteQuery, page: PageRequest): Promise<StatuteResult>;
  compare(field: CompareFieldKey, filter: { jurisdictions?: string[] }): Promise<ComparisonResult>;
  /** Several fields across the same jurisdictions, read from one load of their profiles (in the fields' order). */
  compareFields(fields: readonly CompareFieldKey[], filter: { jurisdictions?: string[] }): Promise<ComparisonResult[]>;
  /** One jurisdiction's reviewed facts (404 for an unknown slug). */
  listJurisdictionFacts(slug: string, filter: { fields?: string[]; sourceKinds?: string[] }): Promise<ListEnvelope<FactView>>;
  /** Law records by id with their text (for quoting and for checking citations); unknown ids are left out. */
  recordTexts(ids: readonly string[]): Promise<LawRecordText[]>;
  /** A jurisdiction's sections containing the phrase, shortest first. */
  sectionsContaining(jurisdiction: string, phrase: string, limit: number): Promise<LawRecordText[]>;
  /** A jurisdiction's statute-text nodes holding any of the words, best full-text match first. */
  statuteSectionsMatching(jurisdiction: string, words: readonly string[], limit: number, each?: { words: readonly string[]; limit: number }): Promise<StatuteNodeText[]>;
  /** How many of a jurisdiction's statute-text nodes hold each word, and how many it has. */
  statuteWordCounts(jurisdiction: string, words: readonly string[]): Promise<StatuteWordCounts>;
}

function windowOf(page: PageRequest): PageWindow {
  return { offset: decodeCursor(page.cursor, offsetCursor)?.o ?? 0, limit: page.limit };
}

function found<T>(value: T | null, what: string, id: string): T {
  if (value === null) throw new NotFoundError(`${what} ${id} not found`, { id });
  return value;
}

/** Validation of filters against the database, paging, 404s and the comparison view over a store. */
export function createTransparencyService(deps: { store: TransparencyStore }): TransparencyService {
  const { store } = deps;

  const checkJurisdictions = async (jurisdictions: string[] | undefined) => {
    if (jurisdictions?.length) assertKnownValues([{ param: 'jurisdiction', values: jurisdictions, known: await store.jurisdictionSlugs() }]);
  };

  const listed = async <T>(page: PageRequest, read: (w: PageWindow) => Promise<{ rows: T[]; total: number }>) => {
    const w = windowOf(page);
    const { rows, total } = await read(w);
    return pageFromOffset(rows, total, w.offset, w.limit);
  };

  const compareFields: TransparencyService['compareFields'] = async (fields, filter) => {
    await checkJurisdictions(filter.jurisdictions);
    const profiles = await store.comparisonProfiles(filter.jurisdictions);
    return fields.map((field) => {
      const def = COMPARE_FIELDS[field];
      const data = profiles.map((p) => ({ jurisdiction: p.overview.slug, name: p.overview.name, ...def.read(p) }));
      return { field, label: def.label, description: def.description, data, total: data.length, next_cursor: null };
    });
  };

  return {
    listJurisdictions: (filter, page) => listed(page, (w) => store.listJurisdictions(filter, w)),
    async getJurisdiction(slug) {
      return found(await store.getJurisdiction(slug), 'Jurisdiction', slug);
    },
    async listRights(filter, page) {
      await checkJurisdictions(filter.jurisdictions);
      return listed(page, (w) => store.listRights(filter, w));
    },
    async getRight(id) {
      return found(await store.getRight(id), 'Right', id);
    },
    async listExemptions(filter, page) {
      const [slugs, categories] = await Promise.all([store.jurisdictionSlugs(), store.exemptionCategoryKeys()]);
      assertKnownValues([
        { param: 'jurisdiction', values: filter.jurisdictions, known: slugs },
        { param: 'category', values: filter.categories, known: categories },
      ]);
      return listed(page, (w) => store.listExemptions(filter, w));
    },
    async getExemption(id) {
      return found(await store.getExemption(id), 'Exemption', id);
    },
    async listExemptionCategories(filter, page) {
      await checkJurisdictions(filter.jurisdictions);
      return listed(page, (w) => store.listExemptionCategories(filter, w));
    },
    async getSection(id) {
      return found(await store.getSection(id), 'Section', id);
    },
    getStatute: (query, page) => readStatute(store, query, page),
    async compare(field, filter) {
      const [result] = await compareFields([field], filter);
      return result!;
    },
    compareFields,
    async listJurisdictionFacts(slug, filter) {
      if (!(await store.jurisdictionSlugs()).includes(slug)) throw new NotFoundError(`Jurisdiction ${slug} not found`, { id: slug });
      const data = await store.listFacts({ ...filter, jurisdictions: [slug] });
      return { data, total: data.length, next_cursor: null };
    },
    recordTexts: (ids) => store.recordTexts(ids),
    sectionsContaining: (jurisdiction, phrase, limit) => store.sectionsContaining(jurisdiction, phrase, limit),
    statuteSectionsMatching: (jurisdiction, words, limit, each) => store.statuteSectionsMatching(jurisdiction, words, limit, each),
    statuteWordCounts: (jurisdiction, words) => store.statuteWordCounts(jurisdiction, words),
  };
}
