import type { Knex } from 'knex';
import { inUserTransaction } from '../db/user-transaction.js';
import type { ItemRef, MemberRole, ProjectItemKind, ProjectItemRecord, ProjectMemberRecord, ProjectRecord, ProjectRole } from './project-types.js';

/** A write the database refused: row-level security (the caller's role does not allow it) or a duplicate. */
export class ProjectWriteRefused extends Error {
  constructor(readonly reason: 'policy' | 'duplicate') {
    super(reason === 'policy' ? 'refused by row-level security' : 'duplicate');
    this.name = 'ProjectWriteRefused';
  }
}

export interface ProjectCursor {
  updatedAt: string;
  id: string;
}

export interface ItemCursor {
  addedAt: string;
  id: string;
}

/**
 * Operations inside one transaction as one user. Every statement runs as `sunlight_app` with
 * `app.user_id` set, so the migration's policies decide what is seen and what may be written
 * (20261128090000_create_projects); the service only turns refusals into clear answers.
 */
export interface ProjectTransaction {
  /** The caller's role in the project; null when they are not a member (or it does not exist). */
  roleOf(projectId: string): Promise<ProjectRole | null>;
  create(values: { name: string; description: string | null }): Promise<ProjectRecord>;
  find(id: string): Promise<ProjectRecord | null>;
  /** Projects the caller owns or is a member of, most recently updated first. */
  list(options: { limit: number; after: ProjectCursor | null; role?: 'owner' | 'member' }): Promise<{ rows: ProjectRecord[]; total: number }>;
  /** Null when no row was updated (not the owner, or no such project). */
  update(id: string, patch: { name?: string; description?: string | null }): Promise<ProjectRecord | null>;
  remove(id: string): Promise<boolean>;
  addItem(projectId: string, values: { kind: ProjectItemKind; ref: ItemRef; label: string }): Promise<ProjectItemRecord>;
  findItem(projectId: string, itemId: string): Promise<ProjectItemRecord | null>;
  /** Newest first. */
  items(projectId: string, options: { kind?: ProjectItemKind; limit: number; after: ItemCursor | null }): Promise<{ rows: ProjectItemRecord[]; total: number }>;
  removeItem(projectId: string, itemId: string): Promise<boolean>;
  /** The owner first, then members by when they were added. */
  members(projectId: string, options: { limit: number; offset: number }): Promise<{ rows: ProjectMemberRecord[]; total: number }>;
  /** Adds the member or changes their role; `created` says which. */
  putMember(projectId: string, sub: string, role: MemberRole): Promise<{ member: ProjectMemberRecord; created: boolean }>;
  removeMember(projectId: string, sub: string): Promise<boolean>;
}

export interface ProjectStore {
  asUser<T>(userId: string, fn: (tx: ProjectTransaction) => Promise<T>): Promise<T>;
}

interface ProjectRow {
  id: string;
  owner_id: string;
  name: string;
  description: string | null;
  role: ProjectRole;
  item_count: string | number;
  member_count: string | number;
  created_at: Date;
  updated_at: Date;
}

interface ItemRow {
  id: string;
  project_id: string;
  kind: ProjectItemKind;
  ref: ItemRef;
  label: string;
  added_by: string;
  added_at: Date;
}

interface MemberRow {
  user_id: string;
  role: MemberRole;
  added_by: string;
  created_at: Date;
}

const toProject = (r: ProjectRow): ProjectRecord => ({
  id: r.id,
  owner: r.owner_id,
  name: r.name,
  description: r.description,
  role: r.role,
  itemCount: Number(r.item_count),
  memberCount: Number(r.member_count),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const toItem = (r: ItemRow): ProjectItemRecord => ({
  id: r.id,
  projectId: r.project_id,
  kind: r.kind,
  ref: r.ref,
  label: r.label,
  addedBy: r.added_by,
  addedAt: r.added_at.toISOString(),
});

const toMember = (r: MemberRow): ProjectMemberRecord => ({ sub: r.user_id, role: r.role, addedBy: r.added_by, addedAt: r.created_at.toISOString() });

/** Postgres: 42501 is a row-level security refusal (or a missing privilege), 23505 a unique violation. */
function refusal(err: unknown): ProjectWriteRefused | null {
  const code = (err as { code?: unknown }).code;
  if (code === '42501') return new ProjectWriteRefused('policy');
  if (code === '23505') return new ProjectWriteRefused('duplicate');
  return null;
}

async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw refusal(err) ?? err;
  }
}

/** The Postgres store, under the projects' row-level security as the calling user. */
export function createPgProjectStore(db: Knex): ProjectStore {
  return { asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(userTransaction(trx, userId))) };
}

