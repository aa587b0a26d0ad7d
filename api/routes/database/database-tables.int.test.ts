import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';

let s: SeededApi;
let token: string;
const HOLIDAYS = 250;

beforeAll(async () => {
  s = await startSeededApi();
  token = await s.t.token({ scope: 'read:database' });
  // Holidays are not part of the seed: enough of them for several export batches and pages.
  const rows = Array.from({ length: HOLIDAYS }, (_, i) => ({
    jurisdiction: ['federal', 'texas', 'washington', 'alabama'][i % 4],
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    name: i % 10 === 0 ? `Founders, "Day" ${i}` : `Holiday ${i}`,
    source_path: 'test/holidays.json',
  }));
  await s.t.database.db('holidays').insert(rows);
});
afterAll(async () => {
  await s?.close();
});

const get = (path: string, tok = token) => requestJson(s.t, path, { token: tok });

describe('GET /api/database/tables', () => {
  it('lists the published views with descriptions, typed columns and row counts', async () => {
    const { status, body } = await get('/api/database/tables');
    expect(status).toBe(200);
    const names = body.data.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['jurisdictions', 'statute_sections', 'rights', 'exemptions', 'legal_facts', 'holidays', 'response_deadlines', 'exemption_categories']));
    // Nothing of a user, nor the tables behind the views.
    for (const hidden of ['foia_requests', 'user_profiles', 'stored_objects', 'chat_conversations', 'projects', 'law_sections', 'knex_migrations']) expect(names).not.toContain(hidden);
    const holidays = body.data.find((t: { name: string }) => t.name === 'holidays');
    expect(holidays.row_count).toBe(HOLIDAYS);
    expect(holidays.description).toMatch(/holidays/i);
    expect(holidays.columns.find((c: { name: string }) => c.name === 'date')).toMatchObject({ type: 'date', description: 'Date of the holiday', filterable: true, sortable: true });
    const facts = body.data.find((t: { name: string }) => t.name === 'legal_facts');
    expect(facts.row_count).toBeGreaterThan(0);
    expect(facts.columns.find((c: { name: string }) => c.name === 'value')).toMatchObject({ type: 'jsonb', filterable: false });
    const jurisdictions = body.data.find((t: { name: string }) => t.name === 'jurisdictions');
    expect(jurisdictions.row_count).toBe(4);
  });

  it('needs read:database', async () => {
    const { status, body } = await get('/api/database/tables', s.token);
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 'AUTH_INSUFFICIENT_SCOPE', metadata: { required_scope: 'read:database' } });
  });
});

