/**
 * The caller's FOIA due dates as an iCalendar feed, and the feed token calendar apps subscribe
 * with (they cannot send a bearer token).
 */
import { buildUrl, type CallOptions, type Transport } from './http.js';
import type { CalendarFeedToken } from './types.js';

const TOKEN_PATH = '/api/foia/calendar/feed-token';

export class FoiaCalendarApi {
  constructor(private readonly http: Transport) {}

  /**
   * Issues a new feed token (`write:foia`), revoking the previous one at once: the token is shown
   * only here. `feedUrl(issued)` is the address to subscribe to.
   */
  async rotateFeedToken(call?: CallOptions): Promise<CalendarFeedToken> {
    return (await this.http.json<CalendarFeedToken>({ method: 'POST', path: TOKEN_PATH }, call)).data;
  }

  /** Revokes the feed token (also when there is none): the feed's address then answers `NotFoundError`. */
  async revokeFeedToken(call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: TOKEN_PATH }, call);
  }

  /** The feed's full address for a calendar app, from `rotateFeedToken`'s answer or the token itself. */
  feedUrl(feedToken: string | Pick<CalendarFeedToken, 'feed_token'>): string {
    const token = typeof feedToken === 'string' ? feedToken : feedToken.feed_token;
    return buildUrl(this.http.options.baseUrl, '/api/foia/calendar.ics', { feed_token: token });
  }

  /**
   * The iCalendar (RFC 5545) document of the token's owner, as a calendar app fetches it: with
   * the feed token, never the client's bearer token. An unknown or revoked token is a `NotFoundError`.
   */
  async feed(feedToken: string, call?: CallOptions): Promise<string> {
    const req = { method: 'GET' as const, path: '/api/foia/calendar.ics', query: { feed_token: feedToken }, accept: 'text/calendar', auth: false };
    return (await this.http.text(req, call)).data;
  }
}
