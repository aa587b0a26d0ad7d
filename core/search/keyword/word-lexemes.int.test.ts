import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test/support/test-env.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createPgKeywordStore } from './keyword-store.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

const postgres = async (text: string): Promise<string[]> =>
  ((await database.db.raw(`SELECT u.lexeme FROM unnest(to_tsvector('english', ?)) u ORDER BY u.positions[1]`, [text])).rows as Array<{ lexeme: string }>).map((r) => r.lexeme);

describe('a query\'s lexemes read from remembered stems', () => {
  it('are Postgres\' own for every labelled question, asked twice (learnt, then remembered)', async () => {
    const questions = ['queries.json', 'queries-everyday.json'].flatMap((f) =>
      (JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval/search', f), 'utf8')) as { queries: Array<{ query: string }> }).queries.map((q) => q.query),
    );
    expect(questions.length).toBeGreaterThan(300);
    const store = createPgKeywordStore(database.db);
    for (const round of [1, 2]) {
      for (const q of questions) expect(await store.lexemes(q), `${round}: ${q}`).toEqual(await postgres(q));
    }
  });

  it('are Postgres\' own for texts the parser does not read word by word', async () => {
    const store = createPgKeywordStore(database.db);
    const texts = [
      'Is the U.S. Department of Justice covered?',
      'open-records request fees',
      "the agency's e-mail records",
      'Tex. Gov\'t Code § 552.108(c)',
      'records at example.com or clerk@example.com',
      'Can the Agency charge FOR THE the the copies, copies?',
      'the and of to',
      '',
      'Públic récords in Puerto Rico',
    ];
    for (const round of [1, 2]) for (const t of texts) expect(await store.lexemes(t), `${round}: ${t}`).toEqual(await postgres(t));
  });
});
