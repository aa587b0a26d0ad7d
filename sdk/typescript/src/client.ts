/**
 * `SunlightClient`: one method per built route of the Sunlight API, grouped by area, with
 * request and response types from the API's OpenAPI document.
 */
import { ClientCredentialsTokenSource, providerToken, staticToken, type ClientCredentialsOptions, type TokenProvider, type TokenSource } from './auth.js';
import { ConnectionError, errorFromEnvelope, PreconditionFailedError, type SunlightError } from './errors.js';
import { SDK_VERSION } from './generated/version.js';
import { idempotencyHeaders, segment, Transport, type CallOptions } from './http.js';
import { paginate, paginateQuery } from './pagination.js';
import { readSse } from './sse.js';
import { DocumentsApi } from './documents.js';
import { FoiaAgenciesApi } from './foia-agencies.js';
import { ProjectsApi } from './projects.js';
import { VectorsApi } from './vectors.js';
import { DatabaseApi } from './database.js';
import { FoiaAttachmentsApi } from './foia-attachments.js';
import { FoiaCalendarApi } from './foia-calendar.js';
import { FoiaCommunicationsApi } from './foia-communications.js';
import { FoiaNotificationsApi } from './foia-notifications.js';
import { readLetter, type LetterOptions } from './letters.js';
import { MeApi } from './me.js';
import { IntegrationsApi } from './integrations.js';
import { StorageApi } from './storage.js';
import type {
  AdminMetrics,
  AppealDraft,
  AppealDraftRequest,
  ChatAnswer,
  ChatRequest,
  ChatStreamEvent,
  CompareField,
  CompareQuery,
  Comparison,
  Conversation,
  ConversationList,
  ConversationListQuery,
  ConversationSummary,
  ErrorEnvelope,
  Exemption,
  ExemptionCategory,
  ExemptionCategoryList,
  ExemptionCategoryListQuery,
  ExemptionList,
  ExemptionListQuery,
  ExemptionSummary,
  FactList,
  FactsQuery,
  FoiaCommunication,
  FoiaCreateRequest,
  FoiaListQuery,
  FoiaPatch,
  FoiaPreview,
  FoiaReminder,
  FoiaReminderList,
  FoiaReminderQuery,
  FoiaReminderWithRequest,
  FoiaRequest,
  FoiaRequestList,
  FoiaRequestReminders,
  FoiaRequestWithEtag,
  HealthReport,
  Jurisdiction,
  JurisdictionList,
  JurisdictionListQuery,
  JurisdictionSummary,
  Liveness,
  MetricsPeriod,
  OpenApiDocument,
  Readiness,
  Right,
  RightList,
  RightListQuery,
  RightSummary,
  SearchHit,
  SearchRequest,
  SearchResult,
  SendLetterRequest,
  Section,
  StatuteNode,
  StatuteQuery,
  StatuteResult,
  TextLetterFormat,
} from './types.js';

/** The User-Agent every request carries. */
export const USER_AGENT = `sunlight-sdk-typescript/${SDK_VERSION}`;

