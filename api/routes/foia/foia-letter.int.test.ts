import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createRequest, FOIA_SCOPES } from './testing/foia-api-helpers.js';

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await startTestApi();
  await seedFoiaLaw(t.database.db);
  token = await t.token({ sub: 'letter-writer', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await t?.close();
});

/** A request asking for everything a letter can say: fee waiver, expedited processing, a format, a cap. */
const FULL = {
  subject: 'Surveillance technology contracts',
  description: 'Contracts, purchase orders and invoices for license-plate readers, 2023–2024.',
  date_range: { from: '2023-01-01', to: '2024-12-31' },
  format_preference: 'electronic copies (PDF or CSV)',
  fee_waiver_requested: true,
  fee_waiver_justification: 'I am a reporter; the records will inform a published story.',
  expedited_requested: true,
  expedited_justification: 'The council votes on renewal next month.',
  max_fee: 50,
};

async function letter(jurisdiction: string, format?: string, extra: Record<string, unknown> = {}) {
  const r = await createRequest(t, token, { ...FULL, jurisdiction, agency: { name: `${jurisdiction} records office` }, ...extra });
  return t.request(`/api/foia/requests/${r.id}/letter${format ? `?format=${format}` : ''}`, { token });
}

/** Sentences the derivations write for themselves, which no letter may print. */
const INTERNAL = /The sources state|sets a standard|rather than a number of days/;

describe('GET /api/foia/requests/{id}/letter', () => {
  it('federal: the statute, the records, and pinpoint citations for the deadline, fee waiver and expedited processing', async () => {
    const res = await letter('federal');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('Re: Freedom of Information Act request: Surveillance technology contracts');
    expect(text).toContain('Under the Freedom of Information Act (5 U.S.C. § 552), I request copies of the following records:');
    expect(text).toContain('    Contracts, purchase orders and invoices for license-plate readers, 2023–2024.');
    expect(text).toContain('from January 1, 2023 to December 31, 2024');
    expect(text).toContain('I would like to receive the records in this form: electronic copies (PDF or CSV). See 5 U.S.C. § 552(a)(3)(B).');
    expect(text).toContain('as provided by 5 U.S.C. § 552(a)(4)(A)(iii). I am a reporter');
    expect(text).toContain(
      "I request expedited processing of this request, as provided by 5 U.S.C. § 552(a)(6)(E)(i). The law's standard: invented: a compelling need. The council votes",
    );
    expect(text).toContain('requires a response within 20 business days of receipt (5 U.S.C. § 552(a)(6)(A)(i)).');
    expect(text).toContain('fees of up to $50.00');
    expect(text).toContain('Dear Records Officer:');
  });

  it('Texas: addressed to the officer for public information; a prompt-handling request that claims no expedited right', async () => {
    const text = await (await letter('texas')).text();
    expect(text).toContain('\n\nOfficer for Public Information\ntexas records office\n\n');
    expect(text).toContain('Dear Officer for Public Information:');
    expect(text).toContain("Under the Texas Public Information Act (Tex. Gov't Code ch. 552)");
    expect(text).toContain("as provided by Tex. Gov't Code § 552.267(a).");
    expect(text).toContain(
      'Expedited processing. I ask that you handle this request as promptly as you can. The council votes on renewal next month.',
    );
    expect(text).not.toMatch(/I request expedited processing/);
    expect(text).toContain("within 10 business days of receipt (Tex. Gov't Code § 552.221(d))");
    expect(text).not.toContain('See ');
  });

  it('California: calendar days and the electronic-format provision; no fee waiver, and no expedited right', async () => {
    const text = await (await letter('california')).text();
    expect(text).toContain('Under the California Public Records Act (Cal. Gov. Code § 7920.000 et seq.)');
    expect(text).toContain('within 10 calendar days of receipt (Cal. Gov. Code § 7922.535(a))');
    expect(text).toContain('See Cal. Gov. Code § 7922.570.');
    expect(text).not.toMatch(/waiver/i);
    expect(text).toContain('Expedited processing. I ask that you handle this request as promptly as you can.');
    expect(text).not.toContain('does not provide for expedited processing');
    expect(text).toContain('fees of up to $50.00'); // the requester's cap is their own, not the law's
  });

  it('renders Markdown, with the due date once the request is submitted', async () => {
    const res = await letter('california', 'markdown', { status: 'submitted', submitted_at: '2025-11-17T09:30:00-08:00' });
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="foia-request-[0-9a-f-]+\.md"$/);
    const md = await res.text();
    expect(md).toContain('**Re: California Public Records Act request: Surveillance technology contracts**');
    expect(md).toContain('> Contracts, purchase orders and invoices for license-plate readers, 2023–2024.');
    expect(md).toContain('**Format.**');
    expect(md).toContain('By my count, your response is due by December 1, 2025.');
  });

  it('Ohio: the law’s standard with its pinpoint citation, never the derivations’ wording', async () => {
    const text = await (await letter('ohio')).text();
    expect(text).toContain('The Ohio Public Records Act requires a response promptly (Ohio Rev. Code § 149.43(B)(1)). I look forward to your prompt response.');
    expect(text).not.toMatch(INTERNAL);
  });

  it('says when the law sets no fixed deadline, without the derived note', async () => {
    const text = await (await letter('alabama')).text();
    expect(text).toContain('The Alabama Open Records Law sets no fixed number of days for a response. I look forward to your prompt response.');
    expect(text).not.toContain('invented: a reasonable time');
  });

  it('Idaho: a nonresident’s letter cites the nonresidents’ deadline', async () => {
    const text = await (await letter('idaho', 'text', { requester_class: 'nonresident' })).text();
    expect(text).toContain('requires a response to a request from a nonresident within 21 calendar days of receipt (Idaho Code § 74-103(2)).');
  });

  it('is signed with the requester’s name and contact, in text and Markdown', async () => {
    const requester = { name: 'Ada Reporter', organization: 'Springfield Ledger', address: '2 Press Row\nSpringfield', email: 'ada@example.org', phone: '+1 555-0100' };
    const text = await (await letter('federal', 'text', { requester })).text();
    expect(text.endsWith('Sincerely,\n\nAda Reporter\nSpringfield Ledger\n2 Press Row\nSpringfield\nada@example.org\n+1 555-0100\n')).toBe(true);
    const md = await (await letter('federal', 'markdown', { requester })).text();
    expect(md.endsWith('Ada Reporter  \nSpringfield Ledger  \n2 Press Row  \nSpringfield  \nada@example.org  \n+1 555-0100\n')).toBe(true);
  });

  it('refuses an unknown format and needs read:foia', async () => {
    const r = await createRequest(t, token);
    expect((await t.request(`/api/foia/requests/${r.id}/letter?format=docx`, { token })).status).toBe(400);
    const writer = await t.token({ sub: 'letter-writer', scope: 'write:foia' });
    expect((await t.request(`/api/foia/requests/${r.id}/letter`, { token: writer })).status).toBe(403);
  });
});
