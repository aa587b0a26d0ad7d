/** An API over its own seeded database whose FOIA service reads a clock the test moves. */
import { createPgFoiaLawStore } from '../../../../core/foia/foia-law-store.js';
import { createPgFoiaRequestStore } from '../../../../core/foia/foia-request-store.js';
import { createFoiaService } from '../../../../core/foia/foia-service.js';
import { seedFoiaLaw } from '../../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';

export interface ClockedFoiaApi {
  t: TestApi;
  database: TestDatabase;
  /** Sets the service's "now". */
  setNow(at: Date): void;
  close(): Promise<void>;
}

/** Starts the API on a fresh database with the invented law (and reviewed facts) of core/foia/testing. */
export async function startClockedFoiaApi(now: Date): Promise<ClockedFoiaApi> {
  let clock = now;
  const database = await createTestDatabase();
  await seedFoiaLaw(database.db);
  const t = await startTestApi({
    database,
    override: () => ({
      foia: createFoiaService({ requests: createPgFoiaRequestStore(database.db), law: createPgFoiaLawStore(database.db), now: () => clock }),
    }),
  });
  return {
    t,
    database,
    setNow: (at) => {
      clock = at;
    },
    close: async () => {
      await t.close();
      await database.drop();
    },
  };
}
