import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The processes run under Node's own ESM loader (with tsx for TypeScript), which, unlike the
 * test runner, cannot take named imports from a CommonJS module whose exports it cannot list
 * (`import { temporal } from '@temporalio/proto'` once stopped the API from starting while
 * every test passed). Load each process's module graph the way `make start` does.
 */
describe('process entry modules load under Node ESM', () => {
  it('loads the API, the Temporal worker and the queue worker wiring', () => {
    const modules = ['./api/wiring.ts', './api/app.ts', './workers/create-worker.ts', './workers/temporal-runtime.ts'];
    const script = `Promise.all(${JSON.stringify(modules)}.map((m) => import(m))).then(() => console.log('loaded'), (e) => { console.error(e.message); process.exit(1); })`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr.split('\n').filter((l) => /SyntaxError|does not provide an export/.test(l))).toEqual([]);
    expect(run.stdout.trim()).toBe('loaded');
  }, 70_000);
});
