import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLawDatabase } from '../../test/support/seed-law-database.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { createRecordTextQueries } from './record-text-queries.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLawDatabase(database.db);
  // An invented statute node whose one distinctive word is a number.
  await database.db.raw(
    `INSERT INTO law_sections (id, document_id, jurisdiction, label, section_number, path, parent_label, heading, text, depth, ordinal, citation, content_hash, source_path, source_kind, verified_date)
     SELECT 'sec:washington:42.56.911', document_id, jurisdiction, '42.56.911', '42.56.911', path, NULL, NULL, ?, depth, 999, 'RCW 42.56.911', 'invented', source_path, source_kind, verified_date
     FROM law_sections WHERE id = 'sec:washington:42.56.550'`,
    ['Invented: a recording of a "911" call is exempt from disclosure.'],
  );
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

describe('statuteSectionsMatching', () => {
  it('finds a statute node by a number the question holds ("911"), as it does by a word', async () => {
    const queries = createRecordTextQueries(database.db);
    expect((await queries.statuteSectionsMatching('washington', ['911'], 5)).map((s) => s.id)).toEqual(['sec:washington:42.56.911']);
    expect((await queries.statuteSectionsMatching('washington', ['recording'], 5)).map((s) => s.id)).toContain('sec:washington:42.56.911');
    // Each word's own best, after the best for all the words, without repeats.
    const both = (await queries.statuteSectionsMatching('washington', ['recording', 'inspection'], 1, { words: ['911', 'recording'], limit: 2 })).map((s) => s.id);
    expect(both).toContain('sec:washington:42.56.911');
    expect(new Set(both).size).toBe(both.length);
    // Other tokens are not lexemes to look up.
    expect(await queries.statuteSectionsMatching('washington', ['9', "911'); DROP TABLE law_sections; --"], 5)).toEqual([]);
  });
});

describe('statuteWordCounts', () => {
  it("counts the jurisdiction's statute nodes holding each word, and all of them", async () => {
    const queries = createRecordTextQueries(database.db);
    const counts = await queries.statuteWordCounts('washington', ['911', 'recording', 'zzzqqq', "x'); DROP TABLE law_sections; --"]);
    const nodes = Number((await database.db('law_sections').where({ jurisdiction: 'washington', source_kind: 'statute_text' }).count({ n: '*' }))[0]!.n);
    expect(counts.nodes).toBe(nodes);
    expect(counts.holding['911']).toBe(1);
    expect(counts.holding.recording).toBeGreaterThanOrEqual(1);
    expect(counts.holding.zzzqqq).toBe(0);
    // Only plain words and numbers are looked up.
    expect(Object.keys(counts.holding).sort()).toEqual(['911', 'recording', 'zzzqqq']);
    expect(await queries.statuteWordCounts('washington', [])).toEqual({ nodes, holding: {} });
  });
});
