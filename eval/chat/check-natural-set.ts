/**
 * Checks one natural question file without running the assistant: the schema, every section a
 * node of its statute file, every quote verbatim in its node. For reviewers writing a new set.
 *
 *   npx tsx eval/chat/check-natural-set.ts eval/chat/natural-holdout-7.json
 */
import { loadCliConfig } from '../../scripts/cli-config.js';
import { readNaturalQuestions } from './natural-question-set.js';
import { checkNaturalSources } from './natural-sources.js';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx eval/chat/check-natural-set.ts <questions.json>');
    return 2;
  }
  const set = readNaturalQuestions(file);
  const problems = await checkNaturalSources(set, loadCliConfig().corpusDir);
  for (const p of problems) console.log(p.message);
  console.log(`${set.questions.length} questions, ${problems.length} problem(s)`);
  return problems.length ? 1 : 0;
}

process.exitCode = await main();
