import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { CHATML_STOP, toChatMl } from './chatml.js';
import { createChatModel, resolveProvider } from './create-chat-model.js';
import { LocalChatModel } from './local-chat-model.js';
import type { CompletionRequest, CompletionRuntime } from './local-llama-runtime.js';

/** A runtime that "generates" fixed chunks and records what it was asked. */
function fakeRuntime(chunks: string[]): CompletionRuntime & { requests: CompletionRequest[] } {
  const requests: CompletionRequest[] = [];
  return {
    modelId: 'local:fake.gguf',
    requests,
    async complete(r) {
      requests.push(r);
      for (const c of chunks) {
        r.signal?.throwIfAborted();
        r.onText?.(c);
      }
      return { text: chunks.join(''), promptTokens: 12, completionTokens: chunks.length, stopReason: 'eogToken' };
    },
    close: async () => undefined,
  };
}

describe('toChatMl', () => {
  it('formats the turns and opens the assistant turn', () => {
    expect(toChatMl([new SystemMessage('Be brief.'), new HumanMessage(' Question? ')])).toBe(
      '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nQuestion?<|im_end|>\n<|im_start|>assistant\n',
    );
  });
});

describe('LocalChatModel', () => {
  it('streams the runtime\'s chunks and reports token usage', async () => {
    const runtime = fakeRuntime(['In Texas ', 'it is ', '10 days.']);
    const model = new LocalChatModel({ runtime, maxTokens: 50, temperature: 0 });
    const pieces: string[] = [];
    let usage: unknown;
    for await (const chunk of await model.stream([new HumanMessage('How long?')])) {
      pieces.push(String(chunk.content));
      usage ??= chunk.usage_metadata;
    }
    expect(pieces.join('')).toBe('In Texas it is 10 days.');
    expect(usage).toEqual({ input_tokens: 12, output_tokens: 3, total_tokens: 15 });
    expect(runtime.requests[0]).toMatchObject({ maxTokens: 50, temperature: 0, stop: CHATML_STOP });
    expect(runtime.requests[0]!.prompt).toContain('<|im_start|>user\nHow long?<|im_end|>');
  });

  it('answers invoke with the whole text', async () => {
    const model = new LocalChatModel({ runtime: fakeRuntime(['Yes.']), maxTokens: 10, temperature: 0 });
    expect((await model.invoke('Q')).content).toBe('Yes.');
  });

  it('passes the abort signal to the runtime', async () => {
    const model = new LocalChatModel({ runtime: fakeRuntime(['a', 'b']), maxTokens: 10, temperature: 0 });
    const gone = new AbortController();
    gone.abort();
    await expect(model.invoke('Q', { signal: gone.signal })).rejects.toThrow();
  });
});

describe('provider choice', () => {
  const none = { provider: 'auto' as const, apiKey: undefined, baseUrl: undefined, anthropicApiKey: undefined };
  it('uses the offline model unless a key or base URL is configured', () => {
    expect(resolveProvider(none)).toBe('local');
    expect(resolveProvider({ ...none, baseUrl: 'http://127.0.0.1:8000/v1' })).toBe('openai');
    expect(resolveProvider({ ...none, apiKey: 'k' })).toBe('openai');
    expect(resolveProvider({ ...none, anthropicApiKey: 'k', apiKey: 'k' })).toBe('anthropic');
    expect(resolveProvider({ ...none, provider: 'local', apiKey: 'k' })).toBe('local');
  });

  it('builds LangChain models for each provider without loading anything', () => {
    const base = { model: '', baseUrl: undefined, apiKey: undefined, anthropicApiKey: undefined, local: { modelPath: '/nowhere.gguf', contextSize: 512, threads: 1 }, maxTokens: 10, temperature: 0 };
    expect(createChatModel({ ...base, provider: 'auto' }, fakeRuntime([]))).toMatchObject({ provider: 'local', modelId: 'local:fake.gguf' });
    expect(createChatModel({ ...base, provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }).modelId).toBe('openai:m');
    expect(createChatModel({ ...base, provider: 'anthropic', anthropicApiKey: 'k' }).modelId).toMatch(/^anthropic:/);
  });
});
