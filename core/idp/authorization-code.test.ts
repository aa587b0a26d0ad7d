import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AuthorizationCodeStore,
  DEFAULT_USER_SCOPES,
  RefreshTokenStore,
  isAllowedRedirectUri,
  isValidCodeVerifier,
  redirectWith,
  s256Challenge,
  validateAuthorizationRequest,
  verifyPkce,
} from './authorization-code.js';
import { escapeHtml, pageHeaders, renderLoginPage } from './login-page.js';

// RFC 7636 Appendix B.
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('PKCE (S256)', () => {
  it('derives the challenge of RFC 7636 Appendix B', () => {
    expect(s256Challenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(RFC_CHALLENGE).toBe(createHash('sha256').update(RFC_VERIFIER).digest('base64url'));
  });

  it('accepts the right verifier and refuses any other', () => {
    expect(verifyPkce(RFC_VERIFIER, RFC_CHALLENGE)).toBe(true);
    expect(verifyPkce(`${RFC_VERIFIER.slice(0, -1)}Y`, RFC_CHALLENGE)).toBe(false);
    // The "plain" method's comparison (verifier = challenge) never passes.
    expect(verifyPkce(RFC_CHALLENGE, RFC_CHALLENGE)).toBe(false);
    expect(verifyPkce(RFC_VERIFIER, RFC_CHALLENGE.slice(0, 20))).toBe(false);
  });

  it('takes only verifiers of 43 to 128 unreserved characters', () => {
    expect(isValidCodeVerifier('a'.repeat(43))).toBe(true);
    expect(isValidCodeVerifier('A-._~9'.repeat(21) + 'zz')).toBe(true);
    expect(isValidCodeVerifier('a'.repeat(42))).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)}+`)).toBe(false);
    expect(isValidCodeVerifier(`${'a'.repeat(42)} `)).toBe(false);
    expect(verifyPkce('short', s256Challenge('short'))).toBe(false);
  });
});

describe('the redirect-URI rule', () => {
  it('allows http loopback origins on any port, with a path and a query', () => {
    expect(isAllowedRedirectUri('http://localhost:5173/callback')).toBe(true);
    expect(isAllowedRedirectUri('http://127.0.0.1:8080/?next=%2Ffoia')).toBe(true);
    expect(isAllowedRedirectUri('http://[::1]:3000/cb')).toBe(true);
    expect(isAllowedRedirectUri('http://localhost/')).toBe(true);
  });

  it('allows other origins only when listed', () => {
    expect(isAllowedRedirectUri('https://console.example.org/cb')).toBe(false);
    expect(isAllowedRedirectUri('https://console.example.org/cb', ['https://console.example.org'])).toBe(true);
    expect(isAllowedRedirectUri('https://console.example.org:444/cb', ['https://console.example.org'])).toBe(false);
    expect(isAllowedRedirectUri('http://console.example.org/cb', ['https://console.example.org'])).toBe(false);
    expect(isAllowedRedirectUri('https://console.example.org.evil.test/cb', ['https://console.example.org'])).toBe(false);
  });

  it('refuses fragments, relative URIs, other schemes, user information and look-alike hosts', () => {
    expect(isAllowedRedirectUri('http://localhost:5173/cb#x')).toBe(false);
    expect(isAllowedRedirectUri('http://localhost:5173/cb#')).toBe(false);
    expect(isAllowedRedirectUri('/callback')).toBe(false);
    expect(isAllowedRedirectUri('javascript:alert(1)')).toBe(false);
    expect(isAllowedRedirectUri('custom://localhost/cb')).toBe(false);
    expect(isAllowedRedirectUri('https://localhost:5173/cb')).toBe(false);
    expect(isAllowedRedirectUri('http://user:pw@localhost:5173/cb')).toBe(false);
    expect(isAllowedRedirectUri('http://localhost.evil.test/cb')).toBe(false);
    expect(isAllowedRedirectUri('http://127.0.0.1.evil.test/cb')).toBe(false);
    expect(isAllowedRedirectUri('http://evil.test/?localhost')).toBe(false);
  });

  it('adds the response to the redirect URI, keeping its own query', () => {
    const url = new URL(redirectWith('http://localhost:5173/cb?tab=foia', { code: 'a b&c', state: 'xyz', error: undefined }));
    expect(url.searchParams.get('tab')).toBe('foia');
    expect(url.searchParams.get('code')).toBe('a b&c');
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.searchParams.has('error')).toBe(false);
  });
});

describe('validateAuthorizationRequest', () => {
  const policy = { publicClients: ['sunlight-console'], redirectOrigins: [], userScopes: DEFAULT_USER_SCOPES };
  const valid = {
    response_type: 'code',
    client_id: 'sunlight-console',
    redirect_uri: 'http://localhost:5173/cb',
    scope: 'read:foia write:foia',
    state: 'st',
    code_challenge: RFC_CHALLENGE,
    code_challenge_method: 'S256',
  };

  it('accepts a complete request and grants the scopes asked for', () => {
    const result = validateAuthorizationRequest(valid, policy);
    expect(result).toMatchObject({ ok: true, request: { clientId: 'sunlight-console', state: 'st', grantedScopes: ['read:foia', 'write:foia'] } });
  });

  it('shows a page, never redirecting, for an unknown client or a disallowed redirect URI', () => {
    expect(validateAuthorizationRequest({ ...valid, client_id: 'other' }, policy)).toMatchObject({ ok: false, kind: 'page' });
    expect(validateAuthorizationRequest({ ...valid, client_id: undefined }, policy)).toMatchObject({ ok: false, kind: 'page' });
    expect(validateAuthorizationRequest({ ...valid, redirect_uri: 'https://evil.test/cb' }, policy)).toMatchObject({ ok: false, kind: 'page' });
    expect(validateAuthorizationRequest({ ...valid, redirect_uri: ['http://localhost/a', 'http://localhost/b'] }, policy)).toMatchObject({ ok: false, kind: 'page' });
  });

  it('redirects the other errors back to the client with the state', () => {
    const error = (params: Record<string, unknown>) => {
      const result = validateAuthorizationRequest({ ...valid, ...params }, policy);
      return result.ok ? 'ok' : result.kind === 'redirect' ? `${result.error}/${result.state}` : 'page';
    };
    expect(error({ response_type: 'token' })).toBe('unsupported_response_type/st');
    expect(error({ response_type: undefined })).toBe('invalid_request/st');
    expect(error({ code_challenge: undefined })).toBe('invalid_request/st');
    expect(error({ code_challenge: 'too-short' })).toBe('invalid_request/st');
    expect(error({ code_challenge_method: 'plain' })).toBe('invalid_request/st');
    expect(error({ code_challenge_method: undefined })).toBe('invalid_request/st');
    expect(error({ scope: 'read:foia no:such' })).toBe('invalid_scope/st');
    expect(error({ scope: 'admin:metrics' })).toBe('invalid_scope/st');
    expect(error({ state: undefined, scope: ['read:foia', 'write:foia'] })).toBe('invalid_request/undefined');
  });

  it('leaves out scopes a person may not have, and grants all of theirs when none are asked for', () => {
    const some = validateAuthorizationRequest({ ...valid, scope: 'read:foia admin:metrics execute:workflows read:foia' }, policy);
    expect(some.ok && some.request.grantedScopes).toEqual(['read:foia']);
    const none = validateAuthorizationRequest({ ...valid, scope: undefined }, policy);
    expect(none.ok && none.request.grantedScopes).toEqual(DEFAULT_USER_SCOPES);
    expect(DEFAULT_USER_SCOPES).not.toContain('admin:metrics');
    expect(DEFAULT_USER_SCOPES).not.toContain('execute:workflows');
    expect(DEFAULT_USER_SCOPES).toContain('read:transparency');
  });
});

describe('the login page', () => {
  it('escapes every character that could end text or an attribute', () => {
    expect(escapeHtml(`<script>"x" & 'y' \`z\`</script>`)).toBe('&#60;script&#62;&#34;x&#34; &#38; &#39;y&#39; &#96;z&#96;&#60;/script&#62;');
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('escapes the values of the request it carries and never shows a password', () => {
    const html = renderLoginPage({
      request: {
        clientId: 'sunlight-console',
        redirectUri: 'http://localhost:5173/cb?a=1&b=2',
        state: '"><script>alert(1)</script>',
        codeChallenge: RFC_CHALLENGE,
        requestedScope: 'read:foia',
        grantedScopes: ['read:foia'],
      },
      username: '<b>me</b>',
      error: 'The username or password is wrong.',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(html).toContain('value="http://localhost:5173/cb?a=1&#38;b=2"');
    expect(html).toContain('value="&#60;b&#62;me&#60;/b&#62;"');
    expect(html).toContain('role="alert"');
    expect(html).toContain("Read the caller&#39;s own FOIA requests");
    expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="current-password" required[^>]*>/);
    expect(html).not.toMatch(/name="password"[^>]*value=/);
    expect(html).toContain('<label for="username">');
    expect(html).toContain('<html lang="en">');
  });

  it('is sent with a strict content security policy', () => {
    const headers = pageHeaders('http://localhost:5173');
    expect(headers['Content-Security-Policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://localhost:5173; frame-ancestors 'none'; base-uri 'none'");
    expect(headers['Cache-Control']).toBe('no-store');
    expect(headers['X-Frame-Options']).toBe('DENY');
  });
});

describe('AuthorizationCodeStore', () => {
  const grant = { clientId: 'sunlight-console', redirectUri: 'http://localhost/cb', codeChallenge: RFC_CHALLENGE, scope: 'read:foia', sub: 'demo' };

  it('issues random 32-byte base64url codes', () => {
    const store = new AuthorizationCodeStore();
    const a = store.issue(grant);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.issue(grant)).not.toBe(a);
  });

  it('redeems a code once; a second use is reported with the family to revoke', () => {
    const store = new AuthorizationCodeStore();
    const code = store.issue(grant);
    const first = store.redeem(code);
    expect(first).toMatchObject({ status: 'ok', grant });
    expect(store.redeem(code)).toEqual({ status: 'reused', familyId: first.status === 'ok' ? first.grant.familyId : '' });
    expect(store.redeem('never-issued')).toEqual({ status: 'invalid' });
  });

  it('expires codes after 60 seconds', () => {
    const c = clock();
    const store = new AuthorizationCodeStore({ now: c.now });
    const code = store.issue(grant);
    const late = store.issue(grant);
    c.advance(59_999);
    expect(store.redeem(code).status).toBe('ok');
    c.advance(1);
    expect(store.redeem(late)).toEqual({ status: 'invalid' });
  });

  it('keeps at most maxEntries, sweeping expired ones first, then the oldest', () => {
    const c = clock();
    const store = new AuthorizationCodeStore({ now: c.now, maxEntries: 3 });
    store.issue(grant);
    store.issue(grant);
    c.advance(61_000);
    const fresh = store.issue(grant);
    const newer = store.issue(grant);
    expect(store.size).toBe(2);
    store.issue(grant);
    const newest = store.issue(grant);
    expect(store.size).toBe(3);
    expect(store.redeem(fresh).status).toBe('invalid');
    expect(store.redeem(newer).status).toBe('ok');
    expect(store.redeem(newest).status).toBe('ok');
  });
});

describe('RefreshTokenStore', () => {
  const grant = { clientId: 'sunlight-console', sub: 'demo', scope: 'read:foia', familyId: 'family-1' };

  it('rotates: each use yields a new token and spends the old one', () => {
    const store = new RefreshTokenStore();
    const first = store.issue(grant);
    const next = store.rotate(first, 'sunlight-console');
    expect(next?.grant).toEqual(grant);
    expect(next?.refreshToken).not.toBe(first);
    expect(store.rotate(next!.refreshToken, 'sunlight-console')).toBeDefined();
  });

  it('revokes the whole family when a spent token comes back', () => {
    const store = new RefreshTokenStore();
    const other = store.issue({ ...grant, familyId: 'family-2' });
    const first = store.issue(grant);
    const second = store.rotate(first, 'sunlight-console')!.refreshToken;
    expect(store.rotate(first, 'sunlight-console')).toBeUndefined();
    expect(store.rotate(second, 'sunlight-console')).toBeUndefined();
    expect(store.rotate(other, 'sunlight-console')).toBeDefined();
  });

  it('refuses another client, and expired tokens', () => {
    const c = clock();
    const store = new RefreshTokenStore({ now: c.now, ttlSeconds: 10 });
    const token = store.issue(grant);
    expect(store.rotate(token, 'another-client')).toBeUndefined();
    c.advance(10_000);
    expect(store.rotate(token, 'sunlight-console')).toBeUndefined();
  });

  it('revokes a family (RFC 7009), only for the client it was issued to', () => {
    const store = new RefreshTokenStore();
    const first = store.issue(grant);
    const second = store.rotate(first, 'sunlight-console')!.refreshToken;
    expect(store.revoke(second, 'another-client')).toBe(false);
    expect(store.peek(second)).toEqual(grant);
    expect(store.revoke(first, 'sunlight-console')).toBe(true);
    expect(store.peek(second)).toBeUndefined();
    expect(store.rotate(second, 'sunlight-console')).toBeUndefined();
    expect(store.revoke('unknown')).toBe(false);
  });
});
