/**
 * The README's examples, run as the scripts they are (with tsx, `@sunlight/sdk` pointed at
 * this package's source) against the real API: the seeded law database, FOIA tracking and
 * the assistant on the deterministic chat model.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatTestApp, type ChatTestApp } from '../../../api/routes/chat/testing/chat-test-app.js';
import { DraftEchoChatModel } from '../../../core/chat/models/testing/draft-echo-model.js';
import { SDK_DIR } from '../scripts/generate.mjs';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(SDK_DIR, '..', '..');

/** The README's runnable examples: the code block after each `<!-- example: name -->`. */
function examples(): Map<string, string> {
  const readme = fs.readFileSync(path.join(SDK_DIR, 'README.md'), 'utf8');
  const out = new Map<string, string>();
  for (const m of readme.matchAll(/<!-- example: ([a-z-]+) -->\n```ts\n([\s\S]*?)```/g)) out.set(m[1]!, m[2]!);
  return out;
}

let app: ChatTestApp;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  app = await startChatTestApp(new DraftEchoChatModel());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-sdk-readme-'));
  const token = await app.t.token({ sub: 'readme-reader', scope: 'read:transparency read:foia write:foia chat:assistant' });
  env = { ...process.env, SUNLIGHT_URL: app.t.baseUrl, SUNLIGHT_TOKEN: token };
});
afterAll(async () => {
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs one example as a script and answers what it printed. */
async function runExample(name: string): Promise<string> {
  const code = examples().get(name);
  if (!code) throw new Error(`README.md has no example "${name}"`);
  const file = path.join(dir, `${name}.mts`);
  fs.writeFileSync(file, code.replaceAll("from '@sunlight/sdk'", `from '${pathToFileURL(path.join(SDK_DIR, 'src', 'index.ts')).href}'`));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: REPO_ROOT, env, timeout: 60_000 });
  return stdout;
}

describe('README examples', () => {
  it('has the three examples', () => {
    expect([...examples().keys()]).toEqual(['deadline', 'track', 'stream']);
  });

  it("deadline: prints Texas's deadline with its citation, and the reviewed facts", async () => {
    const out = await runExample('deadline');
    expect(out).toContain("Texas: 10 business days (Tex. Gov't Code § 552.221(d))");
    expect(out).toContain("- initial_response: 15 calendar days to produce the records [for nonresident requesters] — Tex. Gov't Code § 552.999");
    expect(out).toContain("- other_deadline: The agency: ask for a ruling within 10 business days — Tex. Gov't Code § 552.301(b)");
  });

  it('track: creates a request, submits it with If-Match, tags it, and is refused going back to draft', async () => {
    const out = await runExample('track');
    expect(out).toMatch(/^created [0-9a-f-]{36} \(draft, version W\/"1"\)$/m);
    expect(out).toMatch(/^now submitted, due \d{4}-\d\d-\d\d$/m);
    expect(out).toContain('tags: police, sent');
    expect(out).toMatch(/^cannot go back to draft; allowed: acknowledged, processing/m);
    expect(out).toMatch(/^Use-of-force reports: due \d{4}-\d\d-\d\d \(-?\d+ days left\)$/m);
  });

  it('stream: prints the tokens as they come, then the citations', async () => {
    const out = await runExample('stream');
    expect(out).toContain('In Texas, an agency has 10 business days to respond to a public-records request [1].\n');
    expect(out).toContain("[1] Tex. Gov't Code § 552.221(d): \"");
    expect(out).toMatch(/^conversation [0-9a-f-]{36}$/m);
  });
});
