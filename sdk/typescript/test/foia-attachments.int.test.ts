/**
 * A FOIA request's attachments through the SDK against the real API: streamed uploads with a
 * verified SHA-256, the list, downloads with ranges and ETags, delete, another user's request,
 * refused types, and the README's example.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { NotFoundError, ValidationError, type FoiaAttachment, type FoiaCreateRequest, type SunlightClient } from '../src/index.js';
import { pathsOf, runReadmeExample, sdkFor, type Sent } from './harness.js';

const SCOPES = 'read:foia write:foia read:storage write:storage';

let t: TestApi;
let dataDir: string;
let token: string;
let client: SunlightClient;
let sent: Sent[];
let stranger: SunlightClient;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-sdk-attachments-'));
  t = await startTestApi({ env: { DATA_DIR: dataDir } });
  await seedFoiaLaw(t.database.db);
  token = await t.token({ sub: 'sdk-attacher', scope: SCOPES });
  ({ client, sent } = sdkFor(t, { token }));
  stranger = sdkFor(t, { token: await t.token({ sub: 'sdk-stranger', scope: SCOPES }) }).client;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const hex = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

const REQUEST: FoiaCreateRequest = {
  jurisdiction: 'texas',
  agency: { name: 'Austin Police Department', email: 'records@example.gov' },
  subject: 'Use-of-force reports',
  description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
};

/**
 * The attachment with any `created_at`: the upload answers the stored object's time, the list
 * the attachment row's (a few milliseconds apart).
 */
const anyTime = (a: FoiaAttachment) => ({ ...a, created_at: expect.any(String) });

/** A stream of `size` bytes (byte i is i mod 251), made as it is read, and a count of what was pulled. */
function generated(size: number): { stream: ReadableStream<Uint8Array>; bytes: Uint8Array; pulled: () => number } {
  const bytes = Uint8Array.from({ length: size }, (_, i) => i % 251);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (offset >= size) return c.close();
      const n = Math.min(65_536, size - offset);
      c.enqueue(bytes.slice(offset, offset + n));
      offset += n;
    },
  });
  return { stream, bytes, pulled: () => offset };
}

