/**
 * `client.vectors`: collections of the caller's own documents (`read:vectors`, `write:vectors`):
 * items upserted by text (embedded by the server) or by vector, queried by text or vector with
 * metadata filters, and stored objects indexed into a collection by a background run; the
 * administrators' view (`admin:vectors`). Another user's collection is a `NotFoundError`.
 */
import { TimeoutError } from './errors.js';
import { segment, type CallOptions, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import { FINISHED_STATUSES, waitUntilFinished, type PollOptions } from './polling.js';
import type {
  VectorAdminOverview,
  VectorCollection,
  VectorCollectionCreate,
  VectorCollectionList,
  VectorCollectionListQuery,
  VectorIndexRun,
  VectorItem,
  VectorItemInput,
  VectorItemsUpserted,
  VectorQuery,
  VectorQueryResult,
  VectorRebuildResult,
} from './types.js';

const BASE = '/api/vectors/collections';
const collection = (id: string) => `${BASE}/${segment(id)}`;

/** `wait` gave up before the run ended (the run goes on). */
export class IndexRunTimeoutError extends TimeoutError {
  readonly run: VectorIndexRun;
  constructor(timeoutMs: number, run: VectorIndexRun) {
    super(timeoutMs, `Indexing run ${run.id}`);
    this.message = `Indexing run ${run.id} was still ${run.status} (${run.progress.step}) after ${timeoutMs} ms`;
    this.run = run;
  }
}

/** A collection's items. */
export class VectorItemsApi {
  constructor(private readonly http: Transport) {}

  /** Writes items (replacing those of the same id): by `text` (server collections) or by `vector`, with `metadata`. */
  async upsert(collectionId: string, items: VectorItemInput[], call?: CallOptions): Promise<VectorItemsUpserted> {
    return (await this.http.json<VectorItemsUpserted>({ method: 'POST', path: `${collection(collectionId)}/items`, json: { items } }, call)).data;
  }

  async get(collectionId: string, itemId: string, call?: CallOptions): Promise<VectorItem> {
    return (await this.http.json<VectorItem>({ method: 'GET', path: `${collection(collectionId)}/items/${segment(itemId)}` }, call)).data;
  }

  async delete(collectionId: string, itemId: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: `${collection(collectionId)}/items/${segment(itemId)}` }, call);
  }
}

/** The caller's collections. */
export class VectorCollectionsApi {
  constructor(private readonly http: Transport) {}

  /** `model: 'server'` (default) embeds text with the server's model; `{ dimension }` holds your own vectors. */
  async create(body: VectorCollectionCreate, call?: CallOptions): Promise<VectorCollection> {
    return (await this.http.json<VectorCollection>({ method: 'POST', path: BASE, json: body }, call)).data;
  }

  async list(query: VectorCollectionListQuery = {}, call?: CallOptions): Promise<VectorCollectionList> {
    return (await this.http.json<VectorCollectionList>({ method: 'GET', path: BASE, query }, call)).data;
  }

  /** Every collection, following `next_cursor`. */
  listAll(query: Omit<VectorCollectionListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<VectorCollection, void, undefined> {
    return paginateQuery((q: VectorCollectionListQuery) => this.list(q, call), query);
  }

  async get(id: string, call?: CallOptions): Promise<VectorCollection> {
    return (await this.http.json<VectorCollection>({ method: 'GET', path: collection(id) }, call)).data;
  }

  /** Deletes the collection, its items and vectors (an unfinished indexing run is cancelled). */
  async delete(id: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: collection(id) }, call);
  }
}

/** The vector store API. */
export class VectorsApi {
  readonly collections: VectorCollectionsApi;
  readonly items: VectorItemsApi;

  constructor(private readonly http: Transport) {
    this.collections = new VectorCollectionsApi(http);
    this.items = new VectorItemsApi(http);
  }

  /** The nearest items to `text` or `vector`, filtered by metadata equality. */
  async query(collectionId: string, body: VectorQuery, call?: CallOptions): Promise<VectorQueryResult> {
    return (await this.http.json<VectorQueryResult>({ method: 'POST', path: `${collection(collectionId)}/query`, json: body }, call)).data;
  }

  /** Starts indexing one of the caller's stored objects (PDF, text, Markdown, HTML) into the collection; `wait` for the run. */
  async index(collectionId: string, objectKey: string, call?: CallOptions): Promise<VectorIndexRun> {
    return (await this.http.json<VectorIndexRun>({ method: 'POST', path: `${collection(collectionId)}/index`, json: { object_key: objectKey } }, call)).data;
  }

  async indexRun(collectionId: string, runId: string, call?: CallOptions): Promise<VectorIndexRun> {
    return (await this.http.json<VectorIndexRun>({ method: 'GET', path: `${collection(collectionId)}/index/${segment(runId)}` }, call)).data;
  }

  /** Asks the run to stop between batches (a `ConflictError` once it has ended). */
  async cancelIndexRun(collectionId: string, runId: string, call?: CallOptions): Promise<VectorIndexRun> {
    return (await this.http.json<VectorIndexRun>({ method: 'POST', path: `${collection(collectionId)}/index/${segment(runId)}/cancel` }, call)).data;
  }

  /** Polls the run until it has ended (completed, failed or cancelled). */
  wait(run: Pick<VectorIndexRun, 'id' | 'collection_id'>, options: PollOptions<VectorIndexRun> = {}): Promise<VectorIndexRun> {
    return waitUntilFinished(
      (call) => this.indexRun(run.collection_id, run.id, call),
      (r) => (FINISHED_STATUSES as readonly string[]).includes(r.status),
      options,
      (ms, last) => new IndexRunTimeoutError(ms, last),
    );
  }

  /** Every user's collections with sizes, and the law index (`admin:vectors`). */
  async adminOverview(call?: CallOptions): Promise<VectorAdminOverview> {
    return (await this.http.json<VectorAdminOverview>({ method: 'GET', path: '/api/admin/vectors' }, call)).data;
  }

  /** Rebuilds the law index: starts the corpus ingestion workflow (`admin:vectors`). */
  async rebuildLawIndex(options: { force?: boolean } = {}, call?: CallOptions): Promise<VectorRebuildResult> {
    return (await this.http.json<VectorRebuildResult>({ method: 'POST', path: '/api/admin/vectors/rebuild', json: options }, call)).data;
  }
}
