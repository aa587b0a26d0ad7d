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
  DocumentsApi,
  FoiaApi,
  ChatApi,
  AdminApi,
  USER_AGENT,
  type SunlightClientOptions,
  type IfMatch,
  type UpdateOptions,
  type UpdateWithRetryOptions,
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
  ConnectionError,
  errorFromEnvelope,
  type SunlightErrorInit,
} from './errors.js';
export { paginate, collect } from './pagination.js';
export { StorageApi, type ObjectBody, type PutObjectOptions, type GetObjectOptions, type ObjectHeaders, type ObjectDownload } from './storage.js';
export { SseParser, readSse, type SseMessage } from './sse.js';
export { SDK_VERSION } from './generated/version.js';
export type * from './types.js';
