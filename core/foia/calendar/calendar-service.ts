/**
 * The per-user calendar feed (`GET /api/foia/calendar.ics?feed_token=`), which calendar apps
 * fetch without a bearer token. The token is random (256 bits), shown once, and stored only
 * as its SHA-256 in the profile; issuing a new one replaces (revokes) the old. The feed is
 * found through `foia_calendar_feed_user()`, which maps a hash to its user and nothing else,
 * and then read as that user under row-level security.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { APP_ROLE, inUserTransaction } from '../../db/user-transaction.js';
import { NotFoundError } from '../../errors/app-error.js';
import { setCalendarFeedTokenHash } from '../../profile/profile-store.js';
import { toRecord, type FoiaRequestRow } from '../foia-request-rows.js';
import { requestEvents } from './calendar-events.js';
import { buildCalendar } from './ical.js';

const TOKEN_PREFIX = 'scal_';

export interface IssuedFeedToken {
  /** Shown once: only its hash is stored. */
  feed_token: string;
  /** The feed's path with the token, to subscribe to (prefix the API's address). */
  feed_path: string;
  created_at: string;
}

export interface CalendarService {
  issueFeedToken(userId: string): Promise<IssuedFeedToken>;
  revokeFeedToken(userId: string): Promise<void>;
  /** The feed of the token's user; NotFoundError for an unknown (or revoked) token. */
  feed(token: string): Promise<string>;
}

export const hashFeedToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const FEED_PATH = '/api/foia/calendar.ics';
const requestPath = (id: string): string => `/api/foia/requests/${id}`;

export function createCalendarService(deps: { db: Knex; now?: () => Date }): CalendarService {
  const now = deps.now ?? (() => new Date());

  const userOf = (hash: string): Promise<string | null> =>
    deps.db.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('role', ?, true)`, [APP_ROLE]);
      const { rows } = await trx.raw<{ rows: Array<{ user_id: string | null }> }>('SELECT foia_calendar_feed_user(?) AS user_id', [hash]);
      return rows[0]?.user_id ?? null;
    });

  return {
    async issueFeedToken(userId) {
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await inUserTransaction(deps.db, userId, (trx) => setCalendarFeedTokenHash(trx, userId, hashFeedToken(token)));
      return { feed_token: token, feed_path: `${FEED_PATH}?feed_token=${token}`, created_at: now().toISOString() };
    },
    async revokeFeedToken(userId) {
      await inUserTransaction(deps.db, userId, (trx) => setCalendarFeedTokenHash(trx, userId, null));
    },
    async feed(token) {
      const userId = token.startsWith(TOKEN_PREFIX) ? await userOf(hashFeedToken(token)) : null;
      if (!userId) throw new NotFoundError('No calendar feed for this token');
      const rows = await inUserTransaction(deps.db, userId, (trx) =>
        trx('foia_requests')
          .select('*')
          .where((q) => q.whereNotNull('due_date').orWhereNotNull('appeal_due_date').orWhereNotNull('appeal_deadline'))
          .orderBy('created_at') as Promise<FoiaRequestRow[]>,
      );
      const events = rows.map(toRecord).flatMap((r) => requestEvents(r, requestPath));
      return buildCalendar({ prodId: '-//Sunlight//FOIA deadlines//EN', name: 'Sunlight: FOIA deadlines', refreshMinutes: 60 }, events, now());
    },
  };
}
