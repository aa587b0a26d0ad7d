import { OpenAIEmbeddings } from '@langchain/openai';
import { ModelEmbeddings, type EmbeddingModelSpec } from './model-embeddings.js';

export interface OpenAICompatibleEmbeddingsOptions {
  model: string;
  /** An OpenAI-compatible `/v1` base URL; the OpenAI API when unset. */
  baseUrl?: string;
  apiKey?: string;
  batchSize?: number;
}

/**
 * A remote embedding service speaking the OpenAI embeddings API (OpenAI itself, or a
 * compatible server such as a local `/v1/embeddings`), through LangChain's OpenAIEmbeddings.
 * The dimension is learnt from one probe call, once.
 */
export class OpenAICompatibleEmbeddings extends ModelEmbeddings {
  readonly inner: OpenAIEmbeddings;
  private spec: Promise<EmbeddingModelSpec> | null = null;

  constructor(private readonly options: OpenAICompatibleEmbeddingsOptions) {
    super({});
    this.inner = new OpenAIEmbeddings({
      model: options.model,
      // Compatible servers often need no key, but the client refuses to start without one.
      apiKey: options.apiKey || 'not-needed',
      batchSize: options.batchSize ?? 64,
      // Many compatible servers return only floats; the SDK would otherwise ask for base64.
      encodingFormat: 'float',
      maxRetries: 3,
      ...(options.baseUrl ? { configuration: { baseURL: options.baseUrl } } : {}),
    });
  }

  async describe(): Promise<EmbeddingModelSpec> {
    this.spec ??= this.inner.embedQuery('dimension probe').then((v) => ({ modelId: `openai:${this.options.model}`, dimension: v.length }));
    this.spec.catch(() => (this.spec = null));
    return this.spec;
  }

  embedDocuments(texts: string[]): Promise<number[][]> {
    return this.inner.embedDocuments(texts);
  }

  embedQuery(text: string): Promise<number[]> {
    return this.inner.embedQuery(text);
  }
}
