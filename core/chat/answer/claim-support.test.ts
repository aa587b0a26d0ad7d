import { describe, expect, it } from 'vitest';
import { quoteSupportsClaim, statedPeriods } from './claim-support.js';
import { emptyParts, fact } from './draft.js';
import { renderDraft } from './render-draft.js';

describe('quoteSupportsClaim', () => {
  it('needs every period of days the claim states, in digits, words or ordinals', () => {
    expect(quoteSupportsClaim('In Texas, the agency has 10 business days to ask.', 'fact', 'not later than the 10th business day after receiving the request')).toBe(true);
    expect(quoteSupportsClaim('An agency has 20 business days.', 'fact', 'within twenty days (excepting Saturdays, Sundays, and legal public holidays)')).toBe(true);
    expect(quoteSupportsClaim('In Ohio, an agency has 1 business day to acknowledge.', 'fact', 'records become public 75 years after they are made')).toBe(false);
    expect(quoteSupportsClaim('Agencies have 30 calendar days.', 'fact', 'within 30 days after receiving the application')).toBe(true);
  });

  it('needs business days to be said where the claim says business days', () => {
    expect(quoteSupportsClaim('An agency has 30 business days.', 'fact', 'within 30 days after receiving the application')).toBe(false);
  });

  it('does not hold a correction to the number of its premise', () => {
    const claim = 'No: the question assumes a deadline of 3 days, but in Texas the deadline is 10 business days.';
    expect(quoteSupportsClaim(claim, 'correction', 'within ten business days')).toBe(true);
    expect(quoteSupportsClaim(claim, 'fact', 'within ten business days')).toBe(false);
  });

  it('refuses a quote that grants what the claim denies (Washington: "may waive any charge")', () => {
    const quote = 'An agency may waive any charge assessed for a request pursuant to agency rules and regulations.';
    expect(quoteSupportsClaim('The law database records no fee-waiver provision in Washington.', 'fact', quote)).toBe(false);
    expect(quoteSupportsClaim('In Washington, fees cannot be waived.', 'fact', quote)).toBe(false);
    expect(quoteSupportsClaim('In Washington, fees can be waived or reduced.', 'fact', quote)).toBe(true);
    expect(quoteSupportsClaim('No: fees cannot be waived.', 'fact', 'The agency may not waive the fee.')).toBe(true);
  });

  it('lets claims without periods through', () => {
    expect(statedPeriods('Fees can be waived.')).toEqual([]);
    expect(quoteSupportsClaim('Fees can be waived.', 'fact', 'an agency may waive any charge')).toBe(true);
  });
});

describe('renderDraft with claim support', () => {
  it('flags a claim whose only verified citation does not state its number', () => {
    const quote = { id: 's1', citation: 'R.C. 149.43(B)(1)', jurisdiction: 'ohio', quote: 'records become public 75 years after they are made' };
    const d = renderDraft(
      { ...emptyParts(), lead: [fact('In Ohio, an agency has 1 business day to respond.', 'deadline:ohio')] },
      new Map([['deadline:ohio', quote]]),
    );
    expect(d.lead[0]).toMatchObject({ supported: false, markers: [] });
    expect(d.lead[0]!.text).toMatch(/not supported by a document/);
    expect(d.citations).toEqual([]);
  });
});
