import { describe, expect, it } from 'vitest';
import { createContractChecker } from './contract-check.js';

const doc = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } },
          '404': { $ref: '#/components/responses/Error404' },
        },
      },
    },
    '/api/things/count': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'integer' } } } } } } },
  },
  components: {
    schemas: { ErrorEnvelope: { type: 'object', required: ['error'], properties: { error: { type: 'object', required: ['code'] } } } },
    responses: { Error404: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } } },
  },
};

describe('createContractChecker', () => {
  const checker = createContractChecker(doc);

  it('accepts a body that matches its declaration and refuses one that does not', () => {
    expect(checker.check('GET', '/api/things/abc', 200, 'application/json', { id: 'abc' })).toEqual([]);
    expect(checker.check('GET', '/api/things/abc', 200, 'application/json', { id: 7 })).toEqual(['GET /api/things/{id} 200: /id must be string']);
  });

  it('checks errors against the envelope, and flags statuses the document does not declare', () => {
    expect(checker.check('GET', '/api/things/abc', 404, 'application/json', { error: { code: 'NOT_FOUND' } })).toEqual([]);
    expect(checker.check('GET', '/api/things/abc', 404, 'application/json', { message: 'no' })).toHaveLength(1);
    expect(checker.check('GET', '/api/things/abc', 418, 'application/json', {})).toEqual(['GET /api/things/{id}: status 418 is not declared']);
  });

  it('matches a literal path before a templated one', () => {
    expect(checker.check('GET', '/api/things/count', 200, 'application/json', 3)).toEqual([]);
  });
});
