/**
 * The user's profile as the API reads and writes it (`GET|PUT /api/me/profile`): who signs
 * their letters, where Sunlight reaches them, and the key their notification webhook is
 * signed with. The webhook URL is checked as integration webhooks are (http(s), no
 * credentials, no private or loopback address unless WEBHOOK_ALLOW_PRIVATE).
 */
import type { Knex } from 'knex';
import { inUserTransaction } from '../db/user-transaction.js';
import { ValidationError, type FieldIssue } from '../errors/app-error.js';
import type { FoiaRequester } from '../foia/foia-request-fields.js';
import { webhookUrlProblem } from '../integrations/webhook-url.js';
import { notificationWebhookSecret } from '../foia/notifications/notification-webhook.js';
import { findProfile, saveProfile, type ProfileValues, type UserProfile } from './profile-store.js';

/** The profile with the secret that signs its webhook deliveries (null while no webhook is set). */
export interface ProfileView extends UserProfile {
  notify_webhook_secret: string | null;
}

export interface ProfileService {
  get(userId: string): Promise<ProfileView>;
  /** Replaces the profile (PUT): fields left out are cleared. */
  put(userId: string, values: ProfileValues): Promise<ProfileView>;
}

export interface ProfileServiceDeps {
  db: Knex;
  webhooks: { signingKey: string; allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> };
}

export function createProfileService(deps: ProfileServiceDeps): ProfileService {
  const view = (userId: string, p: UserProfile): ProfileView => ({
    ...p,
    notify_webhook_secret: p.notify_webhook_url ? notificationWebhookSecret(deps.webhooks.signingKey, userId) : null,
  });
  return {
    get: async (userId) => view(userId, await inUserTransaction(deps.db, userId, findProfile)),
    async put(userId, values) {
      const issues: FieldIssue[] = [];
      if (values.notify_email && !values.email) issues.push({ path: 'body.email', message: 'Needed for notifications by e-mail (notify_email)' });
      if (values.notify_webhook_url) {
        const problem = await webhookUrlProblem(values.notify_webhook_url, { allowPrivate: deps.webhooks.allowPrivate, resolve: deps.webhooks.resolve });
        if (problem) issues.push({ path: 'body.notify_webhook_url', message: problem });
      }
      if (issues.length > 0) throw new ValidationError('Request validation failed', issues);
      return view(userId, await inUserTransaction(deps.db, userId, (trx) => saveProfile(trx, userId, values)));
    },
  };
}

/** The requester a letter is signed with: the request's own, or the profile's when the request names none. */
export function requesterFromProfile(profile: Pick<UserProfile, 'name' | 'organization' | 'email' | 'phone' | 'address'>): FoiaRequester | null {
  const r = { name: profile.name, organization: profile.organization, email: profile.email, phone: profile.phone, address: profile.address };
  return Object.values(r).some((v) => v !== null) ? r : null;
}

/** Reads the profile's signature for letters (the FOIA service's `signer`). */
export interface LetterSigner {
  requesterOf(userId: string): Promise<FoiaRequester | null>;
}

export function createProfileSigner(db: Knex): LetterSigner {
  return { requesterOf: async (userId) => requesterFromProfile(await inUserTransaction(db, userId, findProfile)) };
}
