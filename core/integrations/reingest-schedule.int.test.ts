import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../logger/logger.js';
import { createTemporalClient, type TemporalClientHandle } from '../temporal/temporal-client.js';
import { REINGEST_SCHEDULE_ID, syncReingestSchedule } from './reingest-schedule.js';

let temporal: TemporalClientHandle;
const logger = createLogger({ level: 'silent' });
beforeAll(() => {
  temporal = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });
});
afterAll(async () => {
  await syncReingestSchedule(temporal.client, { cron: '', taskQueue: 'x', logger }).catch(() => undefined);
  await temporal?.connection.close();
});

describe('the scheduled re-ingestion (a Temporal Schedule on the dev server)', () => {
  it('is created from the cron, updated when it changes, and removed when the cron is empty', async () => {
    const taskQueue = `reingest-schedule-${process.pid}`;
    expect(await syncReingestSchedule(temporal.client, { cron: '', taskQueue, logger })).toBe('none');
    expect(await syncReingestSchedule(temporal.client, { cron: '0 3 * * *', taskQueue, logger })).toBe('created');
    const handle = temporal.client.schedule.getHandle(REINGEST_SCHEDULE_ID);
    let described = await handle.describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'ingestCorpus', taskQueue, args: [{ force: false }] });
    expect(described.policies.overlap).toBe('SKIP');
    expect(described.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 3, end: 3, step: 1 }] });

    expect(await syncReingestSchedule(temporal.client, { cron: '30 4 * * 1', taskQueue, logger })).toBe('updated');
    described = await handle.describe();
    expect(described.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 4, end: 4, step: 1 }], minute: [{ start: 30, end: 30, step: 1 }] });

    expect(await syncReingestSchedule(temporal.client, { cron: '', taskQueue, logger })).toBe('deleted');
    await expect(handle.describe()).rejects.toThrow();
  });
});