export interface SunlightClientOptions {
  /** The API's root, e.g. `https://sunlight.example.org` (paths start at `/api/...`). */
  baseUrl: string;
  /** A bearer token, or a function giving one (called before each request, and again once after a 401). */
  token?: string | TokenProvider;
  /** Or: fetch tokens by the client-credentials grant, cached and refreshed before they expire. */
  clientCredentials?: ClientCredentialsOptions;
  /** Per attempt, until the answer (for streams: until the stream opens). Default 30 000. */
  timeoutMs?: number;
  /** Retries of GET, HEAD, PUT and DELETE after 429 or 503 (never POST or PATCH). Default 2. */
  retries?: number;
  /** First backoff delay when the answer has no Retry-After; doubles per retry (with jitter). Default 500. */
  retryBaseDelayMs?: number;
  /** Longest wait before a retry; a Retry-After beyond it is thrown at once instead. Default 30 000. */
  maxRetryDelayMs?: number;
  /** The fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** `If-Match`: an ETag, or anything read with one (`foia.get`, `foia.create`, `foia.update` answers). */
export type IfMatch = string | { etag: string };

export interface UpdateOptions extends CallOptions {
  /** Apply the patch only to this version: a stale one is a `PreconditionFailedError` (412). */
  ifMatch?: IfMatch;
}

export interface UpdateWithRetryOptions extends CallOptions {
  /** Reads and patches at most this many times while others change the request (default 5). */
  maxAttempts?: number;
}

export interface SendLetterOptions {
  /**
   * Any unique text (1–255 visible ASCII): a retry with the same key answers the letter the first
   * one queued instead of sending another. A letter of the same kind already on its way is
   * answered again even without a key.
   */
  idempotencyKey?: string;
}

type IterateQuery<Q> = Omit<Q, 'cursor'>;

const withEtag = (body: FoiaRequest, response: Response): FoiaRequestWithEtag => ({ ...body, etag: response.headers.get('etag') ?? '' });

/** The law database: jurisdictions, reviewed facts, rights, exemptions, statute text, comparisons (`read:transparency`). */
export class TransparencyApi {
  constructor(private readonly http: Transport) {}

  readonly jurisdictions = {
    /** One page of jurisdictions (all 52 fit one page at the default limit of 100). */
    list: async (query: JurisdictionListQuery = {}, call?: CallOptions): Promise<JurisdictionList> =>
      (await this.http.json<JurisdictionList>({ method: 'GET', path: '/api/v2/transparency/jurisdictions', query }, call)).data,
    /** Every jurisdiction, following `next_cursor`. */
    iterate: (query: IterateQuery<JurisdictionListQuery> = {}, call?: CallOptions): AsyncGenerator<JurisdictionSummary, void, undefined> =>
      paginate((cursor) => this.jurisdictions.list({ ...query, cursor }, call)),
    /** One jurisdiction's law in full (`NotFoundError` for an unknown slug). */
    get: async (slug: string, call?: CallOptions): Promise<Jurisdiction> =>
      (await this.http.json<Jurisdiction>({ method: 'GET', path: `/api/v2/transparency/jurisdictions/${segment(slug)}` }, call)).data,
    /** The jurisdiction's reviewed legal facts, each with its citation and the words that state it. */
    facts: async (slug: string, query: FactsQuery = {}, call?: CallOptions): Promise<FactList> =>
      (await this.http.json<FactList>({ method: 'GET', path: `/api/v2/transparency/jurisdictions/${segment(slug)}/facts`, query }, call)).data,
  };

  readonly rights = {
    list: async (query: RightListQuery = {}, call?: CallOptions): Promise<RightList> =>
      (await this.http.json<RightList>({ method: 'GET', path: '/api/v2/transparency/rights', query }, call)).data,
    iterate: (query: IterateQuery<RightListQuery> = {}, call?: CallOptions): AsyncGenerator<RightSummary, void, undefined> =>
      paginate((cursor) => this.rights.list({ ...query, cursor }, call)),
    get: async (id: string, call?: CallOptions): Promise<Right> =>
      (await this.http.json<Right>({ method: 'GET', path: `/api/v2/transparency/rights/${segment(id)}` }, call)).data,
  };

  readonly exemptions = {
    list: async (query: ExemptionListQuery = {}, call?: CallOptions): Promise<ExemptionList> =>
      (await this.http.json<ExemptionList>({ method: 'GET', path: '/api/v2/transparency/exemptions', query }, call)).data,
    iterate: (query: IterateQuery<ExemptionListQuery> = {}, call?: CallOptions): AsyncGenerator<ExemptionSummary, void, undefined> =>
      paginate((cursor) => this.exemptions.list({ ...query, cursor }, call)),
    get: async (id: string, call?: CallOptions): Promise<Exemption> =>
      (await this.http.json<Exemption>({ method: 'GET', path: `/api/v2/transparency/exemptions/${segment(id)}` }, call)).data,
  };

