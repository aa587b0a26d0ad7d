import type { Config } from '../core/config/config.js';
import { createConfiguredStorage } from '../core/storage/create-object-store.js';
import { createTokenVerifier } from '../core/auth/token-verifier.js';
import { createChatServiceOver } from '../core/chat/create-chat-service.js';
import { createChatModel } from '../core/chat/models/create-chat-model.js';
import { createKnex, type Knex } from '../core/db/knex.js';
import { createPgFoiaLawStore } from '../core/foia/foia-law-store.js';
import { createPgFoiaRequestStore } from '../core/foia/foia-request-store.js';
import { createFoiaService } from '../core/foia/foia-service.js';
import { createAppealDraftService } from '../core/foia/appeals/appeal-draft-service.js';
import { createPgAppealLawStore, createPgAppealUserStore } from '../core/foia/appeals/appeal-store.js';
import { createFoiaAttachmentService } from '../core/foia/attachments/attachment-service.js';
import { createProfileService, createProfileSigner } from '../core/profile/profile-service.js';
import { createNotificationService } from '../core/foia/notifications/notification-service.js';
import { createCalendarService } from '../core/foia/calendar/calendar-service.js';
import { createAgencyService } from '../core/foia/agencies/agency-service.js';
import { createPgAgencyStore } from '../core/foia/agencies/agency-store.js';
import { createFoiaCommunicationService } from '../core/foia/communications/communication-service.js';
import { createLetterQueue } from '../core/foia/communications/letter-queue.js';
import { createFoiaSendService } from '../core/foia/communications/send-service.js';
import { createFollowUpDrafter } from '../core/foia/follow-ups/follow-up-drafter.js';
import { createCompilationService } from '../core/documents/compilation-service.js';
import { createIntegrationService } from '../core/integrations/integration-service.js';
import { createPgRunStore } from '../core/integrations/run-store.js';
import { createPgCompilationStore } from '../core/documents/compilation-store.js';
import { createProjectServiceOver } from '../core/projects/create-project-service.js';
import { createHealthService, pgLawDataState } from '../core/health/health-service.js';
import type { Logger } from '../core/logger/logger.js';
import { createAdminMetricsService } from '../core/observability/admin-metrics-service.js';
import { createPrometheusMetrics } from '../core/observability/prometheus.js';
import { createPgRequestLogStore } from '../core/observability/request-log-store.js';
import { RequestRecorder } from '../core/observability/request-recorder.js';
import { createRedis } from '../core/redis/redis.js';
import { createSearch } from '../core/search/create-search.js';
import { createEmbeddings } from '../core/search/embeddings/create-embeddings.js';
import { searchOptionsFrom } from '../core/search/search-service.js';
import { createVectorSearch } from '../core/search/vector-search.js';
import { createVectorStore } from '../core/search/vector-store/create-vector-store.js';
import { createVectorServices } from '../core/vectors/create-vector-services.js';
import { createTemporalClient, pingTemporal, type TemporalClientHandle } from '../core/temporal/temporal-client.js';
import { createTransparencyService } from '../core/transparency/transparency-service.js';
import { createPgTransparencyStore } from '../core/transparency/transparency-store.js';
import { createDatabaseService } from '../core/database-access/database-service.js';
import { createPgDatabaseStatusStore } from '../core/database-access/database-status-store.js';
import { createPgPublishedStore, createQueryPool } from '../core/database-access/published-store.js';
import { createSqlConsole } from '../core/database-access/sql-console.js';
import type { AppDeps } from './app.js';

/** The API process's dependencies, plus a way to release them. */
export interface ApiContainer {
  deps: AppDeps;
  db: Knex;
  temporal: TemporalClientHandle;
  close(): Promise<void>;
}

