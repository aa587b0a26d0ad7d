import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/** The scopes the console asks for when a person signs in: every area it has a page for. */
export const CONSOLE_SCOPES = ['read:transparency', 'read:foia', 'write:foia', 'chat:assistant', 'compile:documents', 'read:storage', 'write:storage', 'execute:workflows', 'read:projects', 'write:projects', 'read:vectors', 'write:vectors', 'read:database'] as const;

export interface ConsoleOptions {
  /** The built console (`npm run build:web` writes web/dist). */
  dir: string;
  clientId: string;
  audience: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** RFC 7009 revocation endpoint, when the identity provider has one. */
  revokeUrl: string | null;
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sunlight</title></head>
<body><main><h1>Sunlight</h1><p>The web console is not built on this server: run <code>npm run build:web</code> (make start does).
The API and its documentation are at <a href="/api/docs/">/api/docs/</a>.</p></main></body></html>
`;

/**
 * The web console at `/`: its page, its hashed assets (cached for a year: a new build has new
 * names) and `/console/config.json`, which tells it where people sign in. Its policy allows
 * scripts and styles of this origin only, and calls to this origin and the identity provider.
 */
export function consoleRouter(options: ConsoleOptions): Router {
  const providers = [...new Set([options.tokenUrl, options.revokeUrl].filter((u): u is string => !!u).map((u) => new URL(u).origin))];
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${providers.join(' ')}`,
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  const config = {
    client_id: options.clientId,
    authorize_url: options.authorizeUrl,
    token_url: options.tokenUrl,
    revoke_url: options.revokeUrl,
    audience: options.audience,
    scopes: [...CONSOLE_SCOPES],
  };
  const index = path.join(options.dir, 'index.html');
  const router = express.Router();
  router.get('/console/config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache').json(config);
  });
  router.use(
    '/assets',
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', csp);
      next();
    },
    express.static(path.join(options.dir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true, dotfiles: 'ignore' }),
  );
  router.get(['/', '/index.html'], (_req, res) => {
    res.setHeader('Content-Security-Policy', csp).setHeader('Cache-Control', 'no-cache');
    if (fs.existsSync(index)) res.type('html').sendFile(index);
    else res.status(200).type('html').send(NOT_BUILT);
  });
  return router;
}
