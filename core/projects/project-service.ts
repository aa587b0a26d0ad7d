import { z } from 'zod';
import { AppError, ConflictError, NotFoundError, ValidationError, type FieldIssue } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, offsetCursor, pageFromOffset, type ListEnvelope } from '../http/list-envelope.js';
import type { SearchMode, SearchResult, SearchService } from '../search/search-service.js';
import type { ItemRefResolver, OwnedItemKind } from './item-ref-resolver.js';
import { ProjectWriteRefused, type ProjectStore, type ProjectTransaction } from './project-store.js';
import type { ItemRef, MemberRole, ProjectItemKind, ProjectItemRecord, ProjectMemberRecord, ProjectRecord, ProjectRole, SavedSearch } from './project-types.js';

/**
 * The caller is a member but their role does not allow this (a viewer adding an item, an
 * editor changing membership). A non-member gets 404 instead: to them the project does not exist.
 */
export class ProjectForbiddenError extends AppError {
  constructor(role: ProjectRole, action: string) {
    super(403, 'PROJECT_FORBIDDEN', `Your role in this project (${role}) does not allow you to ${action}`, { role });
  }
}

export type NewItem = { kind: OwnedItemKind; ref: string; label?: string } | { kind: 'saved_search'; ref: SavedSearch; label?: string };

export interface ProjectService {
  create(userId: string, values: { name: string; description?: string | null }): Promise<ProjectRecord>;
  list(userId: string, query: { limit: number; cursor?: string; role?: 'owner' | 'member' }): Promise<ListEnvelope<ProjectRecord>>;
  get(userId: string, id: string): Promise<ProjectRecord>;
  update(userId: string, id: string, patch: { name?: string; description?: string | null }): Promise<ProjectRecord>;
  remove(userId: string, id: string): Promise<void>;
  addItem(userId: string, projectId: string, item: NewItem): Promise<ProjectItemRecord>;
  listItems(userId: string, projectId: string, query: { limit: number; cursor?: string; kind?: ProjectItemKind }): Promise<ListEnvelope<ProjectItemRecord>>;
  getItem(userId: string, projectId: string, itemId: string): Promise<ProjectItemRecord>;
  removeItem(userId: string, projectId: string, itemId: string): Promise<void>;
  runItem(userId: string, projectId: string, itemId: string, options: { limit: number; cursor?: string; mode: SearchMode }): Promise<SearchResult>;
  listMembers(userId: string, projectId: string, query: { limit: number; cursor?: string }): Promise<ListEnvelope<ProjectMemberRecord>>;
  putMember(userId: string, projectId: string, sub: string, role: MemberRole): Promise<{ member: ProjectMemberRecord; created: boolean }>;
  removeMember(userId: string, projectId: string, sub: string): Promise<void>;
}

export interface ProjectServiceDeps {
  store: ProjectStore;
  refs: ItemRefResolver;
  search: SearchService;
}

const projectCursor = z.object({ u: z.string(), i: z.uuid() });
const itemCursor = z.object({ a: z.string(), i: z.uuid() });
const MAX_LABEL = 300;

const notFound = () => new NotFoundError('Project not found');
const itemNotFound = () => new NotFoundError('Item not found in this project');

/** The role, or 404 for a non-member; with `allowed`, 403 for a member whose role is not in it. */
async function requireRole(tx: ProjectTransaction, projectId: string, allowed: readonly ProjectRole[] | null, action: string): Promise<ProjectRole> {
  const role = await tx.roleOf(projectId);
  if (!role) throw notFound();
  if (allowed && !allowed.includes(role)) throw new ProjectForbiddenError(role, action);
  return role;
}

/** A write row-level security refused although the role allowed it a moment earlier: the role changed in between. */
function refusedAs(err: unknown, role: ProjectRole, action: string, duplicate: () => AppError): unknown {
  if (err instanceof ProjectWriteRefused) return err.reason === 'policy' ? new ProjectForbiddenError(role, action) : duplicate();
  return err;
}

const label = (text: string): string => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

