/**
 * The SDK over a real test API (test/support/test-api.ts): a fetch that goes to the network
 * unchanged, records every request, and checks every JSON answer from the API against the
 * API's own OpenAPI document (as the API's own integration tests do).
 */
import { buildOpenApiDocument } from '../../../api/http/openapi.js';
import { createContractChecker } from '../../../test/support/contract-check.js';
import type { TestApi } from '../../../test/support/test-api.js';
import { SunlightClient, type SunlightClientOptions } from '../src/index.js';

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
