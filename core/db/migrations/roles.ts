/**
 * The NOLOGIN roles migrations create for row-level security and security-definer functions.
 * Roles are cluster-wide, so creation is idempotent (several databases of the cluster — the
 * test template and its clones — use them) and safe against a concurrent migration in another
 * database. A login role that is not a superuser needs membership to SET ROLE (and to hand
 * objects to the role); superusers do not.
 */
export function createNoLoginRole(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a role name: ${name}`);
  return `DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${name}') THEN
        CREATE ROLE ${name} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOINHERIT;
      END IF;
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT ${name} TO %I', current_user);
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`;
}