/** The one place the API process creates its clients. */
export function createApiContainer(config: Config, logger: Logger): ApiContainer {
  const db = createKnex({ url: config.database.url, poolMax: config.database.poolMax, applicationName: 'sunlight-api' });
  const redis = createRedis(config.redis.url, { connectionName: 'sunlight-api' });
  // The published database reads through a pool of its own, as the read-only `sunlight_query` role.
  const queryPool = createQueryPool({ url: config.database.query.url, max: 5, applicationName: 'sunlight-api-query' });
  redis.on('error', (err) => logger.warn({ err: { message: err.message } }, 'redis connection error'));
  const temporal = createTemporalClient(config.temporal);
  const store = createPgRequestLogStore(db);
  const embeddings = createEmbeddings(config.embeddings);
  // The law's vector collection: search reads it, the vector store's admin view counts it.
  const lawVectors = createVectorStore(config, embeddings);
  const recorder = new RequestRecorder({ store, logger: logger.child({ module: 'request-recorder' }) });
  // The offline model's weights load on the first question, not at start-up.
  const chatModel = createChatModel(config.chat.model);
  const transparencyStore = createPgTransparencyStore(db);
  const storage = createConfiguredStorage(config.storage, db, logger);
  const foiaAgencies = createAgencyService({ agencies: createPgAgencyStore(db) });
  // Letters to send go to the queue worker (workers/queue-worker.ts) through Redis.
  const followUpDrafter = createFollowUpDrafter({ db, law: createPgFoiaLawStore(db) });
  const letterQueue = createLetterQueue({ redisUrl: config.redis.url, prefix: config.queue.prefix, logger: logger.child({ module: 'letter-queue' }), connectionName: 'sunlight-api-letters' });
  const base = {
    config,
    logger,
    verifier: createTokenVerifier({
      issuer: config.auth.issuer,
      audience: config.auth.audience,
      jwksUrl: config.auth.jwksUrl,
      cooldownMs: config.auth.jwksCooldownMs,
      clockToleranceSeconds: config.auth.clockToleranceSeconds,
    }),
    redis,
    recorder,
    prometheus: createPrometheusMetrics(),
    health: createHealthService({
      checks: [
        { name: 'postgres', check: async () => void (await db.raw('select 1')) },
        { name: 'redis', check: async () => void (await redis.ping()) },
        { name: 'temporal', check: () => pingTemporal(temporal.connection) },
      ],
      lawData: pgLawDataState(db),
    }),
    adminMetrics: createAdminMetricsService({ store }),
    transparency: createTransparencyService({ store: transparencyStore }),
    database: createDatabaseService({
      published: createPgPublishedStore(queryPool),
      console: createSqlConsole(queryPool, { timeoutMs: config.database.query.timeoutMs, maxRows: config.database.query.maxRows }),
      status: createPgDatabaseStatusStore(db),
    }),
    foia: createFoiaService({ requests: createPgFoiaRequestStore(db), law: createPgFoiaLawStore(db), agencies: foiaAgencies, reminderWithinDays: config.foia.reminderWithinDays, signer: createProfileSigner(db) }),
    storage,
    profiles: createProfileService({ db, webhooks: { signingKey: config.integrations.webhookSigningKey, allowPrivate: config.integrations.allowPrivateWebhooks } }),
    notifications: createNotificationService({ db }),
    calendar: createCalendarService({ db }),
    foiaAgencies,
    foiaCommunications: createFoiaCommunicationService({ db, law: createPgFoiaLawStore(db) }),
    foiaAttachments: createFoiaAttachmentService({ db, storage, logger: logger.child({ module: 'foia-attachments' }) }),
    integrations: createIntegrationService({
      runs: createPgRunStore(db),
      temporal: { client: temporal.client, connection: temporal.connection, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue },
      jurisdictionSlugs: () => transparencyStore.jurisdictionSlugs(),
      webhooks: { signingKey: config.integrations.webhookSigningKey, allowPrivate: config.integrations.allowPrivateWebhooks },
      logger: logger.child({ module: 'integrations' }),
    }),
    compilations: createCompilationService({
      store: createPgCompilationStore(db),
      temporal: { client: temporal.client, taskQueue: config.temporal.taskQueue },
      jurisdictionSlugs: () => transparencyStore.jurisdictionSlugs(),
      timeoutMs: config.documents.timeoutMs,
      logger: logger.child({ module: 'compilations' }),
    }),
    ...createSearch({
      db,
      transparency: transparencyStore,
      vector: createVectorSearch({ embeddings, store: lawVectors }),
      options: searchOptionsFrom(config.search),
      onVectorFailure: (err) => logger.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'vector search failed; answered with keyword search only'),
    }),
  } satisfies Omit<AppDeps, 'chat' | 'foiaAppeals' | 'foiaSending' | 'projects' | 'vectors'>;
  const deps: AppDeps = {
    ...base,
    foiaSending: createFoiaSendService({
      db,
      queue: letterQueue,
      letters: base.foia,
      mail: { enabled: config.mail.smtpUrl !== '', from: config.mail.from },
      // `send` with kind=follow_up and nothing drafted writes the follow-up on the spot.
      drafts: { followUp: (userId, requestId) => followUpDrafter.draftFollowUp(userId, requestId) },
    }),
    foiaAppeals: createAppealDraftService({ users: createPgAppealUserStore(db), appealLaw: createPgAppealLawStore(db), law: createPgFoiaLawStore(db), search: base.search }),
    projects: createProjectServiceOver({ db, search: base.search }),
    vectors: createVectorServices({ db, config, embeddings, lawStore: lawVectors, storage, temporal: { client: temporal.client, taskQueue: config.temporal.taskQueue }, logger }),
    chat: createChatServiceOver({
      db,
      transparency: base.transparency,
      search: base.search,
      model: chatModel,
      temporal: { client: temporal.client, taskQueue: config.temporal.taskQueue },
      phraseTimeoutMs: config.chat.phraseTimeoutMs,
      firstSentenceMs: config.chat.firstSentenceMs,
      research: config.chat.research,
    }),
  };
  return {
    deps,
    db,
    temporal,
    async close() {
      await recorder.close();
      await chatModel.close();
      await letterQueue.close();
      await temporal.connection.close().catch(() => undefined);
      redis.disconnect();
      await db.destroy();
      await queryPool.end();
    },
  };
}
