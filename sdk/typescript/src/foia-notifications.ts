/** The caller's FOIA notifications (`read:foia`, `write:foia`): deadline reminders and the tracker's events. */
import { type CallOptions, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import type { FoiaNotification, FoiaNotificationList, FoiaNotificationListQuery, MarkedRead } from './types.js';

const BASE = '/api/foia/notifications';

export class FoiaNotificationsApi {
  constructor(private readonly http: Transport) {}

  /** One page of the caller's notifications, unread first, then newest first (filters: kind, unread). */
  async list(query: FoiaNotificationListQuery = {}, call?: CallOptions): Promise<FoiaNotificationList> {
    return (await this.http.json<FoiaNotificationList>({ method: 'GET', path: BASE, query }, call)).data;
  }

  /** Every notification matching `query`, following `next_cursor`. */
  listAll(query: Omit<FoiaNotificationListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<FoiaNotification, void, undefined> {
    return paginateQuery((q: FoiaNotificationListQuery) => this.list(q, call), query);
  }

  /** The same as `listAll` (the name the SDK's other lists use). */
  iterate(query: Omit<FoiaNotificationListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<FoiaNotification, void, undefined> {
    return this.listAll(query, call);
  }

  /** Marks one notification read and answers it; again is harmless (`read_at` keeps the first time). Another user's is a `NotFoundError`. */
  async markRead(id: number, call?: CallOptions): Promise<FoiaNotification> {
    return (await this.http.json<FoiaNotification>({ method: 'POST', path: `${BASE}/${id}/read` }, call)).data;
  }

  /** Marks all the caller's notifications read; answers how many were unread. */
  async markAllRead(call?: CallOptions): Promise<MarkedRead> {
    return (await this.http.json<MarkedRead>({ method: 'POST', path: `${BASE}/read-all` }, call)).data;
  }
}
