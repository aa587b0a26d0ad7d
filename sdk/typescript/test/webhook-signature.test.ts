/**
 * `verifyWebhookSignature` (WebCrypto) against fixed vectors, signatures made with Node's own
 * crypto, and the API's signer (core/integrations/webhook-signature.ts): the SDK accepts what
 * the API signs, and refuses tampered bodies, other secrets, stale timestamps and bad headers.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from '../../../core/integrations/webhook-signature.js';
import { DEFAULT_WEBHOOK_TOLERANCE_SECONDS, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '../src/index.js';

const SECRET = 'whsec_test-secret';
const T = 1767225600; // 2026-01-01T00:00:00Z
const BODY = '{"id":"00000000-0000-4000-8000-000000000000","type":"export","status":"completed","result_links":{},"error":null,"occurred_at":"2026-01-01T00:00:00.000Z"}';
/** HMAC-SHA256 of `${T}.${BODY}` with SECRET, hex (the same vector as the Python SDK's tests). */
const V1 = '8aefc5a214dea4cfbdb4fa7d0293ada7998e17fff601e4d8fbf2fc1fb752008b';
const HEADER = `t=${T},v1=${V1}`;

const nodeSign = (secret: string, t: number, body: string | Buffer): string =>
  `t=${t},v1=${createHmac('sha256', secret).update(Buffer.concat([Buffer.from(`${t}.`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')])).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  it('accepts the fixed vector, as text and as bytes', async () => {
    expect(nodeSign(SECRET, T, BODY)).toBe(HEADER);
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY, { now: T })).resolves.toBe(true);
    await expect(verifyWebhookSignature(SECRET, HEADER, new TextEncoder().encode(BODY), { now: T })).resolves.toBe(true);
    await expect(verifyWebhookSignature(SECRET, HEADER, Buffer.from(BODY, 'utf8'), { now: T + 10 })).resolves.toBe(true);
  });

  it('accepts what the API signs, and agrees with the API’s own check', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: 'r', status: 'failed', error: 'Déjà vu ✓ — “quoted”', result_links: {} });
    const header = signWebhook(SECRET, body, now);
    expect(header).toBe(nodeSign(SECRET, now, body));
    await expect(verifyWebhookSignature(SECRET, header, body)).resolves.toBe(true);
    expect(verifyWebhook(SECRET, header, body)).toBe(true);
    // Non-ASCII text is signed as its UTF-8 bytes.
    await expect(verifyWebhookSignature(SECRET, header, Buffer.from(body, 'utf8'))).resolves.toBe(true);
  });

  it('refuses a tampered body, another secret, and a changed timestamp', async () => {
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY.replace('completed', 'cancelled'), { now: T })).resolves.toBe(false);
    await expect(verifyWebhookSignature(SECRET, HEADER, `${BODY} `, { now: T })).resolves.toBe(false);
    await expect(verifyWebhookSignature('whsec_another', HEADER, BODY, { now: T })).resolves.toBe(false);
    await expect(verifyWebhookSignature(SECRET, `t=${T + 1},v1=${V1}`, BODY, { now: T })).resolves.toBe(false);
    // One flipped hex digit, anywhere.
    for (const at of [0, 31, 63]) {
      const flipped = V1.slice(0, at) + (V1[at] === '0' ? '1' : '0') + V1.slice(at + 1);
      await expect(verifyWebhookSignature(SECRET, `t=${T},v1=${flipped}`, BODY, { now: T })).resolves.toBe(false);
    }
  });

  it('refuses a timestamp outside the tolerance (300 s by default), either way', async () => {
    expect(DEFAULT_WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY, { now: T + 300 })).resolves.toBe(true);
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY, { now: T + 301 })).resolves.toBe(false);
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY, { now: T - 301 })).resolves.toBe(false);
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY, { now: T + 3600, toleranceSeconds: 3600 })).resolves.toBe(true);
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY, { now: T + 1, toleranceSeconds: 0 })).resolves.toBe(false);
    // Against the clock by default: this vector is long stale.
    await expect(verifyWebhookSignature(SECRET, HEADER, BODY)).resolves.toBe(false);
  });

  it('reads the header leniently (spaces, order, upper-case hex, several v1) and refuses malformed ones', async () => {
    await expect(verifyWebhookSignature(SECRET, ` v1=${V1.toUpperCase()} , t=${T} `, BODY, { now: T })).resolves.toBe(true);
    await expect(verifyWebhookSignature(SECRET, `t=${T},v1=${'0'.repeat(64)},v1=${V1}`, BODY, { now: T })).resolves.toBe(true);
    await expect(verifyWebhookSignature(SECRET, `t=${T},v0=${V1}`, BODY, { now: T })).resolves.toBe(false);
    for (const bad of [null, undefined, '', 'garbage', `v1=${V1}`, `t=${T}`, `t=abc,v1=${V1}`, `t=-${T},v1=${V1}`, `t=${T},v1=${V1.slice(1)}`, `t=${T},v1=${V1}zz`, `t=${T},t=${T},v1=${V1}`]) {
      await expect(verifyWebhookSignature(SECRET, bad, BODY, { now: T }), String(bad)).resolves.toBe(false);
    }
  });

  it('needs a secret', async () => {
    await expect(verifyWebhookSignature('', HEADER, BODY, { now: T })).rejects.toBeInstanceOf(TypeError);
  });

  it('names the header', () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('Sunlight-Signature');
  });
});
