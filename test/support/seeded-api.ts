import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedLawDatabase } from './seed-law-database.js';
import { startTestApi, type TestApi } from './test-api.js';

/** The API over the invented law dataset, with a `read:transparency` token. */
export interface SeededApi {
  t: TestApi;
  token: string;
  close(): Promise<void>;
}

/**
 * Starts the API on a database seeded with the invented law dataset. With `ownVectorIndex`
 * the file gets an empty vector index of its own (the vector side runs, finding nothing).
 */
export async function startSeededApi(options: { ownVectorIndex?: boolean } = {}): Promise<SeededApi> {
  const dataDir = options.ownVectorIndex ? fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-search-test-')) : undefined;
  const t = await startTestApi(dataDir ? { env: { DATA_DIR: dataDir } } : {});
  await seedLawDatabase(t.database.db);
  const token = await t.token({ scope: 'read:transparency' });
  return {
    t,
    token,
    async close() {
      await t.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request answering its status and parsed JSON body. */
export async function requestJson(t: TestApi, urlPath: string, init: Parameters<TestApi['request']>[1] = {}): Promise<{ status: number; body: any }> {
  const res = await t.request(urlPath, init);
  return { status: res.status, body: await res.json() };
}
