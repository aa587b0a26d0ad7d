/**
 * Evaluates the research assistant on natural questions labelled from the statute text
 * (eval/chat/natural-questions.json), through the same answer pipeline and evaluation
 * database as evaluate.ts. Each item's turns are asked in order in one conversation (a
 * follow-up is read against the previous question, as `POST /api/chat` does); every answer
 * is audited (citations by SQL, markers, claims) and every labelled turn graded.
 *
 *   npx tsx eval/chat/evaluate-natural.ts [--model echo|local] [--questions file.json] [--kind deadline,...] [--id a,b] [--out file.json] [--fresh] [--check-only]
 *
 * Before anything runs, every label's sections and quotes are checked against the corpus;
 * a label whose words are not in its statute node stops the run.
 */
import fs from 'node:fs';
import type { ChatCitation } from '../../core/chat/chat-types.js';
import type { ReadQuestion } from '../../core/chat/question/read-question.js';
import type { Knex } from '../../core/db/knex.js';
import { corpusDir } from '../../test/support/corpus-dir.js';
import { auditCitations, auditClaims, auditMarkers, databaseCitations } from './audit-answer.js';
import { openEvalDatabase } from './eval-database.js';
import { evalAnswerPipeline, modelOf } from './eval-pipeline.js';
import { gradeAnswer, type CitedNode } from './natural-grade.js';
import { labelledTurns, readNaturalQuestions, sourceJurisdiction, type NaturalQuestion } from './natural-question-set.js';
import { printNaturalReport, type NaturalOutcome, type TurnOutcome } from './natural-report.js';
import { checkNaturalSources } from './natural-sources.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

/** The statute node each citation's record belongs to, by marker: a statute section, or the section an exemption or right is linked to. */
async function citedNodes(db: Knex, citations: ChatCitation[]): Promise<Map<number, CitedNode>> {
  const out = new Map<number, CitedNode>();
  for (const [i, c] of citations.entries()) {
    const rows = await db.raw(
      `SELECT s.jurisdiction, s.label FROM law_sections s JOIN law_documents d ON d.id = s.document_id
         WHERE d.kind = 'statute_text'
           AND s.id IN (?, (SELECT section_id FROM exemptions WHERE id = ?), (SELECT section_id FROM rights WHERE id = ?))
         LIMIT 1`,
      [c.id, c.id, c.id],
    );
    const r = rows.rows[0] as { jurisdiction: string; label: string } | undefined;
    out.set(i + 1, r ?? { jurisdiction: c.jurisdiction, label: null });
  }
  return out;
}

async function main(): Promise<void> {
  // --questions: another file of the same shape (the held-out set, natural-holdout.json).
  const set = readNaturalQuestions(arg('questions') ?? undefined);
  const problems = await checkNaturalSources(set, corpusDir());
  if (problems.length > 0) {
    console.error(`Labels whose words are not in the corpus:\n${problems.map((p) => `  ${p.message}`).join('\n')}`);
    process.exit(1);
  }
  console.error(`${set.questions.length} items: every section and quote checked against the corpus.`);
  if (flag('check-only')) return;

  const kinds = arg('kind')?.split(',');
  const ids = arg('id')?.split(',');
  const items = set.questions.filter((q) => (!kinds || kinds.includes(q.kind)) && (!ids || ids.includes(q.id)));
  const evalDb = await openEvalDatabase({ fresh: flag('fresh') });
  const handle = modelOf(arg('model') ?? 'local');
  try {
    const pipeline = evalAnswerPipeline(evalDb.db, handle);
    const known = await databaseCitations(evalDb.db);

    const run = async (q: NaturalQuestion): Promise<NaturalOutcome> => {
      const labels = new Map(labelledTurns(q).map((l) => [l.turn, l.label]));
      let previous: ReadQuestion | null = null;
      const turns: TurnOutcome[] = [];
      for (const [i, t] of q.turns.entries()) {
        const a = await pipeline.answer({ question: t.question, previous });
        previous = a.question;
        const label = labels.get(i);
        const turn: TurnOutcome = {
          question: t.question,
          answer: a.answer,
          readAs: { kind: a.meta.kind, jurisdictions: a.meta.jurisdictions },
          citations: a.citations,
          citationAudit: await auditCitations(evalDb.db, a.citations),
          markers: auditMarkers(a.answer, a.citations),
          claims: auditClaims(a.answer, known),
          firstTokenMs: a.meta.timing.first_token_ms,
          totalMs: a.meta.timing.total_ms,
        };
        if (label) {
          turn.label = label;
          turn.expectedJurisdiction = sourceJurisdiction(label.source_path) ?? q.jurisdictions[q.jurisdictions.length - 1]!;
          turn.grade = gradeAnswer(label, a.answer, await citedNodes(evalDb.db, a.citations));
        }
        turns.push(turn);
      }
      return { id: q.id, kind: q.kind, jurisdictions: q.jurisdictions, turns, right: turns.every((t) => !t.grade || t.grade.right) };
    };

    const outcomes: NaturalOutcome[] = [];
    for (const [i, q] of items.entries()) {
      outcomes.push(await run(q));
      process.stderr.write(`\r${i + 1}/${items.length} ${q.id.padEnd(44)}`);
    }
    process.stderr.write('\n');
    printNaturalReport(outcomes, { model: handle.modelId, database: evalDb.url.replace(/^.*\//, '') });
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
