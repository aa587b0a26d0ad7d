import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLIENT_SCOPES, isScope } from '../auth/scopes.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** What object storage accepts unless STORAGE_ALLOWED_TYPES says otherwise. */
export const DEFAULT_STORAGE_TYPES = [
  'application/pdf',
  'text/markdown',
  'text/plain',
  'application/json',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'message/rfc822',
] as const;

/**
 * Every environment variable the service reads, with its default for a local machine.
 * `.env.example` lists the same variables; a test keeps the two in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  LOG_REQUESTS: bool.optional(),
  DATABASE_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/sunlight'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The published database's own pool (`/api/database`), as the `sunlight_query` role; default: DATABASE_URL with that user and no password. */
  DATABASE_QUERY_URL: optionalString,
  /** The admin SQL console: longest statement, and most rows answered. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_QUERY_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(1000),
  REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379/0'),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('sunlight'),
  TEMPORAL_CLI_PATH: z.string().default('.local/venv/bin/temporal'),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  QDRANT_URL: optionalUrl,
  QDRANT_API_KEY: z.string().optional(),
  QDRANT_COLLECTION: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, _ and - only').default('sunlight_law_chunks'),
  EMBEDDINGS_PROVIDER: z.enum(['local', 'openai']).default('local'),
  EMBEDDINGS_MODEL_DIR: z.string().min(1).default('.local/models/all-MiniLM-L6-v2-int8'),
  EMBEDDINGS_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
  AUTH_ISSUER: z.url().default('http://127.0.0.1:8081/'),
  AUTH_AUDIENCE: z.string().min(1).default('https://api.sunlight.local'),
  AUTH_JWKS_URL: optionalUrl,
  AUTH_JWKS_COOLDOWN_MS: z.coerce.number().int().min(0).default(30_000),
  AUTH_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  AUTH_AUTHORIZE_URL: optionalUrl,
  AUTH_TOKEN_URL: optionalUrl,
  AUTH_REVOKE_URL: optionalUrl,
  CONSOLE_CLIENT_ID: z.string().regex(/^[\w.-]{1,100}$/, 'letters, digits, _ . and - only').default('sunlight-console'),
  CONSOLE_DIR: z.string().default('web/dist'),
  DEV_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  DEV_IDP_KEY_FILE: z.string().default('.local/dev-idp/keys.json'),
  DEV_IDP_CLIENTS: z.string().default('sunlight-cli:sunlight-cli-secret'),
  DEV_IDP_CLIENT_SCOPES: z.string().default(''),
  DEV_IDP_USERS: z.string().default('demo:demo'),
  DEV_IDP_PUBLIC_CLIENTS: csv.default(['sunlight-console']),
  DEV_IDP_REDIRECT_ORIGINS: csv.default([]),
  DEV_IDP_USER_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(3600),
  CORS_ORIGINS: csv.default([]),
  TRUST_PROXY: z.string().default(''),
  BODY_LIMIT: z.string().default('1mb'),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_POINTS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_AUTH_FAILURES: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PREFIX: z.string().min(1).default('sunlight:rl'),
  CORPUS_DIR: z.string().default('../shared/corpus'),
  LEGAL_FACTS_DIR: z.string().default('data/legal-facts'),
  DATA_DIR: z.string().default('.local/data'),
  STORAGE_BACKEND: z.enum(['fs', 's3']).default('fs'),
  /** Integration workflows: the key client webhook secrets are derived from (required in production). */
  WEBHOOK_SIGNING_KEY: z.string().default(''),
  /** Allow webhook URLs on private or loopback addresses (tests; a private deployment). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Webhook retries: first wait, longest wait, and how long to keep trying (a day). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  WEBHOOK_RETRY_CAP_MS: z.coerce.number().int().min(10).default(3_600_000),
  WEBHOOK_RETRY_FOR_MS: z.coerce.number().int().min(10).default(86_400_000),
  /** Cron of the scheduled re-ingestion (a Temporal Schedule); empty: none. */
  REINGEST_CRON: z.string().default(''),
  /** The API's public address, prefixed to the citation links in compiled packets (relative links when unset). */
  PUBLIC_API_URL: optionalUrl,
  /** Longest a document compilation may run. */
  COMPILE_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(24 * 3600_000).default(15 * 60_000),
  STORAGE_MAX_BYTES: z.coerce.number().int().min(1).max(5 * 1024 ** 4).default(50 * 1024 * 1024),
  STORAGE_ALLOWED_TYPES: csv.default([...DEFAULT_STORAGE_TYPES]),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z.string().default(''),
  QUEUE_PREFIX: z.string().min(1).default('sunlight'),
  FOIA_REMINDER_WITHIN_DAYS: z.coerce.number().int().min(0).max(90).default(3),
  FOIA_REMINDER_EVERY_SECONDS: z.coerce.number().int().min(10).default(3600),
  /** Days between follow-ups on an overdue request (MuckRock's defaults): state and local laws, and the federal FOIA. */
  FOIA_FOLLOW_UP_DAYS: z.coerce.number().int().min(1).max(365).default(15),
  FOIA_FOLLOW_UP_DAYS_FEDERAL: z.coerce.number().int().min(1).max(365).default(30),
  /** Per-jurisdiction overrides, e.g. `texas=10,california=20`. */
  FOIA_FOLLOW_UP_DAYS_BY_JURISDICTION: z.string().default(''),
  /** The SMTP server letters and reminders are sent through, e.g. smtps://user:pass@smtp.example.org:465; empty: sending is off. */
  SMTP_URL: z.string().default(''),
  /** The envelope and From address of outgoing mail (the user's address goes in Reply-To). */
  MAIL_FROM: z.string().default('Sunlight <foia@sunlight.localhost>'),
  SEARCH_RRF_K: z.coerce.number().min(0).default(3),
  SEARCH_WEIGHT_KEYWORD: z.coerce.number().min(0).default(1),
  SEARCH_WEIGHT_VECTOR: z.coerce.number().min(0).default(1),
  /** Cosine similarity under which a vector-side hit is no match, and under which a best hit means the query matches nothing (defaults calibrated for the default model: eval/search/README.md). */
  SEARCH_VECTOR_MIN_SIMILARITY: z.coerce.number().min(-1).max(1).optional(),
  SEARCH_VECTOR_MIN_BEST_SIMILARITY: z.coerce.number().min(-1).max(1).optional(),
  CHAT_PROVIDER: z.enum(['auto', 'local', 'openai', 'anthropic']).default('auto'),
  CHAT_MODEL: z.string().default(''),
  CHAT_BASE_URL: optionalUrl,
  CHAT_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  CHAT_LOCAL_MODEL_PATH: z.string().min(1).default('.local/models/smollm2-135m-instruct/SmolLM2-135M-Instruct.Q4_1.gguf'),
  CHAT_LOCAL_CONTEXT_SIZE: z.coerce.number().int().min(512).max(32768).default(2048),
  CHAT_LOCAL_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  CHAT_MAX_TOKENS: z.coerce.number().int().min(16).max(4096).default(160),
  CHAT_TEMPERATURE: z.coerce.number().min(0).max(2).default(0),
  CHAT_PHRASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  CHAT_FIRST_SENTENCE_MS: z.coerce.number().int().min(0).max(60_000).default(800),
  CHAT_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  CHAT_RESEARCH_TIMEOUT_SECONDS: z.coerce.number().int().min(10).default(1800),
  CHAT_RESEARCH_POLL_MS: z.coerce.number().int().min(50).default(1000),
});

