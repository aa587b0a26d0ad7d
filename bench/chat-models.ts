/**
 * Compares offline chat models (GGUF files) as phrasers under the guard, in one run: each
 * question of eval/chat/questions.json goes through the evaluation's answer pipeline
 * (eval/chat/eval-pipeline.ts, `POST /api/chat` minus HTTP, over the ingested evaluation
 * database) once per model, models taking turns question by question so that a busy machine
 * slows them alike. Prints, per model: the share of model sentences the guard accepts,
 * answers whose final text keeps model phrasing, answer accuracy (eval/chat/grade.ts),
 * prompt and generation tokens/s, time to the first model token and whole-answer latency.
 *
 *   npx tsx bench/chat-models.ts [--limit 40] [--baseline <file.gguf>] [--candidate name=<file.gguf>[,chatml|gemma]]...
 *                                [--first-sentence-ms 800] [--out results.json]
 *
 * The baseline is SmolLM2-135M-Instruct as `make models` installs it. The prompt format of
 * each model is read from its GGUF metadata (chat template, architecture) unless given after
 * the path: the runtime formats ChatML, and a Gemma-format model gets the same messages
 * re-rendered as Gemma turns. `--limit` picks questions evenly spread over the set, so that
 * every kind is asked. `--first-sentence-ms` is the production budget for the first kept
 * sentence (CHAT_FIRST_SENTENCE_MS, 800 ms): past it the draft is sent; 0 turns it off to
 * judge phrasing apart from speed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readGgufFileInfo, resolveChatWrapper } from 'node-llama-cpp';
import { createChatModel, type ChatModelHandle } from '../core/chat/models/create-chat-model.js';
import { createLocalLlamaRuntime, type CompletionRuntime } from '../core/chat/models/local-llama-runtime.js';
import { openEvalDatabase } from '../eval/chat/eval-database.js';
import { evalAnswerPipeline } from '../eval/chat/eval-pipeline.js';
import { grade } from '../eval/chat/grade.js';
import type { QuestionSet } from '../eval/chat/question-set.js';
import { repoRoot } from '../test/support/test-env.js';

const BASELINE = '.local/models/smollm2-135m-instruct/SmolLM2-135M-Instruct.Q4_1.gguf';

type PromptFormat = 'chatml' | 'gemma';

/** One completion as the bench saw it. */
interface Call {
  promptTokens: number;
  completionTokens: number;
  /** From the request to the first text chunk: prompt evaluation and the first token. */
  firstTokenMs: number | null;
  /** From the first text chunk to the end. */
  generationMs: number;
}

/** One answer of one model. */
interface Result {
  id: string;
  kind: string;
  correct: boolean;
  /** Whether the deterministic draft alone states the labelled fact (a miss there is the pipeline's or the label's, not the model's). */
  draftCorrect: boolean;
  phrased: boolean;
  kept: number;
  rejected: number;
  stopped: string | null;
  totalMs: number;
  answerFirstTokenMs: number | null;
  /** The model's completions for this answer (none when phrasing was not asked for or failed). */
  calls: Call[];
  raw: string;
  answer: string;
}

interface Contender {
  name: string;
  file: string;
  format: PromptFormat;
  wrapper: string;
  handle: ChatModelHandle;
  /** Where the runtime records the completions of the answer being made. */
  slot: { current: Call[] };
  settled(): Promise<void>;
  loadMs: number;
  results: Result[];
}

/** ChatML turns (as core/chat/models/chatml.ts writes them) re-rendered as Gemma turns: no system role, so it leads the first user turn. */
export function chatMlToGemma(prompt: string): string {
  const turns = [...prompt.matchAll(/<\|im_start\|>(system|user|assistant)\n([\s\S]*?)<\|im_end\|>\n/g)].map((m) => ({ role: m[1]!, text: m[2]! }));
  const system = turns.filter((t) => t.role === 'system').map((t) => t.text);
  let pending = system.length > 0 ? `${system.join('\n\n')}\n\n` : '';
  const out: string[] = [];
  for (const t of turns) {
    if (t.role === 'system') continue;
    const role = t.role === 'assistant' ? 'model' : 'user';
    out.push(`<start_of_turn>${role}\n${role === 'user' ? pending : ''}${t.text}<end_of_turn>\n`);
    if (role === 'user') pending = '';
  }
  return `${out.join('')}<start_of_turn>model\n`;
}

/**
 * The runtime with timing recorded per completion into the slot current when it was asked
 * (an abandoned generation ends after its answer is done), and, for Gemma-format models,
 * the prompt re-rendered. `settled` waits for the generation under way to end.
 */
