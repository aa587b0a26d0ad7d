import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Config } from '../../config/config.js';
import { ChatOpenAI } from '@langchain/openai';
import { LocalChatModel } from './local-chat-model.js';
import { createLocalLlamaRuntime, type CompletionRuntime } from './local-llama-runtime.js';

export type ChatProvider = 'local' | 'openai' | 'anthropic';

/** The chat model part of the configuration (core/config). */
export type ChatModelConfig = Config['chat']['model'];

/** The model the chain uses and what the process must release at exit. */
export interface ChatModelHandle {
  provider: ChatProvider;
  /** "local:<file>", "openai:<model>" or "anthropic:<model>", recorded with each answer. */
  modelId: string;
  model: BaseChatModel;
  close(): Promise<void>;
}

/** `auto`: Anthropic when its key is set, an OpenAI-compatible endpoint when a key or base URL is, else the offline model. */
export function resolveProvider(c: Pick<ChatModelConfig, 'provider' | 'apiKey' | 'baseUrl' | 'anthropicApiKey'>): ChatProvider {
  if (c.provider !== 'auto') return c.provider;
  if (c.anthropicApiKey) return 'anthropic';
  if (c.apiKey || c.baseUrl) return 'openai';
  return 'local';
}

const DEFAULT_MODELS: Record<Exclude<ChatProvider, 'local'>, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
};

/**
 * Builds the configured chat model. Called once per process, in its wiring; the local
 * runtime loads its weights on first use, so a process that never chats never loads them.
 */
export function createChatModel(c: ChatModelConfig, runtime?: CompletionRuntime): ChatModelHandle {
  const provider = resolveProvider(c);
  if (provider === 'openai') {
    const name = c.model || DEFAULT_MODELS.openai;
    const model = new ChatOpenAI({
      model: name,
      apiKey: c.apiKey ?? 'not-needed',
      temperature: c.temperature,
      maxTokens: c.maxTokens,
      configuration: c.baseUrl ? { baseURL: c.baseUrl } : undefined,
    });
    return { provider, modelId: `openai:${name}`, model, close: async () => undefined };
  }
  if (provider === 'anthropic') {
    const name = c.model || DEFAULT_MODELS.anthropic;
    const model = new ChatAnthropic({ model: name, apiKey: c.anthropicApiKey, temperature: c.temperature, maxTokens: c.maxTokens });
    return { provider, modelId: `anthropic:${name}`, model, close: async () => undefined };
  }
  const local = runtime ?? createLocalLlamaRuntime(c.local);
  const model = new LocalChatModel({ runtime: local, maxTokens: c.maxTokens, temperature: c.temperature });
  return { provider, modelId: local.modelId, model, close: () => local.close() };
}
