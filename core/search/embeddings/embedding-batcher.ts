interface Pending {
  text: string;
  resolve(vector: number[]): void;
  reject(err: unknown): void;
}

/**
 * Runs one model call at a time over texts from any number of callers, taking up to
 * `maxBatch` waiting texts per call. On two cores concurrent model calls only contend;
 * one call over the queries that arrived meanwhile costs little more than one query.
 */
export class EmbeddingBatcher {
  private readonly pending: Pending[] = [];
  private running = false;

  constructor(
    private readonly run: (texts: string[]) => Promise<number[][]>,
    private readonly maxBatch: number,
  ) {}

  embed(texts: readonly string[]): Promise<number[][]> {
    const all = Promise.all(texts.map((text) => new Promise<number[]>((resolve, reject) => this.pending.push({ text, resolve, reject }))));
    void this.pump();
    return all;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        try {
          const vectors = await this.run(batch.map((p) => p.text));
          batch.forEach((p, i) => p.resolve(vectors[i]!));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
