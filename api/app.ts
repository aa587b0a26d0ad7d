import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from '../core/config/config.js';
import type { TokenVerifier } from '../core/auth/token-verifier.js';
import type { ChatService } from '../core/chat/chat-service.js';
import type { HealthService } from '../core/health/health-service.js';
import type { Logger } from '../core/logger/logger.js';
import type { FoiaService } from '../core/foia/foia-service.js';
import type { AdminMetricsService } from '../core/observability/admin-metrics-service.js';
import type { PrometheusMetrics } from '../core/observability/prometheus.js';
import type { RequestRecorder } from '../core/observability/request-recorder.js';
import type { DocumentService } from '../core/search/documents/document-service.js';
import type { SearchService } from '../core/search/search-service.js';
import type { StorageService } from '../core/storage/storage-service.js';
import type { TransparencyService } from '../core/transparency/transparency-service.js';
import { consoleRouter } from './http/console.js';
import { docsPage } from './http/docs-page.js';
import { buildOpenApiDocument } from './http/openapi.js';
import { RouteRegistry } from './http/route-registry.js';
import { authenticate, requireScope } from './middleware/authenticate.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { authFailureLimit, rateLimit } from './middleware/rate-limit.js';
import { requestContext } from './middleware/request-context.js';
import { refuseUnstorableText } from './middleware/text-guard.js';
import { httpsOnly, requireJsonBody } from './middleware/transport-guards.js';
import { registerChatRoutes } from './routes/chat/chat-routes.js';
import type { CompilationService } from '../core/documents/compilation-service.js';
import { registerCompileRoutes } from './routes/documents/compile-routes.js';
import type { IntegrationService } from '../core/integrations/integration-service.js';
import { registerIntegrationRoutes } from './routes/integrations/integration-routes.js';
import type { ProfileService } from '../core/profile/profile-service.js';
import type { NotificationService } from '../core/foia/notifications/notification-service.js';
import type { CalendarService } from '../core/foia/calendar/calendar-service.js';
import { registerProfileRoutes } from './routes/me/profile-routes.js';
import { registerFoiaNotificationRoutes } from './routes/foia/foia-notification-routes.js';
import { registerFoiaCalendarRoutes } from './routes/foia/foia-calendar-routes.js';
import { isAttachmentUpload } from './routes/foia/foia-attachment-routes.js';
import { registerFoiaRoutes } from './routes/foia/foia-routes.js';
import { registerFoiaAppealDraftRoutes } from './routes/foia/foia-appeal-draft-routes.js';
import { registerFoiaCommunicationRoutes } from './routes/foia/foia-communication-routes.js';
import type { FoiaCommunicationService } from '../core/foia/communications/communication-service.js';
import type { FoiaSendService } from '../core/foia/communications/send-service.js';
import type { AppealDraftService } from '../core/foia/appeals/appeal-draft-service.js';
import type { FoiaAttachmentService } from '../core/foia/attachments/attachment-service.js';
import type { AgencyService } from '../core/foia/agencies/agency-service.js';
import type { DatabaseService } from '../core/database-access/database-service.js';
import { registerDatabaseRoutes } from './routes/database/database-routes.js';
import { registerPlannedRoutes } from './routes/planned-routes.js';
import type { ProjectService } from '../core/projects/project-service.js';
import { registerProjectRoutes } from './routes/projects/project-routes.js';
import { registerVectorRoutes, type VectorRouteDeps } from './routes/vectors/vector-routes.js';
import { registerSearchRoutes } from './routes/search/search-routes.js';
import { isRawBodyRequest, registerStorageRoutes } from './routes/storage/storage-routes.js';
import { registerSystemRoutes } from './routes/system-routes.js';
import { registerTransparencyRoutes } from './routes/transparency/register-transparency-routes.js';

/** Everything the HTTP edge needs, built by the process's wiring (api/main.ts) or by tests. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  verifier: TokenVerifier;
  redis: Redis;
  recorder: RequestRecorder;
  prometheus: PrometheusMetrics;
  health: HealthService;
  adminMetrics: AdminMetricsService;
  transparency: TransparencyService;
  foia: FoiaService;
  /** Files attached to FOIA requests, kept in object storage. */
  foiaAttachments: FoiaAttachmentService;
  /** The agency directory (`/api/foia/agencies`). */
  foiaAgencies: AgencyService;
  /** Denial → appeal: matching the agency's reasons and drafting the appeal letter. */
  foiaAppeals: AppealDraftService;
  /** A request's communications (`/api/foia/requests/{id}/communications`). */
  foiaCommunications: FoiaCommunicationService;
  /** Sending letters by e-mail (`/api/foia/requests/{id}/send`), through the `foia-mail` queue. */
  foiaSending: FoiaSendService;
  /** Document compilation (`/api/documents/compile`), run by Temporal workflows. */
  compilations: CompilationService;
  /** Integration workflows for machine clients (`/api/integrations/workflows`). */
  integrations: IntegrationService;
  search: SearchService;
  documents: DocumentService;
  chat: ChatService;
  /** Object storage (`/api/storage/objects`). */
  storage: StorageService;
  /** The caller's profile (`/api/me/profile`). */
  profiles: ProfileService;
  /** The published database (`/api/database`): tables, rows, admin SQL and status. */
  database: DatabaseService;
  /** The caller's notifications (`/api/foia/notifications`). */
  notifications: NotificationService;
  /** The per-user iCalendar feed of due dates and its token. */
  calendar: CalendarService;
  /** Research projects shared with editors and viewers (`/api/projects`). */
  projects: ProjectService;
  /** The vector store API: the caller's collections, indexing stored objects into them, and the administrators' view (`/api/vectors`, `/api/admin/vectors`). */
  vectors: VectorRouteDeps;
  version?: string;
}

