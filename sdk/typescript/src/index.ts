/**
 * @sunlight/sdk — the TypeScript client of the Sunlight API.
 *
 * ```ts
 * import { SunlightClient } from '@sunlight/sdk';
 * const client = new SunlightClient({ baseUrl: 'https://sunlight.example.org', token: '…' });
 * ```
 */
export {
  SunlightClient,
  TransparencyApi,
  FoiaApi,
  ChatApi,
  AdminApi,
  USER_AGENT,
  type SunlightClientOptions,
  type IfMatch,
  type UpdateOptions,
  type UpdateWithRetryOptions,
  type SendLetterOptions,
  type ChatStreamItem,
  type ChatStreamErrorEvent,
} from './client.js';
export type { ClientCredentialsOptions, TokenProvider } from './auth.js';
export type { CallOptions } from './http.js';
export {
  SunlightError,
  ValidationError,
  AuthError,
  TokenRequestError,
  ScopeError,
  NotFoundError,
  ConflictError,
  PreconditionFailedError,
  RateLimitedError,
  NotImplementedError,
  ServiceUnavailableError,
  TimeoutError,
  CompilationTimeoutError,
  WorkflowTimeoutError,
  OutputNotAvailableError,
  ConnectionError,
  errorFromEnvelope,
  type SunlightErrorInit,
} from './errors.js';
export { paginate, collect } from './pagination.js';
export { StorageApi, type ObjectBody, type PutObjectOptions, type GetObjectOptions, type DownloadOptions, type ObjectHeaders, type ObjectDownload } from './storage.js';
export { DocumentsApi, FINISHED_COMPILATION_STATUSES, type CompileOptions, type WaitOptions, type DownloadOutputOptions } from './documents.js';
export { IntegrationsApi, FINISHED_RUN_STATUSES, type StartWorkflowOptions, type WaitForRunOptions } from './integrations.js';
export { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, DEFAULT_WEBHOOK_TOLERANCE_SECONDS, type VerifyWebhookOptions } from './webhooks.js';
export { FoiaAttachmentsApi, type UploadAttachmentOptions, type DownloadAttachmentOptions } from './foia-attachments.js';
export { FoiaCommunicationsApi } from './foia-communications.js';
export type { LetterOptions } from './letters.js';
export { FoiaAgenciesApi } from './foia-agencies.js';
export { FoiaNotificationsApi } from './foia-notifications.js';
export { FoiaCalendarApi } from './foia-calendar.js';
export { MeApi } from './me.js';
export { ProjectsApi, ProjectItemsApi, ProjectMembersApi } from './projects.js';
export { VectorsApi, VectorCollectionsApi, VectorItemsApi, IndexRunTimeoutError } from './vectors.js';
export { DatabaseApi, type RowsOptions, type ExportFormat, type DatabaseExport } from './database.js';
export { SseParser, readSse, type SseMessage } from './sse.js';
export { SDK_VERSION } from './generated/version.js';
export type * from './types.js';
