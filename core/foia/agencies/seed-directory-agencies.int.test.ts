import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger/logger.js';
import { copyCorpusSubset, legalFactsDir } from '../../../test/support/corpus-dir.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createIngestionActivities } from '../../../workers/activities/ingestion-activities.js';

/**
 * The directory as ingestion seeds it: the real ingestion activities (in Temporal's mock
 * activity environment) over a working copy of four jurisdictions of the real corpus, with
 * invented `agencies[]` added to Texas's record (the corpus has none today).
 */
const JURISDICTIONS = ['federal', 'texas', 'utah', 'hawaii'];
const logger = createLogger({ level: 'silent' });
let database: TestDatabase;
let corpus: string;

const INVENTED_AGENCIES = [
  { name: 'Invented County Records Office', foia_email: 'records@example.gov', mailing_address: '1 Test Plaza, Austin, TX 78701', portal_url: 'https://records.example.gov/requests' },
  { agency_name: 'Invented Transit Authority', email: 'not an e-mail', phone: '(512) 555-0100' },
  { description: 'An item without a name: skipped' },
];

const texasFile = () => path.join(corpus, 'hole-tld/jurisdictions/texas.json');
function editTexas(edit: (record: { agencies: unknown[] }) => void): void {
  const record = JSON.parse(fs.readFileSync(texasFile(), 'utf8'));
  edit(record);
  fs.writeFileSync(texasFile(), JSON.stringify(record, null, 2));
}

async function ingest(slugs: readonly string[]): Promise<void> {
  const run = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ...args: A): Promise<R> => new MockActivityEnvironment().run(fn, ...args);
  const acts = createIngestionActivities({ db: database.db, corpusDir: corpus, legalFactsDir: legalFactsDir(), logger });
  const { runId } = await run(acts.startIngestionRun, { workflowId: 'directory-test', requested: [...slugs], force: true });
  for (const jurisdiction of slugs) {
    await run(acts.readJurisdictionSources, { runId, jurisdiction, force: true });
    await run(acts.parseJurisdictionSources, { runId, jurisdiction });
    await run(acts.deriveJurisdictionRecords, { runId, jurisdiction });
    await run(acts.upsertJurisdictionRecords, { runId, jurisdiction });
  }
}

const directory = () => database.db('foia_agencies').whereNull('owner_id').orderBy(['jurisdiction', 'name']);

beforeAll(async () => {
  corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-directory-'));
  copyCorpusSubset(corpus, JURISDICTIONS);
  editTexas((r) => {
    r.agencies = INVENTED_AGENCIES;
  });
  database = await createTestDatabase();
  await ingest(JURISDICTIONS);
}, 180_000);

afterAll(async () => {
  await database?.drop();
  if (corpus) fs.rmSync(corpus, { recursive: true, force: true });
});

describe('seeding the directory from the corpus', () => {
  it('adds the dataset’s agencies, the request portals and the oversight bodies, and nothing else', async () => {
    const rows = await directory();
    expect(rows.map((r: { jurisdiction: string; name: string; kind: string }) => `${r.jurisdiction} | ${r.kind} | ${r.name}`)).toEqual([
      'federal | records | Federal records request portal',
      'federal | oversight | Office of Government Information Services (OGIS)',
      'hawaii | oversight | Office of Information Practices',
      'texas | records | Invented County Records Office',
      'texas | records | Invented Transit Authority',
      'texas | oversight | Office of the Texas Attorney General',
      'utah | oversight | Government Records Ombudsman',
      'utah | records | Utah records request portal',
    ]);
    for (const r of rows) expect(r).toMatchObject({ source: 'corpus', owner_id: null, based_on: null });
    const byName: Record<string, Record<string, unknown>> = Object.fromEntries(rows.map((r: { name: string }) => [r.name, r]));
    expect(byName['Federal records request portal']).toMatchObject({ portal_url: 'https://www.foia.gov', source_ref: 'hole-tld/jurisdictions/federal.json#transparency_law.official_resources.request_portal_url' });
    // A contact line is split into its address, phone and e-mail.
    expect(byName['Office of Information Practices']).toMatchObject({
      email: 'oip@hawaii.gov',
      phone: '(808) 586-1400',
      postal_address: expect.stringMatching(/Honolulu, HI 96813$/),
      portal_url: 'https://oip.hawaii.gov/',
      records_officer_title: null,
    });
    // A link without its scheme becomes an https link.
    expect(byName['Government Records Ombudsman']!.portal_url).toBe('https://archives.utah.gov/opengovernment/');
  });

  it('names the records officer as the reviewed facts do, and no officer where the law names none', async () => {
    const facts = JSON.parse(fs.readFileSync(path.join(legalFactsDir(), 'texas.json'), 'utf8')).facts as Array<{ field: string; value: { title: string }; citation: string; applies_to?: string | null; requester_class?: string | null }>;
    const recipient = facts.find((f) => f.field === 'request_recipient' && !f.applies_to && !f.requester_class)!;
    expect(recipient.value.title).toMatch(/^officer for public information/);
    const office = await directory().where({ name: 'Invented County Records Office' }).first();
    expect(office).toMatchObject({
      email: 'records@example.gov',
      postal_address: '1 Test Plaza, Austin, TX 78701',
      portal_url: 'https://records.example.gov/requests',
      records_officer_title: recipient.value.title,
      records_officer_citation: recipient.citation,
      source_ref: 'hole-tld/jurisdictions/texas.json#agencies[0]',
    });
    // Not an e-mail address: not kept as one.
    expect(await directory().where({ name: 'Invented Transit Authority' }).first()).toMatchObject({ email: null, phone: '(512) 555-0100' });
    // The federal reviewed facts name no recipient: the portal's officer is "not stated".
    expect(await directory().where({ jurisdiction: 'federal', kind: 'records' }).first()).toMatchObject({ records_officer_title: null, records_officer_citation: null });
  });

  it('is idempotent: re-ingesting updates in place, never duplicates, and leaves users’ entries alone', async () => {
    const own = { owner_id: 'alice', source: 'user', jurisdiction: 'texas', name: 'Office of the Texas Attorney General', email: 'mine@example.com' };
    const [mine] = await database.db('foia_agencies').insert(own).returning('*');
    const before = await directory();
    await ingest(JURISDICTIONS);
    const after = await directory();
    expect(after).toEqual(before); // same ids, same values, same updated_at
    expect(await database.db('foia_agencies').where({ id: mine.id }).first()).toEqual(mine);
  }, 120_000);

  it('follows a changed record: a changed entry is updated in place, a dropped one removed', async () => {
    const before = await directory().where({ jurisdiction: 'texas' });
    const id = (name: string) => before.find((r: { name: string }) => r.name === name)!.id;
    editTexas((r) => {
      r.agencies = [{ ...INVENTED_AGENCIES[0], foia_email: 'pir@example.gov' }];
    });
    await ingest(['texas']);
    const after = await directory().where({ jurisdiction: 'texas' });
    expect(after.map((r: { name: string }) => r.name)).toEqual(['Invented County Records Office', 'Office of the Texas Attorney General']);
    const office = after[0];
    expect(office).toMatchObject({ id: id('Invented County Records Office'), email: 'pir@example.gov' });
    expect(office.updated_at.getTime()).toBeGreaterThan(before.find((r: { name: string }) => r.name === office.name).updated_at.getTime());
    expect(after[1]).toEqual(before.find((r: { name: string }) => r.name === 'Office of the Texas Attorney General'));
    // The user's entry of the same name is still there.
    expect(await database.db('foia_agencies').where({ owner_id: 'alice' })).toHaveLength(1);
  }, 120_000);
});
