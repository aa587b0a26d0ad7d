/**
 * The user's notification webhook: its signing secret and the body Sunlight POSTs. Signed
 * like integration webhooks (`Sunlight-Signature: t=…,v1=…`, HMAC-SHA256 over "t.body"), with
 * a secret per user derived from the service's signing key, so there is no table of secrets
 * and rotating WEBHOOK_SIGNING_KEY rotates them all.
 */
import { createHmac } from 'node:crypto';

/** The secret that signs `userId`'s notification deliveries (shown to them in their profile). */
export function notificationWebhookSecret(signingKey: string, userId: string): string {
  return `whsec_${createHmac('sha256', signingKey).update(`notification-webhook-secret:${userId}`, 'utf8').digest('base64url')}`;
}