  readonly exemptionCategories = {
    /** The canonical exemption taxonomy with counts (optionally within `jurisdiction`). */
    list: async (query: ExemptionCategoryListQuery = {}, call?: CallOptions): Promise<ExemptionCategoryList> =>
      (await this.http.json<ExemptionCategoryList>({ method: 'GET', path: '/api/v2/transparency/exemption-categories', query }, call)).data,
    iterate: (query: IterateQuery<ExemptionCategoryListQuery> = {}, call?: CallOptions): AsyncGenerator<ExemptionCategory, void, undefined> =>
      paginate((cursor) => this.exemptionCategories.list({ ...query, cursor }, call)),
  };

  readonly statutes = {
    /** Statute text by jurisdiction, section or citation: one page of nodes, with `jurisdiction`, `document` and `resolved`. */
    list: async (query: StatuteQuery = {}, call?: CallOptions): Promise<StatuteResult> =>
      (await this.http.json<StatuteResult>({ method: 'GET', path: '/api/v2/transparency/statutes', query }, call)).data,
    iterate: (query: IterateQuery<StatuteQuery> = {}, call?: CallOptions): AsyncGenerator<StatuteNode, void, undefined> =>
      paginate((cursor) => this.statutes.list({ ...query, cursor }, call)),
  };

  readonly sections = {
    /** One statute node with its document, parent, children, siblings and cross-references. */
    get: async (id: string, call?: CallOptions): Promise<Section> =>
      (await this.http.json<Section>({ method: 'GET', path: `/api/v2/transparency/sections/${segment(id)}` }, call)).data,
  };

  /** One field of the law across jurisdictions (all of them, or `jurisdiction`). */
  async compare(field: CompareField, query: Omit<CompareQuery, 'field'> = {}, call?: CallOptions): Promise<Comparison> {
    return (await this.http.json<Comparison>({ method: 'GET', path: '/api/v2/transparency/compare', query: { ...query, field } }, call)).data;
  }
}

/** The caller's FOIA requests (`read:foia`, `write:foia`). */
export class FoiaApi {
  /** The requests' attachments: `list`, `upload` (streamed), `download`, `delete`. */
  readonly attachments: FoiaAttachmentsApi;
  /** A request's thread of letters, replies and notes: `list`, `get`, `create` (log one). */
  readonly communications: FoiaCommunicationsApi;
  /** The agency directory and the caller's own entries: `list`, `listAll`, `get` (with statistics), `create`, `update`, `delete`. */
  readonly agencies: FoiaAgenciesApi;
  /** Deadline reminders and tracker events: `list`, `listAll`, `markRead`, `markAllRead`. */
  readonly notifications: FoiaNotificationsApi;
  /** The due dates as an iCalendar feed: `rotateFeedToken`, `revokeFeedToken`, `feedUrl`, `feed`. */
  readonly calendar: FoiaCalendarApi;

  constructor(private readonly http: Transport) {
    this.attachments = new FoiaAttachmentsApi(http);
    this.communications = new FoiaCommunicationsApi(http);
    this.agencies = new FoiaAgenciesApi(http);
    this.notifications = new FoiaNotificationsApi(http);
    this.calendar = new FoiaCalendarApi(http);
  }

  /** Creates a request (a draft, or `status: "submitted"` with its due date computed); answers it with its ETag. */
  async create(body: FoiaCreateRequest, call?: CallOptions): Promise<FoiaRequestWithEtag> {
    const { data, response } = await this.http.json<FoiaRequest>({ method: 'POST', path: '/api/foia/requests', json: body }, call);
    return withEtag(data, response);
  }

  /**
   * What `create` would compute for `body`, storing nothing (`read:foia`): the due date with
   * its citation and the computation step by step (`deadline.explanation`: day 0, the holidays
   * skipped), and the letter as text and Markdown. A draft is counted as though submitted now
   * (`submitted_at_assumed`); bad input is a `ValidationError`, as for `create`.
   */
  async preview(body: FoiaCreateRequest, call?: CallOptions): Promise<FoiaPreview> {
    return (await this.http.json<FoiaPreview>({ method: 'POST', path: '/api/foia/requests/preview', json: body }, call)).data;
  }

