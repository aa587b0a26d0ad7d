/**
 * Request and response types of the SDK's methods, taken from the types generated from the
 * API's OpenAPI document (src/generated/openapi.ts). Only the shapes the document does not
 * describe (the chat stream's events) are written here by hand.
 */
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };

type Op = keyof operations;

/** The JSON body of an operation's success response (200, else 201). */
export type ResponseBody<O extends Op> = operations[O]['responses'] extends { 200: { content: { 'application/json': infer B } } }
  ? B
  : operations[O]['responses'] extends { 201: { content: { 'application/json': infer B } } }
    ? B
    : never;

/** The JSON request body of an operation. */
export type RequestBody<O extends Op, Media extends string = 'application/json'> = operations[O] extends {
  requestBody: { content: { [M in Media]: infer B } };
}
  ? B
  : never;

/** The query parameters of an operation, as the document describes them (strings on the wire). */
export type QueryParams<O extends Op> = NonNullable<operations[O]['parameters']['query']>;

type Loosen<V> = V extends 'true' | 'false' ? boolean | V : V extends ReadonlyArray<infer I> ? I | readonly I[] : V;

/**
 * Query parameters as the SDK accepts them: a `"true" | "false"` parameter also takes a
 * boolean, and a list parameter also takes a single value (lists are sent as repeated
 * parameters).
 */
export type Query<T> = { [K in keyof T]: Loosen<T[K]> };

/** `{ data, total, next_cursor }`: one page of a list. */
export interface Page<T> {
  data: T[];
  total: number;
  next_cursor: string | null;
}

/** The error envelope every error response carries. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

// ---- System ------------------------------------------------------------------------------

export type HealthReport = ResponseBody<'getApiHealth'>;
export type Liveness = ResponseBody<'getApiHealthLive'>;
export type Readiness = ResponseBody<'getApiHealthReady'>;
export type OpenApiDocument = ResponseBody<'getApiOpenapiJson'>;
export type MetricsPeriod = NonNullable<QueryParams<'getApiAdminMetrics'>['period']>;
export type AdminMetrics = ResponseBody<'getApiAdminMetrics'>;

// ---- Transparency (the law database) ---------------------------------------------------

export type JurisdictionListQuery = Query<QueryParams<'getApiV2TransparencyJurisdictions'>>;
export type JurisdictionList = ResponseBody<'getApiV2TransparencyJurisdictions'>;
export type JurisdictionSummary = JurisdictionList['data'][number];
export type Jurisdiction = ResponseBody<'getApiV2TransparencyJurisdictionsSlug'>;

export type FactsQuery = Query<QueryParams<'getApiV2TransparencyJurisdictionsSlugFacts'>>;
export type FactList = ResponseBody<'getApiV2TransparencyJurisdictionsSlugFacts'>;
export type LegalFact = FactList['data'][number];
export type FactField = LegalFact['field'];

export type RightListQuery = Query<QueryParams<'getApiV2TransparencyRights'>>;
export type RightList = ResponseBody<'getApiV2TransparencyRights'>;
export type RightSummary = RightList['data'][number];
export type Right = ResponseBody<'getApiV2TransparencyRightsId'>;

export type ExemptionListQuery = Query<QueryParams<'getApiV2TransparencyExemptions'>>;
export type ExemptionList = ResponseBody<'getApiV2TransparencyExemptions'>;
export type ExemptionSummary = ExemptionList['data'][number];
export type Exemption = ResponseBody<'getApiV2TransparencyExemptionsId'>;

export type ExemptionCategoryListQuery = Query<QueryParams<'getApiV2TransparencyExemptionCategories'>>;
export type ExemptionCategoryList = ResponseBody<'getApiV2TransparencyExemptionCategories'>;
export type ExemptionCategory = ExemptionCategoryList['data'][number];

export type StatuteQuery = Query<QueryParams<'getApiV2TransparencyStatutes'>>;
export type StatuteResult = ResponseBody<'getApiV2TransparencyStatutes'>;
export type StatuteNode = StatuteResult['data'][number];
export type Section = ResponseBody<'getApiV2TransparencySectionsId'>;

export type CompareQuery = Query<QueryParams<'getApiV2TransparencyCompare'>>;
export type CompareField = QueryParams<'getApiV2TransparencyCompare'>['field'];
export type Comparison = ResponseBody<'getApiV2TransparencyCompare'>;
export type ComparisonRow = Comparison['data'][number];

// ---- Search and documents --------------------------------------------------------------

export type SearchRequest = RequestBody<'postApiV1Search'>;
export type SearchResult = ResponseBody<'postApiV1Search'>;
export type SearchHit = SearchResult['data'][number];
export type LawDocument = ResponseBody<'getApiV1DocumentsId'>;

// ---- FOIA requests -----------------------------------------------------------------------

export type FoiaCreateRequest = RequestBody<'postApiFoiaRequests'>;
export type FoiaPatch = RequestBody<'patchApiFoiaRequestsId', 'application/merge-patch+json'>;
export type FoiaRequest = ResponseBody<'getApiFoiaRequestsId'>;
export type FoiaStatus = FoiaRequest['status'];
export type FoiaListQuery = Query<QueryParams<'getApiFoiaRequests'>>;
export type FoiaRequestList = ResponseBody<'getApiFoiaRequests'>;
/** `text`, `markdown` or `pdf`: the forms `foia.letter` downloads the letter in. */
export type LetterFormat = NonNullable<QueryParams<'getApiFoiaRequestsIdLetter'>['format']>;
/** The letter's forms read as text (`pdf` is read as bytes). */
export type TextLetterFormat = Exclude<LetterFormat, 'pdf'>;
/** What `foia.preview` answers: the due date and letter `create` would compute for the same body, nothing stored. */
export type FoiaPreview = ResponseBody<'postApiFoiaRequestsPreview'>;