export type Env = z.infer<typeof envSchema>;

/** The parsed, validated configuration every process is wired from. */
export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  http: { host: string; port: number; bodyLimit: string; corsOrigins: string[]; trustProxy: string; headersTimeoutMs: number; requestTimeoutMs: number };
  /** `format`: pretty in development, JSON elsewhere unless LOG_FORMAT says; `requests`: a line per request (off in development unless LOG_REQUESTS). */
  log: { level: Env['LOG_LEVEL']; format: 'json' | 'pretty'; requests: boolean };
  /** `query`: the published database's pool (a read-only role of its own), the SQL console's statement timeout and row cap. */
  database: { url: string; poolMax: number; query: { url: string; timeoutMs: number; maxRows: number } };
  redis: { url: string };
  temporal: { address: string; namespace: string; taskQueue: string; cliPath: string; uiPort: number };
  qdrant: { url: string | undefined; apiKey: string | undefined; collection: string };
  /** Sentence embeddings for the vector index: the local ONNX model, or an OpenAI-compatible service. */
  embeddings: { provider: 'local' | 'openai'; modelDir: string; threads: number; baseUrl: string | undefined; apiKey: string | undefined; model: string };
  /** The identity provider: tokens are verified against `jwksUrl`; people sign in at `authorizeUrl` (authorization code with PKCE). */
  auth: { issuer: string; audience: string; jwksUrl: string; jwksCooldownMs: number; clockToleranceSeconds: number; authorizeUrl: string; tokenUrl: string; revokeUrl: string | null };
  devIdp: {
    port: number;
    keyFile: string;
    clients: Array<{ clientId: string; clientSecret: string; scopes: string[] }>;
    /** People who may sign in at the login page (development only). */
    users: Array<{ username: string; password: string }>;
    /** Clients without a secret (the web console) that sign people in with PKCE. */
    publicClients: string[];
    /** Origins besides loopback ones that a public client may be redirected to. */
    redirectOrigins: string[];
    userTokenTtlSeconds: number;
  };
  /** The web console served at `/`: its OAuth client id and the built files. */
  console: { clientId: string; dir: string };
  rateLimit: { enabled: boolean; points: number; windowSeconds: number; authFailures: number; keyPrefix: string };
  corpusDir: string;
  /** Reviewed legal facts, one JSON file per jurisdiction (data of the project, kept in the repo). */
  legalFactsDir: string;
  dataDir: string;
  /**
   * Object storage (`/api/storage/objects`): the bytes on the local file system under
   * `fsRoot` (DATA_DIR/objects) or in an S3-compatible bucket; metadata in Postgres.
   */
  /** Integration workflows: webhook signing and retries, and the re-ingestion schedule. */
  integrations: {
    webhookSigningKey: string;
    allowPrivateWebhooks: boolean;
    webhookRetry: { baseMs: number; capMs: number; forMs: number };
    reingestCron: string;
  };
  /** Document compilation: link prefix for citations in packets and the run's time limit. */
  documents: { linkBase: string; timeoutMs: number };
  storage: {
    backend: 'fs' | 's3';
    fsRoot: string;
    maxBytes: number;
    /** Media types (lower case, without parameters) a PUT may carry. */
    allowedTypes: string[];
    s3: { endpoint: string | undefined; bucket: string; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean; prefix: string };
  };
  queue: { prefix: string };
  foia: {
    reminderWithinDays: number;
    reminderEverySeconds: number;
    /** Days between follow-ups: the default for state and local laws, the federal one, and per-jurisdiction overrides. */
    followUpDays: { state: number; federal: number; byJurisdiction: Record<string, number> };
  };
  /** Outgoing mail (letters, follow-ups, appeals, reminders); `smtpUrl` empty: sending is off. */
  mail: { smtpUrl: string; from: string };
  /** Hybrid search: weighted reciprocal-rank fusion of the keyword and vector sides. */
  search: { rrfK: number; weights: { keyword: number; vector: number }; vectorFloor: { hit?: number; best?: number } };
  /** The research assistant: which chat model (auto: a remote one when a key is set, else the offline model) and its limits. */
  chat: {
    model: {
      provider: 'auto' | 'local' | 'openai' | 'anthropic';
      model: string;
      baseUrl: string | undefined;
      apiKey: string | undefined;
      anthropicApiKey: string | undefined;
      local: { modelPath: string; contextSize: number; threads: number };
      maxTokens: number;
      temperature: number;
    };
    phraseTimeoutMs: number;
    /** The longest the first words of an answer wait for the model before the draft is sent instead. */
    firstSentenceMs: number;
    heartbeatSeconds: number;
    research: { timeoutMs: number; pollMs: number };
  };
}

