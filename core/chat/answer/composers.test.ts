import { describe, expect, it } from 'vitest';
import { comparisonOf, detailOf, exemptionOf } from '../testing/law-fixtures.js';
import { composeAppealRoute } from './appeal-answer.js';
import { compareFieldOf, composeComparison } from './comparison-answers.js';
import { composeDeadline } from './deadline-answer.js';
import { composeExemptionComparison, composeExemptions } from './exemption-answers.js';
import { composeAttorneyFees, composeFeeWaiver, composeLawName, composeResidency } from './rule-answers.js';

const texts = (claims: Array<{ text: string }>) => claims.map((c) => c.text);

describe('composeDeadline', () => {
  const texas = detailOf({ slug: 'texas', name: 'Texas', deadline: { days: 10, unit: 'business', section: '552.221' } });

  it('states the deadline and asks for evidence holding its number and "day"', () => {
    const p = composeDeadline(texas, null);
    expect(texts(p.lead)).toEqual(['In Texas, an agency has 10 business days to respond to a public-records request.']);
    expect(p.requests[0]).toMatchObject({ key: 'deadline:texas', jurisdiction: 'texas', sectionIds: ['sec:texas:552.221'], terms: ['10', 'ten', 'tenth'] });
    expect(p.requests[0]!.context).toContain('day');
  });

  it('corrects a false premise from the data, and confirms a true one', () => {
    const wrong = composeDeadline(texas, { field: 'deadline', days: 3, unit: null });
    expect(wrong.premiseFalse).toBe(true);
    expect(wrong.lead[0]).toMatchObject({ role: 'correction', text: 'No: the question assumes a deadline of 3 days, but in Texas the deadline is 10 business days.' });
    const unit = composeDeadline(texas, { field: 'deadline', days: 10, unit: 'calendar' });
    expect(unit.premiseFalse).toBe(true);
    const right = composeDeadline(texas, { field: 'deadline', days: 10, unit: 'business' });
    expect(right.premiseFalse).toBe(false);
    expect(right.lead[0]!.text).toMatch(/^Yes\. In Texas/);
  });

  it('answers "Yes" only when the question asks about the deadline, not when a true one is stated as context', () => {
    const premise = { field: 'deadline', days: 10, unit: 'business' } as const;
    expect(composeDeadline(texas, premise, 'Is the Texas deadline really ten business days?').lead[0]!.text).toMatch(/^Yes\. /);
    const context = composeDeadline(texas, premise, 'A Texas agency blew the ten-business-day deadline. Can it still bill me for copies?');
    expect(context.premiseFalse).toBe(false);
    expect(context.lead[0]!.text).toMatch(/^In Texas, an agency has 10 business days/);
  });

  it("answers a follow-up for the requester class an earlier question named, and its extension", () => {
    const fact = (field: string, cls: string | null, display: string) => ({ id: `texas:fact:${field}:${cls}`, field, value: {}, display, citation: 'Tex. Code § 1', quote: 'x', source_kind: 'statute_text', section_id: null, verified: false, requester_class: cls, applies_to: null });
    const withFacts = { ...texas, facts: [fact('extension', null, 'Extension allowed by up to 10 business days'), fact('extension', 'own_records', 'Extension allowed by up to 20 working days'), fact('initial_response', 'own_records', '10 working days to make the records available')] } as unknown as typeof texas;
    const said = texts(composeDeadline(withFacts, null, 'Can they drag it out past that?', 'I want a copy of my own file. How long do they have?').lead).join(' ');
    expect(said).toContain('Extension allowed by up to 10 business days');
    expect(said).toContain('Extension allowed by up to 20 working days');
    expect(said).toContain('10 working days to make the records available');
    // Without the earlier question, only the general rule.
    expect(texts(composeDeadline(withFacts, null, 'Can they drag it out past that?').lead).join(' ')).not.toContain('20 working days');
  });

  it('says when the law sets no fixed number of days, with the standard quoted', () => {
    const ok = detailOf({ slug: 'oklahoma', name: 'Oklahoma', deadline: { none: 'prompt' } });
    expect(texts(composeDeadline(ok, null).lead)).toEqual(['In Oklahoma, the law sets no fixed number of days for a first response (the sources say: "prompt").']);
    expect(composeDeadline(ok, { field: 'deadline', days: 5, unit: null }).lead[0]!.text).toContain('the law sets no fixed number of days');
  });

  it('names the federal government and D.C. as places', () => {
    const fed = detailOf({ slug: 'federal', name: 'Federal', type: 'federal', deadline: { days: 20, unit: 'business' } });
    expect(composeDeadline(fed, null).lead[0]!.text).toBe('For federal agencies, an agency has 20 business days to respond to a public-records request.');
  });
});

