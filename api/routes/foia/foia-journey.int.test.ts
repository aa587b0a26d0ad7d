import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRealLaw } from '../../../core/foia/appeals/testing/ingest-real-law.js';
import { corpusDir, legalFactsDir } from '../../../test/support/corpus-dir.js';
import { startMailDeliveries, type MailDeliveries } from '../../../test/support/mail-deliveries.js';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase } from '../../../test/support/test-database.js';
import { FOIA_SCOPES } from './testing/foia-api-helpers.js';

/*
 * A whole request, as a reporter works it, over the real federal law (statute text and
 * reviewed facts ingested from the corpus): create → send by e-mail → the agency acknowledges
 * → releases part of the records → an appeal drafted from its reasons → the appeal sent →
 * appealed, with the reviewer's due date. The letters are written to
 * test-results/foia-journey/ for reading; every quoted statute sentence is checked against
 * the corpus file.
 */
const OUT = path.resolve('test-results/foia-journey');
let t: TestApi;
let sink: SmtpSink;
let mail: MailDeliveries;
let token: string;
let tmp: string;
let federal: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  await ingestRealLaw(database.db, { corpusDir: corpusDir(), legalFactsDir: legalFactsDir(), jurisdictions: ['federal'] });
  sink = await startSmtpSink();
  const prefix = `sunlight-test-journey-${randomBytes(4).toString('hex')}`;
  t = await startTestApi({ database, env: { SMTP_URL: sink.url, QUEUE_PREFIX: prefix, MAIL_FROM: 'Sunlight <foia@sunlight.test>' } });
  mail = startMailDeliveries(t, prefix, 'foia-journey-test', 20);
  token = await t.token({ sub: 'journey-reporter', scope: FOIA_SCOPES });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-journey-'));
  federal = fs.readFileSync(path.join(corpusDir(), 'statutes/federal.txt'), 'utf8').replace(/\s+/g, ' ');
  fs.mkdirSync(OUT, { recursive: true });
}, 120_000);

