import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import type { Logger } from '../logger/logger.js';
import { createPgRequestLogStore, type RequestLogRow, type RequestLogStore } from './request-log-store.js';
import { RequestRecorder } from './request-recorder.js';

/** A logger that keeps what was warned. */
function capturingLogger(): Logger & { warnings: Array<{ fields: Record<string, unknown>; message: string }> } {
  const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const logger = {
    warnings,
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
    info: () => undefined,
    error: () => undefined,
    debug: () => undefined,
    child: () => logger,
  };
  return logger as unknown as Logger & { warnings: typeof warnings };
}

const row = (i: number, over: Partial<RequestLogRow> = {}): RequestLogRow => ({
  requestId: `req-${i}`, sub: `user-${i}`, azp: null, method: 'GET', route: '/api/foia/requests', status: 200, durationMs: 3, occurredAt: new Date(), ...over,
});

let database: TestDatabase;
let store: RequestLogStore;
beforeAll(async () => {
  database = await createTestDatabase();
  store = createPgRequestLogStore(database.db);
});
afterAll(async () => {
  await database?.drop();
});
beforeEach(async () => {
  await database.db('api_requests').del();
});

const recorded = async () => (await database.db('api_requests').select('request_id').orderBy('request_id')).map((r) => r.request_id as string);

describe('RequestRecorder against Postgres', () => {
  it('sets aside a row the database refuses and records every other row, with one short warning', async () => {
    const logger = capturingLogger();
    const recorder = new RequestRecorder({ store, logger, flushIntervalMs: 60_000, maxBatch: 50 });
    // A status beyond `integer` is refused by Postgres itself (22003), whatever the code does.
    for (let i = 0; i < 120; i++) recorder.record(row(i, i === 37 || i === 90 ? { status: 9_999_999_999 } : {}));
    await recorder.close();
    const ids = await recorded();
    expect(ids).toHaveLength(118);
    expect(ids).not.toContain('req-37');
    expect(ids).not.toContain('req-90');
    expect(recorder.lost).toEqual({ setAside: 2, droppedForSpace: 0 });
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]!.fields).toMatchObject({ code: '22003', set_aside: 1 });
    expect(JSON.stringify(logger.warnings)).not.toMatch(/insert into|req-\d|user-\d/i);
  });

  it('stores a sub holding U+0000 or an unpaired surrogate (replaced), instead of failing the batch', async () => {
    const recorder = new RequestRecorder({ store, logger: capturingLogger(), flushIntervalMs: 60_000 });
    recorder.record(row(1, { sub: 'alice\u0000admin' }));
    recorder.record(row(2, { azp: 'client\ud800' }));
    recorder.record(row(3));
    await recorder.close();
    const rows = await database.db('api_requests').select('sub', 'azp').orderBy('request_id');
    expect(rows).toEqual([
      { sub: 'alice\uFFFDadmin', azp: null },
      { sub: 'user-2', azp: 'client\uFFFD' },
      { sub: 'user-3', azp: null },
    ]);
  });

  it('keeps rows while the database is unreachable and records them once it is back, warning once', async () => {
    const logger = capturingLogger();
    let down = true;
    const flaky: RequestLogStore = {
      insertMany: async (rows) => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        await store.insertMany(rows);
      },
      summarize: store.summarize,
    };
    const recorder = new RequestRecorder({ store: flaky, logger, flushIntervalMs: 60_000, maxBatch: 10 });
    for (let i = 0; i < 25; i++) recorder.record(row(i));
    await recorder.flush();
    await recorder.flush();
    expect(await recorded()).toEqual([]);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]!.fields).toMatchObject({ code: 'ECONNREFUSED', buffered: 25 });
    down = false;
    await recorder.close();
    expect(await recorded()).toHaveLength(25);
  });

  it('drops the oldest rows beyond its buffer and counts them', async () => {
    const recorder = new RequestRecorder({ store, logger: capturingLogger(), flushIntervalMs: 60_000, maxBatch: 1000, maxBuffered: 5 });
    for (let i = 0; i < 8; i++) recorder.record(row(i));
    await recorder.close();
    expect(await recorded()).toEqual(['req-3', 'req-4', 'req-5', 'req-6', 'req-7']);
    expect(recorder.lost.droppedForSpace).toBe(3);
  });
});
