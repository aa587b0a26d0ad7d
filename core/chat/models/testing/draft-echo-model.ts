import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';

function draftIn(messages: BaseMessage[]): string {
  const last = messages[messages.length - 1];
  const text = typeof last?.content === 'string' ? last.content : '';
  return /Draft: ([\s\S]*?)\n\nRewrite the draft\./.exec(text)?.[1] ?? '';
}

/**
 * A deterministic chat model for tests: it "rephrases" the draft by returning it, word by
 * word as a stream, optionally through `rewrite` (to simulate a model that alters facts).
 */
export class DraftEchoChatModel extends BaseChatModel {
  readonly #rewrite: (draft: string) => string;
  /** Prompts it was given, for assertions. */
  readonly prompts: string[] = [];

  constructor(rewrite: (draft: string) => string = (d) => d) {
    super({});
    this.#rewrite = rewrite;
  }

  override _llmType(): string {
    return 'draft-echo';
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const text = this.#answer(messages);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions']): AsyncGenerator<ChatGenerationChunk> {
    for (const piece of this.#answer(messages).split(/(?<= )/)) {
      options.signal?.throwIfAborted();
      yield new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ content: piece }) });
    }
    yield new ChatGenerationChunk({ text: '', message: new AIMessageChunk({ content: '', usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } }) });
  }

  #answer(messages: BaseMessage[]): string {
    this.prompts.push(messages.map((m) => String(m.content)).join('\n'));
    return this.#rewrite(draftIn(messages));
  }
}

/**
 * The draft echo, for tests of streaming and cancelling: while `hang` is set it answers
 * nothing until its call is aborted (counted in `aborted`); `delayMs` slows each streamed
 * piece so that a client sees the answer arrive.
 */
export class HangingEchoChatModel extends BaseChatModel {
  hang = false;
  aborted = 0;
  delayMs = 0;
  readonly echo = new DraftEchoChatModel();

  constructor() {
    super({});
  }

  override _llmType(): string {
    return 'hanging-draft-echo';
  }

  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    if (this.hang) await this.#untilAborted(options.signal);
    return this.echo._generate(messages);
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions']): AsyncGenerator<ChatGenerationChunk> {
    if (this.hang) await this.#untilAborted(options.signal);
    for await (const chunk of this.echo._streamResponseChunks(messages, options as never)) {
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      yield chunk;
    }
  }

  async #untilAborted(signal: AbortSignal | undefined): Promise<never> {
    await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
    this.aborted++;
    throw new Error('aborted');
  }
}
