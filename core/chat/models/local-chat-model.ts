import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelParams } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { CHATML_STOP, toChatMl } from './chatml.js';
import type { CompletionResult, CompletionRuntime } from './local-llama-runtime.js';

/** How the local model generates. */
export interface LocalChatModelInput extends BaseChatModelParams {
  runtime: CompletionRuntime;
  maxTokens: number;
  temperature: number;
}

/** Usage metadata in LangChain's shape, from the runtime's counts. */
function usageOf(r: CompletionResult) {
  return { input_tokens: r.promptTokens, output_tokens: r.completionTokens, total_tokens: r.promptTokens + r.completionTokens };
}

/**
 * The offline model behind LangChain's chat model interface, so the answer chain is the
 * same whichever provider configuration picks. Streams text chunks as the runtime emits
 * them; an aborted signal stops the generation.
 */
export class LocalChatModel extends BaseChatModel {
  static override lc_name(): string {
    return 'LocalChatModel';
  }

  readonly #runtime: CompletionRuntime;
  readonly #maxTokens: number;
  readonly #temperature: number;

  constructor(fields: LocalChatModelInput) {
    super(fields);
    this.#runtime = fields.runtime;
    this.#maxTokens = fields.maxTokens;
    this.#temperature = fields.temperature;
  }

  override _llmType(): string {
    return 'sunlight-local-llama';
  }

  /** The model's identity, for answers' metadata. */
  get modelId(): string {
    return this.#runtime.modelId;
  }

  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const r = await this.#complete(messages, options);
    const message = new AIMessage({ content: r.text, usage_metadata: usageOf(r) });
    return { generations: [{ text: r.text, message }], llmOutput: { stopReason: r.stopReason } };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const pending: string[] = [];
    let wake: (() => void) | undefined;
    let finished = false;
    const done = this.#complete(messages, options, (text) => {
      pending.push(text);
      wake?.();
    }).finally(() => {
      finished = true;
      wake?.();
    });
    // Surface a failure through the generator, not as an unhandled rejection.
    done.catch(() => undefined);
    while (!finished || pending.length > 0) {
      const text = pending.shift();
      if (text === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      yield new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
      await runManager?.handleLLMNewToken(text);
    }
    const r = await done;
    yield new ChatGenerationChunk({ text: '', message: new AIMessageChunk({ content: '', usage_metadata: usageOf(r) }) });
  }

  #complete(messages: BaseMessage[], options: this['ParsedCallOptions'], onText?: (text: string) => void): Promise<CompletionResult> {
    return this.#runtime.complete({
      prompt: toChatMl(messages),
      maxTokens: this.#maxTokens,
      temperature: this.#temperature,
      stop: [...CHATML_STOP, ...(options.stop ?? [])],
      signal: options.signal,
      onText,
    });
  }
}
