import { ModelEmbeddings, type EmbeddingModelSpec } from './model-embeddings.js';

/**
 * A deterministic, dependency-free embedder for tests: each word is hashed to a signed
 * coordinate (feature hashing), and the vector is L2-normalised. Texts sharing words are
 * near each other; it knows nothing of meaning. Never used in production wiring.
 */
export class HashingEmbeddings extends ModelEmbeddings {
  readonly dimension: number;
  /** How many texts this instance has embedded (tests assert on it). */
  embeddedTexts = 0;

  constructor(options: { dimension?: number } = {}) {
    super({});
    this.dimension = options.dimension ?? 64;
  }

  async describe(): Promise<EmbeddingModelSpec> {
    return { modelId: `hashing-v1-${this.dimension}`, dimension: this.dimension };
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.embedText(t));
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.embedText(text);
  }

  private embedText(text: string): number[] {
    this.embeddedTexts++;
    const v = new Array<number>(this.dimension).fill(0);
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      const h = fnv1a(word);
      v[h % this.dimension]! += h & 0x80000000 ? -1 : 1;
    }
    const norm = Math.hypot(...v);
    // A text without words still gets a valid (non-zero) direction.
    return norm > 0 ? v.map((x) => x / norm) : v.map((_, i) => (i === 0 ? 1 : 0));
  }
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
