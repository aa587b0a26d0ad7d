// Prints vitest's JSON report as one plain closing line: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log('tests: 0 passed, 1 failed (no test report was written)');
  process.exit(0);
}
const r = JSON.parse(fs.readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