describe('yes/no rules', () => {
  it('answers fee waivers, with the criteria and the citation to resolve', () => {
    const d = detailOf({ slug: 'texas', name: 'Texas', feeWaiver: { available: true, criteria: 'If release benefits the general public', citation: "Tex. Gov't Code § 552.267" } });
    const p = composeFeeWaiver(d, null);
    expect(p.lead[0]!.text).toBe('Yes. In Texas, fees can be waived or reduced (if release benefits the general public).');
    expect(p.requests[0]).toMatchObject({ citations: ["Tex. Gov't Code § 552.267"], rightCategories: ['fees_and_waivers'] });
  });

  it('corrects a presupposed rule the data contradicts', () => {
    const d = detailOf({ slug: 'texas', name: 'Texas', attorneyFees: { recoverable: true } });
    const p = composeAttorneyFees(d, { field: 'attorney_fees_recoverable', value: false });
    expect(p.premiseFalse).toBe(true);
    expect(p.lead[0]).toMatchObject({ role: 'correction' });
    expect(p.lead[0]!.text).toMatch(/^No: the question assumes that attorney fees cannot be recovered in Texas, but the law database says otherwise\. In Texas, a requester who wins/);
  });

  it('says what the database does not hold instead of guessing', () => {
    const d = detailOf({ slug: 'alabama', name: 'Alabama', attorneyFees: { recoverable: null } });
    expect(composeAttorneyFees(d, null).lead[0]).toMatchObject({ role: 'absence', text: 'The law database does not say whether a requester can recover attorney fees in Alabama.' });
  });

  it('answers residency both ways', () => {
    expect(composeResidency(detailOf({ slug: 'alabama', name: 'Alabama', residency: true }), null).lead[0]!.text).toBe('Yes. In Alabama, the right to request public records is limited to citizens or residents of Alabama.');
    expect(composeResidency(detailOf({ slug: 'ohio', name: 'Ohio', residency: false }), null).lead[0]!.text).toBe('No. In Ohio, you do not have to be a resident to request public records.');
    // Asked from the outsider's side, the same rule answers the other way.
    expect(composeResidency(detailOf({ slug: 'ohio', name: 'Ohio', residency: false }), null, 'Can a non-resident request records in Ohio?').lead[0]!.text).toBe('Yes. In Ohio, you do not have to be a resident to request public records.');
    expect(composeResidency(detailOf({ slug: 'alabama', name: 'Alabama', residency: true }), null, 'Does the law apply to requesters from out of state?').lead[0]!.text).toMatch(/^No\. In Alabama, the right to request public records is limited/);
  });

  it("names who the law gives the right to, in the reviewed fact's words", () => {
    const d = detailOf({ slug: 'ohio', name: 'Ohio', residency: false });
    const who = { id: 'ohio:fact:who_may_request:0', field: 'who_may_request', value: { residency_required: false, who: 'all citizens of this state and all other persons interested', exceptions: null }, display: 'x', citation: 'Ohio Code § 1', quote: 'all citizens of this state and all other persons interested', source_kind: 'statute_text', section_id: 'sec:ohio:1', verified: true, requester_class: null, applies_to: null };
    const withWho = { ...d, facts: [who] } as unknown as typeof d;
    expect(composeResidency(withWho, null, 'I am Canadian. Am I allowed to examine Ohio records?').lead[0]!.text).toBe(
      'In Ohio, you do not have to be a resident to request public records: the law gives the right to all citizens of this state and all other persons interested.',
    );
    // Words that were not verified in the statute are not put in the law's mouth.
    const unverified = { ...d, facts: [{ ...who, verified: false }] } as unknown as typeof d;
    expect(composeResidency(unverified, null).lead[0]!.text).toBe('No. In Ohio, you do not have to be a resident to request public records.');
  });

  it('names the law with its citation, looking for documents that quote the name', () => {
    const p = composeLawName(detailOf({ slug: 'new-jersey', name: 'New Jersey', law: { name: 'New Jersey Open Public Records Act (OPRA)', citation: 'N.J.S.A. § 47:1A-1' } }));
    expect(p.lead[0]!.text).toBe('The public-records law of New Jersey is the New Jersey Open Public Records Act (OPRA) (N.J.S.A. § 47:1A-1).');
    expect(p.requests[0]).toMatchObject({ phrase: 'New Jersey Open Public Records Act' });
  });
});

