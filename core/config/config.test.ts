import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives this machine working defaults', () => {
    const c = loadConfig({}, '/srv/sunlight');
    expect(c.http.port).toBe(8080);
    expect(c.auth.issuer).toBe('http://127.0.0.1:8081/');
    expect(c.auth.jwksUrl).toBe('http://127.0.0.1:8081/.well-known/jwks.json');
    expect(c.corpusDir).toBe('/srv/shared/corpus');
    expect(c.qdrant.url).toBeUndefined();
  });

  it('reports every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', AUTH_ISSUER: 'not a url', RATE_LIMIT_POINTS: '0' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const key of ['PORT', 'LOG_LEVEL', 'AUTH_ISSUER', 'RATE_LIMIT_POINTS']) expect(problems).toContain(key);
    }
  });

  it('requires the issuer to end with a slash, and in production an https JWKS and a webhook signing key', () => {
    expect(() => loadConfig({ AUTH_ISSUER: 'https://id.example' })).toThrow(/trailing slash/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_ISSUER: 'http://id.example/' })).toThrow(/https in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_ISSUER: 'https://id.example/' })).toThrow(/WEBHOOK_SIGNING_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_ISSUER: 'https://id.example/', WEBHOOK_SIGNING_KEY: 'k'.repeat(32) }).auth.jwksUrl).toBe(
      'https://id.example/.well-known/jwks.json',
    );
  });

  it('is listed in full in .env.example', () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect([...Object.keys(envSchema.shape)].filter((k) => !listed.has(k))).toEqual([]);
  });
});