function measured(inner: CompletionRuntime, format: PromptFormat, slot: { current: Call[] }): CompletionRuntime & { settled(): Promise<void> } {
  let last: Promise<unknown> = Promise.resolve();
  return {
    modelId: inner.modelId,
    close: () => inner.close(),
    settled: () => last.then(() => undefined, () => undefined),
    complete(request) {
      const into = slot.current;
      const started = performance.now();
      let first: number | null = null;
      const done = inner
        .complete({
          ...request,
          prompt: format === 'gemma' ? chatMlToGemma(request.prompt) : request.prompt,
          stop: format === 'gemma' ? ['<end_of_turn>', '<start_of_turn>', ...request.stop] : request.stop,
          onText: (text) => {
            first ??= performance.now();
            request.onText?.(text);
          },
        })
        .then((r) => {
          const ended = performance.now();
          into.push({
            promptTokens: r.promptTokens,
            completionTokens: r.completionTokens,
            firstTokenMs: first === null ? null : first - started,
            generationMs: first === null ? 0 : ended - first,
          });
          return r;
        });
      last = done;
      return done;
    },
  };
}

/** The prompt format a GGUF file's chat template (or, lacking one, its architecture) asks for, and the wrapper node-llama-cpp would pick. */
async function formatOf(file: string): Promise<{ format: PromptFormat; wrapper: string }> {
  const fileInfo = await readGgufFileInfo(file, { readTensorInfo: false });
  const template = String(fileInfo.metadata.tokenizer?.chat_template ?? '');
  const arch = String(fileInfo.metadata.general.architecture);
  const wrapper = resolveChatWrapper({ fileInfo, filename: path.basename(file) })?.wrapperName ?? 'none';
  const format: PromptFormat = template.includes('<start_of_turn>') || (template === '' && arch.startsWith('gemma')) ? 'gemma' : 'chatml';
  return { format, wrapper: `${wrapper}${template === '' ? ' (no chat template in the file)' : ''}` };
}

async function contender(name: string, spec: string): Promise<Omit<Contender, 'loadMs' | 'results'>> {
  const [file, given] = spec.split(',') as [string, string | undefined];
  const abs = path.resolve(repoRoot, file);
  if (!fs.existsSync(abs)) throw new Error(`${name}: no model file at ${abs}`);
  const detected = await formatOf(abs);
  const format = (given as PromptFormat | undefined) ?? detected.format;
  const slot = { current: [] as Call[] };
  const runtime = measured(createLocalLlamaRuntime({ modelPath: abs, contextSize: 2048, threads: 2 }), format, slot);
  const handle = createChatModel(
    { provider: 'local', model: '', baseUrl: undefined, apiKey: undefined, anthropicApiKey: undefined, local: { modelPath: abs, contextSize: 2048, threads: 2 }, maxTokens: 160, temperature: 0 },
    runtime,
  );
  return { name, file: abs, format, wrapper: detected.wrapper, handle, slot, settled: () => runtime.settled() };
}

