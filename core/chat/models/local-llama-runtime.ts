/**
 * The offline chat model (a GGUF file run by node-llama-cpp on the CPU). The model is loaded
 * once per process, on first use, and kept; generations run one at a time on one context
 * sequence, since two cores cannot run two at useful speed anyway.
 *
 * Plain text completion over our own ChatML prompt (see chatml.ts) rather than
 * LlamaChatSession: the session's chat-template detection and function-calling machinery
 * stalled for minutes on this small model, while completion answers in seconds.
 */
import type { Llama, LlamaCompletion, LlamaContext, LlamaModel, Token } from 'node-llama-cpp';

/** Where the model is and how much of the machine it may use. */
export interface LocalLlamaOptions {
  modelPath: string;
  contextSize: number;
  threads: number;
}

/** One completion request. */
export interface CompletionRequest {
  prompt: string;
  maxTokens: number;
  temperature: number;
  stop: string[];
  signal?: AbortSignal;
  onText?: (text: string) => void;
}

/** A finished completion with its token counts. */
export interface CompletionResult {
  text: string;
  promptTokens: number;
  completionTokens: number;
  stopReason: string;
}

/** The seam the chat model talks to; tests may pass a fake. */
export interface CompletionRuntime {
  readonly modelId: string;
  complete(request: CompletionRequest): Promise<CompletionResult>;
  close(): Promise<void>;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  completion: LlamaCompletion;
}

/** Creates the runtime; nothing is loaded until the first completion. */
export function createLocalLlamaRuntime(options: LocalLlamaOptions): CompletionRuntime {
  let loading: Promise<Loaded> | undefined;
  // Generations queue behind each other: one sequence, one generation at a time.
  let tail: Promise<unknown> = Promise.resolve();

  const load = (): Promise<Loaded> => {
    loading ??= (async () => {
      const { getLlama, LlamaCompletion: Completion } = await import('node-llama-cpp');
      const llama = await getLlama({ gpu: false, build: 'never' });
      const model = await llama.loadModel({ modelPath: options.modelPath });
      const context = await model.createContext({ contextSize: options.contextSize, threads: options.threads });
      return { llama, model, context, completion: new Completion({ contextSequence: context.getSequence() }) };
    })().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };

  const run = async (r: CompletionRequest): Promise<CompletionResult> => {
    r.signal?.throwIfAborted();
    const { model, completion } = await load();
    // Special tokens on: the ChatML markers must be the model's control tokens, not text.
    const input: Token[] = model.tokenize(r.prompt, true);
    let completionTokens = 0;
    const result = await completion.generateCompletionWithMeta(input, {
      maxTokens: r.maxTokens,
      temperature: r.temperature,
      customStopTriggers: r.stop,
      signal: r.signal,
      stopOnAbortSignal: true,
      repeatPenalty: { penalty: 1.15, lastTokens: 64 },
      onToken: (tokens) => void (completionTokens += tokens.length),
      onTextChunk: r.onText,
    });
    return { text: result.response, promptTokens: input.length, completionTokens, stopReason: result.metadata.stopReason };
  };

  return {
    modelId: `local:${options.modelPath.split('/').pop() ?? options.modelPath}`,
    complete(request) {
      const next = tail.then(() => run(request));
      tail = next.catch(() => undefined);
      return next;
    },
    async close() {
      // Let an aborted generation wind down first: disposing under it fails inside the runtime.
      await tail;
      const loaded = await loading?.catch(() => undefined);
      if (!loaded) return;
      loaded.completion.dispose();
      await loaded.context.dispose();
      await loaded.model.dispose();
      await loaded.llama.dispose();
    },
  };
}
