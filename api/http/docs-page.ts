import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * The API's documentation page at `/api/docs`: Swagger UI from the `swagger-ui-dist` npm
 * package, served from this process (no CDN), reading `/api/openapi.json`. "Authorize" takes a
 * bearer token, or client credentials that the browser exchanges at the identity provider's
 * token endpoint (the development one answers CORS preflights).
 */

const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'oauth2-redirect.html', 'oauth2-redirect.js', 'favicon-32x32.png'];

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sunlight API</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  oauth2RedirectUrl: window.location.origin + '/api/docs/assets/oauth2-redirect.html',
});
window.ui.initOAuth({ clientId: window.SUNLIGHT_CLIENT_ID, usePkceWithAuthorizationCodeGrant: true, scopes: 'read:transparency' });
`;

/**
 * The documentation page's router; `issuer` is where "Authorize" exchanges client credentials,
 * or signs a person in with PKCE as the public client `clientId`.
 */
export function docsPage(options: { issuer: string; clientId?: string }): Router {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const issuerOrigin = new URL(options.issuer).origin;
  // Swagger UI sets inline styles; its scripts are all files of this origin; it calls the API and the identity provider.
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${issuerOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  const router = express.Router();
  router.use((req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    // "Authorize" with the authorization code flow signs in in a popup that comes back to
    // oauth2-redirect.html and hands the code to this page: the popup must keep its opener.
    res.setHeader('Cross-Origin-Opener-Policy', req.path.endsWith('/oauth2-redirect.html') ? 'unsafe-none' : 'same-origin-allow-popups');
    next();
  });
  router.get('/', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache').send(PAGE);
  });
  const init = `window.SUNLIGHT_CLIENT_ID = ${JSON.stringify(options.clientId ?? 'sunlight-console')};\n${INIT}`;
  router.get('/init.js', (_req, res) => {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache').send(init);
  });
  for (const asset of ASSETS) {
    router.get(`/assets/${asset}`, (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.sendFile(path.join(dist, asset));
    });
  }
  return router;
}
