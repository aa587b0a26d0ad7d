import { describe, expect, it } from 'vitest';
import type { DeadlineRules, DerivedLetterLaw, LawFact, LetterLaw } from '../foia-law-store.js';
import { escapeMarkdown, formatLetterMarkdown, formatLetterText } from './format-letter.js';
import { applyLetterFacts } from './letter-law.js';
import { officerTitle, signatureLines } from './letter-parties.js';
import { buildRequestLetter, longDate, type LetterRequest } from './request-letter.js';

// Every law, fact and citation below is invented for these tests (citations shaped like real ones).

const REQUEST: LetterRequest = {
  jurisdiction: 'federal',
  agency: { name: 'Records Office', email: 'foia@example.gov', portal_url: null, address: '1 Main St\nSpringfield', directory_id: null },
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
  requester_class: null,
  requester: null,
};

const rules = (r: Partial<DeadlineRules>): DeadlineRules => ({
  days: 20, unit: 'business', noFixedDeadline: false, noFixedDeadlineReason: null, citation: '5 U.S.C. § 552', afterHoursStatement: null,
  standard: null, requesterClass: null, otherVariants: [], ...r,
});

/** The derived records: whole-law citations, as ingestion leaves them where no fact is reviewed. */
const BASE: DerivedLetterLaw = {
  jurisdictionName: 'Federal',
  lawName: 'Freedom of Information Act',
  lawCitation: '5 U.S.C. § 552',
  deadline: rules({}),
  feeWaiver: { title: 'Fee waiver', citation: '5 U.S.C. § 552(a)(4)', criteria: null },
  format: null,
};

const fact = <F extends LawFact>(f: Omit<F, 'requesterClass' | 'appliesTo' | 'quote' | 'sourceKind'> & Partial<F>): LawFact =>
  ({ requesterClass: null, appliesTo: null, quote: 'Invented words.', sourceKind: 'statute_text', ...f }) as LawFact;

const FACTS: LawFact[] = [
  fact({ field: 'initial_response', citation: '5 U.S.C. § 552(a)(6)(A)(i)', value: { action: 'determine', days: 20, unit: 'business', counted_from: null, standard: null } }),
  fact({ field: 'fee_waiver', citation: '5 U.S.C. § 552(a)(4)(A)(iii)', value: { available: true, mandatory: true, standard: 'invented: in the public interest' } }),
  fact({ field: 'expedited_processing', citation: '5 U.S.C. § 552(a)(6)(E)(i)', value: { available: true, standard: 'invented: a compelling need.', days: 10, unit: 'calendar' } }),
];

const lawWith = (facts: LawFact[], base: DerivedLetterLaw = BASE, request: LetterRequest = REQUEST): LetterLaw => applyLetterFacts(base, facts, request.requester_class);
const text = (request: LetterRequest, law: LetterLaw) => formatLetterText(buildRequestLetter(request, law, '2025-11-07'));

/** Sentences the derivations write for themselves, which no letter may print. */
const INTERNAL = /The sources state|sets a standard|rather than a number of days/;

