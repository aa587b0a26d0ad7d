import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAICompatibleEmbeddings } from './openai-compatible-embeddings.js';

/** A local stand-in for an OpenAI-compatible `/v1/embeddings` endpoint that records requests. */
let server: http.Server;
let baseUrl: string;
const seen: Array<{ path: string; auth: string | undefined; body: any }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
      const data = inputs.map((t, index) => ({ object: 'embedding', index, embedding: [t.length, 1, 0] }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('OpenAICompatibleEmbeddings', () => {
  it('calls the configured base URL with the model, float encoding and the key', async () => {
    const e = new OpenAICompatibleEmbeddings({ model: 'e5-small', baseUrl, apiKey: 'k-123', batchSize: 2 });
    seen.length = 0;
    expect(await e.embedDocuments(['a', 'bb', 'ccc'])).toEqual([[1, 1, 0], [2, 1, 0], [3, 1, 0]]);
    expect(seen.map((s) => s.body.input)).toEqual([['a', 'bb'], ['ccc']]);
    expect(seen[0]).toMatchObject({ path: '/v1/embeddings', auth: 'Bearer k-123', body: { model: 'e5-small', encoding_format: 'float' } });
    expect(await e.embedQuery('four')).toEqual([4, 1, 0]);
  });

  it('learns the dimension from one probe call', async () => {
    const e = new OpenAICompatibleEmbeddings({ model: 'e5-small', baseUrl });
    seen.length = 0;
    expect(await e.describe()).toEqual({ modelId: 'openai:e5-small', dimension: 3 });
    await e.describe();
    expect(seen).toHaveLength(1);
  });
});
