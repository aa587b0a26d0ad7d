import { SCOPES, isScope } from '../auth/scopes.js';
import type { AuthorizationRequest } from './authorization-code.js';

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Headers for the pages below: nothing but inline style, no framing, never cached. */
export function pageHeaders(formTargetOrigin?: string): Record<string, string> {
  // The form posts to this page's origin, which redirects to the client's: both must be allowed.
  const formAction = ["'self'", formTargetOrigin].filter(Boolean).join(' ');
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #f4f4f4; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #767676; border-radius: 6px; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; color: #1a1a1a; background: #fff; border: 1px solid #595959; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  button { margin-top: 1.5rem; padding: .6rem 1.2rem; font: inherit; font-weight: 600; color: #fff; background: #1d4ed8; border: 0; border-radius: 4px; cursor: pointer; }
  button:hover { background: #1e3a8a; }
  .alert { margin: 1rem 0; padding: .75rem; color: #7f1d1d; background: #fef2f2; border: 1px solid #b91c1c; border-radius: 4px; }
  .note { color: #404040; font-size: .9rem; }
  code { font-family: ui-monospace, monospace; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface LoginPageOptions {
  request: AuthorizationRequest;
  /** The username to keep filled after a failed attempt (never the password). */
  username?: string;
  error?: string;
}

/** The sign-in form: it posts the request back, with the person's credentials, to `/authorize`. */
export function renderLoginPage({ request, username, error }: LoginPageOptions): string {
  const hidden: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.requestedScope || undefined,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  const hiddenInputs = Object.entries(hidden)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const scopes = request.grantedScopes
    .map((s) => `<li>${escapeHtml(isScope(s) ? SCOPES[s] : s)} <span class="note">(<code>${escapeHtml(s)}</code>)</span></li>`)
    .join('\n');
  const alert = error ? `<div class="alert" role="alert" id="login-error">${escapeHtml(error)}</div>` : '';
  const described = error ? ' aria-describedby="login-error"' : '';
  return layout(
    'Sign in to Sunlight',
    `<h1>Sign in to Sunlight</h1>
<p><strong>${escapeHtml(request.clientId)}</strong> asks to act on your behalf. Once you sign in, it may:</p>
<ul>
${scopes}
</ul>
${alert}
<form method="post" action="authorize">
${hiddenInputs}
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${described} value="${escapeHtml(username ?? '')}"${username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="note">Development identity provider: for local development and tests only.</p>`,
  );
}

/** A page explaining why sign-in cannot go on (nothing is sent back to the client). */
export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
}
