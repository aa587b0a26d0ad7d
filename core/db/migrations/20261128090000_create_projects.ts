import type { Knex } from 'knex';
import { createNoLoginRole } from './roles.js';

/**
 * Research projects (issue 19): a project groups its owner's FOIA requests, conversations,
 * compilations, stored objects and saved searches, and is shared with other users (by `sub`)
 * as editors or viewers.
 *
 * Who may do what is enforced here, by row-level security for `sunlight_app` with
 * `app.user_id`, not only by the API:
 *  - a non-member sees no row of the project, its members or its items;
 *  - members (viewer, editor) and the owner see the project, its members and its items;
 *  - editors and the owner add and remove items;
 *  - only the owner updates or deletes the project and adds, changes or removes members
 *    (a member may remove their own membership: leave the project).
 * A member's role is read live by every statement, so removing a member removes access at once.
 *
 * The policies of `project_members` and `project_items` need the caller's role in a project,
 * and the policy of `projects` needs the caller's memberships: read under row-level security
 * those lookups would recurse (projects → project_members → projects …). They are two
 * SECURITY DEFINER functions owned by `sunlight_projects`, a NOLOGIN role that may read only
 * the columns they need (projects.id/owner_id, project_members.project_id/user_id/role) and
 * owns nothing else; `sunlight_app` may only execute them. Both answer for the
 * `app.user_id` of the calling transaction and nothing else.
 */
const APP_ROLE = 'sunlight_app';
const PROJECTS_ROLE = 'sunlight_projects';

/** The item kinds. */
const ITEM_KINDS = ['foia_request', 'conversation', 'compilation', 'stored_object', 'collection', 'saved_search'];