export interface ApiApp {
  app: Express;
  routes: RouteRegistry;
}

function trustProxySetting(value: string): boolean | number | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** `middleware`, except for requests whose body a route streams itself (object uploads). */
function unlessRawBody(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => (isRawBodyRequest(req) || isAttachmentUpload(req) ? next() : middleware(req, res, next));
}

/** The API's version, as the API description and the SDKs state it. */
export const API_VERSION = '0.1.0';

/**
 * Every route of the API on `routes`, in one place: the application uses it, and so does the
 * export of the API description (`scripts/export-openapi.ts`), which needs no running service.
 */
export function registerApiRoutes(routes: RouteRegistry, deps: AppDeps, openApiDocument: () => Record<string, unknown>): void {
  registerSystemRoutes(routes, { health: deps.health, adminMetrics: deps.adminMetrics, prometheus: deps.prometheus, openApiDocument });
  registerTransparencyRoutes(routes, { transparency: deps.transparency });
  registerFoiaRoutes(routes, { foia: deps.foia, attachments: deps.foiaAttachments, agencies: deps.foiaAgencies, limits: deps.config.storage });
  // Read when a search asks for collections (the API description is built without services).
  registerSearchRoutes(routes, { search: deps.search, documents: deps.documents, collections: { searchText: (...args) => deps.vectors.collections.searchText(...args) } });
  registerChatRoutes(routes, { chat: deps.chat, heartbeatSeconds: deps.config.chat.heartbeatSeconds });
  registerStorageRoutes(routes, { storage: deps.storage, limits: deps.config.storage });
  registerCompileRoutes(routes, { compilations: deps.compilations });
  registerIntegrationRoutes(routes, { integrations: deps.integrations });
  registerProfileRoutes(routes, { profiles: deps.profiles });
  registerFoiaNotificationRoutes(routes, { notifications: deps.notifications });
  registerFoiaCalendarRoutes(routes, { calendar: deps.calendar });
  registerFoiaAppealDraftRoutes(routes, { appeals: deps.foiaAppeals });
  registerFoiaCommunicationRoutes(routes, { communications: deps.foiaCommunications, sending: deps.foiaSending });
  registerDatabaseRoutes(routes, { database: deps.database });
  registerProjectRoutes(routes, { projects: deps.projects });
  registerVectorRoutes(routes, deps.vectors);
  const built = new Set(routes.specs.map((s) => `${s.method} ${s.path}`));
  registerPlannedRoutes(routes, built);
}

/** Builds the Express application: the middleware chain, every route, the error envelope. */
export function createApp(deps: AppDeps): ApiApp {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.http.trustProxy));

  app.use(requestContext({ logger: deps.logger, recorder: deps.recorder, metrics: deps.prometheus, logRequests: config.log.requests }));
  app.use(
    helmet({
      hsts: config.isProduction ? { maxAge: 63_072_000, includeSubDomains: true, preload: false } : false,
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    }),
  );
  if (config.http.corsOrigins.length > 0) {
    app.use(
      cors({
        origin: config.http.corsOrigins,
        allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Range', 'Content-Digest', 'Idempotency-Key', 'X-Request-Id'],
        exposedHeaders: ['ETag', 'Retry-After', 'X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Content-Range', 'Content-Length', 'Last-Modified', 'Accept-Ranges', 'Repr-Digest', 'Location'],
        maxAge: 600,
      }),
    );
  }
  if (config.isProduction) app.use(httpsOnly());
  app.use(unlessRawBody(requireJsonBody()));
  app.use(unlessRawBody(express.json({ limit: config.http.bodyLimit, type: ['application/json', 'application/merge-patch+json'] })));
  app.use(refuseUnstorableText());

  const routes = new RouteRegistry({
    authenticate: authenticate(deps.verifier, authFailureLimit({ redis: deps.redis, logger: deps.logger, ...config.rateLimit, points: config.rateLimit.authFailures })),
    rateLimit: rateLimit({ redis: deps.redis, logger: deps.logger, ...config.rateLimit }),
    requireScope,
  });
  let openApi: Record<string, unknown> | undefined;
  registerApiRoutes(routes, deps, () => (openApi ??= buildOpenApiDocument(routes.specs, { issuer: config.auth.issuer, version: deps.version ?? API_VERSION, authorizeUrl: config.auth.authorizeUrl, tokenUrl: config.auth.tokenUrl })));

  app.use('/api/docs', docsPage({ issuer: config.auth.issuer, clientId: config.console.clientId }));
  app.use(
    consoleRouter({
      dir: config.console.dir,
      clientId: config.console.clientId,
      audience: config.auth.audience,
      authorizeUrl: config.auth.authorizeUrl,
      tokenUrl: config.auth.tokenUrl,
      revokeUrl: config.auth.revokeUrl,
    }),
  );
  app.use(routes.router);
  app.use(notFound);
  app.use(errorHandler({ bodyLimit: config.http.bodyLimit }));
  return { app, routes };
}
