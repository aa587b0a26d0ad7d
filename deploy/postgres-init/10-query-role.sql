-- Docker only (docker-compose.yml mounts this into the Postgres image's init directory):
-- the admin SQL console's login role, with the password DATABASE_QUERY_URL carries. The
-- migration (core/db/migrations/20261128100000_create_published_views.ts) finds it and gives
-- it its settings and grants. Outside Docker, set a password yourself (README, Database access).
CREATE ROLE sunlight_query LOGIN PASSWORD 'sunlight_query' NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION NOINHERIT CONNECTION LIMIT 40;