  /** One page of the caller's requests (filters: status, jurisdiction, overdue, q, tag; sort). */
  async list(query: FoiaListQuery = {}, call?: CallOptions): Promise<FoiaRequestList> {
    return (await this.http.json<FoiaRequestList>({ method: 'GET', path: '/api/foia/requests', query }, call)).data;
  }

  /** Every request matching `query`, following `next_cursor`. */
  iterate(query: IterateQuery<FoiaListQuery> = {}, call?: CallOptions): AsyncGenerator<FoiaRequest, void, undefined> {
    return paginate((cursor) => this.list({ ...query, cursor }, call));
  }

  /** One request with its history, and the ETag of this version (for `update(..., { ifMatch })`). */
  async get(id: string, call?: CallOptions): Promise<FoiaRequestWithEtag> {
    const { data, response } = await this.http.json<FoiaRequest>({ method: 'GET', path: `/api/foia/requests/${segment(id)}` }, call);
    return withEtag(data, response);
  }

  /**
   * Changes a request by JSON merge patch (`application/merge-patch+json`): editable fields
   * and/or a status transition (`ConflictError` with `allowedTransitions` when refused). With
   * `ifMatch`, a change made meanwhile is a `PreconditionFailedError` instead of being overwritten.
   */
  async update(id: string, patch: FoiaPatch, options: UpdateOptions = {}): Promise<FoiaRequestWithEtag> {
    const { ifMatch, ...call } = options;
    const headers = ifMatch === undefined ? undefined : { 'if-match': typeof ifMatch === 'string' ? ifMatch : ifMatch.etag };
    const { data, response } = await this.http.json<FoiaRequest>(
      { method: 'PATCH', path: `/api/foia/requests/${segment(id)}`, json: patch, contentType: 'application/merge-patch+json', headers },
      call,
    );
    return withEtag(data, response);
  }

  /**
   * Read, change, write with `If-Match`, and on a 412 (someone changed the request meanwhile)
   * read again and ask `change` again with the new version. `change` may return null to
   * leave the request as it is.
   */
  async updateWithRetry(
    id: string,
    change: (current: FoiaRequestWithEtag) => FoiaPatch | null | Promise<FoiaPatch | null>,
    options: UpdateWithRetryOptions = {},
  ): Promise<FoiaRequestWithEtag> {
    const { maxAttempts = 5, ...call } = options;
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(id, call);
      const patch = await change(current);
      if (patch === null) return current;
      try {
        return await this.update(id, patch, { ...call, ifMatch: current });
      } catch (err) {
        if (!(err instanceof PreconditionFailedError) || attempt >= maxAttempts) throw err;
      }
    }
  }

  /** The request letter for the jurisdiction, as plain text (default) or Markdown. */
  letter(id: string, options?: LetterOptions<TextLetterFormat>, call?: CallOptions): Promise<string>;
  /** The request letter as a PDF, ready to print or attach: its bytes. */
  letter(id: string, options: LetterOptions<'pdf'> & { format: 'pdf' }, call?: CallOptions): Promise<Uint8Array>;
  async letter(id: string, options: LetterOptions = {}, call?: CallOptions): Promise<string | Uint8Array> {
    return readLetter(this.http, `/api/foia/requests/${segment(id)}/letter`, options.format ?? 'text', call);
  }

  /**
   * Sends the request letter (`kind: "request"`), the newest drafted follow-up or the newest
   * appeal draft by e-mail to the agency (or `to`), as text and PDF, from the caller's name with
   * Reply-To the caller's address. Answers at once with the queued communication: poll
   * `communications.get` for its `delivery` (`sent` or `failed`). A draft becomes submitted, and
   * its clock starts, when the mail server accepts the letter. `ConflictError` when sending is off
   * or nothing is drafted; `ValidationError` (422) without a recipient, a reply address or a name.
   */
  async send(id: string, request: SendLetterRequest, options: SendLetterOptions = {}, call?: CallOptions): Promise<FoiaCommunication> {
    const headers = idempotencyHeaders(options.idempotencyKey);
    return (await this.http.json<FoiaCommunication>({ method: 'POST', path: `/api/foia/requests/${segment(id)}/send`, json: request, headers }, call)).data;
  }

