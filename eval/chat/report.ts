/** The evaluation's figures and the structure of its errors, printed as plain tables. */
import type { AnswerMeta } from '../../core/chat/chat-types.js';
import type { CitationAudit, ClaimAudit } from './audit-answer.js';
import type { LabelledQuestion } from './question-set.js';

/** One question's result. */
export interface Outcome {
  q: LabelledQuestion;
  answer: string;
  correct: boolean;
  missing: string | null;
  /** Whether the deterministic draft alone states the expected fact. */
  draftCorrect: boolean;
  /** Whether the model's raw output (given the draft, before the guard) states it; null when the model was not asked. */
  rawCorrect: boolean | null;
  misread: string | null;
  citations: CitationAudit;
  markers: string[];
  claims: ClaimAudit;
  meta: AnswerMeta;
  raw: string;
  rawSentences: number;
  /** Whether a cited quote states the labelled fact itself (deadlines, law names); null elsewhere. */
  quoteStatesFact: boolean | null;
  quotes: string[];
}

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The q-quantile of the values (nearest rank), or null for none. */
export function quantile(xs: number[], q: number): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Rows as a left-aligned text table. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}

/** Why a wrong answer is wrong, in the order the pipeline could have gone wrong. */
export function errorCause(o: Outcome): string {
  if (o.misread) return `misread question (${o.misread})`;
  if (!o.draftCorrect) return o.claims.flagged > 0 ? 'draft: fact stated but unsupported/flagged wording' : 'draft: fact not stated as labelled';
  return 'phrasing: model sentence kept in place of the fact';
}

function byKind(outcomes: Outcome[]): string {
  const kinds = [...new Set(outcomes.map((o) => o.q.kind))];
  const rows = [['kind', 'n', 'accuracy', 'draft only', 'model kept', 'flagged', 'citations/answer']];
  for (const k of kinds) {
    const os = outcomes.filter((o) => o.q.kind === k);
    rows.push([
      k, String(os.length), pct(os.filter((o) => o.correct).length, os.length), pct(os.filter((o) => o.draftCorrect).length, os.length),
      pct(os.filter((o) => o.meta.phrased).length, os.length), String(sum(os.map((o) => o.claims.flagged))),
      (sum(os.map((o) => o.citations.valid + o.citations.invalid.length)) / os.length).toFixed(1),
    ]);
  }
  return table(rows);
}

function rejections(outcomes: Outcome[]): string {
  const reasons = new Map<string, number>();
  for (const o of outcomes) for (const r of o.meta.rejected) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
  return [...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `    ${String(n).padStart(4)}  ${r}`).join('\n') || '    none';
}

export function printReport(outcomes: Outcome[], info: { model: string; database: string }): void {
  const n = outcomes.length;
  const valid = sum(outcomes.map((o) => o.citations.valid));
  const invalid = outcomes.flatMap((o) => o.citations.invalid.map((x) => `${o.q.id}: ${x.id} (${x.why})`));
  const supported = sum(outcomes.map((o) => o.claims.supported));
  const flagged = sum(outcomes.map((o) => o.claims.flagged));
  const unsupported = outcomes.flatMap((o) => o.claims.unsupported.map((s) => `${o.q.id}: ${s}`));
  const invented = outcomes.flatMap((o) => o.claims.inventedSections.map((s) => `${o.q.id}: ${s}`));
  const statements = supported + flagged + unsupported.length;
  const ttft = outcomes.map((o) => o.meta.timing.first_token_ms).filter((x): x is number => x !== null);
  const total = outcomes.map((o) => o.meta.timing.total_ms);
  const rawSentences = sum(outcomes.map((o) => o.rawSentences));
  const rejected = sum(outcomes.map((o) => o.meta.rejected.length));
  const ms = (x: number | null) => (x === null ? '—' : `${(x / 1000).toFixed(2)} s`);

  console.log(`\nChat evaluation — model ${info.model}, database ${info.database}, ${n} questions\n`);
  console.log(`Answer accuracy            ${pct(outcomes.filter((o) => o.correct).length, n)}  (${outcomes.filter((o) => o.correct).length}/${n}; the draft alone: ${pct(outcomes.filter((o) => o.draftCorrect).length, n)})`);
  console.log(`Citation validity          ${pct(valid, valid + invalid.length)}  (${valid} citations audited by SQL${invalid.length ? `; invalid: ${invalid.join('; ')}` : ''})`);
  console.log(`Marker problems            ${sum(outcomes.map((o) => o.markers.length))}`);
  const checkable = outcomes.filter((o) => o.quoteStatesFact !== null);
  console.log(`Quotes stating the fact    ${pct(checkable.filter((o) => o.quoteStatesFact).length, checkable.length)}  (deadline and law-name answers whose cited quote itself holds the days or the name)`);
  console.log(`Unsupported-claim rate     ${pct(unsupported.length, statements)}  (${unsupported.length} of ${statements} statements; ${flagged} more flagged "not supported" by the answer itself: ${pct(flagged, statements)})`);
  console.log(`Invented statute sections  ${invented.length}${invented.length ? `: ${invented.slice(0, 10).join('; ')}` : ''}`);
  console.log(`Premises corrected         ${outcomes.filter((o) => o.meta.premise_corrected).length} (labelled false: ${outcomes.filter((o) => o.q.expected.type === 'premise' && o.q.expected.false_premise).length})`);
  console.log(`Time to first token        median ${ms(quantile(ttft, 0.5))}, p90 ${ms(quantile(ttft, 0.9))}, max ${ms(quantile(ttft, 1))}; whole answer median ${ms(quantile(total, 0.5))}, p90 ${ms(quantile(total, 0.9))}`);
  const asked = outcomes.filter((o) => o.rawCorrect !== null);
  console.log(`Raw model output alone     ${pct(asked.filter((o) => o.rawCorrect).length, asked.length)} of ${asked.length} answers the model was asked to phrase would state the fact (without the guard and the draft's fallback)`);
  console.log(`Model sentences            ${rawSentences} judged, ${rejected} rejected by the guard (${pct(rejected, rawSentences)}); answers keeping model phrasing: ${pct(outcomes.filter((o) => o.meta.phrased).length, n)}`);
  console.log(`  rejection reasons:\n${rejections(outcomes)}`);
  console.log(`\nBy kind\n${byKind(outcomes)}`);

  const wrong = outcomes.filter((o) => !o.correct);
  const causes = new Map<string, Outcome[]>();
  for (const o of wrong) causes.set(errorCause(o), [...(causes.get(errorCause(o)) ?? []), o]);
  console.log(`\nErrors (${wrong.length}) by cause`);
  for (const [cause, os] of causes) {
    console.log(`  ${cause}: ${os.length}`);
    for (const o of os) console.log(`    ${o.q.id.padEnd(24)} ${o.q.question}\n      expected ${o.missing}`);
  }
  if (unsupported.length > 0) console.log(`\nUnsupported statements\n${unsupported.map((s) => `  ${s}`).join('\n')}`);
}
