import { Client, Connection } from '@temporalio/client';

export interface TemporalClientHandle {
  connection: Connection;
  client: Client;
}

/**
 * A Temporal client whose connection is made lazily, so the API starts (and reports
 * Temporal as down in its health) while the Temporal server is still starting.
 */
export function createTemporalClient(options: { address: string; namespace: string }): TemporalClientHandle {
  const connection = Connection.lazy({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  return { connection, client };
}

/** A cheap liveness probe: the gRPC health service, bounded by a deadline. */
export async function pingTemporal(connection: Connection, timeoutMs = 1500): Promise<void> {
  await connection.withDeadline(Date.now() + timeoutMs, () => connection.healthService.check({}));
}
