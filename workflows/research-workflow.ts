import { proxyActivities, setHandler } from '@temporalio/workflow';
import { rootMessage } from './failure-message.js';
import type { JurisdictionFinding } from '../core/chat/research/research-types.js';
import type { ResearchActivities } from '../workers/activities/research-activities.js';
import { researchProgressQuery, type ResearchInput, type ResearchOutcome, type ResearchProgress } from './research-contracts.js';

const LOOKUP_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 4, nonRetryableErrorTypes: ['InvalidResearchInput'] };

/** Planning and synthesis: pure work over the law database's names, seconds at most. */
const steps = proxyActivities<ResearchActivities>({ startToCloseTimeout: '1 minute', retry: LOOKUP_RETRY });

/** One jurisdiction's lookups and retrieval: reads only, safe to retry; heartbeats after each topic. */
const lookups = proxyActivities<ResearchActivities>({ startToCloseTimeout: '3 minutes', heartbeatTimeout: '30 seconds', retry: LOOKUP_RETRY });

/** Storing the result: idempotent (it overwrites the message), retried longer so a finished run is not lost. */
const store = proxyActivities<ResearchActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});

const LANES = 4;

/**
 * Deep research on a multi-step question: plan → per-jurisdiction lookups and retrieval
 * (a few at a time, each an activity) → synthesis with a comparison table and citations →
 * the result stored with the conversation. Progress is readable at any time through
 * `researchProgress`. A jurisdiction whose lookup fails is reported, not fatal.
 */
export async function researchQuestion(input: ResearchInput): Promise<ResearchOutcome> {
  const progress: ResearchProgress = { stage: 'planning', plan: null, total: 0, done: 0, running: [], failed: [] };
  setHandler(researchProgressQuery, () => progress);
  try {
    const plan = await steps.planResearch({ question: input.question, jurisdictions: input.jurisdictions ?? [] });
    Object.assign(progress, { stage: 'researching', plan, total: plan.jurisdictions.length });

    const findings = new Map<string, JurisdictionFinding>();
    const queue = plan.jurisdictions.map((j) => j.slug);
    const lane = async (): Promise<void> => {
      for (let slug = queue.shift(); slug !== undefined; slug = queue.shift()) {
        progress.running.push(slug);
        try {
          findings.set(slug, await lookups.researchJurisdiction({ plan, jurisdiction: slug }));
        } catch {
          progress.failed.push(slug);
        }
        progress.running = progress.running.filter((s) => s !== slug);
        progress.done++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, Math.max(1, queue.length)) }, lane));

    progress.stage = 'synthesizing';
    const ordered = plan.jurisdictions.flatMap((j) => findings.get(j.slug) ?? []);
    const result = await steps.synthesizeResearch({ plan, findings: ordered, failed: progress.failed });

    progress.stage = 'storing';
    await store.storeResearchResult({ userId: input.userId, messageId: input.messageId, status: 'complete', result, plan, progress: { ...progress, stage: 'done' } });
    progress.stage = 'done';
    return { status: 'complete', messageId: input.messageId, error: null };
  } catch (err) {
    const error = rootMessage(err);
    progress.stage = 'failed';
    await store.storeResearchResult({ userId: input.userId, messageId: input.messageId, status: 'failed', result: null, plan: progress.plan, progress, error });
    return { status: 'failed', messageId: input.messageId, error };
  }
}
