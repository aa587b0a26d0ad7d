import type { Knex } from 'knex';
import { FACT_VIEW_COLUMNS, type FactView } from '../legal-facts/fact-view.js';
import type { TransparencyStore } from './transparency-store.js';

/** Filters of a facts listing. */
export interface FactFilter {
  jurisdictions?: string[];
  fields?: string[];
  sourceKinds?: string[];
}

/** Reads the reviewed legal facts (`legal_facts`). */
export function createFactQueries(db: Knex): Pick<TransparencyStore, 'listFacts'> {
  return {
    async listFacts(filter) {
      const qb = db.from('legal_facts as lf').select(...FACT_VIEW_COLUMNS).orderBy([{ column: 'lf.jurisdiction' }, { column: 'lf.ordinal' }]);
      if (filter.jurisdictions?.length) qb.whereIn('lf.jurisdiction', filter.jurisdictions);
      if (filter.fields?.length) qb.whereIn('lf.field', filter.fields);
      if (filter.sourceKinds?.length) qb.whereIn('lf.source_kind', filter.sourceKinds);
      return (await qb) as FactView[];
    },
  };
}
