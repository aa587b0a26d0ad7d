import { describe, expect, it } from 'vitest';
import type { LetterLaw } from '../foia-law-store.js';
import { buildFollowUpLetter, type FollowUpLaw, type FollowUpRequest } from './follow-up-letter.js';
import { formatLetterText } from './format-letter.js';

const REQUEST: FollowUpRequest = {
  jurisdiction: 'nowhere', agency: { name: 'Records Office', email: null, portal_url: null, address: null, directory_id: null }, subject: 'Budgets',
  description: 'The 2024 budget.', date_range: { from: null, to: null }, format_preference: null, fee_waiver_requested: false, fee_waiver_justification: null,
  expedited_requested: false, expedited_justification: null, max_fee: null, tracking_numbers: ['R-12'], due_date: '2026-01-08', requester: null, requester_class: null,
  submitted_at: '2025-12-19T16:00:00.000Z', time_zone: 'America/Chicago', deadline: null,
};

const BARE_LAW: LetterLaw = { jurisdictionName: null, lawName: null, lawCitation: null, deadline: null, feeWaiver: null, expedited: null, expeditedNone: null, format: null, recipient: null };

describe('buildFollowUpLetter', () => {
  it('states nothing the law data does not give: no period, no citation, no remedy', () => {
    const law: FollowUpLaw = { letter: BARE_LAW, deemedDenial: null, appeal: { to: 'the head of the agency', citation: 'Invented § 1' } };
    const text = formatLetterText(buildFollowUpLetter(REQUEST, law, '2026-01-12'));
    expect(text).toContain('On December 19, 2025, I sent you a request under the public records law of nowhere for the following records:');
    expect(text).toContain('By my count, your response was due by January 8, 2026, and I have not received one.');
    expect(text).not.toMatch(/within \d|denial|appeal|\(\)/);
    expect(text).toContain('Reference: R-12');
    expect(text).not.toContain('reference number');
    expect(text).toContain('Sincerely,\n\n[Your name]\n[Your contact details]\n');
  });

  it('uses the deadline stored with the request and the remedy with its citations when the facts give them', () => {
    const request = { ...REQUEST, deadline: { days: 5, unit: 'business' as const, citation: 'Invented § 2(a)', no_fixed_deadline_reason: null, after_hours_cutoff: null, received_on: null, remaining_days: null, explanation: [] } };
    const law: FollowUpLaw = { letter: { ...BARE_LAW, lawName: 'Open Records Act' }, deemedDenial: { when: null, citation: 'Invented § 3' }, appeal: null };
    const text = formatLetterText(buildFollowUpLetter(request, law, '2026-01-12'));
    expect(text).toContain('The Open Records Act requires a response within 5 business days of receipt (Invented § 2(a)).');
    expect(text).toContain('Under the Open Records Act, a failure to respond in time counts as a denial of the request (Invented § 3). I would prefer');
    expect(text).not.toContain('appeal');
  });
});
