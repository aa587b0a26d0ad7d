/**
 * Evaluates the research assistant on the labelled questions (eval/chat/questions.json)
 * against the freshly ingested evaluation database: answer accuracy, citation validity
 * (audited independently by SQL; must be 100 %), unsupported-claim rate, time to first
 * token, and where the errors come from.
 *
 *   npx tsx eval/chat/evaluate.ts [--model local|echo] [--limit N] [--kind deadline,...] [--out file.json]
 *
 * `local` runs the offline model (the default); `echo` a deterministic model that returns
 * the draft, to separate the pipeline's errors from the model's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { auditCitations, auditClaims, auditMarkers, databaseCitations } from './audit-answer.js';
import { openEvalDatabase } from './eval-database.js';
import { evalAnswerPipeline, modelOf } from './eval-pipeline.js';
import { grade, quoteStatesFact } from './grade.js';
import type { LabelledQuestion, QuestionSet } from './question-set.js';
import { printReport, type Outcome } from './report.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** How the answer was read, compared with the label: the first place an error can come from. */
function misreading(q: LabelledQuestion, meta: { kind: string; jurisdictions: string[]; premise_corrected: boolean }): string | null {
  const kind = q.kind === 'false_premise' ? null : q.kind;
  if (kind && meta.kind !== kind) return `read as ${meta.kind}`;
  if (q.jurisdictions.length > 0 && meta.jurisdictions.join(',') !== q.jurisdictions.join(',')) return `read jurisdictions ${meta.jurisdictions.join(',') || 'none'}`;
  return null;
}

async function main(): Promise<void> {
  const set = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'questions.json'), 'utf8')) as QuestionSet;
  const kinds = arg('kind')?.split(',');
  const questions = set.questions.filter((q) => !kinds || kinds.includes(q.kind)).slice(0, Number(arg('limit') ?? Infinity));
  const modelKind = arg('model') ?? 'local';
  const evalDb = await openEvalDatabase();
  const handle = modelOf(modelKind);
  try {
    const pipeline = evalAnswerPipeline(evalDb.db, handle);
    const known = await databaseCitations(evalDb.db);
    const outcomes: Outcome[] = [];
    for (const [i, q] of questions.entries()) {
      const a = await pipeline.answer({ question: q.question });
      const graded = grade(q, a.answer);
      const draft = [...a.draft.lead, ...a.draft.body].map((c) => c.text).join(' ') + (a.draft.table ? `\n${a.draft.table}` : '');
      outcomes.push({
        q,
        answer: a.answer,
        correct: graded.correct,
        missing: graded.missing,
        draftCorrect: grade(q, draft).correct,
        rawCorrect: a.phrase ? grade(q, a.phrase.raw).correct : null,
        misread: misreading(q, a.meta),
        citations: await auditCitations(evalDb.db, a.citations),
        markers: auditMarkers(a.answer, a.citations),
        claims: auditClaims(a.answer, known),
        meta: a.meta,
        raw: a.phrase?.raw ?? '',
        rawSentences: (a.phrase?.kept.length ?? 0) + (a.phrase?.rejected.length ?? 0),
        quoteStatesFact: quoteStatesFact(q, a.citations.map((c) => c.quote)),
        quotes: a.citations.map((c) => c.quote),
      });
      process.stderr.write(`\r${i + 1}/${questions.length} ${q.id.padEnd(24)}`);
    }
    process.stderr.write('\n');
    printReport(outcomes, { model: handle.modelId, database: evalDb.url.replace(/^.*\//, '') });
    const out = arg('out');
    if (out) fs.writeFileSync(out, JSON.stringify(outcomes, null, 2));
  } finally {
    await handle.close();
    await evalDb.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
