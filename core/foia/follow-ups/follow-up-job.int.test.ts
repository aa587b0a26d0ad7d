/**
 * Follow-ups on the real database: the job's own code (`perform`) at instants the test
 * chooses, finding overdue requests as `sunlight_reminder` and drafting as each owner.
 * Due dates from the invented law of core/foia/testing: texas submitted 2025-11-21 16:00
 * Chicago → due 2025-12-09; federal submitted 2025-11-07 10:00 New York → due 2025-12-10.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { inUserTransaction } from '../../db/user-transaction.js';
import { displayFact } from '../../legal-facts/fact-display.js';
import type { LegalFact } from '../../legal-facts/legal-fact-schema.js';
import { createLogger } from '../../logger/logger.js';
import { saveProfile, type ProfileValues } from '../../profile/profile-store.js';
import { listCommunications, type CommunicationRecord } from '../communications/communication-store.js';
import { createPgFoiaLawStore } from '../foia-law-store.js';
import { createRequestSchema } from '../foia-request-fields.js';
import { createPgFoiaRequestStore } from '../foia-request-store.js';
import { createFoiaService } from '../foia-service.js';
import { seedFoiaLaw } from '../testing/seed-foia-law.js';
import { createFollowUpDrafter } from './follow-up-drafter.js';
import { FoiaFollowUpJob, type EnqueueSend } from './follow-up-job.js';
import { createPgFollowUpStore } from './follow-up-store.js';

let database: TestDatabase;
const ids: Record<string, string> = {};
const enqueued: Array<Parameters<EnqueueSend>[0]> = [];
const logger = createLogger({ level: 'silent' });

const PROFILE: ProfileValues = {
  name: 'Jane Reporter', organization: 'The Daily Example', email: 'jane@example.org', phone: '+1 512 555 0100', address: '1 Main St\nAustin, TX 78701',
  follow_up_auto_send: false, notify_email: false, notify_webhook_url: null,
};

/** The invented remedy for silence (federal), as ingestion stores a reviewed fact. */
const DEEMED_DENIAL: LegalFact = {
  field: 'deemed_denial', citation: '5 U.S.C. § 552(a)(6)(C)(i)', quote: 'Invented: a requester is deemed to have exhausted remedies.', applies_to: null, requester_class: null,
  source_kind: 'statute_text', reviewed: '2026-11-24', notes: null,
  value: { applies: true, when: 'invented: the agency fails to comply with the time limits, and the requester is deemed to have exhausted administrative remedies' },
};

function job(enqueueSend?: EnqueueSend, at = '2025-12-10T18:00:00Z'): FoiaFollowUpJob {
  const law = createPgFoiaLawStore(database.db);
  return new FoiaFollowUpJob({
    store: createPgFollowUpStore(database.db),
    drafter: createFollowUpDrafter({ db: database.db, law }),
    days: { state: 15, federal: 30, byJurisdiction: {} },
    ...(enqueueSend ? { enqueueSend } : {}),
    db: database.db,
    logger,
    now: () => new Date(at),
  });
}

/** Runs the job at `at` (with automatic sending configured) and returns the requests it followed up. */
async function runAt(at: string): Promise<string[]> {
  const before = await followUps();
  await job(async (d) => void enqueued.push(d), at).perform();
  const after = await followUps();
  return after.filter((a) => !before.some((b) => b.id === a.id)).map((c) => Object.entries(ids).find(([, id]) => id === c.request_id)![0]).sort();
}

const followUps = async (): Promise<Array<{ id: string; request_id: string }>> => database.db('foia_communications').select('id', 'request_id').where({ kind: 'follow_up' }).orderBy('created_at');

