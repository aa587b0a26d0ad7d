import { Readable } from 'node:stream';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import { createPgConversationStore, type ConversationStore } from '../../core/chat/conversation-store.js';
import type { CompileRequest } from '../../core/documents/compile-parts.js';
import { createPgCompilationStore, type CompilationStore } from '../../core/documents/compilation-store.js';
import { createPgFoiaLawStore } from '../../core/foia/foia-law-store.js';
import { createPgFoiaRequestStore } from '../../core/foia/foia-request-store.js';
import { createFoiaService, type FoiaService } from '../../core/foia/foia-service.js';
import type { ExportInput, FoiaDigestInput, RunProgress, RunResult, WebhookEvent } from '../../core/integrations/integration-types.js';
import { createPgRunStore, type RunEnd, type RunStore } from '../../core/integrations/run-store.js';
import type { WebhookDeliveryData } from '../../core/integrations/webhook-delivery-job.js';
import type { Logger } from '../../core/logger/logger.js';
import type { JurisdictionResult } from '../../workflows/ingestion-contracts.js';
import type { StorageService } from '../../core/storage/storage-service.js';
import { canonicalJson, sha256Hex } from '../../core/documents/assemble-packet.js';

export interface IntegrationActivityDeps {
  db: Knex;
  runs: RunStore;
  compilations: CompilationStore;
  conversations: ConversationStore;
  foia: FoiaService;
  /** Where exports are written; absent, `export` runs fail with the reason. */
  storage?: StorageService;
  /** Puts a webhook delivery on the queue; absent, runs with a webhook fail to notify (and say so in the log). */
  enqueueWebhook?: (data: WebhookDeliveryData) => Promise<void>;
  logger: Logger;
}

/** The tables an export writes, each with its columns in order. */
const EXPORT_TABLES = {
  jurisdictions: { table: 'jurisdictions', columns: ['slug', 'name', 'type', 'current_version', 'ingested_at'], order: ['slug'] },
  rights: { table: 'rights', columns: ['id', 'jurisdiction', 'category', 'title', 'citation', 'statutory_text', 'text_source_kind', 'section_id', 'source_kind', 'verified_date'], order: ['jurisdiction', 'ordinal', 'id'] },
  exemptions: { table: 'exemptions', columns: ['id', 'jurisdiction', 'category', 'raw_label', 'citation', 'description', 'scope', 'section_id', 'source_kind', 'verified_date'], order: ['jurisdiction', 'ordinal', 'id'] },
  facts: { table: 'legal_facts', columns: ['id', 'jurisdiction', 'field', 'requester_class', 'applies_to', 'display', 'value', 'citation', 'quote', 'source_kind', 'section_id', 'verified', 'reviewed', 'notes'], order: ['jurisdiction', 'field', 'ordinal', 'id'] },
} as const;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; objects as JSON. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))].join('\r\n') + '\r\n';
}

/**
 * The integration workflow's activities over injected dependencies: the run's bookkeeping and
 * webhook enqueueing, and each type's work that is not a child workflow (summaries, exports,
 * digests, and preparing the records compilation and research write into). All act as the
 * run's client (row-level security applies to the worker too).
 */
