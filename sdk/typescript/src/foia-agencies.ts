/** The FOIA agency directory (`read:foia`, `write:foia`): shared entries from the law corpus, and the caller's own. */
import { segment, type CallOptions, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import type { FoiaAgency, FoiaAgencyCreate, FoiaAgencyList, FoiaAgencyListQuery, FoiaAgencyPatch, FoiaAgencyWithStatistics } from './types.js';

const BASE = '/api/foia/agencies';

export class FoiaAgenciesApi {
  constructor(private readonly http: Transport) {}

  /** One page of the directory and the caller's own entries, by name (filters: jurisdiction in any spelling, kind, q). */
  async list(query: FoiaAgencyListQuery = {}, call?: CallOptions): Promise<FoiaAgencyList> {
    return (await this.http.json<FoiaAgencyList>({ method: 'GET', path: BASE, query }, call)).data;
  }

  /** Every agency matching `query`, following `next_cursor`. */
  listAll(query: Omit<FoiaAgencyListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<FoiaAgency, void, undefined> {
    return paginateQuery((q: FoiaAgencyListQuery) => this.list(q, call), query);
  }

  /** The same as `listAll` (the name the SDK's other lists use). */
  iterate(query: Omit<FoiaAgencyListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<FoiaAgency, void, undefined> {
    return this.listAll(query, call);
  }

  /**
   * One agency with the statistics of the requests addressed to it (every user's, as aggregates
   * only: medians and shares are null below three requests).
   */
  async get(id: string, call?: CallOptions): Promise<FoiaAgencyWithStatistics> {
    return (await this.http.json<FoiaAgencyWithStatistics>({ method: 'GET', path: `${BASE}/${segment(id)}` }, call)).data;
  }

  /** Adds an entry only the caller sees; with `based_on`, what the body leaves out is copied from that directory entry. */
  async create(body: FoiaAgencyCreate, call?: CallOptions): Promise<FoiaAgency> {
    return (await this.http.json<FoiaAgency>({ method: 'POST', path: BASE, json: body }, call)).data;
  }

  /** Changes one of the caller's own entries by JSON merge patch; a directory entry is a `ConflictError` (adapt it with `create({ based_on })`). */
  async update(id: string, patch: FoiaAgencyPatch, call?: CallOptions): Promise<FoiaAgency> {
    return (await this.http.json<FoiaAgency>({ method: 'PATCH', path: `${BASE}/${segment(id)}`, json: patch, contentType: 'application/merge-patch+json' }, call)).data;
  }

  /** Deletes one of the caller's own entries (a `ConflictError` for a directory entry, or one the caller's requests still name). */
  async delete(id: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: `${BASE}/${segment(id)}` }, call);
  }
}
