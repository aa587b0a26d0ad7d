import { describe, expect, it } from 'vitest';
import { createLogger, prettyLine, scrubSecrets } from './logger.js';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJzY29wZSI6InJlYWQifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('logger redaction', () => {
  it('redacts credential fields and JWTs anywhere in a line', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (l: string) => lines.push(l) } });
    log.info({ headers: { authorization: `Bearer ${JWT}` }, client_secret: 's3cr3t', nested: { password: 'hunter2' } }, 'request');
    log.error({ err: new Error(`upstream rejected ${JWT}`) }, `failed with token ${JWT}`);
    const out = lines.join('');
    expect(out).not.toContain(JWT);
    expect(out).not.toContain('s3cr3t');
    expect(out).not.toContain('hunter2');
    expect(out).toContain('[REDACTED');
  });

  it('scrubs bearer values that are not JWTs', () => {
    expect(scrubSecrets('Authorization: Bearer abc.def-123')).toBe('Authorization: Bearer [REDACTED]');
  });
});

describe('pretty format', () => {
  it('prints one readable line per event, the process in brackets, long fields cut, secrets still redacted', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', name: 'sunlight-api', format: 'pretty', destination: { write: (l: string) => lines.push(l) } });
    log.info({ route: '/api/foia/requests', status: 200, report: 'x'.repeat(500), token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.sig' }, 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}\[api\] request {2}route=\/api\/foia\/requests status=200 report=x{160}… token=\[REDACTED\]\n$/);
  });

  it('leaves a line that is not JSON as it is', () => {
    expect(prettyLine('plain text')).toBe('plain text');
  });
});