describe('buildRequestLetter', () => {
  it('states the law, the records, the dates, and the deadline, fee waiver and expedited processing with pinpoint citations', () => {
    const letter = text(REQUEST, lawWith(FACTS));
    expect(letter).toContain('November 7, 2025');
    expect(letter).toContain('Under the Freedom of Information Act (5 U.S.C. § 552), I request');
    expect(letter).toContain('    All contracts for drones.\n    - including amendments');
    expect(letter).toContain('from January 1, 2020 to December 31, 2024');
    expect(letter).toContain('as provided by 5 U.S.C. § 552(a)(4)(A)(iii). I report for a newspaper.');
    expect(letter).toContain(
      "I request expedited processing of this request, as provided by 5 U.S.C. § 552(a)(6)(E)(i). The law's standard: invented: a compelling need. Urgency to inform the public.",
    );
    expect(letter).toContain('within 20 business days of receipt (5 U.S.C. § 552(a)(6)(A)(i)). By my count, your response is due by December 10, 2025.');
    expect(letter).toContain('fees of up to $50.00');
    // The whole-law citation of the derived deadline and the derived waiver's citation gave way to the facts'.
    expect(letter).not.toContain('receipt (5 U.S.C. § 552).');
    expect(letter).not.toContain('§ 552(a)(4).');
  });

  it('asks for prompt handling, claiming neither a right nor its absence, where no reviewed fact speaks of expedited processing', () => {
    const none = text(REQUEST, lawWith(FACTS.filter((f) => f.field !== 'expedited_processing')));
    expect(none).toContain('Expedited processing. I ask that you handle this request as promptly as you can. Urgency to inform the public.');
    expect(none).not.toMatch(/request expedited processing|as provided by 5 U\.S\.C\. § 552\(a\)\(6\)\(E\)|does not provide/);
    const unavailable = fact({ field: 'expedited_processing', citation: 'Invented § 9', value: { available: false, standard: null, days: null, unit: null } });
    expect(text(REQUEST, lawWith([...FACTS.slice(0, 2), unavailable]))).toContain(
      'The Freedom of Information Act does not provide for expedited processing (Invented § 9), but I ask that you handle this request as promptly as you can.',
    );
    // Not asked for: no paragraph at all.
    expect(text({ ...REQUEST, expedited_requested: false }, lawWith(FACTS))).not.toMatch(/expedited/i);
  });

  it('addresses the officer the law names above the agency and greets them (Texas)', () => {
    const recipient = fact({
      field: 'request_recipient', citation: "Tex. Gov't Code § 552.234(a)",
      value: { title: 'officer for public information (invented: the chief administrative officer) or a person designated by that officer' },
    });
    const blocks = buildRequestLetter({ ...REQUEST, jurisdiction: 'texas' }, lawWith([recipient]), '2025-11-07');
    expect(blocks[1]).toEqual({ kind: 'lines', lines: ['Officer for Public Information', 'Records Office', '1 Main St', 'Springfield', 'foia@example.gov'] });
    expect(formatLetterText(blocks)).toContain('Dear Officer for Public Information:');
    expect(formatLetterMarkdown(blocks)).toContain('Officer for Public Information  \nRecords Office');
  });

  it('names no officer when the law names one only for some requests', () => {
    const limited = fact({ field: 'request_recipient', citation: 'Invented § 2', appliesTo: 'requests for the legislature', value: { title: 'the speaker' } });
    const letter = text(REQUEST, lawWith([limited]));
    expect(letter).toContain('Dear Records Officer:');
    expect(letter).not.toContain('Speaker');
  });

  it('states a law without a number of days by its standard and pinpoint citation, never in internal wording', () => {
    const ohio: DerivedLetterLaw = {
      ...BASE, jurisdictionName: 'Ohio', lawName: 'Ohio Public Records Act', lawCitation: 'Ohio Rev. Code § 149.43', feeWaiver: null,
      deadline: rules({ days: null, unit: null, noFixedDeadline: true, citation: 'Ohio Rev. Code § 149.43', noFixedDeadlineReason: 'The law sets a standard ("promptly") rather than a number of days.' }),
    };
    const standard = fact({ field: 'initial_response', citation: 'R.C. 149.43(B)(1)', value: { action: 'make_available', days: null, unit: null, counted_from: null, standard: 'promptly' } });
    const letter = text({ ...REQUEST, jurisdiction: 'ohio', due_date: null }, lawWith([standard], ohio));
    expect(letter).toContain('The Ohio Public Records Act requires a response promptly (R.C. 149.43(B)(1)). I look forward to your prompt response.');
    expect(letter).not.toMatch(INTERNAL);
    // Without a fact, the derived note's words are drawn out of it; a note without them is left out.
    expect(text(REQUEST, lawWith([], ohio))).toContain('requires a response promptly (Ohio Rev. Code § 149.43).');
    const vague = { ...ohio, deadline: rules({ days: null, unit: null, noFixedDeadline: true, citation: null, noFixedDeadlineReason: 'The sources state a standard rather than a number of days.' }) };
    const plain = text(REQUEST, lawWith([], vague));
    expect(plain).toContain('The Ohio Public Records Act sets no fixed number of days for a response. I look forward to your prompt response.');
    expect(plain).not.toMatch(INTERNAL);
  });

  it('gives a nonresident the deadline the law sets for them (Idaho)', () => {
    const idaho: DerivedLetterLaw = { ...BASE, lawName: 'Idaho Public Records Act', deadline: rules({ days: 3, citation: 'Idaho Code § 74-103(2)' }) };
    const facts = [
      fact({ field: 'initial_response', citation: 'Idaho Code § 74-103(2)', value: { action: 'grant_or_deny', days: 3, unit: 'business', counted_from: null, standard: null } }),
      fact({ field: 'initial_response', requesterClass: 'nonresident', citation: 'Idaho Code § 74-103(2)', value: { action: 'grant_or_deny', days: 21, unit: 'calendar', counted_from: null, standard: null } }),
    ];
    const request: LetterRequest = { ...REQUEST, jurisdiction: 'idaho', requester_class: 'nonresident', due_date: null };
    expect(text(request, lawWith(facts, idaho, request))).toContain(
      'The Idaho Public Records Act requires a response to a request from a nonresident within 21 calendar days of receipt (Idaho Code § 74-103(2)).',
    );
  });

  it('leaves out the fee waiver where a reviewed fact says the law has none, even when the derived records had one', () => {
    const noWaiver = fact({ field: 'fee_waiver', citation: 'Invented § 3', value: { available: false, mandatory: null, standard: null } });
    expect(text(REQUEST, lawWith([noWaiver]))).not.toMatch(/waiver/i);
  });

  it('leaves out what the requester did not ask for', () => {
    const letter = text({ ...REQUEST, fee_waiver_requested: false, expedited_requested: false, max_fee: null, format_preference: null, date_range: { from: null, to: null } }, lawWith(FACTS));
    expect(letter).not.toMatch(/waiver|expedited|Format\.|fees of up to|covers records/);
  });

  it('falls back to the jurisdiction when the law database lacks the law', () => {
    const law: LetterLaw = { jurisdictionName: null, lawName: null, lawCitation: null, deadline: null, feeWaiver: null, expedited: null, expeditedNone: null, format: null, recipient: null };
    const letter = text(REQUEST, law);
    expect(letter).toContain('Re: Public records request: Drone contracts');
    expect(letter).toContain('Under the public records law of federal, I request');
  });

  it('signs with the requester’s name, organisation, address and contact', () => {
    const requester = { name: 'Ada Reporter', organization: 'The Springfield Ledger', address: '2 Press Row\nSpringfield', email: 'ada@example.org', phone: '+1 555 0100' };
    const letter = text({ ...REQUEST, requester }, lawWith(FACTS));
    expect(letter.endsWith('Sincerely,\n\nAda Reporter\nThe Springfield Ledger\n2 Press Row\nSpringfield\nada@example.org\n+1 555 0100\n')).toBe(true);
    expect(letter).not.toContain('[Your');
  });
});

