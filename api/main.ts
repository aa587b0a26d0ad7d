import { loadProcessConfig } from '../core/config/load-env-file.js';
import { createLogger } from '../core/logger/logger.js';
import { redisReady } from '../core/redis/redis.js';
import { syncReingestSchedule } from '../core/integrations/reingest-schedule.js';
import { createApp } from './app.js';
import { createHttpServer } from './http/http-server.js';
import { createApiContainer } from './wiring.js';

/** Entry point of the API process. */
async function main(): Promise<void> {
  const config = loadProcessConfig();
  const logger = createLogger({ level: config.log.level, format: config.log.format, name: 'sunlight-api' });
  const container = createApiContainer(config, logger);
  const { app } = createApp(container.deps);
  // The scheduled re-ingestion follows REINGEST_CRON; Temporal may still be starting, so this does not hold up the API.
  syncReingestSchedule(container.temporal.client, { cron: config.integrations.reingestCron, taskQueue: config.temporal.taskQueue, logger }).catch((err: unknown) =>
    logger.warn({ err: { message: (err as Error).message } }, 'could not sync the re-ingestion schedule; it is checked again at the next start'),
  );
  if (!(await redisReady(container.deps.redis, 3_000))) logger.warn('Redis is not reachable yet: rate limits count per instance until it is');
  const server = createHttpServer(app, { headersTimeoutMs: config.http.headersTimeoutMs, requestTimeoutMs: config.http.requestTimeoutMs });
  server.listen(config.http.port, config.http.host, () => {
    logger.info({ host: config.http.host, port: config.http.port, env: config.env }, 'api listening');
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api stopping');
    server.close(() => {
      container
        .close()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          logger.error({ err }, 'error while stopping');
          process.exit(1);
        });
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('api failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
