import { describe, expect, it } from 'vitest';
import type { LetterLaw } from '../foia-law-store.js';
import { escapeMarkdown, formatLetterMarkdown, formatLetterText } from './format-letter.js';
import { buildRequestLetter, longDate, type LetterRequest } from './request-letter.js';

const REQUEST: LetterRequest = {
  jurisdiction: 'federal',
  agency: { name: 'Records Office', email: 'foia@example.gov', portal_url: null, address: '1 Main St\nSpringfield' },
  subject: 'Drone contracts',
  description: 'All contracts for drones.\n- including amendments',
  date_range: { from: '2020-01-01', to: '2024-12-31' },
  format_preference: 'PDF',
  fee_waiver_requested: true,
  fee_waiver_justification: 'I report for a newspaper.',
  expedited_requested: true,
  expedited_justification: 'Urgency to inform the public.',
  max_fee: 50,
  tracking_numbers: [],
  due_date: '2025-12-10',
};

const LAW: LetterLaw = {
  jurisdictionName: 'Federal',
  lawName: 'Freedom of Information Act',
  lawCitation: '5 U.S.C. § 552',
  deadline: { days: 20, unit: 'business', noFixedDeadline: false, noFixedDeadlineReason: null, citation: '5 U.S.C. § 552(a)(6)(A)(i)', afterHoursStatement: null },
  feeWaiver: { title: 'Fee waiver', citation: '5 U.S.C. § 552(a)(4)(A)(iii)', criteria: null },
  expedited: { title: 'Expedited processing', citation: '5 U.S.C. § 552(a)(6)(E)' },
  format: null,
};

const text = (request: LetterRequest, law: LetterLaw) => formatLetterText(buildRequestLetter(request, law, '2025-11-07'));

describe('buildRequestLetter', () => {
  it('states the law, the records, the dates, the deadline and each provision the law has, with citations', () => {
    const letter = text(REQUEST, LAW);
    expect(letter).toContain('November 7, 2025');
    expect(letter).toContain('Under the Freedom of Information Act (5 U.S.C. § 552), I request');
    expect(letter).toContain('    All contracts for drones.\n    - including amendments');
    expect(letter).toContain('from January 1, 2020 to December 31, 2024');
    expect(letter).toContain('as provided by 5 U.S.C. § 552(a)(4)(A)(iii). I report for a newspaper.');
    expect(letter).toContain('expedited processing of this request, as provided by 5 U.S.C. § 552(a)(6)(E). Urgency to inform the public.');
    expect(letter).toContain('within 20 business days of receipt (5 U.S.C. § 552(a)(6)(A)(i)). By my count, your response is due by December 10, 2025.');
    expect(letter).toContain('fees of up to $50.00');
  });

  it('leaves out fee-waiver and expedited language where the law has none, even when requested', () => {
    const letter = text(REQUEST, { ...LAW, feeWaiver: null, expedited: null });
    expect(letter).not.toMatch(/waiver|expedited/i);
  });

  it('leaves out what the requester did not ask for', () => {
    const letter = text({ ...REQUEST, fee_waiver_requested: false, expedited_requested: false, max_fee: null, format_preference: null, date_range: { from: null, to: null } }, LAW);
    expect(letter).not.toMatch(/waiver|expedited|Format\.|fees of up to|covers records/);
  });

  it('says why there is no fixed deadline', () => {
    const law: LetterLaw = { ...LAW, deadline: { days: null, unit: null, noFixedDeadline: true, noFixedDeadlineReason: 'a reasonable time', citation: null, afterHoursStatement: null } };
    expect(text(REQUEST, law)).toContain('sets no fixed number of days for a response: a reasonable time.');
  });

  it('falls back to the jurisdiction when the law database lacks the law', () => {
    const law: LetterLaw = { jurisdictionName: null, lawName: null, lawCitation: null, deadline: null, feeWaiver: null, expedited: null, format: null };
    const letter = text(REQUEST, law);
    expect(letter).toContain('Re: Public records request: Drone contracts');
    expect(letter).toContain('Under the public records law of federal, I request');
  });
});

describe('formats', () => {
  it('escapes Markdown in the requester’s text and quotes the description', () => {
    const md = formatLetterMarkdown(buildRequestLetter({ ...REQUEST, subject: 'Use *of* force' }, LAW, '2025-11-07'));
    expect(md).toContain('**Re: Freedom of Information Act request: Use \\*of\\* force**');
    expect(md).toContain('> All contracts for drones.\n> \\- including amendments');
    expect(md).toContain('**Fee waiver.**');
    expect(md).toContain('Records Office  \n1 Main St  \nSpringfield');
  });

  it('escapes list and heading markers at line starts', () => {
    expect(escapeMarkdown('# h\n1. x\n+ y')).toBe('\\# h\n1\\. x\n\\+ y');
  });

  it('writes long dates in English', () => {
    expect(longDate('2026-02-01')).toBe('February 1, 2026');
  });
});