  /**
   * Matches the agency's stated reasons and cited exemptions to the jurisdiction's law (each match
   * with the statute's words and its limits), finds the appeal route and deadlines, and drafts an
   * appeal letter, stored as the newest appeal draft (`send(id, { kind: "appeal" })` sends it).
   * Allowed after a denial, a partial release or no records, or an overdue request where the law
   * treats silence as denial; otherwise a `ConflictError`.
   */
  async appealDraft(id: string, request: AppealDraftRequest, call?: CallOptions): Promise<AppealDraft> {
    return (await this.http.json<AppealDraft>({ method: 'POST', path: `/api/foia/requests/${segment(id)}/appeal-draft`, json: request }, call)).data;
  }

  /**
   * One page of a request's deadline reminders (recorded by the reminder job: `due_soon` when
   * the due date is near, `overdue` once it has passed), newest first, and `upcoming`: when the
   * next `due_soon` one will be recorded, or null. `NotFoundError` for someone else's request.
   */
  async reminders(id: string, query: FoiaReminderQuery = {}, call?: CallOptions): Promise<FoiaRequestReminders> {
    return (await this.http.json<FoiaRequestReminders>({ method: 'GET', path: `/api/foia/requests/${segment(id)}/reminders`, query }, call)).data;
  }

  /** Every reminder of a request, newest first, following `next_cursor`. */
  iterateReminders(id: string, query: IterateQuery<FoiaReminderQuery> = {}, call?: CallOptions): AsyncGenerator<FoiaReminder, void, undefined> {
    return paginate((cursor) => this.reminders(id, { ...query, cursor }, call));
  }

  /** One page of the caller's reminders across all requests, newest first, each with its request's `subject` and `agency_name`. */
  async allReminders(query: FoiaReminderQuery = {}, call?: CallOptions): Promise<FoiaReminderList> {
    return (await this.http.json<FoiaReminderList>({ method: 'GET', path: '/api/foia/reminders', query }, call)).data;
  }

  /** Every reminder of the caller's, newest first, following `next_cursor`. */
  iterateAllReminders(query: IterateQuery<FoiaReminderQuery> = {}, call?: CallOptions): AsyncGenerator<FoiaReminderWithRequest, void, undefined> {
    return paginate((cursor) => this.allReminders({ ...query, cursor }, call));
  }
}

/** A `ChatStreamEvent` of type `error`, with the typed error it stands for. */
export type ChatStreamErrorEvent = Extract<ChatStreamEvent, { type: 'error' }> & { error: SunlightError };

/** What `chat.stream` yields: the events, the `error` event carrying its typed error. */
export type ChatStreamItem = Exclude<ChatStreamEvent, { type: 'error' }> | ChatStreamErrorEvent;

const CHAT_EVENTS = new Set(['sources', 'citation', 'token', 'progress', 'done', 'error']);

/** The research assistant (`chat:assistant`). */
export class ChatApi {
  constructor(private readonly http: Transport) {}

  readonly conversations = {
    /** One page of the caller's conversations, most recently active first. */
    list: async (query: ConversationListQuery = {}, call?: CallOptions): Promise<ConversationList> =>
      (await this.http.json<ConversationList>({ method: 'GET', path: '/api/chat/conversations', query }, call)).data,
    iterate: (query: IterateQuery<ConversationListQuery> = {}, call?: CallOptions): AsyncGenerator<ConversationSummary, void, undefined> =>
      paginate((cursor) => this.conversations.list({ ...query, cursor }, call)),
    /** One conversation with every message, oldest first. */
    get: async (id: string, call?: CallOptions): Promise<Conversation> =>
      (await this.http.json<Conversation>({ method: 'GET', path: `/api/chat/conversations/${segment(id)}` }, call)).data,
  };

