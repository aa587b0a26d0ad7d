import type { Knex } from 'knex';

export type JurisdictionOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

export interface IngestionResultRow {
  runId: string;
  jurisdiction: string;
  outcome: JurisdictionOutcome;
  version: number | null;
  error: string | null;
  changeSummary: unknown;
  durationMs: number;
}

/** Runs, per-jurisdiction results and the staging area that ingestion activities hand data through. */
export interface IngestionRunStore {
  startRun(run: { id: string; workflowId: string; requested: string[] | null; force: boolean }): Promise<void>;
  finishRun(id: string, status: 'completed' | 'completed_with_errors' | 'failed', summary: unknown): Promise<void>;
  recordResult(result: IngestionResultRow): Promise<void>;
  currentSourceHash(jurisdiction: string): Promise<string | null>;
  stage(runId: string, jurisdiction: string, step: string, payload: unknown): Promise<void>;
  staged<T>(runId: string, jurisdiction: string, step: string): Promise<T>;
  clearStaging(runId: string, jurisdiction: string): Promise<void>;
}

export function createIngestionRunStore(db: Knex): IngestionRunStore {
  return {
    async startRun(run) {
      await db('ingestion_runs')
        .insert({ id: run.id, workflow_id: run.workflowId, requested: run.requested, force: run.force, status: 'running' })
        .onConflict('id')
        .ignore();
    },
    async finishRun(id, status, summary) {
      await db('ingestion_runs').where({ id }).update({ status, summary: JSON.stringify(summary), finished_at: db.fn.now() });
    },
    async recordResult(r) {
      await db('ingestion_results')
        .insert({
          run_id: r.runId,
          jurisdiction: r.jurisdiction,
          outcome: r.outcome,
          version: r.version,
          error: r.error,
          change_summary: r.changeSummary === null ? null : JSON.stringify(r.changeSummary),
          duration_ms: r.durationMs,
        })
        .onConflict(['run_id', 'jurisdiction'])
        .merge();
    },
    async currentSourceHash(jurisdiction) {
      const row = await db('jurisdictions').where({ slug: jurisdiction }).first('source_hash');
      return (row?.source_hash as string | undefined) ?? null;
    },
    async stage(runId, jurisdiction, step, payload) {
      await db('ingestion_staging')
        .insert({ run_id: runId, jurisdiction, step, payload: JSON.stringify(payload) })
        .onConflict(['run_id', 'jurisdiction', 'step'])
        .merge();
    },
    async staged<T>(runId: string, jurisdiction: string, step: string): Promise<T> {
      const row = await db('ingestion_staging').where({ run_id: runId, jurisdiction, step }).first('payload');
      if (!row) throw new Error(`nothing staged for ${jurisdiction} step ${step} of run ${runId}`);
      return row.payload as T;
    },
    async clearStaging(runId, jurisdiction) {
      await db('ingestion_staging').where({ run_id: runId, jurisdiction }).del();
    },
  };
}