/** `kind`, `limit` and `cursor` of both reminder lists (`foia.reminders`, `foia.allReminders`). */
export type FoiaReminderQuery = Query<QueryParams<'getApiFoiaReminders'>>;
export type FoiaReminderKind = NonNullable<FoiaReminderQuery['kind']>;
/** What `foia.reminders` answers: one request's reminders, newest first, and `upcoming`. */
export type FoiaRequestReminders = ResponseBody<'getApiFoiaRequestsIdReminders'>;
/** A deadline reminder the reminder job recorded. */
export type FoiaReminder = FoiaRequestReminders['data'][number];
/** When the next `due_soon` reminder of a request will be recorded. */
export type FoiaUpcomingReminder = NonNullable<FoiaRequestReminders['upcoming']>;
/** What `foia.allReminders` answers: the caller's reminders across requests, newest first. */
export type FoiaReminderList = ResponseBody<'getApiFoiaReminders'>;
/** A reminder with its request's `subject` and `agency_name`. */
export type FoiaReminderWithRequest = FoiaReminderList['data'][number];

/** A FOIA request with the ETag of the version read, for `If-Match`. */
export type FoiaRequestWithEtag = FoiaRequest & { etag: string };

// ---- FOIA communications, sending and appeals ----------------------------------------------

/** One communication of a request's thread: a letter sent, a reply received, or a note. */
export type FoiaCommunication = ResponseBody<'getApiFoiaRequestsIdCommunicationsCommunicationId'>;
/** What `foia.communications.list` answers: the whole thread, oldest first (one page). */
export type FoiaCommunicationList = ResponseBody<'getApiFoiaRequestsIdCommunications'>;
export type CommunicationDirection = FoiaCommunication['direction'];
export type CommunicationKind = FoiaCommunication['kind'];
export type CommunicationChannel = FoiaCommunication['channel'];
/** How far Sunlight got sending a letter: `none` (not sent by Sunlight), `draft`, `queued`, `sending`, `sent`, `failed`. */
export type DeliveryState = FoiaCommunication['delivery'];
/** What `foia.communications.create` takes: direction, text, when, and optionally the status the request moves to. */
export type LogCommunicationRequest = RequestBody<'postApiFoiaRequestsIdCommunications'>;
/** What `foia.communications.create` answers: the communication, and where the request stands after it. */
export type LoggedCommunication = ResponseBody<'postApiFoiaRequestsIdCommunications'>;
/** What `foia.send` takes: the letter's `kind`, and recipients instead of the agency's address. */
export type SendLetterRequest = RequestBody<'postApiFoiaRequestsIdSend'>;
/** `request`, `follow_up` or `appeal`. */
export type LetterKind = SendLetterRequest['kind'];
/** What `foia.appealDraft` takes: the agency's stated reasons and/or the exemptions it cited. */
export type AppealDraftRequest = RequestBody<'postApiFoiaRequestsIdAppealDraft'>;
/** The reasons matched to the law, the appeal route and deadlines, and the drafted appeal letter. */
export type AppealDraft = ResponseBody<'postApiFoiaRequestsIdAppealDraft'>;
/** One of the agency's reasons matched to an exemption, with the statute's words and its limits. */
export type ExemptionMatch = AppealDraft['matches'][number];
export type AppealRoute = AppealDraft['appeal_route'];

// ---- FOIA agency directory ---------------------------------------------------------------