afterAll(async () => {
  await mail?.close();
  await t?.close();
  await sink?.close();
  await t?.database.drop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function call(method: string, url: string, json?: unknown, expected = 200): Promise<any> {
  const res = await t.request(url, { method, token, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  expect(res.status, text).toBe(expected);
  return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}

async function sent(requestId: string, communicationId: string): Promise<any> {
  await expect.poll(async () => (await call('GET', `/api/foia/requests/${requestId}/communications/${communicationId}`)).delivery, { timeout: 15_000 }).toBe('sent');
  return call('GET', `/api/foia/requests/${requestId}/communications/${communicationId}`);
}

function pdfText(content: Buffer): string {
  const file = path.join(tmp, `${randomBytes(4).toString('hex')}.pdf`);
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('a request from creation to appeal', () => {
  it('is sent, acknowledged, partly released, and appealed with a letter citing the law', async () => {
    await call('PUT', '/api/me/profile', { name: 'Dana Reporter', organization: 'The Daily Example', email: 'dana@example.com', address: '1 Press Row\nSpringfield, IL 62701' });
    const created = await call('POST', '/api/foia/requests', {
      jurisdiction: 'federal',
      agency: { name: 'Federal Bureau of Investigation', email: 'foia@fbi.example.gov' },
      subject: 'Use-of-force reviews, 2024',
      description: 'All use-of-force review reports completed in 2024, with their attachments.',
      fee_waiver_requested: true,
      fee_waiver_justification: 'I am a reporter; the records will inform a published story on the use of force.',
    }, 201);
    expect(created.status).toBe('draft');

    // Sent by e-mail: it arrives once, with the PDF, and the deadline starts at the send time.
    const queued = await call('POST', `/api/foia/requests/${created.id}/send`, { kind: 'request' }, 202);
    const letter = await sent(created.id, queued.id);
    const [message] = await sink.waitFor(1);
    expect(message!.parsed.replyTo?.text).toBe('dana@example.com');
    expect(message!.parsed.text).toContain('5 U.S.C. § 552');
    expect(pdfText(message!.parsed.attachments[0]!.content)).toContain('Use-of-force reviews, 2024');
    let request = await call('GET', `/api/foia/requests/${created.id}`);
    expect(request.status).toBe('submitted');
    expect(request.submitted_at).toBe(letter.sent_at);
    expect(request.deadline.citation).toMatch(/552\(a\)\(6\)\(A\)/);
    expect(request.due_date).not.toBeNull();

    // The agency acknowledges, then releases part of the records and withholds the rest.
    await call('POST', `/api/foia/requests/${created.id}/communications`, {
      direction: 'incoming', occurred_at: letter.sent_at, subject: 'Acknowledgment', body: 'Your request has been assigned number FBI-2026-0117.', status: 'acknowledged',
    }, 201);
    const reasons =
      'Names of the officers were withheld because release would be a clearly unwarranted invasion of personal privacy. ' +
      'Drafts of the reviews were withheld as intra-agency memorandums reflecting deliberations.';
    const release = await call('POST', `/api/foia/requests/${created.id}/communications`, {
      direction: 'incoming', subject: 'Partial release', body: `Enclosed are 212 pages. ${reasons} Exemptions: (b)(6), (b)(7)(C), (b)(5).`, status: 'partially_fulfilled',
    }, 201);
    expect(release.request.status).toBe('partially_fulfilled');
    request = await call('GET', `/api/foia/requests/${created.id}`);
    expect(request.appeal_deadline.file_by.actor).toBe('requester');

    // The appeal: the agency's citations and reasons matched to the statute, its limits quoted, the route and deadlines cited.
    const appeal = await call('POST', `/api/foia/requests/${created.id}/appeal-draft`, { reasons, exemptions: ['(b)(6)', '(b)(7)(C)', '(b)(5)'] }, 201);
    expect(appeal.matches.map((m: any) => m.exemption.citation)).toEqual(expect.arrayContaining(['5 U.S.C. § 552(b)(6)', '5 U.S.C. § 552(b)(7)(C)', '5 U.S.C. § 552(b)(5)']));
    for (const m of appeal.matches) {
      expect(federal).toContain(m.exemption.text.replace(/…/g, '').replace(/\s+/g, ' ').trim().slice(0, 80));
      for (const limit of m.limits) expect(federal).toContain(limit.text.replace(/…/g, '').replace(/\s+/g, ' ').trim().slice(0, 80));
    }
    expect(appeal.appeal_route.status).toBe('stated');
    expect(appeal.appeal_route.citation).toMatch(/552\(a\)\(6\)\(A\)/);
    expect(appeal.letter.text).toContain('5 U.S.C. § 552(b)(6)');
    expect(appeal.letter.text).toContain('reasonably segregable');
    expect(appeal.letter.text).toContain('Dana Reporter');

    // Sent like the request; the request is appealed, and the reviewer's due date is set.
    const appealSent = await call('POST', `/api/foia/requests/${created.id}/send`, { kind: 'appeal' }, 202);
    expect(appealSent.id).toBe(appeal.communication_id);
    await sent(created.id, appeal.communication_id);
    await sink.waitFor(2);
    request = await call('GET', `/api/foia/requests/${created.id}`);
    expect(request.status).toBe('appealed');
    expect(request.appeal_due_date).not.toBeNull();
    expect(request.appeal_deadline.days).toBe(20);

    // The appeal as a file, in each format; the thread records all four communications.
    const markdown = await call('GET', `/api/foia/requests/${created.id}/communications/${appeal.communication_id}/letter?format=markdown`);
    expect(markdown).toContain('5 U.S.C. § 552(b)(6)');
    const pdf = await t.request(`/api/foia/requests/${created.id}/communications/${appeal.communication_id}/letter?format=pdf`, { token });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('reasonably segregable');
    const thread = await call('GET', `/api/foia/requests/${created.id}/communications`);
    expect(thread.data.map((c: any) => `${c.direction} ${c.kind} ${c.delivery}`)).toEqual(['outgoing request sent', 'incoming reply none', 'incoming reply none', 'outgoing appeal sent']);
    const reply = await t.request(`/api/foia/requests/${created.id}/communications/${release.communication.id}/letter`, { token });
    expect(reply.status).toBe(409);

    fs.writeFileSync(path.join(OUT, 'request-letter.txt'), letter.body);
    fs.writeFileSync(path.join(OUT, 'appeal-letter.txt'), appeal.letter.text);
    fs.writeFileSync(path.join(OUT, 'request.json'), JSON.stringify({ status: request.status, submitted_at: request.submitted_at, due_date: request.due_date, appeal_due_date: request.appeal_due_date, history: request.history }, null, 2));
  });
});