/** Loads the model and runs one short completion, so that load time stays out of the figures. */
async function warm(c: Contender): Promise<void> {
  const started = performance.now();
  await c.handle.model.invoke('Say OK.', { stop: ['.'] });
  c.loadMs = performance.now() - started;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const sec = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
function quantile(xs: number[], q: number): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

function figures(c: Contender): Array<[string, string]> {
  const rs = c.results;
  const kept = sum(rs.map((r) => r.kept));
  const judged = kept + sum(rs.map((r) => r.rejected));
  const calls = rs.flatMap((r) => r.calls);
  const firsts = calls.flatMap((x) => (x.firstTokenMs === null ? [] : [x.firstTokenMs]));
  const genTokens = sum(calls.map((x) => Math.max(0, x.completionTokens - 1)));
  const genMs = sum(calls.map((x) => x.generationMs));
  const promptTokens = sum(calls.filter((x) => x.firstTokenMs !== null).map((x) => x.promptTokens));
  const stopped = new Map<string, number>();
  for (const r of rs) if (r.stopped) stopped.set(r.stopped, (stopped.get(r.stopped) ?? 0) + 1);
  const totals = rs.map((r) => r.totalMs);
  return [
    ['prompt format (node-llama-cpp would pick)', `${c.format} (${c.wrapper})`],
    ['model sentences the guard accepts', `${pct(kept, judged)} (${kept} of ${judged})`],
    ['answers keeping model phrasing', `${pct(rs.filter((r) => r.phrased).length, rs.length)} (${rs.filter((r) => r.phrased).length}/${rs.length})`],
    ['answer accuracy', `${pct(rs.filter((r) => r.correct).length, rs.length)} (${rs.filter((r) => r.correct).length}/${rs.length})`],
    ['  the draft alone', `${pct(rs.filter((r) => r.draftCorrect).length, rs.length)} (${rs.filter((r) => r.draftCorrect).length}/${rs.length})`],
    ['phrasing stopped by', [...stopped].map(([k, n]) => `${k} ${n}`).join(', ') || '—'],
    ['generation tokens/s', genMs > 0 ? (genTokens / (genMs / 1000)).toFixed(1) : '—'],
    ['prompt tokens/s (to first token)', sum(firsts) > 0 ? (promptTokens / (sum(firsts) / 1000)).toFixed(0) : '—'],
    ['first model token, median / p90', `${sec(quantile(firsts, 0.5))} / ${sec(quantile(firsts, 0.9))}`],
    ['whole answer, median / p90 / max', `${sec(quantile(totals, 0.5))} / ${sec(quantile(totals, 0.9))} / ${sec(quantile(totals, 1))}`],
    ['model load + first call', sec(c.loadMs)],
  ];
}

function printTable(contenders: Contender[]): void {
  const rows: string[][] = [['', ...contenders.map((c) => c.name)]];
  const each = contenders.map(figures);
  for (const [i, [label]] of each[0]!.entries()) rows.push([label, ...each.map((f) => f[i]![1])]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n'));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      limit: { type: 'string', default: '40' },
      baseline: { type: 'string', default: BASELINE },
      candidate: { type: 'string', multiple: true, default: [] },
      'first-sentence-ms': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const set = JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval/chat/questions.json'), 'utf8')) as QuestionSet;
  const all = set.questions;
  const limit = Math.min(all.length, Number(values.limit));
  // Evenly spread over the set (which is ordered by kind), so that every kind is asked.
  const questions = Array.from({ length: limit }, (_, i) => all[Math.floor((i * all.length) / limit)]!);

  const specs: Array<[string, string]> = [['smollm2-135m', values.baseline]];
  for (const c of values.candidate) {
    const eq = c.indexOf('=');
    specs.push(eq > 0 ? [c.slice(0, eq), c.slice(eq + 1)] : [path.basename(c, '.gguf'), c]);
  }
  const contenders: Contender[] = [];
  for (const [name, spec] of specs) contenders.push({ ...(await contender(name, spec)), loadMs: 0, results: [] });

  const evalDb = await openEvalDatabase();
  const options = values['first-sentence-ms'] === undefined ? {} : { firstSentenceMs: Number(values['first-sentence-ms']) || 3_600_000 };
  try {
    for (const c of contenders) await warm(c);
    const pipelines = contenders.map((c) => evalAnswerPipeline(evalDb.db, c.handle, options));
    for (const [i, q] of questions.entries()) {
      for (const [k, c] of contenders.entries()) {
        const calls: Call[] = [];
        c.slot.current = calls;
        const a = await pipelines[k]!.answer({ question: q.question });
        // An abandoned generation winds down before the next model runs: no two share the cores.
        await c.settled();
        c.results.push({
          id: q.id,
          kind: q.kind,
          correct: grade(q, a.answer).correct,
          draftCorrect: grade(q, [...a.draft.lead, ...a.draft.body].map((x) => x.text).join(' ') + (a.draft.table ? `\n${a.draft.table}` : '')).correct,
          phrased: a.meta.phrased,
          kept: a.phrase?.kept.length ?? 0,
          rejected: a.phrase?.rejected.length ?? 0,
          stopped: a.phrase?.stopped ?? null,
          totalMs: a.meta.timing.total_ms,
          answerFirstTokenMs: a.meta.timing.first_token_ms,
          calls,
          raw: a.phrase?.raw ?? '',
          answer: a.answer,
        });
      }
      process.stderr.write(`\r${i + 1}/${questions.length} ${q.id.padEnd(24)}`);
    }
    process.stderr.write('\n');
    const budget = options.firstSentenceMs === undefined ? '800 ms (production default)' : options.firstSentenceMs >= 3_600_000 ? 'off' : `${options.firstSentenceMs} ms`;
    console.log(`\nOffline chat models — ${questions.length} questions of ${all.length}, database ${evalDb.url.replace(/^.*\//, '')}, first-sentence budget ${budget}\n`);
    printTable(contenders);
    if (values.out) {
      const dump = contenders.map((c) => ({ name: c.name, file: c.file, format: c.format, figures: Object.fromEntries(figures(c)), results: c.results }));
      fs.writeFileSync(values.out, JSON.stringify(dump, null, 2));
    }
  } finally {
    for (const c of contenders) await c.handle.close();
    await evalDb.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