export function createProjectService(deps: ProjectServiceDeps): ProjectService {
  const { store } = deps;

  /** Checks the saved search as POST /api/v1/search would (unknown jurisdictions and categories are a 400). */
  async function checkSavedSearch(ref: SavedSearch): Promise<void> {
    try {
      await deps.search.search({ query: ref.query, filters: ref.filters, limit: 1, mode: 'keyword' });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const issues = ((err.metadata?.['issues'] ?? []) as FieldIssue[]).map((i) => ({ ...i, path: i.path.replace(/^body\./, 'body.ref.') }));
      throw new ValidationError('Request validation failed', issues);
    }
  }

  async function resolveLabel(userId: string, item: NewItem): Promise<{ ref: ItemRef; label: string }> {
    if (item.kind === 'saved_search') {
      await checkSavedSearch(item.ref);
      return { ref: item.ref, label: label(item.label ?? item.ref.query) };
    }
    const found = await deps.refs.label(userId, item.kind, item.ref);
    if (found === null) {
      // The same answer for a record that does not exist and one that is another user's.
      throw new ValidationError('Request validation failed', [{ path: 'body.ref', message: `No ${item.kind} of yours has this ${item.kind === 'stored_object' ? 'key' : 'id'}` }]);
    }
    return { ref: item.ref, label: label(item.label ?? found) };
  }

  return {
    create: (userId, values) => store.asUser(userId, (tx) => tx.create({ name: values.name, description: values.description ?? null })),

    async list(userId, query) {
      const after = decodeCursor(query.cursor, projectCursor);
      // One row more than the page: a next cursor only when something follows.
      const { rows, total } = await store.asUser(userId, (tx) => tx.list({ limit: query.limit + 1, after: after ? { updatedAt: after.u, id: after.i } : null, role: query.role }));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { data: page, total, next_cursor: rows.length > query.limit && last ? encodeCursor({ u: last.updatedAt, i: last.id }) : null };
    },

    async get(userId, id) {
      return (await store.asUser(userId, (tx) => tx.find(id))) ?? Promise.reject(notFound());
    },

    update: (userId, id, patch) =>
      store.asUser(userId, async (tx) => {
        await requireRole(tx, id, ['owner'], 'change the project');
        return (await tx.update(id, patch)) ?? Promise.reject(notFound());
      }),

    remove: (userId, id) =>
      store.asUser(userId, async (tx) => {
        await requireRole(tx, id, ['owner'], 'delete the project');
        if (!(await tx.remove(id))) throw notFound();
      }),

    async addItem(userId, projectId, item) {
      // Fail fast (404 / 403) before looking the ref up; row-level security checks again on insert.
      await store.asUser(userId, (tx) => requireRole(tx, projectId, ['owner', 'editor'], 'add items'));
      const { ref, label: text } = await resolveLabel(userId, item);
      return store.asUser(userId, async (tx) => {
        const role = await requireRole(tx, projectId, ['owner', 'editor'], 'add items');
        try {
          return await tx.addItem(projectId, { kind: item.kind, ref, label: text });
        } catch (err) {
          throw refusedAs(err, role, 'add items', () => new ConflictError('This item is already in the project', { kind: item.kind }));
        }
      });
    },

    async listItems(userId, projectId, query) {
      const after = decodeCursor(query.cursor, itemCursor);
      const { rows, total } = await store.asUser(userId, async (tx) => {
        await requireRole(tx, projectId, null, 'read items');
        return tx.items(projectId, { kind: query.kind, limit: query.limit + 1, after: after ? { addedAt: after.a, id: after.i } : null });
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { data: page, total, next_cursor: rows.length > query.limit && last ? encodeCursor({ a: last.addedAt, i: last.id }) : null };
    },

    getItem: (userId, projectId, itemId) =>
      store.asUser(userId, async (tx) => {
        await requireRole(tx, projectId, null, 'read items');
        return (await tx.findItem(projectId, itemId)) ?? Promise.reject(itemNotFound());
      }),

    removeItem: (userId, projectId, itemId) =>
      store.asUser(userId, async (tx) => {
        await requireRole(tx, projectId, ['owner', 'editor'], 'remove items');
        if (!(await tx.removeItem(projectId, itemId))) throw itemNotFound();
      }),

    async runItem(userId, projectId, itemId, options) {
      const item = await this.getItem(userId, projectId, itemId);
      if (item.kind !== 'saved_search') throw new AppError(409, 'NOT_A_SAVED_SEARCH', `Only saved searches run; this item is a ${item.kind}`, { kind: item.kind });
      const saved = item.ref as SavedSearch;
      return deps.search.search({ query: saved.query, filters: saved.filters, ...options });
    },

    async listMembers(userId, projectId, query) {
      const offset = decodeCursor(query.cursor, offsetCursor)?.o ?? 0;
      const { rows, total } = await store.asUser(userId, async (tx) => {
        await requireRole(tx, projectId, null, 'read members');
        return tx.members(projectId, { limit: query.limit, offset });
      });
      return pageFromOffset(rows, total, offset, query.limit);
    },

    putMember: (userId, projectId, sub, role) =>
      store.asUser(userId, async (tx) => {
        const mine = await requireRole(tx, projectId, ['owner'], 'change membership');
        if (sub === userId) throw new ValidationError('Request validation failed', [{ path: 'params.sub', message: 'You own this project; the owner is not also a member' }]);
        try {
          return await tx.putMember(projectId, sub, role);
        } catch (err) {
          throw refusedAs(err, mine, 'change membership', () => new ConflictError('Membership changed concurrently; retry'));
        }
      }),

    removeMember: (userId, projectId, sub) =>
      store.asUser(userId, async (tx) => {
        // The owner removes anyone; a member may remove themselves (leave the project).
        await requireRole(tx, projectId, sub === userId ? null : ['owner'], 'change membership');
        if (!(await tx.removeMember(projectId, sub))) throw new NotFoundError('No such member of this project');
      }),
  };
}