/** The role the published database is read as (created by the migration 20261128100000_create_published_views). */
export const QUERY_ROLE = 'sunlight_query';

/** DATABASE_URL with the user replaced by the query role and no password (trust or a pgpass file supplies one). */
export function queryRoleUrl(databaseUrl: string): string | null {
  try {
    const u = new URL(databaseUrl);
    u.username = QUERY_ROLE;
    u.password = '';
    return u.toString();
  } catch {
    return null;
  }
}

/** Raised when the environment is invalid; lists every problem, not just the first. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up. Relative paths resolve against `cwd`.
 * Throws ConfigError with every problem found.
 */
export function loadConfig(source: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (!e.AUTH_ISSUER.endsWith('/')) problems.push('AUTH_ISSUER: must end with a trailing slash');
  if (e.NODE_ENV === 'production' && e.WEBHOOK_SIGNING_KEY.length < 32) problems.push('WEBHOOK_SIGNING_KEY: at least 32 characters in production');
  const jwksUrl = e.AUTH_JWKS_URL ?? new URL('.well-known/jwks.json', e.AUTH_ISSUER).toString();
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !jwksUrl.startsWith('https://')) {
    problems.push('AUTH_JWKS_URL: must use https in production');
  }
  const clients = parseClients(e.DEV_IDP_CLIENTS, e.DEV_IDP_CLIENT_SCOPES, problems);
  if (e.EMBEDDINGS_PROVIDER === 'openai' && !e.EMBEDDINGS_BASE_URL && !e.EMBEDDINGS_API_KEY) {
    problems.push('EMBEDDINGS_API_KEY: required for EMBEDDINGS_PROVIDER=openai without EMBEDDINGS_BASE_URL');
  }
  if (e.CHAT_PROVIDER === 'openai' && !e.CHAT_BASE_URL && !e.CHAT_API_KEY) {
    problems.push('CHAT_API_KEY: required for CHAT_PROVIDER=openai without CHAT_BASE_URL');
  }
  if (e.CHAT_PROVIDER === 'anthropic' && !e.ANTHROPIC_API_KEY) problems.push('ANTHROPIC_API_KEY: required for CHAT_PROVIDER=anthropic');
  if (e.STORAGE_BACKEND === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required for STORAGE_BACKEND=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  const allowedTypes = (e.STORAGE_ALLOWED_TYPES.length > 0 ? e.STORAGE_ALLOWED_TYPES : [...DEFAULT_STORAGE_TYPES]).map((t) => t.toLowerCase());
  if (allowedTypes.some((t) => !/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(t))) {
    problems.push('STORAGE_ALLOWED_TYPES: comma-separated media types (type/subtype, no parameters)');
  }
  // Never fall back to DATABASE_URL itself: the published database must not read as the main role.
  const queryUrl = e.DATABASE_QUERY_URL ?? queryRoleUrl(e.DATABASE_URL);
  if (queryUrl === null) problems.push('DATABASE_QUERY_URL: required when DATABASE_URL is not a postgres:// URL');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    isProduction,
    http: {
      host: e.HOST,
      port: e.PORT,
      bodyLimit: e.BODY_LIMIT,
      corsOrigins: e.CORS_ORIGINS,
      trustProxy: e.TRUST_PROXY,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    },
    log: {
      level: e.LOG_LEVEL,
      format: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
      requests: e.LOG_REQUESTS ?? e.NODE_ENV !== 'development',
    },
    database: {
      url: e.DATABASE_URL,
      poolMax: e.DATABASE_POOL_MAX,
      query: { url: queryUrl ?? '', timeoutMs: e.DATABASE_QUERY_TIMEOUT_MS, maxRows: e.DATABASE_QUERY_MAX_ROWS },
    },
    redis: { url: e.REDIS_URL },
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      cliPath: path.resolve(cwd, e.TEMPORAL_CLI_PATH),
      uiPort: e.TEMPORAL_UI_PORT,
    },
    qdrant: { url: e.QDRANT_URL, apiKey: e.QDRANT_API_KEY, collection: e.QDRANT_COLLECTION },
    embeddings: {
      provider: e.EMBEDDINGS_PROVIDER,
      modelDir: path.resolve(cwd, e.EMBEDDINGS_MODEL_DIR),
      threads: e.EMBEDDINGS_THREADS,
      baseUrl: e.EMBEDDINGS_BASE_URL,
      apiKey: e.EMBEDDINGS_API_KEY,
      model: e.EMBEDDINGS_MODEL,
    },
    auth: {
      issuer: e.AUTH_ISSUER,
      audience: e.AUTH_AUDIENCE,
      jwksUrl,
      jwksCooldownMs: e.AUTH_JWKS_COOLDOWN_MS,
      clockToleranceSeconds: e.AUTH_CLOCK_TOLERANCE_SECONDS,
      authorizeUrl: e.AUTH_AUTHORIZE_URL ?? new URL('authorize', e.AUTH_ISSUER).toString(),
      tokenUrl: e.AUTH_TOKEN_URL ?? new URL('oauth/token', e.AUTH_ISSUER).toString(),
      revokeUrl: e.AUTH_REVOKE_URL ?? (e.AUTH_TOKEN_URL ? null : new URL('oauth/revoke', e.AUTH_ISSUER).toString()),
    },
    devIdp: {
      port: e.DEV_IDP_PORT,
      keyFile: path.resolve(cwd, e.DEV_IDP_KEY_FILE),
      clients,
      users: parseUsers(e.DEV_IDP_USERS, problems),
      publicClients: e.DEV_IDP_PUBLIC_CLIENTS,
      redirectOrigins: e.DEV_IDP_REDIRECT_ORIGINS,
      userTokenTtlSeconds: e.DEV_IDP_USER_TOKEN_TTL_SECONDS,
    },
    console: { clientId: e.CONSOLE_CLIENT_ID, dir: path.resolve(cwd, e.CONSOLE_DIR) },
    rateLimit: { enabled: e.RATE_LIMIT_ENABLED, points: e.RATE_LIMIT_POINTS, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS, authFailures: e.RATE_LIMIT_AUTH_FAILURES, keyPrefix: e.RATE_LIMIT_PREFIX },
    corpusDir: path.resolve(cwd, e.CORPUS_DIR),
    legalFactsDir: path.resolve(cwd, e.LEGAL_FACTS_DIR),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    integrations: {
      // Development only: a fixed key, so the API and the queue worker agree without configuration.
      webhookSigningKey: e.WEBHOOK_SIGNING_KEY || 'sunlight-development-webhook-signing-key',
      allowPrivateWebhooks: e.WEBHOOK_ALLOW_PRIVATE,
      webhookRetry: { baseMs: e.WEBHOOK_RETRY_BASE_MS, capMs: e.WEBHOOK_RETRY_CAP_MS, forMs: e.WEBHOOK_RETRY_FOR_MS },
      reingestCron: e.REINGEST_CRON.trim(),
    },
    documents: { linkBase: (e.PUBLIC_API_URL ?? '').replace(/\/+$/, ''), timeoutMs: e.COMPILE_TIMEOUT_MS },
    storage: {
      backend: e.STORAGE_BACKEND,
      fsRoot: path.resolve(cwd, e.DATA_DIR, 'objects'),
      maxBytes: e.STORAGE_MAX_BYTES,
      allowedTypes,
      s3: {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX,
      },
    },
    queue: { prefix: e.QUEUE_PREFIX },
    foia: {
      reminderWithinDays: e.FOIA_REMINDER_WITHIN_DAYS,
      reminderEverySeconds: e.FOIA_REMINDER_EVERY_SECONDS,
      followUpDays: { state: e.FOIA_FOLLOW_UP_DAYS, federal: e.FOIA_FOLLOW_UP_DAYS_FEDERAL, byJurisdiction: parseFollowUpOverrides(e.FOIA_FOLLOW_UP_DAYS_BY_JURISDICTION, problems) },
    },
    mail: { smtpUrl: e.SMTP_URL.trim(), from: e.MAIL_FROM },
    search: {
      rrfK: e.SEARCH_RRF_K,
      weights: { keyword: e.SEARCH_WEIGHT_KEYWORD, vector: e.SEARCH_WEIGHT_VECTOR },
      vectorFloor: {
        ...(e.SEARCH_VECTOR_MIN_SIMILARITY !== undefined ? { hit: e.SEARCH_VECTOR_MIN_SIMILARITY } : {}),
        ...(e.SEARCH_VECTOR_MIN_BEST_SIMILARITY !== undefined ? { best: e.SEARCH_VECTOR_MIN_BEST_SIMILARITY } : {}),
      },
    },
    chat: {
      model: {
        provider: e.CHAT_PROVIDER,
        model: e.CHAT_MODEL,
        baseUrl: e.CHAT_BASE_URL,
        apiKey: e.CHAT_API_KEY,
        anthropicApiKey: e.ANTHROPIC_API_KEY,
        local: { modelPath: path.resolve(cwd, e.CHAT_LOCAL_MODEL_PATH), contextSize: e.CHAT_LOCAL_CONTEXT_SIZE, threads: e.CHAT_LOCAL_THREADS },
        maxTokens: e.CHAT_MAX_TOKENS,
        temperature: e.CHAT_TEMPERATURE,
      },
      phraseTimeoutMs: e.CHAT_PHRASE_TIMEOUT_MS,
      firstSentenceMs: e.CHAT_FIRST_SENTENCE_MS,
      heartbeatSeconds: e.CHAT_HEARTBEAT_SECONDS,
      research: { timeoutMs: e.CHAT_RESEARCH_TIMEOUT_SECONDS * 1000, pollMs: e.CHAT_RESEARCH_POLL_MS },
    },
  };
}