export function createIntegrationActivities(deps: IntegrationActivityDeps) {
  const log = deps.logger.child({ module: 'integrations' });
  const store = async (clientId: string, key: string, body: string, contentType: string) => {
    if (!deps.storage) throw ApplicationFailure.nonRetryable('Exports are not configured on this worker (it needs object storage)', 'InvalidRunInput');
    const bytes = Buffer.from(body, 'utf8');
    const { object } = await deps.storage.put(clientId, key, Readable.from([bytes]), { contentType, contentLength: bytes.length });
    return object;
  };
  return {
    async markRunStarted(input: { clientId: string; runId: string; progress: RunProgress }): Promise<void> {
      await deps.runs.asClient(input.clientId, (tx) => tx.progress(input.runId, input.progress));
    },

    /** Idempotent: an already finished run is left as it ended. */
    async finishRun(input: { clientId: string; runId: string; end: RunEnd }): Promise<void> {
      const changed = await deps.runs.asClient(input.clientId, (tx) => tx.finish(input.runId, input.end));
      log.info({ runId: input.runId, status: input.end.status, changed }, 'integration run finished');
    },

    /** Enqueues the run's webhook event once it has ended (a no-op without a webhook, and for an event already queued). */
    async notifyWebhook(input: { clientId: string; runId: string }): Promise<void> {
      const run = await deps.runs.asClient(input.clientId, (tx) => tx.find(input.runId));
      if (!run?.webhookUrl || (run.status !== 'completed' && run.status !== 'failed' && run.status !== 'cancelled')) return;
      if (!deps.enqueueWebhook) {
        log.error({ runId: run.id }, 'this worker cannot deliver webhooks (no queue configured)');
        return;
      }
      const event: WebhookEvent = { id: run.id, type: run.type, status: run.status, result_links: run.result?.links ?? {}, error: run.error, occurred_at: run.finishedAt ?? run.updatedAt };
      await deps.enqueueWebhook({ runId: run.id, clientId: input.clientId, url: run.webhookUrl, eventId: `${run.id}-${run.status}`, body: JSON.stringify(event) });
    },

    /** What a re-ingestion did, per jurisdiction, with the change summaries the ingestion recorded. */
    async summariseReingest(input: { ingestionRunId: string; results: JurisdictionResult[] }): Promise<RunResult> {
      const index = new Map(input.results.map((r) => [r.jurisdiction, r.index ?? null]));
      const run = (await deps.db('ingestion_runs').where({ id: input.ingestionRunId }).first('status', 'started_at', 'finished_at')) as { status: string } | undefined;
      const rows = (await deps.db('ingestion_results').where({ run_id: input.ingestionRunId }).orderBy('jurisdiction').select('jurisdiction', 'outcome', 'version', 'error', 'change_summary')) as Array<{
        jurisdiction: string;
        outcome: 'created' | 'updated' | 'unchanged' | 'failed';
        version: number | null;
        error: string | null;
        change_summary: unknown;
      }>;
      const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
      for (const r of rows) counts[r.outcome]++;
      return {
        ingestion_run_id: input.ingestionRunId,
        status: run?.status ?? 'unknown',
        counts,
        jurisdictions: rows.map((r) => ({ jurisdiction: r.jurisdiction, outcome: r.outcome, version: r.version, error: r.error, change_summary: r.change_summary ?? null, index: index.get(r.jurisdiction) ?? null })),
        links: { jurisdictions: '/api/v2/transparency/jurisdictions' },
      };
    },

    /** The compilation a `compile` run drives; the run's id keys it, so a retried activity finds the same one. */
    async prepareCompilation(input: { clientId: string; runId: string; request: CompileRequest }): Promise<{ compilationId: string }> {
      const { record } = await deps.compilations.asUser(input.clientId, (tx) =>
        tx.create({ title: input.request.title, request: input.request, idempotencyKey: `integration-run-${input.runId}`, requestHash: sha256Hex(canonicalJson(input.request)), total: input.request.parts.length }),
      );
      return { compilationId: record.id };
    },

    /** The conversation and pending answer a `research` run writes its result into. */
    async prepareResearch(input: { clientId: string; runId: string; question: string; jurisdictions: string[] }): Promise<{ conversationId: string; messageId: string }> {
      return deps.conversations.asUser(input.clientId, async (tx) => {
        const conversation = await tx.createConversation(input.question.slice(0, 200));
        await tx.addMessage({ conversationId: conversation.id, role: 'user', mode: 'research', status: 'complete', content: input.question });
        const message = await tx.addMessage({ conversationId: conversation.id, role: 'assistant', mode: 'research', status: 'running', content: '', meta: { integration_run: input.runId } });
        return { conversationId: conversation.id, messageId: message.id };
      });
    },

    async readResearch(input: { clientId: string; conversationId: string; messageId: string }): Promise<RunResult> {
      const message = await deps.conversations.asUser(input.clientId, (tx) => tx.findMessage(input.messageId));
      if (!message) throw ApplicationFailure.nonRetryable('The research answer was not stored', 'ResearchFailed');
      return {
        conversation_id: input.conversationId,
        message_id: message.id,
        answer: message.content,
        citations: message.citations,
        table: (message.research as { table?: unknown } | null)?.table ?? null,
        links: { conversation: `/api/chat/conversations/${input.conversationId}` },
      };
    },

    /** The law database as CSV and/or JSON files in the client's storage, under exports/{run id}/. */
    async exportLawDatabase(input: { clientId: string; runId: string; input: ExportInput }): Promise<RunResult> {
      const files: Array<{ table: string; format: string; key: string; rows: number; size: number; sha256: string }> = [];
      const links: Record<string, string> = {};
      for (const [name, spec] of Object.entries(EXPORT_TABLES)) {
        const query = deps.db(spec.table).select(spec.columns).orderBy(spec.order.map((column) => ({ column })));
        if (input.input.jurisdictions?.length) void query.whereIn(name === 'jurisdictions' ? 'slug' : 'jurisdiction', input.input.jurisdictions);
        const rows = (await query) as Array<Record<string, unknown>>;
        for (const format of input.input.formats) {
          const key = `exports/${input.runId}/${name}.${format}`;
          const object = format === 'csv' ? await store(input.clientId, key, toCsv(spec.columns, rows), 'text/csv; charset=utf-8') : await store(input.clientId, key, `${JSON.stringify(rows, null, 1)}\n`, 'application/json');
          files.push({ table: name, format, key, rows: rows.length, size: object.size, sha256: object.sha256 });
          links[`${name}.${format}`] = `/api/storage/objects/${encodeURIComponent(key)}`;
        }
        Context.current().heartbeat({ table: name });
      }
      return { files, links };
    },

    /** The caller's own FOIA requests that are overdue or due within the window, soonest first. */
    async foiaDigest(input: { clientId: string; input: FoiaDigestInput }): Promise<RunResult> {
      const due: Array<Record<string, unknown>> = [];
      let cursor: string | undefined;
      do {
        const page = await deps.foia.list(input.clientId, { sort: 'due_date', limit: 100, ...(cursor ? { cursor } : {}) });
        for (const r of page.data) {
          if (r.days_until_due === null || r.days_until_due > input.input.within_days) continue;
          due.push({ id: r.id, subject: r.subject, agency: r.agency.name, jurisdiction: r.jurisdiction, status: r.status, due_date: r.due_date, days_until_due: r.days_until_due, overdue: r.overdue });
        }
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return {
        as_of: new Date().toISOString(),
        within_days: input.input.within_days,
        overdue: due.filter((r) => r.overdue).length,
        requests: due,
        links: { requests: '/api/foia/requests?sort=due_date' },
      };
    },
  };
}

export type IntegrationActivities = ReturnType<typeof createIntegrationActivities>;

/** The integration activities' dependencies over the worker's database (storage and the webhook queue as the process has them). */
export function integrationDepsOver(db: Knex, options: { storage?: StorageService; enqueueWebhook?: (data: WebhookDeliveryData) => Promise<void> } = {}): Omit<IntegrationActivityDeps, 'logger'> {
  return {
    db,
    runs: createPgRunStore(db),
    compilations: createPgCompilationStore(db),
    conversations: createPgConversationStore(db),
    foia: createFoiaService({ requests: createPgFoiaRequestStore(db), law: createPgFoiaLawStore(db) }),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.enqueueWebhook ? { enqueueWebhook: options.enqueueWebhook } : {}),
  };
}
