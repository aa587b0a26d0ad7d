import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createRequest, FOIA_SCOPES } from './testing/foia-api-helpers.js';

const SCOPES = `${FOIA_SCOPES} read:storage write:storage`;
const MAX = 1024 * 1024;

let t: TestApi;
let dataDir: string;
let alice: string;
let bob: string;
let requestId: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-attachments-'));
  t = await startTestApi({ env: { DATA_DIR: dataDir, STORAGE_MAX_BYTES: String(MAX) } });
  alice = await t.token({ sub: 'alice', scope: SCOPES });
  bob = await t.token({ sub: 'bob', scope: SCOPES });
  requestId = ((await createRequest(t, alice, { subject: 'Use-of-force reports' })) as { id: string }).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const LETTER = '%PDF-1.4\n% the agency letter\n';

function attach(id: string, body: string | Uint8Array, query: string, init: { token?: string; type?: string; headers?: Record<string, string> } = {}) {
  return t.request(`/api/foia/requests/${id}/attachments?${query}`, {
    method: 'POST',
    token: init.token ?? alice,
    body,
    headers: { 'content-type': init.type ?? 'application/pdf', ...init.headers },
  });
}

describe('FOIA request attachments', () => {
  it('stores an upload in the caller’s storage, lists it with the request, and serves it back with its name', async () => {
    const res = await attach(requestId, LETTER, `filename=${encodeURIComponent('Réponse 2025/03.pdf')}&kind=agency_letter&description=${encodeURIComponent('First reply')}`);
    expect(res.status).toBe(201);
    const attachment = await res.json();
    const hex = createHash('sha256').update(LETTER).digest('hex');
    expect(attachment).toMatchObject({ request_id: requestId, filename: 'Réponse 2025/03.pdf', kind: 'agency_letter', description: 'First reply', content_type: 'application/pdf', size: LETTER.length, sha256: hex });
    expect(attachment.object_key).toBe(`foia/${requestId}/attachments/${attachment.id}/Réponse 2025_03.pdf`);

    const one = await (await t.request(`/api/foia/requests/${requestId}`, { token: alice })).json();
    expect(one.attachments.map((a: { id: string }) => a.id)).toEqual([attachment.id]);

    const download = await t.request(res.headers.get('location')!, { token: alice });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Réponse 2025/03.pdf')}`);
    expect(await download.text()).toBe(LETTER);
    const ranged = await t.request(res.headers.get('location')!, { token: alice, headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('%PDF-1.4');

    // The same bytes are an object of the caller's storage.
    const stored = await t.request(`/api/storage/objects/${encodeURIComponent(attachment.object_key)}`, { token: alice });
    expect(await stored.text()).toBe(LETTER);
  });

  it('keeps each user to their own requests and files (404 for another’s)', async () => {
    const mine = await (await attach(requestId, 'released', 'filename=records.txt&kind=released_records', { type: 'text/plain' })).json();
    expect((await attach(requestId, 'x', 'filename=x.txt', { token: bob, type: 'text/plain' })).status).toBe(404);
    expect((await t.request(`/api/foia/requests/${requestId}/attachments`, { token: bob })).status).toBe(404);
    expect((await t.request(`/api/foia/requests/${requestId}/attachments/${mine.id}/content`, { token: bob })).status).toBe(404);
    expect((await t.request(`/api/foia/requests/${requestId}/attachments/${mine.id}`, { method: 'DELETE', token: bob })).status).toBe(404);
    const list = await (await t.request(`/api/foia/requests/${requestId}/attachments`, { token: alice })).json();
    expect(list.data.map((a: { filename: string }) => a.filename)).toContain('records.txt');
  });

  it('refuses what storage refuses, in the envelope, and stores nothing', async () => {
    const before = (await (await t.request(`/api/foia/requests/${requestId}/attachments`, { token: alice })).json()).total;
    const wrongType = await attach(requestId, 'MZ', 'filename=tool.exe', { type: 'application/x-msdownload' });
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooLarge = await attach(requestId, new Uint8Array(MAX + 1), 'filename=big.pdf');
    expect(tooLarge.status).toBe(413);
    const badDigest = await attach(requestId, LETTER, 'filename=l.pdf', { headers: { 'content-digest': `sha-256=:${createHash('sha256').update('other').digest('base64')}:` } });
    expect(badDigest.status).toBe(400);
    const noName = await attach(requestId, LETTER, 'kind=agency_letter');
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.metadata.issues.some((d: { path: string }) => d.path.includes('filename'))).toBe(true);
    const badKind = await attach(requestId, LETTER, 'filename=a.pdf&kind=memo');
    expect(badKind.status).toBe(400);
    const unknownRequest = await attach('00000000-0000-4000-8000-000000000000', LETTER, 'filename=a.pdf');
    expect(unknownRequest.status).toBe(404);
    const after = (await (await t.request(`/api/foia/requests/${requestId}/attachments`, { token: alice })).json()).total;
    expect(after).toBe(before);
    expect((await (await t.request('/api/storage/objects?prefix=foia%2F', { token: alice })).json()).total).toBe(after);
  });

  it('deletes an attachment with its stored object; deleting the object through storage removes the attachment', async () => {
    const a = await (await attach(requestId, 'one', 'filename=one.txt', { type: 'text/plain' })).json();
    expect((await t.request(`/api/foia/requests/${requestId}/attachments/${a.id}`, { method: 'DELETE', token: alice })).status).toBe(204);
    expect((await t.request(`/api/storage/objects/${encodeURIComponent(a.object_key)}`, { token: alice })).status).toBe(404);

    const b = await (await attach(requestId, 'two', 'filename=two.txt', { type: 'text/plain' })).json();
    expect((await t.request(`/api/storage/objects/${encodeURIComponent(b.object_key)}`, { method: 'DELETE', token: alice })).status).toBe(204);
    const ids = (await (await t.request(`/api/foia/requests/${requestId}/attachments`, { token: alice })).json()).data.map((x: { id: string }) => x.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
  });

  it('needs write:foia to attach and read:foia to read', async () => {
    const reader = await t.token({ sub: 'alice', scope: 'read:foia' });
    expect((await attach(requestId, LETTER, 'filename=a.pdf', { token: reader })).status).toBe(403);
    expect((await t.request(`/api/foia/requests/${requestId}/attachments`, { token: reader })).status).toBe(200);
  });
});
