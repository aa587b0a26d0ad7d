import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createLogger } from '../core/logger/logger.js';
import { createTemporalClient } from '../core/temporal/temporal-client.js';
import { corpusDir, legalFactsDir } from '../test/support/corpus-dir.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { createTemporalWorker } from './create-worker.js';
import { installTemporalRuntime } from './temporal-runtime.js';

const taskQueue = `system-check-${process.pid}`;
let connection: NativeConnection;
let database: TestDatabase;

beforeAll(async () => {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  database = await createTestDatabase();
  connection = await NativeConnection.connect({ address: inject('temporalAddress') });
});
afterAll(async () => {
  await connection?.close();
  await database?.drop();
});

describe('Temporal worker', () => {
  it('runs the system-check workflow end to end on the dev server', async () => {
    const logger = createLogger({ level: 'silent' });
    const worker = await createTemporalWorker({
      connection,
      namespace: 'default',
      taskQueue,
      logger,
      ingestion: { db: database.db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() },
    });
    const { client, connection: clientConnection } = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });
    try {
      const result = await worker.runUntil(
        client.workflow.execute('systemCheck', {
          taskQueue,
          workflowId: `system-check-${Date.now()}`,
          args: [{ message: 'hello' }],
        }),
      );
      expect(result).toMatchObject({ echo: 'hello', worker: { taskQueue, pid: process.pid } });
    } finally {
      await clientConnection.close();
    }
  });
});
