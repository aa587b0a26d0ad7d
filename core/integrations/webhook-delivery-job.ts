import { UnrecoverableError, type JobsOptions, type Queue } from 'bullmq';
import { z } from 'zod';
import type { Logger } from '../logger/logger.js';
import { QueueJob } from '../queue/queue-job.js';
import type { RunStore } from './run-store.js';
import { clientWebhookSecret, SIGNATURE_HEADER, signWebhook } from './webhook-signature.js';
import { webhookUrlProblem } from './webhook-url.js';

/** The queue of webhook deliveries. */
export const WEBHOOK_QUEUE = 'webhooks';
/** The custom backoff's name (the queue runner's strategy answers it). */
export const WEBHOOK_BACKOFF = 'webhook-jittered-exponential';

const dataSchema = z.object({
  runId: z.uuid(),
  clientId: z.string().min(1),
  url: z.string().min(1),
  eventId: z.string().min(1),
  body: z.string().min(2),
});
export type WebhookDeliveryData = z.infer<typeof dataSchema>;

/** How deliveries are retried: exponential from `baseMs`, capped at `capMs`, with jitter, for `forMs` in all. */
export interface WebhookRetryPolicy {
  baseMs: number;
  capMs: number;
  forMs: number;
}

/** Attempts that fit in the policy's time (without jitter, which only shortens waits). */
export function attemptsWithin(policy: WebhookRetryPolicy): number {
  let elapsed = 0;
  let attempts = 1;
  while (elapsed + delayBefore(attempts, policy, 1) <= policy.forMs) {
    elapsed += delayBefore(attempts, policy, 1);
    attempts++;
  }
  return attempts;
}

/**
 * The wait after the `attemptsMade`-th failure: base × 2^(n−1), capped, times a factor in
 * [0.5, 1) ("equal jitter"), so receivers that recover are not hit by every sender at once.
 */
export function delayBefore(attemptsMade: number, policy: WebhookRetryPolicy, random: number = Math.random()): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(exponential * (0.5 + random / 2));
}

/** Longest a receiver may take to answer. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Delivers one webhook event: signs the body with the client's secret (HMAC-SHA256 over
 * "timestamp.body", `Sunlight-Signature: t=…,v1=…`), POSTs it, and records the attempt in the
 * run's delivery log. A non-2xx answer or a network error fails the job, which BullMQ retries
 * with jittered exponential backoff for about a day; a URL that is (now) private is refused
 * and not retried.
 */
export class WebhookDeliveryJob extends QueueJob<WebhookDeliveryData, { status: number }> {
  static readonly jobName = 'integrations.webhook-delivery';
  readonly name = WebhookDeliveryJob.jobName;
  readonly queueName = WEBHOOK_QUEUE;
  override readonly options: JobsOptions;

  constructor(
    private readonly deps: { runs: RunStore; signingKey: string; allowPrivate: boolean; retry: WebhookRetryPolicy; logger: Logger; fetch?: typeof fetch },
  ) {
    super();
    this.options = {
      attempts: attemptsWithin(deps.retry),
      backoff: { type: WEBHOOK_BACKOFF },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 5_000 },
    };
  }

  parse(data: unknown): WebhookDeliveryData {
    return dataSchema.parse(data);
  }

  async perform(data: WebhookDeliveryData): Promise<{ status: number }> {
    const { runs, signingKey, logger } = this.deps;
    const attempt = (await runs.asClient(data.clientId, (tx) => tx.deliveries(data.runId))).filter((d) => d.eventId === data.eventId).length + 1;
    const record = (d: { statusCode: number | null; outcome: 'delivered' | 'failed' | 'refused'; error: string | null; latencyMs: number }) =>
      runs.asClient(data.clientId, (tx) => tx.addDelivery(data.runId, { eventId: data.eventId, attempt, url: data.url, ...d }));

    const problem = await webhookUrlProblem(data.url, { allowPrivate: this.deps.allowPrivate });
    if (problem) {
      await record({ statusCode: null, outcome: 'refused', error: problem, latencyMs: 0 });
      // Not retried: the address will not become acceptable by waiting.
      throw new UnrecoverableError(problem);
    }
    const started = performance.now();
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await (this.deps.fetch ?? fetch)(data.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(clientWebhookSecret(signingKey, data.clientId), data.body, timestamp), 'user-agent': 'Sunlight-Webhooks/1' },
        body: data.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.body?.cancel().catch(() => undefined);
      const latencyMs = performance.now() - started;
      const delivered = res.status >= 200 && res.status < 300;
      await record({ statusCode: res.status, outcome: delivered ? 'delivered' : 'failed', error: delivered ? null : `HTTP ${res.status}`, latencyMs });
      if (!delivered) throw new Error(`The receiver answered ${res.status}`);
      logger.info({ runId: data.runId, attempt, status: res.status }, 'webhook delivered');
      return { status: res.status };
    } catch (err) {
      if ((err as Error).message.startsWith('The receiver answered')) throw err;
      const message = (err as Error).name === 'TimeoutError' ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : 'Could not connect to the receiver';
      await record({ statusCode: null, outcome: 'failed', error: message, latencyMs: performance.now() - started });
      throw new Error(message);
    }
  }
}

/** The backoff strategy the webhook queue's worker uses (BullMQ's `settings.backoffStrategy`). */
export function webhookBackoffStrategy(policy: WebhookRetryPolicy) {
  return (attemptsMade: number, type?: string): number => (type === WEBHOOK_BACKOFF ? delayBefore(attemptsMade, policy) : 0);
}

/** Enqueues deliveries; the job id makes a repeated enqueue of the same event a no-op. */
export function webhookEnqueuer(queue: Queue, job: WebhookDeliveryJob) {
  return async (data: WebhookDeliveryData): Promise<void> => {
    await queue.add(job.name, data, { ...job.options, jobId: data.eventId });
  };
}