/** A directory entry (`source: "corpus"`, shared and read only) or one of the caller's own (`source: "user"`). */
export type FoiaAgency = ResponseBody<'postApiFoiaAgencies'>;
export type FoiaAgencyKind = FoiaAgency['kind'];
export type FoiaAgencyList = ResponseBody<'getApiFoiaAgencies'>;
/** Filters of `foia.agencies.list`: jurisdiction, kind, q (text in the name), limit, cursor. */
export type FoiaAgencyListQuery = Query<QueryParams<'getApiFoiaAgencies'>>;
/** An agency with the statistics of the requests addressed to it (aggregates only). */
export type FoiaAgencyWithStatistics = ResponseBody<'getApiFoiaAgenciesId'>;
export type FoiaAgencyStatistics = FoiaAgencyWithStatistics['statistics'];
/** What `foia.agencies.create` takes (with `based_on`, what is left out is copied from that directory entry). */
export type FoiaAgencyCreate = RequestBody<'postApiFoiaAgencies'>;
/** What `foia.agencies.update` takes: a JSON merge patch (`null` clears a field). */
export type FoiaAgencyPatch = RequestBody<'patchApiFoiaAgenciesId', 'application/merge-patch+json'>;

// ---- FOIA notifications and calendar -----------------------------------------------------

/** A deadline reminder or tracker event of the caller's, with its request's `subject` and `agency_name`. */
export type FoiaNotification = ResponseBody<'postApiFoiaNotificationsIdRead'>;
export type FoiaNotificationKind = FoiaNotification['kind'];
export type FoiaNotificationList = ResponseBody<'getApiFoiaNotifications'>;
/** Filters of `foia.notifications.list`: kind, unread, limit, cursor. */
export type FoiaNotificationListQuery = Query<QueryParams<'getApiFoiaNotifications'>>;
/** What `foia.notifications.markAllRead` answers: how many were unread. */
export type MarkedRead = ResponseBody<'postApiFoiaNotificationsReadAll'>;
/** A calendar feed token, shown once, with the feed's path. */
export type CalendarFeedToken = ResponseBody<'postApiFoiaCalendarFeedToken'>;

// ---- The caller's profile ----------------------------------------------------------------

/** Who signs the caller's letters and how Sunlight reaches them. */
export type Profile = ResponseBody<'getApiMeProfile'>;
/** What `me.profile.update` takes: the whole profile (what is left out is cleared). */
export type ProfileUpdate = RequestBody<'putApiMeProfile'>;

// ---- Chat (the research assistant) -----------------------------------------------------

export type ChatRequestBody = RequestBody<'postApiChat'>;
/** What `chat.ask` and `chat.stream` take: the request body without `stream` (each method sets it). */
export type ChatRequest = Omit<ChatRequestBody, 'stream'>;
export type ChatAnswer = operations['postApiChat']['responses'][200]['content']['application/json'];
export type ChatCitation = ChatAnswer['citations'][number];
export type ChatSource = ChatAnswer['sources'][number];
export type ConversationListQuery = Query<QueryParams<'getApiChatConversations'>>;
export type ConversationList = ResponseBody<'getApiChatConversations'>;
export type ConversationSummary = ConversationList['data'][number];
export type Conversation = ResponseBody<'getApiChatConversationsId'>;
export type ConversationMessage = Conversation['messages'][number];

/**
 * Progress of a research run (`mode: "research"`), as the `progress` event carries it. The
 * OpenAPI document describes the stream in prose only, so this shape is written by hand from
 * the API's research types.
 */
export interface ResearchProgress {
  stage: 'planning' | 'researching' | 'synthesizing' | 'storing' | 'done' | 'failed';
  plan: {
    question: string;
    topics: string[];
    categories: string[];
    jurisdictions: Array<{ slug: string; name: string }>;
    scope: 'named' | 'most_populous' | 'all';
    steps: string[];
  } | null;
  total: number;
  done: number;
  running: string[];
  failed: string[];
}

/** Token usage of an answer, in the `done` event. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * One event of the assistant's Server-Sent Events stream. `error` ends the stream with the
 * error envelope; `done` ends it with the whole answer (the `token` texts add up to
 * `done.data.answer`).
 */
export type ChatStreamEvent =
  | { type: 'sources'; data: { sources: ChatSource[] } }
  | { type: 'citation'; data: ChatCitation & { marker: number } }
  | { type: 'token'; data: { text: string } }
  | { type: 'progress'; data: ResearchProgress }
  | { type: 'done'; data: ChatAnswer & { usage: ChatUsage } }
  | { type: 'error'; data: ErrorEnvelope };

