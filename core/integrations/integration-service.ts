import { WorkflowExecutionAlreadyStartedError, type Client, type Connection } from '@temporalio/client';
import { isUuid } from '../http/uuid.js';
// A CommonJS module whose exports Node cannot list for ESM: take the namespace from the default export.
import protos from '@temporalio/proto';
import { z } from 'zod';
import { unknownJurisdictions } from '../documents/compilation-service.js';
import { canonicalJson, sha256Hex } from '../documents/assemble-packet.js';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import type { Logger } from '../logger/logger.js';
import {
  INTEGRATION_WORKFLOW,
  integrationProgressQuery,
  integrationWorkflowId,
  RUN_CLIENT_ATTRIBUTE,
  RUN_TYPE_ATTRIBUTE,
  type IntegrationRunInput,
} from '../../workflows/integration-contracts.js';
import type { IntegrationRequest, IntegrationType, RunProgress, RunResult, RunStatus } from './integration-types.js';
import type { DeliveryRecord, RunRecord, RunStore } from './run-store.js';
import { clientWebhookSecret, SIGNATURE_HEADER } from './webhook-signature.js';
import { webhookUrlProblem } from './webhook-url.js';

/** A run as the API shows it. */
export interface RunView {
  id: string;
  type: IntegrationType;
  status: RunStatus;
  input: unknown;
  progress: RunProgress | null;
  result: RunResult | null;
  error: string | null;
  webhook: { url: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** From start to end (or to now, while it runs), in milliseconds; null before it starts. */
  duration_ms: number | null;
  links: { self: string; cancel: string; deliveries: string; workflow_id: string };
}

export interface DeliveryView {
  event_id: string;
  attempt: number;
  url: string;
  status_code: number | null;
  outcome: DeliveryRecord['outcome'];
  error: string | null;
  latency_ms: number;
  attempted_at: string;
}

export interface IntegrationService {
  start(caller: { sub: string; azp: string | null }, request: IntegrationRequest, options: { webhookUrl?: string; idempotencyKey?: string }): Promise<{ view: RunView; created: boolean }>;
  get(clientId: string, id: string): Promise<RunView>;
  list(clientId: string, query: { limit: number; cursor?: string; types?: IntegrationType[]; statuses?: RunStatus[] }): Promise<ListEnvelope<RunView>>;
  cancel(clientId: string, id: string): Promise<RunView>;
  deliveries(clientId: string, id: string): Promise<ListEnvelope<DeliveryView>>;
  /** The caller's webhook signing secret and how signatures are made. */
  webhookSecret(clientId: string): { secret: string; header: string; algorithm: string; signed_payload: string; tolerance_seconds: number };
}

export interface IntegrationServiceDeps {
  runs: RunStore;
  temporal: { client: Client; connection: Connection; namespace: string; taskQueue: string };
  jurisdictionSlugs: () => Promise<readonly string[]>;
  webhooks: { signingKey: string; allowPrivate: boolean };
  logger?: Logger;
}

const BASE = '/api/integrations/workflows';
const listCursor = z.object({ c: z.string(), i: z.string().refine(isUuid) });

function present(r: RunRecord, live?: RunProgress | null): RunView {
  const started = r.startedAt ? Date.parse(r.startedAt) : null;
  const ended = r.finishedAt ? Date.parse(r.finishedAt) : Date.now();
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    input: r.input,
    progress: live ?? r.progress,
    result: r.result,
    error: r.error,
    webhook: r.webhookUrl ? { url: r.webhookUrl } : null,
    created_at: r.createdAt,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
    duration_ms: started === null ? null : Math.max(0, ended - started),
    links: { self: `${BASE}/${r.id}`, cancel: `${BASE}/${r.id}/cancel`, deliveries: `${BASE}/${r.id}/deliveries`, workflow_id: integrationWorkflowId(r.id) },
  };
}

/** Registers the runs' search attributes on the namespace (once per process; already there is fine). */
async function registerSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const keyword = protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
  try {
    await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: { [RUN_TYPE_ATTRIBUTE.name]: keyword, [RUN_CLIENT_ATTRIBUTE.name]: keyword } });
  } catch (err) {
    if (!/already exists/i.test((err as Error).message)) throw err;
  }
}

/**
 * Integration runs: a row per run of a client (under row-level security: another client's run
 * is not found) and a Temporal workflow per run, tagged with its type and client for the Web UI.
 */
