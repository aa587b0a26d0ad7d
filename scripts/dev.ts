import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createKnex, migrateLatest } from '../core/db/knex.js';
import { DevIdentityProvider } from '../core/idp/dev-identity-provider.js';
import { createLogger } from '../core/logger/logger.js';
import { loadCliConfig, refuseInProduction } from './cli-config.js';
import { startNodeProcess, startTemporalDevServer, stopProcess } from './dev-processes.js';
import { startDevMailCatcher } from './dev-mail.js';
import { ensureDatabase } from './ensure-database.js';

/**
 * `make start`: everything a developer needs, in the foreground until Ctrl-C, which stops
 * everything this launcher started: the development identity provider, the Temporal dev
 * server (unless one already answers at TEMPORAL_ADDRESS), migrations, the Temporal worker,
 * the queue worker (BullMQ: FOIA reminders, follow-ups, letters) and the API. Without an
 * SMTP_URL, letters go to a mail catcher on loopback that keeps them under DATA_DIR/mail.
 */
/** Where the development mail catcher listens. */
const DEV_MAIL_PORT = 2525;

async function main(): Promise<void> {
  const config = loadCliConfig();
  refuseInProduction(config, 'The development launcher');
  const log = createLogger({ level: config.log.level, format: config.log.format, name: 'sunlight-dev' });
  const children: ChildProcess[] = [];
  let idp: DevIdentityProvider | undefined;
  let mail: { close(): Promise<void> } | undefined;
  let temporalProcess: ChildProcess | null = null;
  let stopping = false;

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping everything make start started');
    // Everything that talks to Temporal stops first, then the Temporal server itself.
    await Promise.all(children.filter((c) => c !== temporalProcess).map((c) => stopProcess(c)));
    await stopProcess(temporalProcess);
    await idp?.stop();
    await mail?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    await ensureDatabase(config.database.url);
    const db = createKnex({ url: config.database.url, poolMax: 2 });
    const applied = await migrateLatest(db);
    const ingested = Number((await db('jurisdictions').count<{ count: number }[]>('* as count'))[0]?.count ?? 0);
    await db.destroy();
    log.info({ applied }, 'database migrated');

    const issuer = new URL(config.auth.issuer);
    if (['127.0.0.1', 'localhost'].includes(issuer.hostname) && Number(issuer.port) === config.devIdp.port) {
      idp = await DevIdentityProvider.create({
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        clients: config.devIdp.clients,
        keyFile: config.devIdp.keyFile,
        users: config.devIdp.users,
        publicClients: config.devIdp.publicClients,
        redirectOrigins: config.devIdp.redirectOrigins,
        userTokenTtlSeconds: config.devIdp.userTokenTtlSeconds,
        logger: log,
      });
      await idp.start(config.devIdp.port, issuer.hostname);
    }

    const temporal = await startTemporalDevServer({ ...config.temporal, dataDir: config.dataDir });
    temporalProcess = temporal;
    if (temporal) {
      children.push(temporal);
      log.info({ address: config.temporal.address, ui: `http://127.0.0.1:${config.temporal.uiPort}` }, 'temporal dev server started');
    } else {
      log.info({ address: config.temporal.address }, 'using the Temporal server already running');
    }

    if (!config.mail.smtpUrl) {
      const dir = path.join(config.dataDir, 'mail');
      const catcher = await startDevMailCatcher({ dir, port: DEV_MAIL_PORT });
      mail = catcher;
      process.env.SMTP_URL = catcher.url;
      log.info({ smtp: catcher.url, dir }, 'no SMTP_URL: letters are kept as .eml files, not sent');
    }

    const worker = startNodeProcess('workers/temporal-worker.ts', process.env);
    const queueWorker = startNodeProcess('workers/queue-worker.ts', process.env);
    const api = startNodeProcess('api/main.ts', process.env);
    children.push(worker, queueWorker, api);
    for (const child of [worker, queueWorker, api, ...(temporal ? [temporal] : [])]) {
      child.once('exit', (code) => {
        if (!stopping) {
          log.error({ pid: child.pid, code }, 'a process stopped unexpectedly');
          void shutdown(1);
        }
      });
    }
    if (ingested === 0) {
      // First start: ingest the corpus through the worker, with its progress bar.
      log.info({ corpusDir: config.corpusDir }, 'empty law database: ingesting the corpus');
      const ingest = startNodeProcess('scripts/ingest.ts', process.env);
      children.push(ingest);
      ingest.once('exit', (code) => log.info({ code }, code === 0 ? 'corpus ingested' : 'ingestion finished with errors (see above)'));
    }
    log.info(
      // Not `token`: that key is redacted from every log line.
      { api: `http://${config.http.host}:${config.http.port}`, get_a_token: 'npm run token -- --sub me --scope "read:transparency"' },
      'sunlight is starting; Ctrl-C stops everything',
    );
  } catch (err) {
    log.error({ err }, 'start failed');
    await shutdown(1);
  }
}

void main();
