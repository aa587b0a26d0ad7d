/**
 * Builds eval/chat/questions.json: questions of the seven kinds a requester asks, 50-state
 * comparisons and false premises, phrased in several ways, with the expected facts read
 * straight from a freshly ingested law database by SQL (not through the assistant's code).
 *
 *   npx tsx eval/chat/build-questions.ts [--fresh]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '../../core/db/knex.js';
import { EVAL_DATABASE, openEvalDatabase } from './eval-database.js';
import { comparisonQuestions, premiseQuestions } from './question-templates-across.js';
import { singleQuestions } from './question-templates-single.js';
import type { QuestionSet } from './question-set.js';

/** Everything the labels need, one row per jurisdiction. */
export interface LawFacts {
  slug: string;
  name: string;
  type: string;
  law: string | null;
  days: number | null;
  unit: 'business' | 'calendar' | null;
  noFixed: boolean | null;
  feeWaiver: boolean | null;
  attorneyFees: boolean | null;
  residency: boolean | null;
  firstStep: { kind: string; body: string } | null;
}

export interface ExemptionFact {
  jurisdiction: string;
  category: string;
  label: string;
}

async function lawFacts(db: Knex): Promise<LawFacts[]> {
  const rows = await db.raw(`
    SELECT j.slug, j.name, j.type, l.name AS law, rr.initial_days AS days, rr.initial_unit AS unit, rr.no_fixed_deadline AS "noFixed",
      (f.details->'feeWaiver'->>'available')::boolean AS "feeWaiver",
      (a.details->'attorneyFees'->>'recoverable')::boolean AS "attorneyFees",
      (q.details->>'residencyRequired')::boolean AS residency,
      (SELECT jsonb_build_object('kind', s->>'kind', 'body', s->>'body') FROM jsonb_array_elements(a.details->'steps') s
        ORDER BY (s->>'level')::int LIMIT 1) AS "firstStep"
    FROM jurisdictions j
    LEFT JOIN laws l ON l.jurisdiction = j.slug
    LEFT JOIN response_requirements rr ON rr.jurisdiction = j.slug
    LEFT JOIN fees f ON f.jurisdiction = j.slug
    LEFT JOIN appeals a ON a.jurisdiction = j.slug
    LEFT JOIN requester_requirements q ON q.jurisdiction = j.slug
    ORDER BY j.slug`);
  return rows.rows as LawFacts[];
}

async function exemptionFacts(db: Knex): Promise<ExemptionFact[]> {
  return (await db('exemptions').select('jurisdiction', 'category', 'raw_label as label').orderBy(['jurisdiction', 'ordinal'])) as ExemptionFact[];
}

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const evalDb = await openEvalDatabase({ fresh });
  try {
    const facts = await lawFacts(evalDb.db);
    const exemptions = await exemptionFacts(evalDb.db);
    const questions = [...singleQuestions(facts, exemptions), ...comparisonQuestions(facts, exemptions), ...premiseQuestions(facts)];
    const set: QuestionSet = { source: { database: EVAL_DATABASE, jurisdictions: facts.length, labelled_at: new Date().toISOString().slice(0, 10) }, questions };
    const out = path.join(import.meta.dirname, 'questions.json');
    fs.writeFileSync(out, `${JSON.stringify(set, null, 2)}\n`);
    const byKind = questions.reduce<Record<string, number>>((m, q) => ({ ...m, [q.kind]: (m[q.kind] ?? 0) + 1 }), {});
    console.log(`${questions.length} questions written to ${out}`, byKind, evalDb.ingestSeconds ? `(ingested in ${evalDb.ingestSeconds.toFixed(0)} s)` : '');
  } finally {
    await evalDb.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