export function createIntegrationService(deps: IntegrationServiceDeps): IntegrationService {
  const { runs, temporal } = deps;
  const withDeadline = <T>(fn: () => Promise<T>) => temporal.client.withDeadline(Date.now() + 5_000, fn);
  let registered: Promise<boolean> | null = null;

  const find = async (clientId: string, id: string): Promise<RunRecord> => {
    const record = isUuid(id) ? await runs.asClient(clientId, (tx) => tx.find(id)) : null;
    if (!record) throw new NotFoundError('Workflow run not found', { id });
    return record;
  };

  /**
   * Whether runs can carry their search attributes: registered once per process; where the
   * namespace refuses (a managed service without operator rights), runs start without them.
   */
  const attributesReady = (): Promise<boolean> =>
    (registered ??= withDeadline(() => registerSearchAttributes(temporal.connection, temporal.namespace)).then(
      () => true,
      (err: unknown) => {
        // An engine that is down is asked again next time; a refusal is final for this process.
        if (/unavailable|deadline|connect/i.test((err as Error).message)) registered = null;
        deps.logger?.warn({ err: { message: (err as Error).message } }, 'could not register the runs’ search attributes; runs start without them');
        return false;
      },
    ));

  const start = async (record: RunRecord): Promise<void> => {
    const input = { type: record.type, input: record.input, runId: record.id, clientId: record.clientId } as IntegrationRunInput;
    try {
      const tagged = await attributesReady();
      await withDeadline(() =>
        temporal.client.workflow.start(INTEGRATION_WORKFLOW, {
          taskQueue: temporal.taskQueue,
          workflowId: integrationWorkflowId(record.id),
          args: [input],
          ...(tagged
            ? {
                typedSearchAttributes: [
                  { key: RUN_TYPE_ATTRIBUTE, value: record.type },
                  { key: RUN_CLIENT_ATTRIBUTE, value: record.clientId },
                ],
              }
            : {}),
          staticSummary: `${record.type} for ${record.clientId}`,
        }),
      );
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      deps.logger?.warn({ err: { name: (err as Error).name, message: (err as Error).message }, runId: record.id }, 'could not start an integration run');
      await runs.asClient(record.clientId, (tx) => tx.finish(record.id, { status: 'failed', error: 'The run could not be started: the workflow engine is unreachable' }));
      throw new ServiceUnavailableError('The workflow engine is unreachable; try again shortly');
    }
  };

  return {
    async start(caller, request, options) {
      if (options.webhookUrl) {
        const problem = await webhookUrlProblem(options.webhookUrl, { allowPrivate: deps.webhooks.allowPrivate });
        if (problem) throw new ValidationError('Request validation failed', [{ path: 'body.webhook.url', message: problem }]);
      }
      if (request.type === 'compile') {
        const unknown = unknownJurisdictions(request.input, new Set(await deps.jurisdictionSlugs()), 'body.input');
        if (unknown.length > 0) throw new ValidationError('Request validation failed', unknown);
      }
      const requestHash = sha256Hex(canonicalJson({ request, webhook: options.webhookUrl ?? null }));
      const { record, created } = await runs.asClient(caller.sub, (tx) =>
        tx.create({ authorizedParty: caller.azp, request, idempotencyKey: options.idempotencyKey ?? null, requestHash, webhookUrl: options.webhookUrl ?? null }),
      );
      if (!created && record.requestHash !== requestHash) throw new ConflictError('This Idempotency-Key was used for a different workflow request', { id: record.id });
      if (created || record.status === 'queued') await start(record);
      return { view: present(record), created };
    },
    async get(clientId, id) {
      const record = await find(clientId, id);
      const live =
        record.status === 'running' || record.status === 'queued'
          ? await withDeadline(() => temporal.client.workflow.getHandle(integrationWorkflowId(id)).query(integrationProgressQuery)).catch(() => null)
          : null;
      return present(record, live);
    },
    async list(clientId, query) {
      const after = decodeCursor(query.cursor, listCursor);
      const { rows, total } = await runs.asClient(clientId, (tx) =>
        tx.list({ limit: query.limit + 1, after: after ? { createdAt: after.c, id: after.i } : null, ...(query.types ? { types: query.types } : {}), ...(query.statuses ? { statuses: query.statuses } : {}) }),
      );
      const data = rows.slice(0, query.limit);
      const last = data.at(-1);
      return { data: data.map((r) => present(r)), total, next_cursor: rows.length > query.limit && last ? encodeCursor({ c: last.createdAt, i: last.id }) : null };
    },
    async cancel(clientId, id) {
      const record = await find(clientId, id);
      if (record.status !== 'queued' && record.status !== 'running') throw new ConflictError(`The run has already ${record.status === 'cancelled' ? 'been cancelled' : record.status}`, { status: record.status });
      // The workflow records the cancellation (and notifies the webhook) as it stops.
      await withDeadline(() => temporal.client.workflow.getHandle(integrationWorkflowId(id)).cancel()).catch((err: unknown) => {
        deps.logger?.warn({ err: { name: (err as Error).name, message: (err as Error).message }, runId: id }, 'could not cancel an integration run');
        throw new ServiceUnavailableError('The workflow engine is unreachable; try again shortly');
      });
      return present(await find(clientId, id), { step: 'cancelling' });
    },
    async deliveries(clientId, id) {
      await find(clientId, id);
      const rows = await runs.asClient(clientId, (tx) => tx.deliveries(id));
      const data = rows.map((d) => ({ event_id: d.eventId, attempt: d.attempt, url: d.url, status_code: d.statusCode, outcome: d.outcome, error: d.error, latency_ms: Math.round(d.latencyMs), attempted_at: d.attemptedAt }));
      return { data, total: data.length, next_cursor: null };
    },
    webhookSecret(clientId) {
      return {
        secret: clientWebhookSecret(deps.webhooks.signingKey, clientId),
        header: SIGNATURE_HEADER,
        algorithm: 'HMAC-SHA256, hex',
        signed_payload: '<t>.<raw request body>, with t the unix time in the header (t=<t>,v1=<signature>)',
        tolerance_seconds: 300,
      };
    },
  };
}
