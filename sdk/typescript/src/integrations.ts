/**
 * `client.integrations`: workflow runs for machine clients (`execute:workflows`): start a
 * re-ingestion, compilation, research, export or FOIA digest, watch it, cancel it, and read its
 * webhook delivery log. Webhook deliveries are checked with `verifyWebhookSignature`.
 */
import { WorkflowTimeoutError } from './errors.js';
import { idempotencyHeaders, segment, type CallOptions, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import { FINISHED_STATUSES, waitUntilFinished, type PollOptions } from './polling.js';
import type { StartWorkflowRequest, WebhookDeliveryList, WebhookSecret, WorkflowCatalogue, WorkflowRun, WorkflowRunList, WorkflowRunListQuery, WorkflowRunStatus } from './types.js';

const BASE = '/api/integrations/workflows';

/** Statuses a run ends in: `integrations.wait` resolves once it has one. */
export const FINISHED_RUN_STATUSES: ReadonlySet<WorkflowRunStatus> = new Set(FINISHED_STATUSES);

export interface StartWorkflowOptions {
  /**
   * Any unique text (1–255 visible ASCII): sending the same request again with the same key
   * answers the run the first one started instead of starting another (a different request
   * with a used key is a `ConflictError`). Use one per run you mean to make, e.g. a nightly
   * job's date.
   */
  idempotencyKey?: string;
}

/** How `integrations.wait` polls: `intervalMs`, `timeoutMs`, `onProgress` (with the run) and `signal`. */
export interface WaitForRunOptions extends PollOptions<WorkflowRun> {
  /** Give up after this long with a `WorkflowTimeoutError` (default 10 minutes); the run goes on. */
  timeoutMs?: number;
}

export class IntegrationsApi {
  constructor(private readonly http: Transport) {}

  /** The workflow types a run may have, each with the JSON Schema of its input and of its result. */
  async types(call?: CallOptions): Promise<WorkflowCatalogue> {
    return (await this.http.json<WorkflowCatalogue>({ method: 'GET', path: `${BASE}/types` }, call)).data;
  }

  /**
   * Starts a run: answers at once with it, `queued`; `wait` for it (or name a `webhook` URL
   * to be told when it ends). The input is the type's, as `types()` describes it. With
   * `idempotencyKey`, a repeat of the request answers the same run.
   */
  async start(request: StartWorkflowRequest, options: StartWorkflowOptions = {}, call?: CallOptions): Promise<WorkflowRun> {
    return (await this.http.json<WorkflowRun>({ method: 'POST', path: BASE, json: request, headers: idempotencyHeaders(options.idempotencyKey) }, call)).data;
  }

  /** A run: status, progress, result or error, timings (`NotFoundError` for another client's). */
  async get(id: string, call?: CallOptions): Promise<WorkflowRun> {
    return (await this.http.json<WorkflowRun>({ method: 'GET', path: `${BASE}/${segment(id)}` }, call)).data;
  }

  /** One page of the caller's runs, newest first, optionally of some types and/or statuses. */
  async list(query: WorkflowRunListQuery = {}, call?: CallOptions): Promise<WorkflowRunList> {
    return (await this.http.json<WorkflowRunList>({ method: 'GET', path: BASE, query }, call)).data;
  }

  /** Every run of the caller's matching `query`, newest first, following `next_cursor`. */
  listAll(query: Omit<WorkflowRunListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<WorkflowRun, void, undefined> {
    return paginateQuery((q: WorkflowRunListQuery) => this.list(q, call), query);
  }

  /** The same as `listAll` (the name the SDK's other lists use). */
  iterate(query: Omit<WorkflowRunListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<WorkflowRun, void, undefined> {
    return this.listAll(query, call);
  }

  /**
   * Cancels a run that has not finished: answers it as it is then (its progress `cancelling`);
   * the run reads `cancelled` once its workflow has stopped (`wait` for it), and its webhook is
   * told. A `ConflictError` once it has completed, failed or been cancelled.
   */
  async cancel(id: string, call?: CallOptions): Promise<WorkflowRun> {
    return (await this.http.json<WorkflowRun>({ method: 'POST', path: `${BASE}/${segment(id)}/cancel` }, call)).data;
  }

  /** The run's webhook delivery log: every attempt, with its status code, outcome and latency. */
  async deliveries(id: string, call?: CallOptions): Promise<WebhookDeliveryList> {
    return (await this.http.json<WebhookDeliveryList>({ method: 'GET', path: `${BASE}/${segment(id)}/deliveries` }, call)).data;
  }

  /** The caller's webhook signing secret (for `verifyWebhookSignature`), and how deliveries are signed. */
  async webhookSecret(call?: CallOptions): Promise<WebhookSecret> {
    return (await this.http.json<WebhookSecret>({ method: 'GET', path: '/api/integrations/webhook-secret' }, call)).data;
  }

  /**
   * Polls the run (every `intervalMs`) until it has completed, failed or been cancelled, and
   * resolves with it then: a failed one is answered, not thrown (see its `error`). After
   * `timeoutMs` it rejects with a `WorkflowTimeoutError` carrying the last state read; an
   * abort of `signal` rejects with the signal's reason. Each poll is one request with the
   * client's timeout and retries.
   */
  async wait(id: string, options: WaitForRunOptions = {}): Promise<WorkflowRun> {
    return waitUntilFinished(
      (call) => this.get(id, call),
      (run) => FINISHED_RUN_STATUSES.has(run.status),
      options,
      (timeoutMs, last) => new WorkflowTimeoutError(timeoutMs, last),
    );
  }
}