describe('composeDeadline for a class of requesters', () => {
  it('adds the deadline of the class the question names (a non-resident\'s) beside the general one', () => {
    const d = detailOf({ slug: 'idaho', name: 'Idaho', deadline: { days: 3, unit: 'business', section: '74-103' } });
    d.facts = [{
      id: 'f2', jurisdiction: 'idaho', field: 'initial_response', requester_class: 'nonresident', applies_to: null, value: { action: 'grant_or_deny', days: 21, unit: 'calendar' },
      display: '21 calendar days to grant or deny the request', citation: 'Idaho Code § 74-103(2)', quote: 'within twenty-one (21) days', source_kind: 'statute_text', verified: true,
      section_id: 'sec:idaho:74-103(2)', reviewed: '2026-11-24', notes: null,
    }];
    expect(texts(composeDeadline(d, null, 'How long does an Idaho agency have to answer a resident versus a non-resident?').lead)).toEqual([
      'In Idaho, an agency has 3 business days to respond to a public-records request.',
      'In Idaho (for nonresident requesters): 21 calendar days to grant or deny the request.',
    ]);
    expect(composeDeadline(d, null, 'How long does an Idaho agency have to answer?').lead).toHaveLength(1);
  });
});

describe('composeAppealRoute', () => {
  it('lists every step in order, the first in the lead', () => {
    const d = detailOf({ slug: 'texas', name: 'Texas', steps: [
      { level: 2, kind: 'judicial', body: 'District Court' },
      { level: 1, kind: 'oversight', body: 'Attorney General', days: 10, section: '552.301' },
    ] });
    const p = composeAppealRoute(d);
    expect(texts(p.lead)).toEqual(['To challenge a denial in Texas, the first step is a complaint or request for review to Attorney General, filed by the requester within 10 business days.']);
    expect(texts(p.body)).toEqual(['The next step is an action in District Court.']);
    expect(p.requests[0]).toMatchObject({ sectionIds: ['sec:texas:552.301'] });
  });

  it("says whose each period is: the requester's to file, the deciding body's to decide", () => {
    const d = detailOf({ slug: 'vermont', name: 'Vermont', steps: [{ level: 1, kind: 'administrative', body: 'the head of the agency' }] });
    (d.appeals as unknown as { steps: Array<Record<string, unknown>> }).steps[0]!['deadline_notes'] = 'decided within 5 business days';
    expect(texts(composeAppealRoute(d).lead)).toEqual(['To challenge a denial in Vermont, the first step is an administrative appeal to the head of the agency, which must decide within 5 business days.']);
  });

  it('states a filing period the reviewed words give in years, which the day counts cannot hold', () => {
    const d = detailOf({ slug: 'hawaii', name: 'Hawaii', steps: [{ level: 1, kind: 'judicial', body: 'circuit court' }] });
    d.facts = [{
      id: 'f1', jurisdiction: 'hawaii', field: 'court_review', requester_class: null, applies_to: null, value: { court: 'circuit court', requester_days: null }, display: 'Court review',
      citation: 'Haw. Rev. Stat. § 92F-15(a)', quote: 'A person aggrieved by a denial may bring an action against the agency at any time within two years after the agency denial to compel disclosure.',
      source_kind: 'statute_text', verified: true, section_id: 'sec:hawaii:92F-15(a)', reviewed: '2026-11-24', notes: null,
    }];
    const p = composeAppealRoute(d);
    expect(texts(p.lead)).toEqual(['To challenge a denial in Hawaii, the first step is an action in circuit court, filed by the requester within two years after the agency denial.']);
    expect(p.requests[0]!.reviewed).toMatchObject({ sectionId: 'sec:hawaii:92F-15(a)' });
  });

  it('reads "no administrative appeal" as going straight to court', () => {
    const d = detailOf({ slug: 'california', name: 'California', steps: [{ level: 1, kind: 'judicial', body: 'No administrative appeal - direct to court' }] });
    expect(composeAppealRoute(d).lead[0]!.text).toBe('In California, there is no administrative appeal: a denial is challenged directly in court.');
  });
});

