/**
 * The published database through the SDK against the real API: tables, pages, iteration,
 * streamed exports, the admin console's answers and refusals, and status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { collect, ScopeError, SunlightError, ValidationError, type SunlightClient } from '../src/index.js';
import { sdkFor } from './harness.js';

let t: TestApi;
let reader: SunlightClient;
let admin: SunlightClient;

beforeAll(async () => {
  t = await startTestApi({ env: { DATABASE_QUERY_TIMEOUT_MS: '1000' } });
  await seedLawDatabase(t.database.db);
  await t.database.db('holidays').insert(
    Array.from({ length: 130 }, (_, i) => ({ jurisdiction: i % 2 ? 'texas' : 'federal', date: new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10), name: `Day ${i}`, source_path: 'sdk-test' })),
  );
  ({ client: reader } = sdkFor(t, { token: await t.token({ sub: 'sdk-reader', scope: 'read:database' }) }));
  ({ client: admin } = sdkFor(t, { token: await t.token({ sub: 'sdk-admin', scope: 'read:database admin:database' }) }));
});
afterAll(async () => {
  await t?.close();
});

describe('database (read:database)', () => {
  it('lists tables, reads pages and iterates every row', async () => {
    const tables = await reader.database.tables();
    expect(tables.find((x) => x.name === 'holidays')).toMatchObject({ row_count: 130 });
    const page = await reader.database.rows('holidays', { columns: ['date', 'name'], filters: { jurisdiction: 'texas', 'date.gte': '2027-02-01' }, sort: '-date', limit: 10 });
    expect(page.columns.map((c) => c.name)).toEqual(['date', 'name']);
    expect(page.data).toHaveLength(10);
    expect(page.total).toBe(65 - 15);
    const all = await collect(reader.database.iterRows('holidays', { limit: 50 }));
    expect(all).toHaveLength(130);
    await expect(reader.database.rows('holidays', { filters: { nope: 1 } })).rejects.toBeInstanceOf(ValidationError);
  });

  it('exports a whole table as CSV and NDJSON, streamed', async () => {
    const csv = await reader.database.export('holidays', 'csv');
    expect(csv.contentType).toMatch(/^text\/csv/);
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(131);
    const lines = await collect((await reader.database.export('holidays', 'ndjson', { columns: ['name'] })).lines());
    expect(lines.filter((l) => l !== '')).toHaveLength(130);
    const rows = await collect(reader.database.iterExport('holidays', { filters: { 'name.contains': 'day 1' } }));
    expect(rows.every((r) => String(r['name']).startsWith('Day 1'))).toBe(true);
    expect(rows.length).toBe(1 + 10 + 30);
  });

  it('may not query', async () => {
    await expect(reader.database.query('SELECT 1')).rejects.toBeInstanceOf(ScopeError);
  });
});

describe('database (admin:database)', () => {
  it('queries and reports refusals with their codes', async () => {
    const result = await admin.database.query('SELECT count(*) AS n FROM holidays');
    expect(result).toMatchObject({ columns: [{ name: 'n', type: 'bigint' }], rows: [[130]], truncated: false });
    const refused = await admin.database.query('SELECT * FROM public.foia_requests').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SunlightError);
    expect(refused).toMatchObject({ status: 403, code: 'QUERY_REFUSED' });
    await expect(admin.database.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ status: 422, code: 'QUERY_TIMEOUT' });
  });

  it('reads the status', async () => {
    const status = await admin.database.status();
    expect(status.migrations.pending).toEqual([]);
    expect(status.tables.length).toBeGreaterThan(10);
  });
});