function userTransaction(trx: Knex.Transaction, userId: string): ProjectTransaction {
  // Counts read through the same policies: whoever sees the project sees its items and members.
  const projects = () =>
    trx('projects as p').select(
      'p.*',
      trx.raw('project_role(p.id) AS role'),
      trx.raw('(SELECT count(*) FROM project_items i WHERE i.project_id = p.id) AS item_count'),
      trx.raw('(SELECT count(*) FROM project_members m WHERE m.project_id = p.id) AS member_count'),
    );
  const find = async (id: string): Promise<ProjectRecord | null> => {
    const row = (await projects().where('p.id', id).first()) as ProjectRow | undefined;
    return row ? toProject(row) : null;
  };
  return {
    async roleOf(projectId) {
      const res = (await trx.raw('SELECT project_role(?::uuid) AS role', [projectId])) as { rows: Array<{ role: ProjectRole | null }> };
      return res.rows[0]?.role ?? null;
    },
    async create(values) {
      const [row] = (await trx('projects').insert({ owner_id: userId, name: values.name, description: values.description }).returning('id')) as Array<{ id: string }>;
      return (await find(row!.id))!;
    },
    find,
    async list({ limit, after, role }) {
      const scoped = (q: Knex.QueryBuilder): Knex.QueryBuilder => {
        if (role === 'owner') void q.where('p.owner_id', userId);
        if (role === 'member') void q.whereNot('p.owner_id', userId);
        return q;
      };
      const page = scoped(projects()).orderBy([{ column: 'p.updated_at', order: 'desc' }, { column: 'p.id', order: 'desc' }]).limit(limit);
      if (after) void page.whereRaw('(p.updated_at, p.id) < (?::timestamptz, ?::uuid)', [after.updatedAt, after.id]);
      const [rows, count] = await Promise.all([page, scoped(trx('projects as p')).count<Array<{ count: string }>>('* as count')]);
      return { rows: (rows as ProjectRow[]).map(toProject), total: Number(count[0]?.count ?? 0) };
    },
    async update(id, patch) {
      const updated = await trx('projects')
        .where({ id })
        .update({ ...patch, updated_at: trx.fn.now() });
      return updated > 0 ? find(id) : null;
    },
    async remove(id) {
      return (await trx('projects').where({ id }).delete()) > 0;
    },
    async addItem(projectId, values) {
      const [row] = (await guarded(() =>
        trx('project_items')
          .insert({ project_id: projectId, kind: values.kind, ref: JSON.stringify(values.ref), label: values.label, added_by: userId })
          .returning('*'),
      )) as ItemRow[];
      return toItem(row!);
    },
    async findItem(projectId, itemId) {
      const row = (await trx('project_items').where({ project_id: projectId, id: itemId }).first()) as ItemRow | undefined;
      return row ? toItem(row) : null;
    },
    async items(projectId, { kind, limit, after }) {
      const scoped = (q: Knex.QueryBuilder): Knex.QueryBuilder => (kind ? q.where({ project_id: projectId, kind }) : q.where({ project_id: projectId }));
      const page = scoped(trx('project_items')).orderBy([{ column: 'added_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
      if (after) void page.whereRaw('(added_at, id) < (?::timestamptz, ?::uuid)', [after.addedAt, after.id]);
      const [rows, count] = await Promise.all([page, scoped(trx('project_items')).count<Array<{ count: string }>>('* as count')]);
      return { rows: (rows as ItemRow[]).map(toItem), total: Number(count[0]?.count ?? 0) };
    },
    async removeItem(projectId, itemId) {
      return (await trx('project_items').where({ project_id: projectId, id: itemId }).delete()) > 0;
    },
    async members(projectId, { limit, offset }) {
      const project = (await trx('projects').where({ id: projectId }).first('owner_id', 'created_at')) as { owner_id: string; created_at: Date } | undefined;
      if (!project) return { rows: [], total: 0 };
      const owner: ProjectMemberRecord = { sub: project.owner_id, role: 'owner', addedBy: null, addedAt: project.created_at.toISOString() };
      // The owner is row 0 of the list; members follow from row 1.
      const rows = (await trx('project_members')
        .where({ project_id: projectId })
        .orderBy([{ column: 'created_at' }, { column: 'user_id' }])
        .offset(Math.max(0, offset - 1))
        .limit(offset === 0 ? limit - 1 : limit)) as MemberRow[];
      const [count] = await trx('project_members').where({ project_id: projectId }).count<Array<{ count: string }>>('* as count');
      return { rows: [...(offset === 0 ? [owner] : []), ...rows.map(toMember)], total: Number(count?.count ?? 0) + 1 };
    },
    async putMember(projectId, sub, role) {
      const [row] = (await guarded(() =>
        trx('project_members')
          .insert({ project_id: projectId, user_id: sub, role, added_by: userId })
          .onConflict(['project_id', 'user_id'])
          .merge({ role, updated_at: trx.fn.now() })
          .returning([...['user_id', 'role', 'added_by', 'created_at'], trx.raw('(xmax = 0) AS inserted')]),
      )) as Array<MemberRow & { inserted: boolean }>;
      return { member: toMember(row!), created: row!.inserted };
    },
    async removeMember(projectId, sub) {
      return (await trx('project_members').where({ project_id: projectId, user_id: sub }).delete()) > 0;
    },
  };
}
