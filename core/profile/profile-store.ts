/**
 * The user's profile (`user_profiles`, under row-level security): who signs their letters,
 * where agencies reply, and how Sunlight reaches them (e-mail, webhook, calendar feed).
 * Functions run inside a transaction that already acts as the user (`inUserTransaction`).
 */
import type { Knex } from 'knex';

export interface UserProfile {
  name: string | null;
  organization: string | null;
  /** Where agencies reply (Reply-To of letters Sunlight sends) and where reminders go. */
  email: string | null;
  phone: string | null;
  address: string | null;
  /** Send drafted follow-ups on overdue requests without asking. */
  follow_up_auto_send: boolean;
  /** Deliver notifications by e-mail to `email`. */
  notify_email: boolean;
  /** Deliver notifications to this URL (signed like integration webhooks). */
  notify_webhook_url: string | null;
  /** When the calendar feed token was issued; null when there is none. */
  calendar_feed_token_created_at: string | null;
  updated_at: string | null;
}

export type ProfileValues = Omit<UserProfile, 'calendar_feed_token_created_at' | 'updated_at'>;

/** A profile nobody has written yet. */
export const EMPTY_PROFILE: UserProfile = {
  name: null,
  organization: null,
  email: null,
  phone: null,
  address: null,
  follow_up_auto_send: false,
  notify_email: false,
  notify_webhook_url: null,
  calendar_feed_token_created_at: null,
  updated_at: null,
};

const COLUMNS = ['name', 'organization', 'email', 'phone', 'address', 'follow_up_auto_send', 'notify_email', 'notify_webhook_url', 'calendar_feed_token_created_at', 'updated_at'] as const;

interface Row extends Omit<UserProfile, 'calendar_feed_token_created_at' | 'updated_at'> {
  calendar_feed_token_created_at: Date | null;
  updated_at: Date | null;
}

const toProfile = (r: Row): UserProfile => ({
  ...r,
  calendar_feed_token_created_at: r.calendar_feed_token_created_at ? r.calendar_feed_token_created_at.toISOString() : null,
  updated_at: r.updated_at ? r.updated_at.toISOString() : null,
});

/** The transaction user's profile (the empty one when they have not written it). */
export async function findProfile(trx: Knex.Transaction): Promise<UserProfile> {
  const row = (await trx('user_profiles').select([...COLUMNS]).first()) as Row | undefined;
  return row ? toProfile(row) : { ...EMPTY_PROFILE };
}

/** Writes the whole profile of `userId` (the transaction's user). */
export async function saveProfile(trx: Knex.Transaction, userId: string, values: ProfileValues): Promise<UserProfile> {
  const [row] = await trx('user_profiles')
    .insert({ user_id: userId, ...values, updated_at: trx.fn.now() })
    .onConflict('user_id')
    .merge({ ...values, updated_at: trx.fn.now() })
    .returning([...COLUMNS]);
  return toProfile(row as Row);
}

/** Stores the hash of a new calendar feed token (null revokes the feed). */
export async function setCalendarFeedTokenHash(trx: Knex.Transaction, userId: string, hash: string | null): Promise<void> {
  const stamp = hash ? trx.fn.now() : null;
  await trx('user_profiles')
    .insert({ user_id: userId, calendar_feed_token_hash: hash, calendar_feed_token_created_at: stamp })
    .onConflict('user_id')
    .merge({ calendar_feed_token_hash: hash, calendar_feed_token_created_at: stamp, updated_at: trx.fn.now() });
}
