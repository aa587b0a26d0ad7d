/**
 * The SDK over a real test API (test/support/test-api.ts): a fetch that goes to the network
 * unchanged, records every request, and checks every JSON answer from the API against the
 * API's own OpenAPI document (as the API's own integration tests do).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { buildOpenApiDocument } from '../../../api/http/openapi.js';
import { createContractChecker } from '../../../test/support/contract-check.js';
import type { TestApi } from '../../../test/support/test-api.js';
import { SDK_DIR } from '../scripts/generate.mjs';
import { SunlightClient, TimeoutError, ValidationError, type SunlightClientOptions } from '../src/index.js';

export interface Sent {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
}

/** A fetch that records what it sent and fails a test when an API answer breaks the API's contract. */
export function recordingFetch(t: TestApi): { fetch: typeof fetch; sent: Sent[] } {
  const contract = createContractChecker(buildOpenApiDocument(t.api.routes.specs, { issuer: t.idp.issuerUrl, version: 'test' }) as never);
  const sent: Sent[] = [];
  const recording = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const res = await fetch(input, init);
    sent.push({ method: init.method ?? 'GET', url, status: res.status, headers: Object.fromEntries(new Headers(init.headers).entries()) });
    if (url.startsWith(t.baseUrl)) {
      const type = res.headers.get('content-type');
      const body = type?.includes('json') ? await res.clone().json().catch(() => undefined) : undefined;
      const problems = contract.check(init.method ?? 'GET', new URL(url).pathname, res.status, type, body);
      if (problems.length > 0) throw new Error(`The response does not match the OpenAPI document:\n${problems.join('\n')}`);
    }
    return res;
  }) as typeof fetch;
  return { fetch: recording, sent };
}

/** A client of the test API with the recording fetch; `token` (or other options) as given. */
export function sdkFor(t: TestApi, options: Omit<SunlightClientOptions, 'baseUrl' | 'fetch'> = {}): { client: SunlightClient; sent: Sent[] } {
  const { fetch, sent } = recordingFetch(t);
  return { client: new SunlightClient({ baseUrl: t.baseUrl, fetch, ...options }), sent };
}

/** The API paths of the requests sent (without the base URL), for assertions on what went over the wire. */
export const pathsOf = (t: TestApi, sent: Sent[]): string[] =>
  sent.filter((s) => s.url.startsWith(t.baseUrl)).map((s) => `${s.method} ${s.url.slice(t.baseUrl.length)}`);

/** A client signed in as `sub` with `scope` (a token of the test API's), with its token and what it sent. */
export async function sdkAs(t: TestApi, sub: string, scope: string): Promise<{ client: SunlightClient; sent: Sent[]; token: string }> {
  const token = await t.token({ sub, scope });
  return { ...sdkFor(t, { token }), token };
}

/**
 * What a `wait` told its `onProgress` (`seen`): the last report is what it answered, no two
 * reports in a row are alike (it reports changes only), and there were no more reports than
 * polls (the `GET` requests of `path`).
 */
export function expectProgressReports(t: TestApi, sent: Sent[], path: string, seen: ReadonlyArray<{ status: string; progress: unknown }>, answered: unknown): void {
  expect(seen.at(-1)).toEqual(answered);
  for (let i = 1; i < seen.length; i++) expect([seen[i]!.status, seen[i]!.progress]).not.toEqual([seen[i - 1]!.status, seen[i - 1]!.progress]);
  expect(pathsOf(t, sent).filter((p) => p === `GET ${path}`).length).toBeGreaterThanOrEqual(seen.length);
}

/**
 * A `wait` for something that will not finish gives up: after `timeoutMs` (300) with a
 * `TimeoutError` (code `TIMEOUT`, well within 5 s), which it answers for more checks; and with
 * the reason of an abort of its `signal`, whether the abort comes while it waits or before.
 */
export async function expectWaitToGiveUp(wait: (options: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal }) => Promise<unknown>): Promise<unknown> {
  const begun = Date.now();
  const err = await wait({ intervalMs: 50, timeoutMs: 300 }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TimeoutError);
  expect(err).toMatchObject({ code: 'TIMEOUT', status: 0, timeoutMs: 300 });
  expect(Date.now() - begun).toBeLessThan(5000);

  const controller = new AbortController();
  const reason = new Error('stop waiting');
  setTimeout(() => controller.abort(reason), 150);
  await expect(wait({ intervalMs: 50, signal: controller.signal })).rejects.toBe(reason);
  await expect(wait({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  return err;
}

/** `request` is refused with a `ValidationError` whose first issue is at `path` (the whole path, or a pattern). */
export async function expectValidationIssue(request: Promise<unknown>, path: string | RegExp): Promise<void> {
  const err = await request.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  const at = (err as ValidationError).issues[0]?.path;
  if (typeof path === 'string') expect(at).toBe(path);
  else expect(at).toMatch(path);
}

/** The last two `POST`s to `path` both carried the Idempotency-Key `key`: the first started something (202), the repeat answered it (200). */
export function expectKeyReplayed(sent: Sent[], path: string, key: string): void {
  const posts = sent.filter((s) => s.method === 'POST' && s.url.endsWith(path)).slice(-2);
  expect(posts.map((s) => [s.status, s.headers['idempotency-key']])).toEqual([
    [202, key],
    [200, key],
  ]);
}

/**
 * The README's code block after `<!-- tested-example: name -->` (the examples that need more
 * than readme.int.test.ts starts, e.g. a compilation worker, and are run by their area's test).
 */
export function readmeExample(name: string): string {
  const readme = fs.readFileSync(path.join(SDK_DIR, 'README.md'), 'utf8');
  const found = new RegExp(`<!-- tested-example: ${name} -->\n\`\`\`ts\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!found) throw new Error(`README.md has no tested example "${name}"`);
  return found[1]!;
}

/**
 * Runs a tested README example as the script it is (tsx, `@sunlight/sdk` pointed at this
 * package's source) in `cwd` with `env` (which sets `SUNLIGHT_URL` and `SUNLIGHT_TOKEN`); answers what it printed.
 */
export async function runReadmeExample(name: string, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  const file = path.join(options.cwd, `${name}.mts`);
  fs.writeFileSync(file, readmeExample(name).replaceAll("from '@sunlight/sdk'", `from '${pathToFileURL(path.join(SDK_DIR, 'src', 'index.ts')).href}'`));
  const tsx = pathToFileURL(path.join(SDK_DIR, '..', '..', 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, file], { cwd: options.cwd, env: options.env, timeout: 120_000 });
  return stdout;
}