describe('foia.attachments', () => {
  it('uploads a stream with its SHA-256, lists it, downloads it whole, by range and with an ETag, and deletes it', async () => {
    const request = await client.foia.create(REQUEST);
    const { stream, bytes, pulled } = generated(1_300_000);
    const attached = await client.foia.attachments.upload(request.id, stream, {
      filename: 'Released records (part 1).pdf',
      kind: 'released_records',
      description: 'The first installment',
      contentType: 'application/pdf',
      sha256: hex(bytes),
    });
    expect(pulled()).toBe(bytes.length);
    expect(attached).toMatchObject({
      request_id: request.id,
      filename: 'Released records (part 1).pdf',
      kind: 'released_records',
      description: 'The first installment',
      content_type: 'application/pdf',
      size: bytes.length,
      sha256: hex(bytes),
    });
    expect(attached.object_key).toMatch(new RegExp(`^foia/${request.id}/attachments/${attached.id}/`));
    const upload = sent.find((s) => s.method === 'POST' && s.url.includes('/attachments'))!;
    expect(upload.headers['content-digest']).toBe(`sha-256=:${Buffer.from(hex(bytes), 'hex').toString('base64')}:`);
    expect(new URL(upload.url).searchParams.get('filename')).toBe('Released records (part 1).pdf');

    const note = await client.foia.attachments.upload(request.id, 'Called the clerk on Monday.', { filename: 'call-notes.txt', contentType: 'text/plain', sha256: true });
    expect(note).toMatchObject({ kind: 'other', description: null, size: 27, sha256: hex('Called the clerk on Monday.') });

    const list = await client.foia.attachments.list(request.id);
    expect(list).toEqual({ data: [anyTime(attached), anyTime(note)], total: 2, next_cursor: null });

    const whole = await client.foia.attachments.download(request.id, attached.id);
    expect(whole).toMatchObject({ status: 200, contentType: 'application/pdf', contentLength: bytes.length, sha256: attached.sha256, notModified: false });
    expect(Buffer.from(await whole.bytes()).equals(Buffer.from(bytes))).toBe(true);

    const range = await client.foia.attachments.download(request.id, attached.id, { range: { start: 1000, end: 1009 } });
    expect(range).toMatchObject({ status: 206, contentLength: 10, contentRange: `bytes 1000-1009/${bytes.length}` });
    expect([...(await range.bytes())]).toEqual([...bytes.slice(1000, 1010)]);
    const tail = await client.foia.attachments.download(request.id, note.id, { range: { start: 20 } });
    expect(await tail.text()).toBe('Monday.');
    await expect(client.foia.attachments.download(request.id, note.id, { range: { start: 27 } })).rejects.toMatchObject({ status: 416 });

    const cached = await client.foia.attachments.download(request.id, attached.id, { ifNoneMatch: whole.etag! });
    expect(cached).toMatchObject({ status: 304, notModified: true, body: null });

    // The file is an object of the caller's too.
    expect(await (await client.storage.get(note.object_key)).text()).toBe('Called the clerk on Monday.');

    await client.foia.attachments.delete(request.id, attached.id);
    expect((await client.foia.attachments.list(request.id)).data.map((a) => a.id)).toEqual([note.id]);
    await expect(client.foia.attachments.download(request.id, attached.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.foia.attachments.delete(request.id, attached.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.storage.head(attached.object_key)).rejects.toBeInstanceOf(NotFoundError);
    expect(pathsOf(t, sent)).toContain(`DELETE /api/foia/requests/${request.id}/attachments/${attached.id}`);
  });

  it('refuses a wrong SHA-256 (nothing stored), a type storage does not allow, and a bad file name', async () => {
    const request = await client.foia.create(REQUEST);
    await expect(client.foia.attachments.upload(request.id, 'released', { filename: 'a.txt', contentType: 'text/plain', sha256: hex('other') })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.foia.attachments.upload(request.id, 'MZ', { filename: 'a.exe', contentType: 'application/x-msdownload' })).rejects.toMatchObject({ status: 415 });
    const err = await client.foia.attachments.upload(request.id, 'x', { filename: ' ', contentType: 'text/plain' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues.map((i) => i.path)).toEqual(['query.filename']);
    expect((await client.foia.attachments.list(request.id)).total).toBe(0);
    await expect(client.foia.attachments.upload(request.id, new ReadableStream<Uint8Array>(), { filename: 'a.txt', contentType: 'text/plain', sha256: true })).rejects.toBeInstanceOf(TypeError);
  });

  it("throws NotFoundError for another user's request and its attachments", async () => {
    const request = await client.foia.create(REQUEST);
    const mine = await client.foia.attachments.upload(request.id, new Blob(['private']), { filename: 'mine.txt', contentType: 'text/plain' });
    await expect(stranger.foia.attachments.list(request.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.foia.attachments.upload(request.id, 'intruder', { filename: 'x.txt', contentType: 'text/plain' })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    await expect(stranger.foia.attachments.download(request.id, mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.foia.attachments.delete(request.id, mine.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.foia.attachments.list(request.id)).data).toEqual([anyTime(mine)]);
    await expect(client.foia.attachments.list('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('attach: the README example uploads a file from disk, lists, reads a range and the ETag, deletes', async () => {
    const cwd = fs.mkdtempSync(path.join(dataDir, 'readme-'));
    fs.writeFileSync(path.join(cwd, 'agency-letter.pdf'), '%PDF-1.4\n% The agency extends its deadline to April 1.\n%%EOF\n');
    const out = await runReadmeExample('attach', { cwd, env: { ...process.env, SUNLIGHT_URL: t.baseUrl, SUNLIGHT_TOKEN: token } });
    expect(out).toMatch(/^attached agency-letter\.pdf: 61 bytes, SHA-256 [0-9a-f]{64}$/m);
    expect(out).toContain('- agency_letter: agency-letter.pdf');
    expect(out).toMatch(/^206 bytes 0-7\/61: %PDF-1\.4$/m);
    expect(out).toContain('not modified: true');
  });
});
