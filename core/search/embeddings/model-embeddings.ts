import { Embeddings } from '@langchain/core/embeddings';

/** Which model made a vector, and its length: stored with the index so a change forces a rebuild. */
export interface EmbeddingModelSpec {
  modelId: string;
  dimension: number;
}

/** A LangChain `Embeddings` that can say which model it runs. Every provider here extends it. */
export abstract class ModelEmbeddings extends Embeddings {
  abstract describe(): Promise<EmbeddingModelSpec>;
}