async function thread(user: string, name: string): Promise<CommunicationRecord[]> {
  return (await inUserTransaction(database.db, user, (trx) => listCommunications(trx, ids[name]!))).filter((c) => c.kind === 'follow_up');
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedFoiaLaw(database.db);
  await database.db('legal_facts').insert({
    id: 'federal:fact:deemed_denial:0', jurisdiction: 'federal', field: DEEMED_DENIAL.field, requester_class: null, applies_to: null, value: JSON.stringify(DEEMED_DENIAL.value),
    display: displayFact(DEEMED_DENIAL), citation: DEEMED_DENIAL.citation, quote: DEEMED_DENIAL.quote, source_kind: DEEMED_DENIAL.source_kind, section_id: null, verified: false,
    reviewed: DEEMED_DENIAL.reviewed, notes: null, source_path: 'test-fixture', ordinal: 99,
  });
  const service = createFoiaService({ requests: createPgFoiaRequestStore(database.db), law: createPgFoiaLawStore(database.db), now: () => new Date('2025-11-28T18:00:00Z') });
  const create = async (user: string, name: string, body: Record<string, unknown>) => {
    ids[name] = (await service.create(user, createRequestSchema.parse({ status: 'submitted', description: 'All use-of-force reports filed in 2024.', ...body }))).id;
  };
  const tx = { jurisdiction: 'texas', submitted_at: '2025-11-21T16:00:00-06:00', subject: 'Use-of-force reports' };
  await create('fu-alice', 'tx', { ...tx, agency: { name: 'Austin Police Department', email: 'records@austin.example.gov' } });
  await create('fu-alice', 'fed', { jurisdiction: 'federal', submitted_at: '2025-11-07T10:00:00-05:00', subject: 'Inspection reports', agency: { name: 'Food and Drug Administration' } });
  await create('fu-bob', 'bob-auto', { ...tx, agency: { name: 'Travis County', email: 'pia@travis.example.gov' } });
  await create('fu-bob', 'bob-no-email', { ...tx, agency: { name: 'Travis County Sheriff' } });
  await create('fu-carol', 'carol-answered', { ...tx, agency: { name: 'City of Austin' } });
  await database.db('foia_requests').where({ id: ids['carol-answered'] }).update({ status: 'fulfilled', clock: 'stopped' });
  await inUserTransaction(database.db, 'fu-alice', (trx) => saveProfile(trx, 'fu-alice', PROFILE));
  await inUserTransaction(database.db, 'fu-bob', (trx) => saveProfile(trx, 'fu-bob', { ...PROFILE, name: 'Bob Writer', follow_up_auto_send: true }));
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

describe('FoiaFollowUpJob', () => {
  it('drafts nothing while the deadline has not passed', async () => {
    expect(await runAt('2025-12-09T23:00:00Z')).toEqual([]); // 17:00 in Chicago on the due date
  });

  it('drafts the first follow-up the day after the deadline, once, and queues it for sending when the owner asked', async () => {
    expect(await runAt('2025-12-10T18:00:00Z')).toEqual(['bob-auto', 'bob-no-email', 'tx']);
    expect(await runAt('2025-12-10T18:00:00Z')).toEqual([]);
    expect(await runAt('2025-12-10T22:00:00Z')).toEqual([]);

    const [letter] = await thread('fu-alice', 'tx');
    expect(letter).toMatchObject({ direction: 'outgoing', delivery: 'draft', channel: 'email', to_address: 'records@austin.example.gov', occurred_at: '2025-12-10T18:00:00.000Z' });
    expect(letter!.subject).toBe('Follow-up: Texas Public Information Act request: Use-of-force reports');
    expect(letter!.body).toContain('On November 21, 2025, I sent you a request under the Texas Public Information Act (Tex. Gov\'t Code ch. 552)');
    expect(letter!.body).toContain("The Texas Public Information Act requires a response within 10 business days of receipt (Tex. Gov't Code § 552.221(d)). By my count, your response was due by December 9, 2025, and I have not received one.");
    expect(letter!.body).toContain('Please tell me by what date you expect to respond to this request.');
    // Texas has no reviewed remedy for silence in the test data: none is claimed.
    expect(letter!.body).not.toContain('denial');
    // Signed with the profile (the request names no requester).
    expect(letter!.body).toContain('Sincerely,\n\nJane Reporter\nThe Daily Example\n1 Main St\nAustin, TX 78701\njane@example.org\n+1 512 555 0100\n');
    if (process.env['PRINT_LETTERS']) process.stdout.write(`${letter!.body}\n`);

    const [queued] = await thread('fu-bob', 'bob-auto');
    expect(queued).toMatchObject({ delivery: 'queued', to_address: 'pia@travis.example.gov' });
    expect(enqueued).toEqual([{ userId: 'fu-bob', requestId: ids['bob-auto'], communicationId: queued!.id }]);
    // No e-mail address for the agency: a draft, whatever the profile says.
    expect((await thread('fu-bob', 'bob-no-email'))[0]).toMatchObject({ delivery: 'draft', channel: 'mail', to_address: null });

    const notes = await database.db('foia_notifications').select('request_id', 'user_id', 'due_date', 'days_until_due', 'message', 'communication_id').where({ kind: 'follow_up' }).orderBy('id');
    expect(notes).toContainEqual({
      request_id: ids['tx'], user_id: 'fu-alice', due_date: '2025-12-10', days_until_due: 0, communication_id: letter!.id,
      message: "A follow-up letter citing the missed deadline is drafted in the request's communications; review it and send it.",
    });
    expect(notes.find((n: { request_id: string }) => n.request_id === ids['bob-auto']).message).toBe('A follow-up letter citing the missed deadline is being sent to pia@travis.example.gov.');
  });

  it('waits the federal interval (30 days) and states the law’s remedy for silence with its citations', async () => {
    // Submitted 11-07, due 12-10: the day after the deadline, 34 days after the request.
    expect(await runAt('2025-12-11T18:00:00Z')).toEqual(['fed']);
    const [letter] = await thread('fu-alice', 'fed');
    if (process.env['PRINT_LETTERS']) process.stdout.write(`${letter!.body}\n`);
    expect(letter!.body).toContain('The Freedom of Information Act requires a response within 20 business days of receipt (5 U.S.C. § 552(a)(6)(A)(i)). By my count, your response was due by December 10, 2025');
    expect(letter!.body).toContain(
      'Under the Freedom of Information Act, a failure to respond in time counts as a denial of the request (5 U.S.C. § 552(a)(6)(C)(i)). ' +
        'The law’s terms: invented: the agency fails to comply with the time limits, and the requester is deemed to have exhausted administrative remedies. ' +
        'I may then appeal to the head of the agency (5 U.S.C. § 552(a)(6)(A)(ii)).',
    );
    expect(letter!.channel).toBe('mail');
  });

  it('follows up again every interval after the last letter: 15 days for texas, 30 for federal', async () => {
    expect(await runAt('2025-12-24T18:00:00Z')).toEqual([]);
    expect(await runAt('2025-12-25T18:00:00Z')).toEqual(['bob-auto', 'bob-no-email', 'tx']);
    expect(await runAt('2025-12-26T18:00:00Z')).toEqual([]); // federal: 15 days are not enough
    expect(await runAt('2026-01-09T18:00:00Z')).toEqual(['bob-auto', 'bob-no-email', 'tx']);
    expect(await runAt('2026-01-10T18:00:00Z')).toEqual(['fed']);
    expect(await runAt('2026-01-10T18:00:00Z')).toEqual([]);
    expect((await thread('fu-alice', 'tx')).map((c) => c.occurred_at.slice(0, 10))).toEqual(['2025-12-10', '2025-12-25', '2026-01-09']);
    // An answered request (clock stopped) is never followed up.
    expect(await thread('fu-carol', 'carol-answered')).toEqual([]);
  });

  it('keeps follow-ups as drafts when sending is not configured, and drafts the letter on demand for the send route', async () => {
    const before = enqueued.length;
    await database.db('foia_communications').where({ request_id: ids['bob-auto'] }).delete();
    await job(undefined, '2026-01-12T18:00:00Z').perform();
    const [draft] = await thread('fu-bob', 'bob-auto');
    expect(draft).toMatchObject({ delivery: 'draft' });
    expect(enqueued.length).toBe(before);

    const drafter = createFollowUpDrafter({ db: database.db, law: createPgFoiaLawStore(database.db), now: () => new Date('2026-01-12T18:00:00Z') });
    const onDemand = await drafter.draftFollowUp('fu-bob', ids['bob-auto']!);
    expect(onDemand.subject).toBe('Follow-up: Texas Public Information Act request: Use-of-force reports');
    expect(onDemand.body.startsWith('January 12, 2026\n\nOfficer for Public Information\nTravis County\npia@travis.example.gov\n\nRe: Follow-up:')).toBe(true);
    await expect(drafter.draftFollowUp('fu-alice', ids['bob-auto']!)).rejects.toMatchObject({ status: 404 });
  });
});
