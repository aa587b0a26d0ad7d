/**
 * Every built operation of the OpenAPI document (all but those tagged `planned`) has an SDK
 * method: each method is called over a recording fetch, and the requests it sent are matched
 * to the document's operations.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../scripts/generate.mjs';
import { collect, SunlightClient, type Compilation } from '../src/index.js';

interface Operation {
  operationId: string;
  tags: string[];
}
const document = JSON.parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];

const operations = Object.entries(document.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({
      key: `${method.toUpperCase()} ${template}`,
      operationId: op.operationId,
      planned: op.tags.includes('planned'),
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
      method: method.toUpperCase(),
    })),
);

function recordingClient() {
  const sent: Array<{ method: string; path: string; accept: string }> = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const accept = headers.get('accept') ?? '';
    sent.push({ method: init.method ?? 'GET', path: new URL(String(input)).pathname, accept });
    if (accept.includes('event-stream')) {
      return new Response('event: token\ndata: {"text":"hi"}\n\nevent: done\ndata: {"answer":"hi"}\n\n', { headers: { 'content-type': 'text/event-stream' } });
    }
    if (accept.startsWith('text/')) return new Response('text', { headers: { 'content-type': accept } });
    return new Response(JSON.stringify({ data: [], total: 0, next_cursor: null }), { headers: { 'content-type': 'application/json', etag: 'W/"1"' } });
  }) as typeof globalThis.fetch;
  return { client: new SunlightClient({ baseUrl: 'http://api.test', token: 't', fetch }), sent };
}

describe('the SDK covers the API', () => {
  it('has a method for every built operation, and none for planned ones', async () => {
    const { client: c, sent } = recordingClient();
    const id = '00000000-0000-4000-8000-000000000000';
    await c.health();
    await c.liveness();
    await c.readiness();
    await c.openapi();
    await c.admin.metrics('hour');
    await c.admin.prometheus();
    await c.transparency.jurisdictions.list();
    await collect(c.transparency.jurisdictions.iterate());
    await c.transparency.jurisdictions.get('texas');
    await c.transparency.jurisdictions.facts('texas', { field: 'initial_response' });
    await c.transparency.rights.list({ jurisdiction: 'texas' });
    await collect(c.transparency.rights.iterate());
    await c.transparency.rights.get('texas:inspection:x');
    await c.transparency.exemptions.list();
    await collect(c.transparency.exemptions.iterate());
    await c.transparency.exemptions.get('federal:exemption:6:personal_privacy');
    await c.transparency.exemptionCategories.list();
    await collect(c.transparency.exemptionCategories.iterate());
    await c.transparency.statutes.list({ citation: '5 U.S.C. § 552(b)(6)' });
    await collect(c.transparency.statutes.iterate({ jurisdiction: 'federal' }));
    await c.transparency.sections.get('sec:federal:552(b)(6)');
    await c.transparency.compare('initial_deadline', { jurisdiction: ['texas'] });
    await c.search({ query: 'deadline' });
    await collect(c.iterateSearch({ query: 'deadline' }));
    await c.documents.get('sec:texas:552.221(d)');
    await c.foia.create({ jurisdiction: 'texas', agency: { name: 'A' }, subject: 's', description: 'd' });
    await c.foia.preview({ jurisdiction: 'texas', agency: { name: 'A' }, subject: 's', description: 'd' });
    await c.foia.list({ status: ['draft'], overdue: false });
    await collect(c.foia.iterate());
    await c.foia.get(id);
    await c.foia.update(id, { notes: 'n' });
    await c.foia.updateWithRetry(id, () => ({ notes: 'm' }));
    await c.foia.letter(id, { format: 'markdown' });
    await c.foia.reminders(id, { kind: 'due_soon' });
    await c.foia.letter(id, { format: 'pdf' });
    await c.foia.send(id, { kind: 'request', cc: ['desk@example.org'] }, { idempotencyKey: 'k' });
    await c.foia.appealDraft(id, { reasons: 'Withheld for privacy.', exemptions: ['552(b)(6)'] });
    await c.foia.communications.list(id);
    await c.foia.communications.get(id, id);
    await c.foia.communications.letter(id, id, { format: 'pdf' });
    await c.foia.communications.letter(id, id);
    await c.foia.communications.create(id, { direction: 'incoming', body: 'We received your request.', status: 'acknowledged' });
    await c.foia.agencies.list({ jurisdiction: 'texas', kind: 'records' });
    await collect(c.foia.agencies.listAll({ q: 'police' }));
    await collect(c.foia.agencies.iterate());
    await c.foia.agencies.get(id);
    await c.foia.agencies.create({ based_on: id, email: 'records@example.gov' });
    await c.foia.agencies.update(id, { notes: 'n' });
    await c.foia.agencies.delete(id);
    await c.foia.notifications.list({ unread: true });
    await collect(c.foia.notifications.listAll({ kind: 'overdue' }));
    await collect(c.foia.notifications.iterate());
    await c.foia.notifications.markRead(1);
    await c.foia.notifications.markAllRead();
    await c.foia.calendar.rotateFeedToken();
    await c.foia.calendar.revokeFeedToken();
    await c.foia.calendar.feed('feed-token');
    await c.me.profile.get();
    await c.me.profile.update({ name: 'Ada Reporter', notify_email: false });
    await collect(c.foia.iterateReminders(id));
    await c.foia.allReminders({ limit: 5 });
    await collect(c.foia.iterateAllReminders({ kind: 'overdue' }));
    await c.chat.ask({ message: 'q' });
    await collect(c.chat.stream({ message: 'q' }));
    await c.chat.conversations.list();
    await collect(c.chat.conversations.iterate());
    await c.chat.conversations.get(id);
    await c.storage.put('letters/reply.pdf', new Uint8Array([37, 80, 68, 70]), { contentType: 'application/pdf' });
    await (await c.storage.get('letters/reply.pdf')).bytes();
    await c.storage.head('letters/reply.pdf');
    await c.storage.delete('letters/reply.pdf');
    await c.storage.list({ prefix: 'letters/' });
    await collect(c.storage.iterate());
    await c.foia.attachments.list(id);
    await c.foia.attachments.upload(id, 'letter', { filename: 'letter.txt', kind: 'agency_letter', contentType: 'text/plain' });
    await (await c.foia.attachments.download(id, id, { range: { start: 0, end: 1 } })).bytes();
    await c.foia.attachments.delete(id, id);
    await c.documents.compile({ title: 't', parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] }, { idempotencyKey: 'k' });
    await c.documents.getCompilation(id);
    await c.documents.cancel(id);
    await c.documents.list({ limit: 5 });
    await collect(c.documents.listAll());
    const compiled = { id, status: 'completed', outputs: [{ format: 'markdown', key: `packets/${id}/t.md`, size: 1, sha256: '0'.repeat(64), content_type: 'text/markdown' }] };
    await (await c.documents.download(compiled as unknown as Compilation, 'markdown')).bytes();
    await c.integrations.types();
    await c.integrations.webhookSecret();
    await c.integrations.start({ type: 'export', input: { formats: ['csv'] }, webhook: { url: 'https://example.org/hook' } }, { idempotencyKey: 'k' });
    await c.integrations.list({ type: 'export', status: ['completed', 'failed'], limit: 5 });
    await collect(c.integrations.listAll({ type: ['export'] }));
    await collect(c.integrations.iterate());
    await c.integrations.get(id);
    await c.integrations.cancel(id);
    await c.integrations.deliveries(id);
    await c.projects.create({ name: 'Body cameras' });
    await c.projects.list({ role: 'owner' });
    await collect(c.projects.listAll());
    await c.projects.get(id);
    await c.projects.update(id, { description: null });
    await c.projects.delete(id);
    await c.projects.items.add(id, { kind: 'saved_search', ref: { query: 'body cameras', filters: { jurisdictions: ['texas'] } } });
    await c.projects.items.list(id, { kind: 'foia_request' });
    await collect(c.projects.items.listAll(id));
    await c.projects.items.get(id, id);
    await c.projects.items.remove(id, id);
    await c.projects.items.run(id, id, { limit: 5 });
    await c.projects.members.list(id);
    await collect(c.projects.members.listAll(id));
    await c.projects.members.put(id, 'reporter-2', 'viewer');
    await c.projects.members.remove(id, 'reporter-2');
    await c.database.tables();
    await c.database.rows('holidays', { columns: ['date'], filters: { 'date.gte': '2026-01-01' }, sort: '-date', limit: 5 });
    await collect(c.database.iterRows('rights'));
    await (await c.database.export('holidays', 'csv')).text();
    await c.database.query('SELECT 1');
    await c.database.status();
    await c.vectors.collections.create({ name: 'Council emails', model: 'server' });
    await c.vectors.collections.list({ limit: 5 });
    await collect(c.vectors.collections.listAll());
    await c.vectors.collections.get(id);
    await c.vectors.collections.delete(id);
    await c.vectors.items.upsert(id, [{ id: 'memo', text: 'Footage is kept 90 days', metadata: { source: 'police' } }]);
    await c.vectors.items.get(id, 'responses/a.pdf#p1');
    await c.vectors.items.delete(id, 'memo');
    await c.vectors.query(id, { text: 'footage', filter: { source: 'police' }, limit: 3 });
    await c.vectors.index(id, 'responses/a.pdf');
    await c.vectors.indexRun(id, id);
    await c.vectors.cancelIndexRun(id, id);
    await c.vectors.adminOverview();
    await c.vectors.rebuildLawIndex({ force: false });

    const covered = new Set<string>();
    for (const s of sent) {
      const op = operations.find((o) => o.method === s.method && o.pattern.test(s.path));
      expect(op, `${s.method} ${s.path} is no operation of the document`).toBeDefined();
      covered.add(op!.key);
    }
    const built = operations.filter((o) => !o.planned).map((o) => o.key);
    expect([...covered].sort()).toEqual([...built].sort());
    expect(operations.filter((o) => o.planned && covered.has(o.key))).toEqual([]);
  });

  it('sends list query parameters as the API reads them', async () => {
    const seen: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ data: [], total: 0, next_cursor: null }), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const c = new SunlightClient({ baseUrl: 'http://api.test', token: 't', fetch });
    await c.transparency.jurisdictions.list({ has_statute_text: true, limit: 5 });
    await c.transparency.jurisdictions.facts('texas', { field: ['initial_response', 'extension'] });
    await c.integrations.list({ type: ['export', 'foia-digest'], status: 'completed', limit: 2 });
    expect(seen).toEqual([
      'http://api.test/api/v2/transparency/jurisdictions?has_statute_text=true&limit=5',
      'http://api.test/api/v2/transparency/jurisdictions/texas/facts?field=initial_response&field=extension',
      'http://api.test/api/integrations/workflows?type=export&type=foia-digest&status=completed&limit=2',
    ]);
  });
});