export type ChatStreamEventType = ChatStreamEvent['type'];

/** Object storage (`/api/storage/objects`). */
export type StoredObject = ResponseBody<'putApiStorageObjectsKey'>;
export type StoredObjectList = ResponseBody<'getApiStorageObjects'>;
export type StoredObjectListQuery = Query<QueryParams<'getApiStorageObjects'>>;

// ---- FOIA attachments ------------------------------------------------------------------

/** A file attached to a FOIA request (the agency's letter, released records…), stored in the caller's storage at `object_key`. */
export type FoiaAttachment = ResponseBody<'postApiFoiaRequestsIdAttachments'>;
/** What `foia.attachments.list` answers: every attachment of the request, oldest first (one page). */
export type FoiaAttachmentList = ResponseBody<'getApiFoiaRequestsIdAttachments'>;
export type FoiaAttachmentKind = FoiaAttachment['kind'];

// ---- Document compilation --------------------------------------------------------------

/** What `documents.compile` takes: a title, the formats, and 1 to 60 parts compiled in order. */
export type CompileRequest = RequestBody<'postApiDocumentsCompile'>;
/** One part of a packet: `jurisdiction_profile`, `comparison`, `statute`, `search`, `conversation` or `foia_request`. */
export type CompilePart = CompileRequest['parts'][number];
export type CompilePartKind = CompilePart['kind'];
/** A compilation: its status, progress, outputs (objects in the caller's storage) and part failures. */
export type Compilation = ResponseBody<'getApiDocumentsCompileId'>;
export type CompilationStatus = Compilation['status'];
/** One rendered packet of a completed compilation: `key` is an object of the caller's (`storage.get`). */
export type CompilationOutput = Compilation['outputs'][number];
export type PacketFormat = CompilationOutput['format'];
export type CompilationList = ResponseBody<'getApiDocumentsCompile'>;
export type CompilationListQuery = Query<QueryParams<'getApiDocumentsCompile'>>;

// ---- Integration workflows -------------------------------------------------------------

/** What `integrations.types` answers: every workflow type, with the JSON Schema of its input and of its result. */
export type WorkflowCatalogue = ResponseBody<'getApiIntegrationsWorkflowsTypes'>;
/** One workflow type of the catalogue: `type`, `description`, `input_schema`, `output_schema`. */
export type WorkflowType = WorkflowCatalogue['data'][number];
/** `reingest`, `compile`, `research`, `export` or `foia-digest`. */
export type WorkflowTypeName = WorkflowType['type'];
/** What `integrations.start` takes: `{ type, input, webhook? }`, the input's shape chosen by the type. */
export type StartWorkflowRequest = RequestBody<'postApiIntegrationsWorkflows'>;
/** The request of one type, e.g. `StartWorkflowRequestOf<'export'>`. */
export type StartWorkflowRequestOf<T extends WorkflowTypeName> = Extract<StartWorkflowRequest, { type: T }>;
/** Where a run's webhook event is sent: `{ url }`. */
export type WorkflowWebhook = NonNullable<StartWorkflowRequest['webhook']>;
/** A run: status, progress, result or error, timings and links. */
export type WorkflowRun = ResponseBody<'getApiIntegrationsWorkflowsId'>;
export type WorkflowRunStatus = WorkflowRun['status'];
/** Where a run is: a step in words, and counts when the type has them. */
export type WorkflowRunProgress = NonNullable<WorkflowRun['progress']>;
/** One page of the caller's runs, newest first. */
export type WorkflowRunList = ResponseBody<'getApiIntegrationsWorkflows'>;
/** Filters of `integrations.list`: one type or status, or several (any of them). */
export interface WorkflowRunListQuery {
  type?: WorkflowTypeName | readonly WorkflowTypeName[];
  status?: WorkflowRunStatus | readonly WorkflowRunStatus[];
  /** Runs per page (1 to 100, default 20). */
  limit?: number;
  cursor?: string;
}
/** A run's webhook delivery log: every attempt, oldest first (one page). */
export type WebhookDeliveryList = ResponseBody<'getApiIntegrationsWorkflowsIdDeliveries'>;
/** One delivery attempt: its status code, outcome and latency. */
export type WebhookDelivery = WebhookDeliveryList['data'][number];
export type WebhookDeliveryOutcome = WebhookDelivery['outcome'];
/** The caller's webhook signing secret, and how deliveries are signed. */
export type WebhookSecret = ResponseBody<'getApiIntegrationsWebhookSecret'>;

/**
 * The JSON body a webhook receives when a run ends, signed in the `Sunlight-Signature` header
 * (check it with `verifyWebhookSignature` before trusting it). The OpenAPI document describes
 * it in prose only, so this shape is written by hand from the API's integration types.
 */
