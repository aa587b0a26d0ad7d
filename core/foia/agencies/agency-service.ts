import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../../http/list-envelope.js';
import { jurisdictionTimeZone } from '../jurisdiction-time-zones.js';
import { localDate } from '../request-deadline.js';
import type { CreateAgencyInput, PatchAgencyInput } from './agency-fields.js';
import type { AgencyStore, AgencyUserTransaction } from './agency-store.js';
import type { AgencyKind, AgencyRecord, AgencyStatistics, AgencyValues } from './agency-types.js';

/** One entry with the aggregates of the requests addressed to it. */
export interface AgencyWithStatistics extends AgencyRecord {
  statistics: AgencyStatistics;
}

export interface AgencyListParams {
  jurisdiction?: string;
  kind?: AgencyKind;
  q?: string;
  limit: number;
  cursor?: string;
}

/** The directory's operations, always on behalf of one user. */
export interface AgencyService {
  list(userId: string, params: AgencyListParams): Promise<ListEnvelope<AgencyRecord>>;
  get(userId: string, id: string): Promise<AgencyWithStatistics>;
  create(userId: string, input: CreateAgencyInput): Promise<AgencyRecord>;
  patch(userId: string, id: string, input: PatchAgencyInput): Promise<AgencyRecord>;
  remove(userId: string, id: string): Promise<void>;
  /** The entry a request may name: a directory entry or the user's own; null when there is none the user can see. */
  visible(userId: string, id: string): Promise<AgencyRecord | null>;
}

export interface AgencyServiceDeps {
  agencies: AgencyStore;
  now?: () => Date;
}

const cursorSchema = z.object({ n: z.string(), id: z.uuid() });

const notFound = () => new NotFoundError('Agency not found');

/** A directory entry is shared: changing it is refused with the way to adapt it instead. */
function directoryEntryIsShared(entry: AgencyRecord): ConflictError {
  return new ConflictError(
    'Directory entries are shared and cannot be changed or deleted; create your own entry with POST /api/foia/agencies and "based_on" set to this entry\'s id',
    { id: entry.id, source: entry.source, based_on: entry.id },
  );
}

async function findOwn(tx: AgencyUserTransaction, id: string): Promise<AgencyRecord> {
  // Not FOR UPDATE: row-level security would hide a directory entry (which no user may update) from the lock.
  const entry = await tx.find(id);
  // Another user's entry is invisible under row-level security: 404, never 403.
  if (!entry) throw notFound();
  if (entry.source !== 'user') throw directoryEntryIsShared(entry);
  return entry;
}

/** The values of a new entry: the body, with what it leaves out copied from the entry it adapts. */
function newValues(input: CreateAgencyInput, base: AgencyRecord | null): AgencyValues {
  if (base && input.jurisdiction !== undefined && input.jurisdiction !== base.jurisdiction) {
    throw new ValidationError('The entry adapted is of another jurisdiction', [
      { path: 'body.jurisdiction', message: `Must be ${base.jurisdiction}, the jurisdiction of based_on (or be left out)` },
    ]);
  }
  const pick = <K extends keyof AgencyValues & keyof CreateAgencyInput>(key: K) => (input[key] !== undefined ? input[key] : (base?.[key] ?? null));
  const title = pick('records_officer_title');
  return {
    jurisdiction: input.jurisdiction ?? base!.jurisdiction,
    name: input.name ?? base!.name,
    email: pick('email'),
    portal_url: pick('portal_url'),
    postal_address: pick('postal_address'),
    phone: pick('phone'),
    records_officer_title: title,
    // The law's citation stays only with the law's title.
    records_officer_citation: base && title === base.records_officer_title ? base.records_officer_citation : null,
    notes: pick('notes'),
    based_on: base?.id ?? null,
  };
}

export function createAgencyService(deps: AgencyServiceDeps): AgencyService {
  const now = deps.now ?? (() => new Date());
  return {
    async list(userId, params) {
      const cursor = decodeCursor(params.cursor, cursorSchema);
      const { cursor: _c, ...filters } = params;
      const { rows, total } = await deps.agencies.asUser(userId, (tx) => tx.list({ ...filters, ...(cursor ? { after: { name: cursor.n, id: cursor.id } } : {}) }));
      const page = rows.slice(0, params.limit);
      const last = page[page.length - 1];
      const next = rows.length > params.limit && last ? encodeCursor({ n: last.sortKey, id: last.record.id }) : null;
      return { data: page.map((r) => r.record), total, next_cursor: next };
    },

    async get(userId, id) {
      const at = now();
      return deps.agencies.asUser(userId, async (tx) => {
        const entry = await tx.find(id);
        if (!entry) throw notFound();
        // "Today" where the agency is, as the deadlines count it.
        const statistics = await tx.statistics(id, localDate(at, jurisdictionTimeZone(entry.jurisdiction)));
        return { ...entry, statistics };
      });
    },

    async create(userId, input) {
      return deps.agencies.asUser(userId, async (tx) => {
        let base: AgencyRecord | null = null;
        if (input.based_on) {
          base = await tx.find(input.based_on);
          if (!base || base.source !== 'corpus') {
            throw new ValidationError('Unknown directory entry', [{ path: 'body.based_on', message: 'Not a directory entry (GET /api/foia/agencies lists them)' }]);
          }
        }
        return tx.insert(newValues(input, base));
      });
    },

    async patch(userId, id, input) {
      return deps.agencies.asUser(userId, async (tx) => {
        const current = await findOwn(tx, id);
        const values: Partial<AgencyValues> = { ...input };
        // A title the user changes is theirs: the law's citation no longer vouches for it.
        if (input.records_officer_title !== undefined && input.records_officer_title !== current.records_officer_title) values.records_officer_citation = null;
        const updated = await tx.update(id, values);
        if (!updated) throw notFound();
        return updated;
      });
    },

    async remove(userId, id) {
      await deps.agencies.asUser(userId, async (tx) => {
        await findOwn(tx, id);
        const naming = await tx.requestsNaming(id);
        if (naming > 0) {
          throw new ConflictError(`${naming} of your requests name this entry; point them at another agency first`, { requests: naming });
        }
        await tx.remove(id);
      });
    },

    async visible(userId, id) {
      return deps.agencies.asUser(userId, (tx) => tx.find(id));
    },
  };
}