describe('exemptions', () => {
  const list = [
    exemptionOf('tx:e:0', 'texas', 'law_enforcement', 'Law Enforcement', 'Records of crime detection.', '§ 552.108'),
    exemptionOf('tx:e:1', 'texas', 'personnel', 'Personnel Files', 'Employee files.'),
    exemptionOf('oh:e:0', 'ohio', 'law_enforcement', 'Investigatory Records', 'Ongoing investigations.'),
  ];
  const labels = new Map([['law_enforcement', 'Law enforcement'], ['personnel', 'Personnel records']]);

  it('lists a jurisdiction\'s exemptions in the category, each its own evidence', () => {
    const p = composeExemptions({ slug: 'texas', name: 'Texas', type: 'state', lawName: null }, labels, ['law_enforcement'], list.filter((e) => e.jurisdiction === 'texas'));
    expect(p.lead[0]!.text).toBe('In Texas, the law database lists 1 exemption for law enforcement: Law Enforcement (§ 552.108).');
    expect(p.known.get('exemption:tx:e:0')).toEqual({ id: 'tx:e:0', citation: '§ 552.108', jurisdiction: 'texas', quote: 'Records of crime detection.' });
  });

  it('includes an exemption of another category whose own words name the subject asked about (FOIA (b)(6))', () => {
    const federal = [
      exemptionOf('us:e:1', 'federal', 'other_government_interests', 'Internal Personnel Rules', 'Internal personnel rules and practices of an agency.', '5 U.S.C. § 552(b)(2)'),
      exemptionOf('us:e:5', 'federal', 'personal_privacy', 'Personal Privacy', 'Personnel and medical files and similar files.', '5 U.S.C. § 552(b)(6)'),
    ];
    const p = composeExemptions({ slug: 'federal', name: 'Federal', type: 'federal', lawName: null }, labels, ['personnel'], federal);
    expect(p.lead[0]!.text).toContain('Personal Privacy (5 U.S.C. § 552(b)(6))');
    expect(p.lead[0]!.text).not.toContain('(b)(2)');
  });

  it('says when there is none in the category, and which categories there are', () => {
    const p = composeExemptions({ slug: 'texas', name: 'Texas', type: 'state', lawName: null }, labels, ['library_patron'], list.filter((e) => e.jurisdiction === 'texas'));
    expect(p.lead[0]).toMatchObject({ role: 'absence' });
    expect(p.body[0]!.text).toContain('law_enforcement');
  });

  it('compares a category across jurisdictions', () => {
    const places = [{ slug: 'ohio', name: 'Ohio', type: 'state' as const, lawName: null }, { slug: 'texas', name: 'Texas', type: 'state' as const, lawName: null }, { slug: 'utah', name: 'Utah', type: 'state' as const, lawName: null }];
    const p = composeExemptionComparison(places, labels, ['law_enforcement'], list.filter((e) => e.category === 'law_enforcement'));
    expect(p.lead[0]!.text).toBe('2 of 3 jurisdictions in the law database list an exemption for law enforcement: Ohio and Texas.');
    expect(p.body).toHaveLength(2);
  });
});

describe('composeComparison', () => {
  const deadlines = comparisonOf('initial_deadline', 'Initial response deadline', [
    { jurisdiction: 'ohio', name: 'Ohio', value: { days: 1, unit: 'business', no_fixed_deadline: false }, display: '1 business day' },
    { jurisdiction: 'texas', name: 'Texas', value: { days: 10, unit: 'business', no_fixed_deadline: false }, display: '10 business days' },
    { jurisdiction: 'oklahoma', name: 'Oklahoma', value: { days: null, unit: null, no_fixed_deadline: true }, display: 'No fixed deadline ("prompt")' },
  ]);
  const residency = comparisonOf('residency_required', 'Residency required', [
    { jurisdiction: 'alabama', name: 'Alabama', value: true, display: 'Yes' },
    { jurisdiction: 'ohio', name: 'Ohio', value: false, display: 'No' },
    { jurisdiction: 'utah', name: 'Utah', value: null, display: 'Not stated' },
  ]);

  it('finds the extremes of a deadline', () => {
    const p = composeComparison(deadlines, 'shortest', 'Which state is fastest?', null);
    expect(p.lead[0]!.text).toBe('The shortest first-response deadline in the law database is 1 business day: Ohio.');
    expect(texts(p.body)).toEqual(['Ohio: 1 business day.']);
  });

  it('lists where a rule holds, naming the field on each line and counting the unknown', () => {
    const p = composeComparison(residency, 'yes', 'Which states require residency?', null);
    expect(p.lead[0]!.text).toBe('1 of 3 jurisdictions in the law database limit requests to their citizens or residents (1 do not say): Alabama.');
    expect(texts(p.body)).toEqual(['Alabama: residency required: yes.']);
    expect(p.requests[0]).toMatchObject({ key: 'residency_required:alabama', terms: ['citizen', 'resident'] });
  });

  it('shows a table when no list is asked for, and corrects a premise about every jurisdiction', () => {
    const p = composeComparison(residency, 'table', 'Why do all states require residency?', { field: 'residency_required', value: true });
    expect(p.premiseFalse).toBe(true);
    expect(p.lead[0]!.text).toContain('in 1 of 3');
    expect(p.table?.rows.map((r) => r.value)).toEqual(['Yes', 'No', 'Not stated']);
  });

  it('maps topics to compare fields', () => {
    expect(compareFieldOf('deadline', '')).toBe('initial_deadline');
    expect(compareFieldOf('appeal_route', 'Which states require an administrative appeal before court?')).toBe('administrative_appeal_required');
    expect(compareFieldOf('general', '')).toBeNull();
  });
});