  /** Asks and waits for the whole answer (`stream: false`). */
  async ask(request: ChatRequest, call?: CallOptions): Promise<ChatAnswer> {
    return (await this.http.json<ChatAnswer>({ method: 'POST', path: '/api/chat', json: { ...request, stream: false } }, call)).data;
  }

  /**
   * Asks with `stream: true` and yields the Server-Sent Events as they arrive: `sources`,
   * `citation`, `token` (text deltas), `progress` (research mode), then `done` (the answer)
   * or `error`. The request is sent when iteration starts; errors before the stream opens
   * (401, 403, 400, 404) are thrown. Breaking out of the loop, or aborting `signal`, closes
   * the connection, which stops the generation on the server; an abort rejects with the
   * signal's reason. `timeoutMs` applies until the stream opens.
   */
  async *stream(request: ChatRequest, call: CallOptions = {}): AsyncGenerator<ChatStreamItem, void, undefined> {
    const open = await this.http.open({ method: 'POST', path: '/api/chat', json: { ...request, stream: true }, accept: 'text/event-stream' }, call);
    open.stopTimer();
    const requestId = open.response.headers.get('x-request-id') ?? undefined;
    let finished = false;
    try {
      const body = open.response.body;
      if (!body) throw new ConnectionError('The event stream had no body', undefined);
      for await (const message of readSse(body)) {
        if (!CHAT_EVENTS.has(message.event)) continue;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch (err) {
          throw new ConnectionError(`The ${message.event} event's data was not JSON`, err);
        }
        if (message.event === 'error') {
          yield { type: 'error', data: data as ErrorEnvelope, error: errorFromEnvelope(data as ErrorEnvelope, requestId) };
        } else {
          yield { type: message.event, data } as ChatStreamItem;
        }
      }
      finished = true;
    } catch (err) {
      if (call.signal?.aborted) throw call.signal.reason;
      throw err instanceof TypeError ? new ConnectionError('The event stream broke off', err) : err;
    } finally {
      if (!finished) open.abort();
      open.release();
    }
  }
}

/** Request figures (`admin:metrics`). */
export class AdminApi {
  constructor(private readonly http: Transport) {}

  /** Request counts, error rate and latency over the last hour, day (default), week or month. */
  async metrics(period?: MetricsPeriod, call?: CallOptions): Promise<AdminMetrics> {
    return (await this.http.json<AdminMetrics>({ method: 'GET', path: '/api/admin/metrics', query: { period } }, call)).data;
  }

  /** The Prometheus exposition of the process and HTTP metrics, as text. */
  async prometheus(call?: CallOptions): Promise<string> {
    return (await this.http.text({ method: 'GET', path: '/api/admin/metrics/prometheus', accept: 'text/plain' }, call)).data;
  }
}

function tokenSourceOf(options: SunlightClientOptions, fetchImpl: typeof fetch, timeoutMs: number): TokenSource | undefined {
  if (options.token !== undefined && options.clientCredentials !== undefined) {
    throw new TypeError('Give either token or clientCredentials, not both');
  }
  if (options.clientCredentials) return new ClientCredentialsTokenSource(options.clientCredentials, { fetch: fetchImpl, timeoutMs, userAgent: USER_AGENT });
  if (typeof options.token === 'function') return providerToken(options.token);
  if (typeof options.token === 'string') return staticToken(options.token);
  return undefined;
}

/**
 * The Sunlight API client.
 *
 * ```ts
 * const client = new SunlightClient({ baseUrl: 'https://sunlight.example.org', token: process.env.SUNLIGHT_TOKEN });
 * const texas = await client.transparency.jurisdictions.facts('texas', { field: 'initial_response' });
 * ```
 */
