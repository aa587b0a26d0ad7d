import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a webhook delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'Sunlight-Signature';

/**
 * A client's webhook secret: derived from the service's signing key and the client's id, so
 * each client has its own without a table of secrets; rotating the signing key rotates all.
 */
export function clientWebhookSecret(signingKey: string, clientId: string): string {
  return `whsec_${createHmac('sha256', signingKey).update(`webhook-secret:${clientId}`, 'utf8').digest('base64url')}`;
}

/** The signature header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * True when `header` signs `body` with `secret` and its timestamp is within `toleranceSeconds`
 * of `now` (a replayed old delivery is refused). Comparison in constant time.
 */
export function verifyWebhook(secret: string, header: string | null | undefined, body: string, options: { toleranceSeconds?: number; now?: number } = {}): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).slice(`t=${t},v1=`.length), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
