/** Helpers shared by the FOIA API integration tests. */
import type { TestApi } from '../../../../test/support/test-api.js';

export const FOIA_SCOPES = 'read:foia write:foia';

/** A valid create body; `overrides` replace top-level fields. */
export function requestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    jurisdiction: 'texas',
    agency: { name: 'Austin Police Department', email: 'records@example.gov' },
    subject: 'Use-of-force reports',
    description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
    tags: ['police'],
    ...overrides,
  };
}

/** Creates a request and returns its JSON body (throws on any status but 201). */
export async function createRequest(t: TestApi, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.request('/api/foia/requests', { method: 'POST', token, json: requestBody(overrides) });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** PATCHes a request as a merge patch, optionally with If-Match. */
export function patchRequest(t: TestApi, token: string, id: string, patch: unknown, ifMatch?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/merge-patch+json' };
  if (ifMatch) headers['if-match'] = ifMatch;
  return t.request(`/api/foia/requests/${id}`, { method: 'PATCH', token, headers, body: JSON.stringify(patch) });
}