export class SunlightClient {
  readonly transparency: TransparencyApi;
  readonly documents: DocumentsApi;
  readonly foia: FoiaApi;
  readonly chat: ChatApi;
  readonly admin: AdminApi;
  /** The caller's stored objects (`read:storage`, `write:storage`). */
  readonly storage: StorageApi;
  /** Workflow runs for machine clients (`execute:workflows`): start, wait, cancel, webhook deliveries. */
  readonly integrations: IntegrationsApi;
  /** The caller's own settings: `me.profile.get`, `me.profile.update`. */
  readonly me: MeApi;
  /** Research projects shared with editors and viewers (`read:projects`, `write:projects`): projects, `items`, `members`. */
  readonly projects: ProjectsApi;
  /** Collections of the caller's own documents (`read:vectors`, `write:vectors`; admin view with `admin:vectors`): `collections`, `items`, `query`, `index`. */
  readonly vectors: VectorsApi;
  /** The published law database: `tables`, `rows`, `iterRows`, `export` (`read:database`); `query`, `status` (`admin:database`). */
  readonly database: DatabaseApi;
  readonly #http: Transport;
  readonly #tokens: TokenSource | undefined;

  constructor(options: SunlightClientOptions) {
    if (!options || typeof options.baseUrl !== 'string' || options.baseUrl === '') throw new TypeError('baseUrl is required');
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    const timeoutMs = options.timeoutMs ?? 30_000;
    this.#tokens = tokenSourceOf(options, fetchImpl, timeoutMs);
    this.#http = new Transport({
      baseUrl: options.baseUrl,
      tokens: this.#tokens,
      fetch: fetchImpl,
      timeoutMs,
      retries: options.retries ?? 2,
      retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
      userAgent: USER_AGENT,
      headers: options.headers ?? {},
    });
    this.transparency = new TransparencyApi(this.#http);
    this.documents = new DocumentsApi(this.#http);
    this.foia = new FoiaApi(this.#http);
    this.chat = new ChatApi(this.#http);
    this.admin = new AdminApi(this.#http);
    this.storage = new StorageApi(this.#http);
    this.integrations = new IntegrationsApi(this.#http);
    this.me = new MeApi(this.#http);
    this.projects = new ProjectsApi(this.#http);
    this.vectors = new VectorsApi(this.#http);
    this.database = new DatabaseApi(this.#http);
  }

  /** Hybrid legal search (keyword and vector, fused): one page of hits, plus what was read from the query. */
  async search(request: SearchRequest, call?: CallOptions): Promise<SearchResult> {
    return (await this.#http.json<SearchResult>({ method: 'POST', path: '/api/v1/search', json: request }, call)).data;
  }

  /** Every hit of a search, page after page (the API pages through at most 100 hits). */
  iterateSearch(request: Omit<SearchRequest, 'cursor'>, call?: CallOptions): AsyncGenerator<SearchHit, void, undefined> {
    return paginateQuery((r: SearchRequest) => this.search(r, call), request);
  }

  /** Status of Postgres, Redis and Temporal; answered (not thrown) when one is down (`status: "unavailable"`, HTTP 503). */
  async health(call?: CallOptions): Promise<HealthReport> {
    return (await this.#http.json<HealthReport>({ method: 'GET', path: '/api/health', auth: false, okStatuses: [503] }, call)).data;
  }

  /** Liveness: the process answers. */
  async liveness(call?: CallOptions): Promise<Liveness> {
    return (await this.#http.json<Liveness>({ method: 'GET', path: '/api/health/live', auth: false }, call)).data;
  }

  /** Readiness: dependencies up and the law loaded; answered (not thrown) when not ready (`status: "not_ready"`, HTTP 503). */
  async readiness(call?: CallOptions): Promise<Readiness> {
    return (await this.#http.json<Readiness>({ method: 'GET', path: '/api/health/ready', auth: false, okStatuses: [503] }, call)).data;
  }

  /** The API's OpenAPI 3.1 document. */
  async openapi(call?: CallOptions): Promise<OpenApiDocument> {
    return (await this.#http.json<OpenApiDocument>({ method: 'GET', path: '/api/openapi.json', auth: false }, call)).data;
  }

  /** Fetches a token now (client credentials: a cached one while it is fresh); undefined without credentials. */
  async token(options: { fresh?: boolean; signal?: AbortSignal } = {}): Promise<string | undefined> {
    return this.#tokens?.get(options.fresh ?? false, options.signal);
  }
}
