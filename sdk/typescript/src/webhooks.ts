/**
 * Checking a webhook delivery of an integration run. Each delivery carries
 * `Sunlight-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with
 * the client's webhook secret (`client.integrations.webhookSecret()`). WebCrypto only
 * (`globalThis.crypto.subtle`): it runs in Node 20+, browsers, Deno and worker runtimes.
 */

/** The request header a webhook delivery's signature is in. */
export const WEBHOOK_SIGNATURE_HEADER = 'Sunlight-Signature';

/** How far a delivery's timestamp may be from now, by default (seconds): older ones are refused as replays. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookOptions {
  /** Refuse a signature whose timestamp is further than this from `now` (default 300 seconds). */
  toleranceSeconds?: number;
  /** The time to check against, in unix seconds (default: the clock's). */
  now?: number;
}

const encoder = new TextEncoder();

/** The header's timestamp and its `v1` signatures (several while a secret is being rotated), or null when malformed. */
function parseSignatureHeader(header: string): { t: number; signatures: string[] } | null {
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't') {
      if (t !== undefined || !/^\d{1,15}$/.test(value)) return null;
      t = Number(value);
    } else if (name === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) {
      signatures.push(value.toLowerCase());
    }
  }
  return t === undefined || signatures.length === 0 ? null : { t, signatures };
}

/** Equal strings of the same length, compared in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function hmacSha256Hex(secret: string, data: Uint8Array<ArrayBuffer>): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('verifyWebhookSignature needs WebCrypto (globalThis.crypto.subtle): Node 20 or later, a browser in a secure context, Deno or a worker runtime');
  const key = await subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, data));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * True when `header` (the delivery's `Sunlight-Signature`) signs `body` with `secret` and its
 * timestamp is within `toleranceSeconds` of `now`; false for a missing or malformed header, a
 * wrong signature (another secret, a changed body) or a stale timestamp (a replayed delivery).
 *
 * `body` must be the raw request body, exactly as received (bytes, or the text they decode to
 * as UTF-8): not JSON parsed and serialised again. The signatures are compared in constant time.
 *
 * ```ts
 * const ok = await verifyWebhookSignature(secret, req.headers['sunlight-signature'], rawBody);
 * if (!ok) return res.writeHead(400).end();
 * const event = JSON.parse(rawBody) as WebhookEvent;
 * ```
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): Promise<boolean> {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('verifyWebhookSignature: the webhook secret is required (client.integrations.webhookSecret())');
  if (typeof header !== 'string' || header === '') return false;
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (!(Math.abs(now - parsed.t) <= tolerance)) return false;

  const prefix = encoder.encode(`${parsed.t}.`);
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix, 0);
  signed.set(bytes, prefix.length);
  const expected = await hmacSha256Hex(secret, signed);
  // Every candidate is compared (no early exit), so the time taken tells nothing about which matched.
  let matched = false;
  for (const signature of parsed.signatures) matched = constantTimeEqual(expected, signature) || matched;
  return matched;
}