export interface WebhookEvent {
  /** The run's id. */
  id: string;
  type: WorkflowTypeName;
  status: 'completed' | 'failed' | 'cancelled';
  /** The result's links (name → URL of what the run stored); empty when it failed or was cancelled. */
  result_links: Record<string, string>;
  error: string | null;
  occurred_at: string;
}

/** A research project, with the caller's role in it (`read:projects`). */
export type Project = ResponseBody<'getApiProjectsId'>;
export type ProjectRole = Project['role'];
/** One page of the caller's projects. */
export type ProjectList = ResponseBody<'getApiProjects'>;
export type ProjectListQuery = Query<QueryParams<'getApiProjects'>>;
export type ProjectCreate = RequestBody<'postApiProjects'>;
/** A merge patch: `description: null` clears it. */
export type ProjectPatch = RequestBody<'patchApiProjectsId', 'application/merge-patch+json'>;
/** One item of a project: a reference to a member's record (with the label captured when added), or a saved search. */
export type ProjectItem = ResponseBody<'getApiProjectsIdItemsItemId'>;
export type ProjectItemKind = ProjectItem['kind'];
export type ProjectItemList = ResponseBody<'getApiProjectsIdItems'>;
export type ProjectItemListQuery = Query<QueryParams<'getApiProjectsIdItems'>>;
/** `{ kind, ref, label? }`: `ref` is the id (or stored object key) of one of the caller's records, or `{ query, filters? }`. */
export type ProjectItemCreate = RequestBody<'postApiProjectsIdItems'>;
/** A saved search: the query and filters of `POST /api/v1/search`. */
export type SavedSearch = Extract<ProjectItemCreate, { kind: 'saved_search' }>['ref'];
/** The page of a saved search's re-run to answer (limit, cursor, mode). */
export type SavedSearchRun = NonNullable<RequestBody<'postApiProjectsIdItemsItemIdRun'>>;
export type ProjectMember = ResponseBody<'putApiProjectsIdMembersSub'>;
export type ProjectMemberRole = RequestBody<'putApiProjectsIdMembersSub'>['role'];
export type ProjectMemberList = ResponseBody<'getApiProjectsIdMembers'>;
export type ProjectMemberListQuery = Query<QueryParams<'getApiProjectsIdMembers'>>;

/** A published table of the law database, with its columns and row count (`read:database`). */
export type DatabaseTable = ResponseBody<'getApiDatabaseTables'>['data'][number];
export type DatabaseColumn = DatabaseTable['columns'][number];
/** One page of a published table's rows: the columns in order, rows keyed by column name. */
export type DatabaseRowPage = ResponseBody<'getApiDatabaseTablesNameRows'>;
export type DatabaseRow = DatabaseRowPage['data'][number];
/** The answer of a console query (`admin:database`): rows as arrays aligned with `columns`. */
export type DatabaseQueryResult = ResponseBody<'postApiDatabaseQuery'>;
/** Migrations applied and pending, table sizes and recent ingestion runs (`admin:database`). */
export type DatabaseStatus = ResponseBody<'getApiDatabaseStatus'>;
/** A collection of the caller's own documents (`read:vectors`). */
export type VectorCollection = ResponseBody<'getApiVectorsCollectionsId'>;
export type VectorCollectionCreate = RequestBody<'postApiVectorsCollections'>;
export type VectorCollectionList = ResponseBody<'getApiVectorsCollections'>;
export type VectorCollectionListQuery = Query<QueryParams<'getApiVectorsCollections'>>;
/** One item to upsert: `text` (embedded by the server) or `vector`, with `metadata`. */
export type VectorItemInput = RequestBody<'postApiVectorsCollectionsIdItems'>['items'][number];
export type VectorItemsUpserted = ResponseBody<'postApiVectorsCollectionsIdItems'>;
export type VectorItem = ResponseBody<'getApiVectorsCollectionsIdItemsItemId'>;
export type VectorQuery = RequestBody<'postApiVectorsCollectionsIdQuery'>;
export type VectorQueryResult = ResponseBody<'postApiVectorsCollectionsIdQuery'>;
/** A run indexing a stored object into a collection, with its progress. */
export type VectorIndexRun = ResponseBody<'getApiVectorsCollectionsIdIndexRunId'>;
/** Every collection with sizes, and the law index (`admin:vectors`). */
export type VectorAdminOverview = ResponseBody<'getApiAdminVectors'>;
export type VectorRebuildResult = ResponseBody<'postApiAdminVectorsRebuild'>;