describe('letter parties', () => {
  it.each([
    ['officer for public information (invented: the chief officer) or a person designated by that officer', 'Officer for Public Information'],
    ['the designated custodian of such records', 'Designated Custodian of Such Records'],
    ['responsible authority or designee', 'Responsible Authority'],
    ['records custodian (invented: see § 1(a)(2), (b))', 'Records Custodian'],
    ['FOIA coordinator', 'FOIA Coordinator'],
    ['open-records officer', 'Open-Records Officer'],
    ['the individual(s) named in the written procedure that the public body adopts for requests', null],
    [null, null],
  ])('officerTitle(%j) → %j', (words, title) => {
    expect(officerTitle(words)).toBe(title);
  });

  it('puts placeholders where the requester gave no name or contact', () => {
    expect(signatureLines(null)).toEqual(['[Your name]', '[Your contact details]']);
    expect(signatureLines({ name: null, email: 'a@example.org', phone: null, address: null, organization: null })).toEqual(['[Your name]', 'a@example.org']);
  });
});

describe('formats', () => {
  it('escapes Markdown in the requester’s text and quotes the description', () => {
    const md = formatLetterMarkdown(buildRequestLetter({ ...REQUEST, subject: 'Use *of* force', requester: { name: 'Ada_Reporter', email: null, phone: null, address: null, organization: null } }, lawWith(FACTS), '2025-11-07'));
    expect(md).toContain('**Re: Freedom of Information Act request: Use \\*of\\* force**');
    expect(md).toContain('> All contracts for drones.\n> \\- including amendments');
    expect(md).toContain('**Fee waiver.**');
    expect(md).toContain('**Expedited processing.**');
    expect(md).toContain('Records Office  \n1 Main St  \nSpringfield');
    expect(md).toContain('Ada\\_Reporter  \n\\[Your contact details\\]');
  });

  it('escapes list and heading markers at line starts', () => {
    expect(escapeMarkdown('# h\n1. x\n+ y')).toBe('\\# h\n1\\. x\n\\+ y');
  });

  it('writes long dates in English', () => {
    expect(longDate('2026-02-01')).toBe('February 1, 2026');
  });
});
