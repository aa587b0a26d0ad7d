import { describe, expect, it } from 'vitest';
import { QueryInvalidError, QueryRefusedError, QueryTimeoutError, queryErrorFrom } from './query-errors.js';
import { leadingKeyword } from './sql-console.js';
import { ServiceUnavailableError } from '../errors/app-error.js';

describe('leadingKeyword', () => {
  it('finds the first word past comments, whitespace and parentheses', () => {
    expect(leadingKeyword('  -- note\n/* block */ ((select 1))')).toBe('select');
    expect(leadingKeyword('/* x */ DELETE FROM t')).toBe('delete');
    expect(leadingKeyword('-- only a comment')).toBe('');
    expect(leadingKeyword('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('with');
  });
});

describe('queryErrorFrom', () => {
  it('maps SQLSTATEs to the console’s refusals, keeping only Postgres’s message', () => {
    expect(queryErrorFrom({ code: '42501', message: 'permission denied for table foia_requests' }, 1000)).toBeInstanceOf(QueryRefusedError);
    expect(queryErrorFrom({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' }, 1000)).toBeInstanceOf(QueryRefusedError);
    expect(queryErrorFrom({ code: '42601', message: 'cannot insert multiple commands into a prepared statement' }, 1000)).toMatchObject({ status: 403, message: 'Only one statement is accepted' });
    expect(queryErrorFrom({ code: '57014', message: 'canceling statement due to statement timeout' }, 1000)).toBeInstanceOf(QueryTimeoutError);
    expect(queryErrorFrom({ code: '42P01', message: 'relation "x" does not exist', position: '15' }, 1000)).toMatchObject({ status: 400, metadata: { sqlstate: '42P01', position: 15 } });
    expect(queryErrorFrom({ code: '22012', message: 'division by zero' }, 1000)).toBeInstanceOf(QueryInvalidError);
  });

  it('answers 503 without detail when the database cannot be reached', () => {
    const e = queryErrorFrom(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 1000);
    expect(e).toBeInstanceOf(ServiceUnavailableError);
    expect(e.message).not.toMatch(/5432/);
    expect(queryErrorFrom({ code: '57P01', message: 'terminating connection' }, 1000)).toBeInstanceOf(ServiceUnavailableError);
  });
});
