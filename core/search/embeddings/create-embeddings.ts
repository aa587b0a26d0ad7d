import type { Config } from '../../config/config.js';
import { LocalEmbeddings } from './local-embeddings.js';
import type { ModelEmbeddings } from './model-embeddings.js';
import { OpenAICompatibleEmbeddings } from './openai-compatible-embeddings.js';

/** The embeddings provider the configuration names (EMBEDDINGS_PROVIDER). Each process calls this once, in its wiring. */
export function createEmbeddings(config: Config['embeddings']): ModelEmbeddings {
  if (config.provider === 'openai') {
    return new OpenAICompatibleEmbeddings({
      model: config.model,
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    });
  }
  return new LocalEmbeddings({ modelDir: config.modelDir, threads: config.threads });
}
