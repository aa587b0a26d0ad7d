import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/test-env.js';

/*
 * The Dockerfile and docker-compose.yml cannot be run here (no Docker engine): these checks
 * keep them true to the code. Every compiled entry point they start must come from a source
 * file the production build compiles, every one-shot and app service must use the runtime
 * image, and the tools the runtime image lacks (tsx) must not be asked of it.
 */
const read = (f: string) => fs.readFileSync(path.join(repoRoot, f), 'utf8');
const compose = read('docker-compose.yml');
const dockerfile = read('Dockerfile');
const build = JSON.parse(read('tsconfig.build.json')) as { include: string[]; exclude: string[] };

describe('deployment files', () => {
  it('start only compiled entry points that the production build emits', () => {
    const entries = [...`${compose}\n${dockerfile}`.matchAll(/dist\/([\w/.-]+)\.js/g)].map((m) => m[1]!);
    expect(entries.length).toBeGreaterThan(4);
    for (const entry of new Set(entries)) {
      expect(fs.existsSync(path.join(repoRoot, `${entry}.ts`)), `${entry}.ts`).toBe(true);
      expect(build.include.some((dir) => entry.startsWith(`${dir}/`)), `${entry} in the build`).toBe(true);
      expect(entry).not.toMatch(/(?:^|\/)(?:testing|test)\//);
    }
  });

  it('run from source (tsx) only in the dev image, and never ship development packages to production', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const dev of ['tsx', 'oauth2-mock-server', 'vitest', 'typescript']) expect(pkg.dependencies[dev], dev).toBeUndefined();
    const services = compose.split(/\n {2}(?=[a-z-]+:\n)/).slice(1);
    for (const service of services) {
      if (/--import", "tsx"|--import tsx/.test(service)) expect(service, service.slice(0, 40)).toMatch(/target: dev/);
    }
    expect(dockerfile).toMatch(/FROM node:20-bookworm-slim AS runtime[\s\S]*npm ci --omit=dev|npm ci --omit=dev[\s\S]*AS runtime/);
    expect(dockerfile).toMatch(/CMD \["node", "dist\/api\/main\.js"\]\s*$/);
  });

  it('give the SQL console its own login role, with the password the Postgres init script creates it with', () => {
    const url = /DATABASE_QUERY_URL: postgres:\/\/sunlight_query:([^@]+)@postgres:5432\/sunlight/.exec(compose);
    expect(url, 'DATABASE_QUERY_URL').not.toBeNull();
    expect(compose).toContain('./deploy/postgres-init:/docker-entrypoint-initdb.d:ro');
    expect(read('deploy/postgres-init/10-query-role.sql')).toMatch(new RegExp(`CREATE ROLE sunlight_query LOGIN PASSWORD '${url![1]}'`));
  });

  it('migrate and ingest as one-shot services before and after the worker, with health checks and restart policies', () => {
    expect(compose).toMatch(/\n {2}migrate:\n[\s\S]*?restart: "no"/);
    expect(compose).toMatch(/\n {2}ingest:\n[\s\S]*?command: \["node", "dist\/scripts\/ingest\.js"\]/);
    expect(compose).toMatch(/\n {2}api:\n[\s\S]*?healthcheck:[\s\S]*?\/api\/health\/live/);
    for (const service of ['api', 'worker', 'queue-worker', 'postgres', 'redis']) {
      expect(compose, service).toMatch(new RegExp(`\\n  ${service}:\\n[\\s\\S]*?restart: unless-stopped`));
    }
  });

  it('give the API and the worker one data volume: the worker writes compiled packets where the API serves stored objects from', () => {
    const services = Object.fromEntries(compose.split(/\n {2}(?=[a-z-]+:\n)/).slice(1).map((block) => [block.slice(0, block.indexOf(':')), block]));
    const dataVolume = (service: string) => /- (\w+):\/app\/\.local\/data/.exec(services[service] ?? '')?.[1];
    expect(dataVolume('api')).toBeDefined();
    expect(dataVolume('worker')).toBe(dataVolume('api'));
  });
});
