import { ScheduleNotFoundError, type Client } from '@temporalio/client';
import type { Logger } from '../logger/logger.js';

/** The schedule's id in the namespace. */
export const REINGEST_SCHEDULE_ID = 'sunlight-reingest';

/**
 * Keeps the scheduled re-ingestion in line with configuration: with a cron, a Temporal Schedule
 * that starts `ingestCorpus` (changed sources only) on it, created or updated; without one, no
 * schedule (an earlier one is deleted). Overlapping runs are skipped.
 */
export async function syncReingestSchedule(client: Client, options: { cron: string; taskQueue: string; logger: Logger }): Promise<'created' | 'updated' | 'deleted' | 'none'> {
  const handle = client.schedule.getHandle(REINGEST_SCHEDULE_ID);
  if (!options.cron) {
    try {
      await handle.delete();
      options.logger.info({ schedule: REINGEST_SCHEDULE_ID }, 'scheduled re-ingestion removed (REINGEST_CRON is empty)');
      return 'deleted';
    } catch (err) {
      if (err instanceof ScheduleNotFoundError) return 'none';
      throw err;
    }
  }
  const action = { type: 'startWorkflow' as const, workflowType: 'ingestCorpus', workflowId: 'ingest-corpus-scheduled', taskQueue: options.taskQueue, args: [{ force: false }] };
  try {
    await handle.update((previous) => ({ ...previous, spec: { cronExpressions: [options.cron] }, action }));
    options.logger.info({ schedule: REINGEST_SCHEDULE_ID, cron: options.cron }, 'scheduled re-ingestion updated');
    return 'updated';
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
  await client.schedule.create({ scheduleId: REINGEST_SCHEDULE_ID, spec: { cronExpressions: [options.cron] }, action, policies: { overlap: 'SKIP' } });
  options.logger.info({ schedule: REINGEST_SCHEDULE_ID, cron: options.cron }, 'scheduled re-ingestion created');
  return 'created';
}