describe('GET /api/database/tables/{name}/rows', () => {
  it('answers a page with the selected columns, in order, and a cursor through the whole table', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `/api/database/tables/holidays/rows?columns=date,name&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await get(q);
      expect(status).toBe(200);
      expect(body.columns).toEqual([{ name: 'date', type: 'date' }, { name: 'name', type: 'text' }]);
      expect(body.total).toBe(HOLIDAYS);
      for (const row of body.data) {
        expect(Object.keys(row)).toEqual(['date', 'name']);
        seen.push(row.name);
      }
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(HOLIDAYS);
  });

  it('filters by equality, ranges, contains and null', async () => {
    const eq = await get('/api/database/tables/holidays/rows?jurisdiction=texas&limit=1000');
    expect(eq.body.total).toBe(63);
    expect(eq.body.data.every((r: { jurisdiction: string }) => r.jurisdiction === 'texas')).toBe(true);

    const range = await get('/api/database/tables/holidays/rows?date.gte=2026-02-01&date.lte=2026-02-28&limit=1000');
    expect(range.body.total).toBe(28);
    expect(range.body.data.every((r: { date: string }) => r.date >= '2026-02-01' && r.date <= '2026-02-28')).toBe(true);

    const gtLt = await get('/api/database/tables/holidays/rows?date.gt=2026-02-01&date.lt=2026-02-05&jurisdiction.ne=texas');
    // 2026-02-03 is Texas's (day 33 of the rows, 33 % 4 = 1).
    expect(gtLt.body.data.map((r: { date: string }) => r.date).sort()).toEqual(['2026-02-02', '2026-02-04']);

    const contains = await get('/api/database/tables/holidays/rows?name.contains=%22day%22');
    expect(contains.body.total).toBe(HOLIDAYS / 10);

    // LIKE's wildcards are literal text in contains.
    const wildcard = await get('/api/database/tables/holidays/rows?name.contains=%25');
    expect(wildcard.body.total).toBe(0);

    const nullFilter = await get('/api/database/tables/rights/rows?section_id.null=false&columns=id,section_id');
    expect(nullFilter.body.data.every((r: { section_id: string | null }) => r.section_id !== null)).toBe(true);

    const integer = await get('/api/database/tables/statute_sections/rows?depth.gte=1&columns=id,depth');
    expect(integer.status).toBe(200);
    expect(integer.body.data.length).toBeGreaterThan(0);
    expect(integer.body.data.every((r: { depth: number }) => r.depth >= 1)).toBe(true);

    const boolean = await get('/api/database/tables/legal_facts/rows?verified=true&columns=id,verified');
    expect(boolean.body.data.every((r: { verified: boolean }) => r.verified)).toBe(true);
  });

  it('sorts by any scalar column, either way, with the cursor keeping the order across pages', async () => {
    const all: Array<{ date: string; id: number }> = [];
    let cursor: string | null = null;
    do {
      const { body }: { body: { data: Array<{ date: string; id: number }>; next_cursor: string | null } } = await get(`/api/database/tables/holidays/rows?sort=-date&columns=id,date&limit=40${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...body.data);
      cursor = body.next_cursor;
    } while (cursor);
    expect(all).toHaveLength(HOLIDAYS);
    expect(all.map((r) => r.date)).toEqual([...all.map((r) => r.date)].sort().reverse());

    // A sort column with ties and nulls: every row exactly once.
    const rights: string[] = [];
    cursor = null;
    do {
      const { body }: { body: { data: Array<{ id: string }>; next_cursor: string | null } } = await get(`/api/database/tables/rights/rows?sort=section_id&columns=id&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      rights.push(...body.data.map((r) => r.id));
      cursor = body.next_cursor;
    } while (cursor);
    const total = (await get('/api/database/tables/rights/rows?limit=1')).body.total;
    expect(rights).toHaveLength(total);
    expect(new Set(rights).size).toBe(total);
  });

  it('exports a whole table as CSV in one streamed response', async () => {
    const res = await s.t.request('/api/database/tables/holidays/rows?format=csv', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="holidays.csv"');
    const text = await res.text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,jurisdiction,date,name,source_path');
    expect(lines).toHaveLength(HOLIDAYS + 1);
    expect(text).toContain('"Founders, ""Day"" 0"');
  });

  it('exports as NDJSON, filtered, sorted and limited when asked', async () => {
    const res = await s.t.request('/api/database/tables/holidays/rows?format=ndjson&jurisdiction=federal&sort=-date&columns=date', { token });
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const rows = (await res.text()).trimEnd().split('\n').map((l) => JSON.parse(l) as { date: string });
    expect(rows).toHaveLength(Math.ceil(HOLIDAYS / 4));
    expect(Object.keys(rows[0]!)).toEqual(['date']);
    expect(rows.map((r) => r.date)).toEqual(rows.map((r) => r.date).sort().reverse());
    const limited = await s.t.request('/api/database/tables/holidays/rows?format=ndjson&limit=7', { token });
    expect((await limited.text()).trimEnd().split('\n')).toHaveLength(7);
  });

  it('refuses unknown tables (404) and bad columns, operators and values (400) in the error envelope', async () => {
    const missing = await get('/api/database/tables/foia_requests/rows');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const injected = await get(`/api/database/tables/${encodeURIComponent('holidays; drop table x')}/rows`);
    expect(injected.status).toBe(404);

    const cases: Array<[string, RegExp]> = [
      ['columns=date,secret', /Unknown column "secret"/],
      ['sort=nope', /Unknown column "nope"/],
      ['sort=date;drop', /column name/],
      ['user_id=1', /Unknown column "user_id"/],
      ['date=tomorrow', /not a valid date/],
      ['id.gte=abc', /not a valid bigint/],
      ['date.contains=2026', /contains applies to text columns/],
      ['cursor=garbage', /Invalid cursor/],
      ['jurisdiction=texas&jurisdiction=federal', /given once/],
      ['format=xml', /Invalid option|expected one of/i],
    ];
    for (const [q, message] of cases) {
      const { status, body } = await get(`/api/database/tables/holidays/rows?${q}`);
      expect(status, q).toBe(400);
      expect(body.error.code, q).toBe('VALIDATION_ERROR');
      expect([body.error.message, ...(body.error.metadata?.issues ?? []).map((i: { message: string }) => i.message)].join(' | '), q).toMatch(message);
      expect(JSON.stringify(body), q).not.toMatch(/SELECT|stack|published"\./);
    }
    const jsonFilter = await get('/api/database/tables/legal_facts/rows?value=1');
    expect(jsonFilter.status).toBe(400);
    expect(jsonFilter.body.error.message).toMatch(/cannot be filtered/);

    const sorted = await get('/api/database/tables/holidays/rows?sort=-date&limit=5');
    const otherSort = await get(`/api/database/tables/holidays/rows?sort=name&cursor=${sorted.body.next_cursor}`);
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.error.message).toMatch(/another sort/);
  });
});
