import { describe, expect, it } from 'vitest';
import { buildAppealLetter, type AppealLetterInput } from './appeal-letter.js';
import { formatLetterMarkdown, formatLetterText } from './format-letter.js';

// Every law, quote and citation below is invented for these tests (citations shaped like real ones).
const INPUT: AppealLetterInput = {
  request: {
    jurisdiction: 'federal',
    agency: { name: 'Records Office', email: 'foia@example.gov', portal_url: null, address: '1 Main St\nSpringfield', directory_id: null },
    subject: 'Drone contracts',
    tracking_numbers: ['R-1'],
    submitted_on: '2025-11-03',
  },
  requester: { name: 'Dana Reporter', organization: null, email: 'dana@example.com', phone: null, address: null },
  law: { lawName: 'Freedom of Information Act', lawCitation: '5 U.S.C. § 552', jurisdictionName: 'Federal', recipient: null },
  appealTo: { body: 'the head of the agency', citation: 'Invented § 1(a)' },
  decideWithin: { days: 20, unit: 'business', citation: 'Invented § 1(a)' },
  decision: { kind: 'partially_fulfilled', decided_on: '2025-12-05' },
  reasons: 'Withheld: invented reasons.',
  exemptions: [
    { cited_as: '(b)(6)', matched_by: 'citation', citation: 'Invented § 2(b)(6)', text: 'invented privacy files;', limits: [{ kind: 'segregability', text: 'Invented: segregable portions are released.', citation: 'Invented § 2(b)' }] },
    { cited_as: 'drafts were withheld', matched_by: 'meaning', citation: 'Invented § 2(b)(5)', text: 'invented memoranda', limits: [{ kind: 'segregability', text: 'Invented: segregable portions are released.', citation: 'Invented § 2(b)' }] },
  ],
  unmatched: [{ cited_as: '552(b)(12)', kind: 'citation' }, { cited_as: 'Other reasons apply.', kind: 'reason' }],
  today: '2026-01-05',
};
const text = (input: AppealLetterInput = INPUT) => formatLetterText(buildAppealLetter(input));

describe('buildAppealLetter', () => {
  it('addresses the appeal body, identifies the request and the decision, and argues each exemption with its citation', () => {
    const letter = text();
    expect(letter).toMatch(/^January 5, 2026\n\nHead of the Agency\nRecords Office\n1 Main St\nSpringfield\nfoia@example.gov\n\nRe: Appeal under the Freedom of Information Act: Drone contracts\n\nReference: R-1\n\nDear Head of the Agency:/);
    expect(letter).toContain('I appeal the decision on my request for records under the Freedom of Information Act (5 U.S.C. § 552), which I submitted on November 3, 2025. I make this appeal to the head of the agency, as Invented § 1(a) provides.');
    expect(letter).toContain('On December 5, 2025, the agency released some of the records and withheld the rest, in whole or in part.');
    expect(letter).toContain('    Withheld: invented reasons.');
    expect(letter).toContain('Invented § 2(b)(6). The agency cited (b)(6). The provision reads: “invented privacy files” (Invented § 2(b)(6)).');
    expect(letter).toContain('The agency’s reason, “drafts were withheld”, falls under Invented § 2(b)(5).');
    expect(letter).toContain('The law also provides: “Invented: segregable portions are released” (Invented § 2(b)). I ask that you release every portion');
  });

  it('quotes a limit once, and points back to it for the next exemption', () => {
    const letter = text();
    expect(letter.split('Invented: segregable portions are released').length).toBe(2);
    expect(letter).toContain('The provisions quoted above (Invented § 2(b)) apply to these records as well.');
  });

  it('asks the agency to name the legal basis of what it did not tie to the law, and to decide in the law’s time', () => {
    const letter = text();
    expect(letter).toContain('The agency cited “552(b)(12)”. Please identify the provision of law this citation refers to');
    expect(letter).toContain('The agency’s response says “Other reasons apply”, without naming a provision of law');
    expect(letter).toContain('The law requires a decision on an appeal within 20 business days after its receipt (Invented § 1(a)).');
    expect(letter).toMatch(/Sincerely,\n\nDana Reporter\ndana@example.com\n$/);
  });

  it('claims no appeal right where the law names no body, and no deadline where it sets none', () => {
    const letter = text({ ...INPUT, appealTo: null, decideWithin: null, law: { ...INPUT.law, recipient: 'officer for public information' } });
    expect(letter).toContain('Re: Request for reconsideration: Drone contracts');
    expect(letter).toContain('Dear Officer for Public Information:');
    expect(letter).toContain('I ask you to reconsider the decision on my request');
    expect(letter).toContain('I look forward to your prompt decision.');
    expect(letter).not.toMatch(/I appeal|within 20/);
  });

  it('appeals a failure to decide in the law’s words; signs with placeholders when nobody is named', () => {
    const letter = text({
      ...INPUT, reasons: '', exemptions: [], unmatched: [], requester: null,
      decision: { kind: 'constructive', due_date: '2025-12-02', deadline: { days: 20, unit: 'business', citation: 'Invented § 1(b)' }, rule: { quote: 'Invented: silence is a denial.', citation: 'Invented § 1(c)' } },
    });
    expect(letter).toContain('I appeal the agency’s failure to decide my request');
    expect(letter).toContain('The law requires a response within 20 business days (Invented § 1(b)). By my count, the response was due by December 2, 2025. The law provides: “Invented: silence is a denial” (Invented § 1(c)).');
    expect(letter).toContain('[Your name]');
    expect(letter).not.toContain('gave these reasons');
  });

  it('has no internal wording, and escapes Markdown in user text', () => {
    const md = formatLetterMarkdown(buildAppealLetter({ ...INPUT, reasons: '*bold* claim' }));
    expect(md).toContain('> \\*bold\\* claim');
    expect(text()).not.toMatch(/not stated|law database|dataset|source_kind|matched_by/i);
  });
});
