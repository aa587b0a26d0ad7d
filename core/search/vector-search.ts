import type { ModelEmbeddings } from './embeddings/model-embeddings.js';
import type { RankedRecord, SearchDocType, SearchFilter, VectorSearch } from './search-contracts.js';
import type { ChunkVectorStore, VectorHit } from './vector-store/chunk-vector-store.js';

export interface VectorSearchDeps {
  embeddings: ModelEmbeddings;
  store: ChunkVectorStore;
  /** Recent query embeddings kept (the same question asked again skips the model). */
  cacheSize?: number;
  /** Chunks fetched per record wanted, since several chunks of one record may rank high. */
  overfetch?: number;
}

/**
 * The vector side of hybrid search: embeds the query (recent ones from a small LRU cache),
 * finds the nearest chunks in the vector store, and collapses them to the best chunk per
 * record, ranked by that chunk's cosine similarity.
 */
export class ChunkVectorSearch implements VectorSearch {
  private readonly cache = new Map<string, Promise<number[]>>();
  private opened: Promise<void> | null = null;

  constructor(private readonly deps: VectorSearchDeps) {}

  async search(query: string, k: number, filter: SearchFilter): Promise<RankedRecord[]> {
    const text = query.trim().replace(/\s+/g, ' ');
    if (k <= 0 || text === '') return [];
    const [vector] = await Promise.all([this.embed(text), this.open()]);
    let fetch = Math.min(Math.max(k * (this.deps.overfetch ?? 3), k + 10), 1000);
    for (;;) {
      const hits = await this.deps.store.search(vector, fetch, filter);
      const best = bestPerRecord(hits, k);
      // Too few distinct records among many chunks: look further down once more.
      if (best.length >= k || hits.length < fetch || fetch >= 1000) return best;
      fetch = Math.min(fetch * 4, 1000);
    }
  }

  /** Opens the collection for the current model once (retried after a failure). */
  private open(): Promise<void> {
    this.opened ??= this.deps.embeddings
      .describe()
      .then((spec) => this.deps.store.ensureCollection(spec))
      .then(() => undefined);
    this.opened.catch(() => (this.opened = null));
    return this.opened;
  }

  private embed(text: string): Promise<number[]> {
    const cached = this.cache.get(text);
    if (cached) {
      // Map order is recency order: move the entry to the end.
      this.cache.delete(text);
      this.cache.set(text, cached);
      return cached;
    }
    const pending = this.deps.embeddings.embedQuery(text);
    this.cache.set(text, pending);
    pending.catch(() => this.cache.delete(text));
    const max = this.deps.cacheSize ?? 256;
    while (this.cache.size > max) this.cache.delete(this.cache.keys().next().value!);
    return pending;
  }
}

/** The first (best) hit of each record, at most `k`, ranked from 1. */
function bestPerRecord(hits: readonly VectorHit[], k: number): RankedRecord[] {
  const seen = new Set<string>();
  const out: RankedRecord[] = [];
  for (const h of hits) {
    if (seen.has(h.payload.recordId)) continue;
    seen.add(h.payload.recordId);
    // The law's collection holds law records only (user collections are other collections).
    out.push({ recordId: h.payload.recordId, type: h.payload.type as SearchDocType, jurisdiction: h.payload.jurisdiction, score: h.score, rank: out.length + 1, chunkId: h.id });
    if (out.length === k) break;
  }
  return out;
}

/** The vector side over the configured embeddings and vector store (see `createEmbeddings`, `createVectorStore`). */
export function createVectorSearch(deps: VectorSearchDeps): VectorSearch {
  return new ChunkVectorSearch(deps);
}