/** "alice:secret,bob:other": the development identity provider's people. */
/** `texas=10,california=20`: days between follow-ups for those jurisdictions. */
function parseFollowUpOverrides(spec: string, problems: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z][a-z-]*)=(\d{1,3})$/.exec(entry);
    if (!m || Number(m[2]) < 1) {
      problems.push('FOIA_FOLLOW_UP_DAYS_BY_JURISDICTION: entries must be slug=days (days 1–999), comma-separated');
      continue;
    }
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

function parseUsers(spec: string, problems: string[]): Array<{ username: string; password: string }> {
  const users = spec
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const at = entry.indexOf(':');
      return { username: at > 0 ? entry.slice(0, at) : '', password: at > 0 ? entry.slice(at + 1) : '' };
    });
  if (users.some((u) => !/^[\w.@-]{1,100}$/.test(u.username) || u.password.length === 0)) {
    problems.push('DEV_IDP_USERS: entries must be username:password, comma-separated (usernames: letters, digits, _ . @ -)');
  }
  return users;
}

function parseClients(spec: string, scopeSpec: string, problems: string[]): Array<{ clientId: string; clientSecret: string; scopes: string[] }> {
  const clients: Array<{ clientId: string; clientSecret: string; scopes: string[] }> = [];
  // `client_id=scope scope;client_id=scope`: what each client may be granted (default: every scope but admin:*).
  const allowed = new Map<string, string[]>();
  for (const entry of scopeSpec.split(';').map((s) => s.trim()).filter(Boolean)) {
    const idx = entry.indexOf('=');
    const scopes = entry.slice(idx + 1).split(/\s+/).filter(Boolean);
    const unknown = scopes.filter((s) => !isScope(s));
    if (idx <= 0 || unknown.length > 0) {
      problems.push(`DEV_IDP_CLIENT_SCOPES: entries must be client_id=scope scope…, semicolon-separated${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
      continue;
    }
    allowed.set(entry.slice(0, idx), scopes);
  }
  for (const entry of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const idx = entry.indexOf(':');
    if (idx <= 0 || idx === entry.length - 1) {
      problems.push('DEV_IDP_CLIENTS: entries must be client_id:client_secret, comma-separated');
      continue;
    }
    const clientId = entry.slice(0, idx);
    clients.push({ clientId, clientSecret: entry.slice(idx + 1), scopes: allowed.get(clientId) ?? [...DEFAULT_CLIENT_SCOPES] });
  }
  for (const id of allowed.keys()) if (!clients.some((c) => c.clientId === id)) problems.push(`DEV_IDP_CLIENT_SCOPES: ${id} is not a client of DEV_IDP_CLIENTS`);
  return clients;
}
