import type { Knex } from 'knex';
import type { DerivedAppeals, DerivedFees, DerivedRequesterRequirements } from '../law-model/law-model.js';
import { FACT_VIEW_COLUMNS, type FactView } from '../legal-facts/fact-view.js';
import { overviewQuery, type OverviewRow } from './jurisdiction-queries.js';
import type { TransparencyStore } from './transparency-store.js';

/** A stored derived record and the kind of source it was derived from. */
export interface Sourced<T> {
  details: T;
  source_kind: string;
}

/** An oversight body as the comparison shows it. */
export interface OversightBrief {
  name: string;
  role: string | null;
  url: string | null;
  citation: string | null;
  source_kind: string;
}

/** Everything one jurisdiction contributes to the comparison view. */
export interface JurisdictionProfile {
  overview: OverviewRow;
  fees: Sourced<DerivedFees> | null;
  appeals: Sourced<DerivedAppeals> | null;
  requester: Sourced<DerivedRequesterRequirements> | null;
  oversight: OversightBrief[];
  /** Reviewed legal facts, in file order. */
  facts: FactView[];
}

type ProfileRow = OverviewRow & {
  fees_details: DerivedFees | null;
  fees_source_kind: string | null;
  appeals_details: DerivedAppeals | null;
  appeals_source_kind: string | null;
  requester_details: DerivedRequesterRequirements | null;
  requester_source_kind: string | null;
  oversight: OversightBrief[];
  facts: FactView[];
};

function sourced<T>(details: T | null, kind: string | null): Sourced<T> | null {
  return details === null || kind === null ? null : { details, source_kind: kind };
}

/** The profile of every jurisdiction (or of `slugs`), ordered by name, in one query. */
export function createComparisonQueries(db: Knex): Pick<TransparencyStore, 'comparisonProfiles'> {
  return {
    async comparisonProfiles(slugs) {
      const qb = db
        .from(overviewQuery(db).as('o'))
        .leftJoin('fees as f', 'f.jurisdiction', 'o.slug')
        .leftJoin('appeals as a', 'a.jurisdiction', 'o.slug')
        .leftJoin('requester_requirements as q', 'q.jurisdiction', 'o.slug')
        .select(
          'o.*',
          'f.details as fees_details', 'f.source_kind as fees_source_kind',
          'a.details as appeals_details', 'a.source_kind as appeals_source_kind',
          'q.details as requester_details', 'q.source_kind as requester_source_kind',
          db.raw(`(SELECT coalesce(json_agg(json_build_object('name', b.name, 'role', b.role, 'url', b.url,
            'citation', b.citation, 'source_kind', b.source_kind) ORDER BY b.id), '[]'::json)
            FROM oversight_bodies b WHERE b.jurisdiction = o.slug) AS oversight`),
          // The same columns as GET …/facts, one JSON object per fact, in file order.
          db.raw(`(SELECT coalesce(json_agg(to_jsonb(f) - 'ordinal' ORDER BY f.ordinal), '[]'::json) FROM (${db
            .from('legal_facts as lf')
            .select(...FACT_VIEW_COLUMNS, 'lf.ordinal')
            .whereRaw('lf.jurisdiction = o.slug')
            .toQuery()}) f) AS facts`),
        )
        .orderBy([{ column: 'o.name' }, { column: 'o.slug' }]);
      if (slugs?.length) qb.whereIn('o.slug', slugs);
      const rows = (await qb) as ProfileRow[];
      return rows.map((r) => {
        const { fees_details, fees_source_kind, appeals_details, appeals_source_kind, requester_details, requester_source_kind, oversight, facts, ...overview } = r;
        return {
          overview,
          fees: sourced(fees_details, fees_source_kind),
          appeals: sourced(appeals_details, appeals_source_kind),
          requester: sourced(requester_details, requester_source_kind),
          oversight,
          facts,
        };
      });
    },
  };
}