const ME = `current_setting('app.user_id', true)`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(createNoLoginRole(PROJECTS_ROLE));

  await knex.raw(`
    CREATE TABLE projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id text NOT NULL CHECK (owner_id <> ''),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
      description text CHECK (char_length(description) <= 4000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  // The list order, per owner, with the id as tie-breaker (keyset pagination).
  await knex.raw('CREATE INDEX projects_owner_updated_idx ON projects (owner_id, updated_at DESC, id DESC)');

  await knex.raw(`
    CREATE TABLE project_members (
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      user_id text NOT NULL CHECK (user_id <> ''),
      role text NOT NULL CHECK (role IN ('editor', 'viewer')),
      added_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, user_id)
    )`);
  await knex.raw('CREATE INDEX project_members_user_idx ON project_members (user_id, project_id)');

  await knex.raw(`
    CREATE TABLE project_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN (${ITEM_KINDS.map((k) => `'${k}'`).join(', ')})),
      -- The item's id or key (a JSON string), or a saved search's stored query (a JSON object).
      ref jsonb NOT NULL CHECK (jsonb_typeof(ref) = CASE WHEN kind = 'saved_search' THEN 'object' ELSE 'string' END),
      -- The title as it was when the item was added: what members who cannot open the item see.
      label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 300),
      added_by text NOT NULL CHECK (added_by <> ''),
      added_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, kind, ref)
    )`);
  await knex.raw('CREATE INDEX project_items_project_added_idx ON project_items (project_id, added_at DESC, id DESC)');

  await functions(knex);
  await rowLevelSecurity(knex);
  await grants(knex);
}

async function functions(knex: Knex): Promise<void> {
  // The caller's role in one project: owner, editor, viewer, or NULL for a non-member.
  await knex.raw(`
    CREATE FUNCTION project_role(project uuid)
    RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM projects p WHERE p.id = project AND p.owner_id = ${ME}) THEN 'owner'
        ELSE (SELECT m.role FROM project_members m WHERE m.project_id = project AND m.user_id = ${ME})
      END
    $$`);
  // The projects the caller is a member of (not those they own).
  await knex.raw(`
    CREATE FUNCTION project_memberships()
    RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
      SELECT coalesce(array_agg(m.project_id), '{}') FROM project_members m WHERE m.user_id = ${ME}
    $$`);
  for (const fn of ['project_role(uuid)', 'project_memberships()']) {
    await knex.raw(`ALTER FUNCTION ${fn} OWNER TO ${PROJECTS_ROLE}`);
    await knex.raw(`REVOKE ALL ON FUNCTION ${fn} FROM PUBLIC`);
    await knex.raw(`GRANT EXECUTE ON FUNCTION ${fn} TO ${APP_ROLE}`);
  }
}

async function rowLevelSecurity(knex: Knex): Promise<void> {
  for (const table of ['projects', 'project_members', 'project_items']) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    // FORCE: the owner is filtered too, so a migration-owned connection cannot leak rows by accident.
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
  }
  const owner = `owner_id = ${ME}`;
  // The owner check comes first and inline: INSERT … RETURNING must see the new row, which a
  // STABLE function's snapshot would not.
  await knex.raw(`CREATE POLICY projects_read ON projects FOR SELECT TO ${APP_ROLE} USING (${owner} OR id = ANY (project_memberships()))`);
  await knex.raw(`CREATE POLICY projects_insert ON projects FOR INSERT TO ${APP_ROLE} WITH CHECK (${owner})`);
  await knex.raw(`CREATE POLICY projects_update ON projects FOR UPDATE TO ${APP_ROLE} USING (${owner}) WITH CHECK (${owner})`);
  await knex.raw(`CREATE POLICY projects_delete ON projects FOR DELETE TO ${APP_ROLE} USING (${owner})`);

  const isOwner = `project_role(project_id) = 'owner'`;
  await knex.raw(`CREATE POLICY project_members_read ON project_members FOR SELECT TO ${APP_ROLE} USING (project_role(project_id) IS NOT NULL)`);
  // The owner is the owner, never also a member.
  await knex.raw(`CREATE POLICY project_members_insert ON project_members FOR INSERT TO ${APP_ROLE} WITH CHECK (${isOwner} AND user_id <> ${ME} AND added_by = ${ME})`);
  await knex.raw(`CREATE POLICY project_members_update ON project_members FOR UPDATE TO ${APP_ROLE} USING (${isOwner}) WITH CHECK (${isOwner})`);
  await knex.raw(`CREATE POLICY project_members_delete ON project_members FOR DELETE TO ${APP_ROLE} USING (${isOwner} OR user_id = ${ME})`);

  const canWrite = `project_role(project_id) IN ('owner', 'editor')`;
  await knex.raw(`CREATE POLICY project_items_read ON project_items FOR SELECT TO ${APP_ROLE} USING (project_role(project_id) IS NOT NULL)`);
  await knex.raw(`CREATE POLICY project_items_insert ON project_items FOR INSERT TO ${APP_ROLE} WITH CHECK (${canWrite} AND added_by = ${ME})`);
  await knex.raw(`CREATE POLICY project_items_delete ON project_items FOR DELETE TO ${APP_ROLE} USING (${canWrite})`);

  // What the functions read, and nothing else.
  await knex.raw(`CREATE POLICY projects_role_lookup ON projects FOR SELECT TO ${PROJECTS_ROLE} USING (true)`);
  await knex.raw(`CREATE POLICY project_members_role_lookup ON project_members FOR SELECT TO ${PROJECTS_ROLE} USING (true)`);
}

async function grants(knex: Knex): Promise<void> {
  await knex.raw(`GRANT USAGE ON SCHEMA public TO ${PROJECTS_ROLE}`);
  await knex.raw(`GRANT SELECT (id, owner_id) ON projects TO ${PROJECTS_ROLE}`);
  await knex.raw(`GRANT SELECT (project_id, user_id, role) ON project_members TO ${PROJECTS_ROLE}`);

  await knex.raw(`GRANT SELECT, INSERT, DELETE ON projects TO ${APP_ROLE}`);
  // Ownership cannot be handed over by an UPDATE.
  await knex.raw(`GRANT UPDATE (name, description, updated_at) ON projects TO ${APP_ROLE}`);
  await knex.raw(`GRANT SELECT, INSERT, DELETE ON project_members TO ${APP_ROLE}`);
  await knex.raw(`GRANT UPDATE (role, updated_at) ON project_members TO ${APP_ROLE}`);
  // Items are added and removed, never changed.
  await knex.raw(`GRANT SELECT, INSERT, DELETE ON project_items TO ${APP_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the tables drops their policies and grants; the roles stay (they are cluster-wide).
  await knex.raw('DROP TABLE IF EXISTS project_items');
  await knex.raw('DROP TABLE IF EXISTS project_members');
  await knex.raw('DROP TABLE IF EXISTS projects');
  // After the tables: their policies call the functions.
  await knex.raw('DROP FUNCTION IF EXISTS project_role(uuid)');
  await knex.raw('DROP FUNCTION IF EXISTS project_memberships()');
  await knex.raw(`REVOKE ALL ON SCHEMA public FROM ${PROJECTS_ROLE}`);
}
