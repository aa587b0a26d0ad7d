import type { Knex } from '../../core/db/knex.js';
import type {
  Basis,
  DerivedAppeals,
  DerivedFees,
  DerivedOversightBody,
  DerivedRequesterRequirements,
  DerivedResponseRequirements,
} from '../../core/law-model/law-model.js';
import type { SourceKind } from '../../core/law-model/source-types.js';

/**
 * A small, invented law database for the read-side tests: four jurisdictions (federal, Texas,
 * Washington, Alabama) shaped like the real ingestion's output. Every text here was written
 * for the tests; none of it is statute text.
 */

const VERIFIED = '2026-11-01';

function prov(sourcePath: string, sourceKind: SourceKind): { source_path: string; source_kind: SourceKind; verified_date: string } {
  return { source_path: sourcePath, source_kind: sourceKind, verified_date: VERIFIED };
}

function basis(sourcePath: string, quote: string, sectionLabel: string | null, citation: string | null): Basis {
  return { sourceKind: 'statute_text', sourcePath, quote, sectionLabel, citation, field: null };
}

interface SectionSeed {
  label: string;
  heading?: string;
  text: string;
}

/** Label "552(b)(6)" → section number "552", path ["b", "6"], parent "552(b)". */
function sectionRows(jurisdiction: string, documentId: string, sourcePath: string, cite: (label: string) => string, seeds: SectionSeed[]) {
  return seeds.map((s, ordinal) => {
    const path = [...s.label.matchAll(/\(([0-9A-Za-z]+)\)/g)].map((m) => m[1] as string);
    const sectionNumber = s.label.replace(/\(.*$/, '');
    const parent = path.length === 0 ? null : `${sectionNumber}${path.slice(0, -1).map((p) => `(${p})`).join('')}`;
    return {
      id: `sec:${jurisdiction}:${s.label}`,
      document_id: documentId,
      jurisdiction,
      label: s.label,
      section_number: sectionNumber,
      path,
      parent_label: parent,
      heading: s.heading ?? null,
      text: s.text,
      depth: path.length,
      ordinal,
      citation: cite(s.label),
      content_hash: `hash-${jurisdiction}-${ordinal}`,
      ...prov(sourcePath, 'statute_text'),
    };
  });
}

const FEDERAL_SECTIONS: SectionSeed[] = [
  { label: '552', heading: 'Public information; agency records (test fixture)', text: 'Test fixture text for the federal records section. (a) Agencies publish and release records. (b) Some matters are withheld.' },
  { label: '552(a)', text: '(a) Every agency releases records to any person as this subsection describes.' },
  { label: '552(a)(3)', text: '(3) On a request that reasonably describes records, the agency shall make them promptly available to the requester.' },
  { label: '552(a)(6)', text: '(6) The agency decides within twenty working days whether it will comply, except as subsection (b) and 5 U.S.C. § 552(b) provide for withheld matters.' },
  { label: '552(b)', text: '(b) This section does not reach the following matters, listed in the paragraphs below.' },
  { label: '552(b)(5)', text: '(5) internal memoranda and letters reflecting predecisional deliberation between agencies;' },
  { label: '552(b)(6)', text: '(6) personnel files, medical files and similar files whose release would plainly intrude on personal privacy;' },
  { label: '552(b)(7)', text: '(7) records gathered for law enforcement purposes, to the extent release could harm an investigation;' },
  { label: '551', heading: 'Definitions (test fixture)', text: 'Test fixture text: for this subchapter, an agency means each authority of the Government.' },
];

const TEXAS_SECTIONS: SectionSeed[] = [
  { label: '552.001', heading: 'Policy; construction (test fixture)', text: 'Test fixture text: each person is entitled to complete information about the affairs of government.' },
  { label: '552.101', heading: 'Confidential information (test fixture)', text: 'Test fixture text: information made confidential by law or by judicial decision is excepted from disclosure.' },
  { label: '552.221', heading: 'Prompt production (test fixture)', text: 'Test fixture text about producing public information promptly. (a) The officer shall produce it on request. (d) If it cannot be produced within ten business days, the officer certifies that fact.' },
  { label: '552.221(a)', text: '(a) The officer for public information shall promptly produce public information on application by any person.' },
  { label: '552.221(d)', text: '(d) If the information cannot be produced within ten business days, the officer shall certify that fact in writing and set a date and hour.' },
  { label: '552.301', heading: 'Request for attorney general decision (test fixture)', text: 'Test fixture text about asking the attorney general for a ruling. (a) A body that wishes to withhold information asks for a decision. (b) It asks within ten business days, citing Section 552.101.' },
  { label: '552.301(a)', text: '(a) A governmental body that wishes to withhold information must ask for a decision of the attorney general.' },
  { label: '552.301(b)', text: '(b) The body must ask for the decision and state the exceptions that apply within a reasonable time, but not later than the tenth business day after receiving the written request.' },
];

const WASHINGTON_SECTIONS: SectionSeed[] = [
  { label: '42.56.070', heading: 'Documents and indexes to be made public (test fixture)', text: 'Test fixture text: each agency makes its public records available for inspection and copying. (1) Unless an exemption applies, records are available.' },
  { label: '42.56.070(1)', text: '(1) Each agency shall make all public records available for inspection and copying unless a statute exempts them.' },
  { label: '42.56.230', heading: 'Personal information (test fixture)', text: 'Test fixture text: some personal information in agency files is exempt from inspection.' },
  { label: '42.56.520', heading: 'Prompt responses required (test fixture)', text: 'Test fixture text about prompt responses. (1) Within five business days the agency responds.' },
  { label: '42.56.520(1)', text: '(1) Within five business days of receiving a request, an agency must provide the record, acknowledge the request with an estimate, or deny it.' },
  { label: '42.56.550', heading: 'Judicial review (test fixture)', text: 'Test fixture text: a person denied inspection may ask the superior court to require the agency to show cause.' },
];

function jurisdictionRows() {
  return [
    { slug: 'federal', name: 'Federal', type: 'federal', current_version: 1 },
    { slug: 'texas', name: 'Texas', type: 'state', current_version: 1 },
    { slug: 'washington', name: 'Washington', type: 'state', current_version: 1 },
    { slug: 'alabama', name: 'Alabama', type: 'state', current_version: 1 },
  ];
}

function lawRows() {
  const structured = (slug: string) => prov(`hole-tld/jurisdictions/${slug}.json`, 'structured');
  const statuteSource = (path: string, completeness: string) => ({ sourcePath: path, completeness, retrievedDate: VERIFIED });
  return [
    {
      jurisdiction: 'federal', name: 'Freedom of Information Act', citation: '5 U.S.C. § 552', effective_date: '1967-07-04', last_amended: '2016',
      constitutional_basis: null, official_resources: JSON.stringify([{ name: 'FOIA.gov (test)', url: 'https://www.foia.gov/' }]),
      statute_source: JSON.stringify(statuteSource('statutes/federal.txt', 'full (test fixture)')),
      discrepancies: JSON.stringify([{ topic: 'initial_deadline', description: 'Invented: the summary says 20 days, the process map 30.', resolution: 'The statute text decides: 20 business days.', basis: [] }]),
      ...structured('federal'),
    },
    {
      jurisdiction: 'texas', name: 'Texas Public Information Act', citation: "Tex. Gov't Code ch. 552", effective_date: '1993-09-01', last_amended: '2023',
      constitutional_basis: null, official_resources: '[]', statute_source: JSON.stringify(statuteSource('summaries/texas.txt', 'full (test fixture)')),
      discrepancies: '[]', ...structured('texas'),
    },
    {
      jurisdiction: 'washington', name: 'Public Records Act', citation: 'RCW ch. 42.56', effective_date: '1973-01-01', last_amended: '2024',
      constitutional_basis: null, official_resources: '[]', statute_source: JSON.stringify(statuteSource('statutes/washington.txt', 'partial (test fixture: a few sections)')),
      discrepancies: '[]', ...structured('washington'),
    },
    {
      jurisdiction: 'alabama', name: 'Alabama Open Records Law', citation: 'Ala. Code § 36-12-40', effective_date: null, last_amended: null,
      constitutional_basis: null, official_resources: '[]', statute_source: null, discrepancies: '[]', ...structured('alabama'),
    },
  ];
}

function documentRows() {
  const doc = (jurisdiction: string, kind: string, title: string, citation: string | null, sourcePath: string, completeness: string | null) => ({
    id: `doc:${jurisdiction}:${kind}:${sourcePath.split('/').pop()!.replace(/\.txt$/, '')}`, jurisdiction, kind, title, citation, source_path: sourcePath, content_hash: `doc-${jurisdiction}-${kind}`,
    retrieved_date: VERIFIED, completeness, header: JSON.stringify({ citation: citation ?? '' }),
  });
  return [
    doc('federal', 'statute_text', 'Freedom of Information Act', '5 U.S.C. § 552 (and § 551)', 'statutes/federal.txt', 'full (test fixture)'),
    doc('texas', 'statute_text', 'Texas Public Information Act', "Tex. Gov't Code ch. 552", 'summaries/texas.txt', 'full (test fixture)'),
    doc('washington', 'statute_text', 'Public Records Act', 'RCW ch. 42.56', 'statutes/washington.txt', 'partial (test fixture: a few sections)'),
    doc('alabama', 'summary', 'Alabama Open Records Law summary', null, 'summaries/alabama.txt', null),
  ];
}

function allSectionRows() {
  return [
    ...sectionRows('federal', 'doc:federal:statute_text:federal', 'statutes/federal.txt', (l) => `5 U.S.C. § ${l}`, FEDERAL_SECTIONS),
    ...sectionRows('texas', 'doc:texas:statute_text:texas', 'summaries/texas.txt', (l) => `Tex. Gov't Code § ${l}`, TEXAS_SECTIONS),
    ...sectionRows('washington', 'doc:washington:statute_text:washington', 'statutes/washington.txt', (l) => `RCW ${l}`, WASHINGTON_SECTIONS),
  ];
}

function categoryRows() {
  return [
    { key: 'personal_privacy', label: 'Personal privacy', description: 'Invented: information about identifiable people.' },
    { key: 'law_enforcement', label: 'Law enforcement', description: 'Invented: investigation records.' },
    { key: 'deliberative_process', label: 'Deliberative process', description: 'Invented: drafts and advice.' },
    { key: 'statutory_confidentiality', label: 'Confidential by other law', description: 'Invented: made confidential elsewhere.' },
    { key: 'security_infrastructure', label: 'Security and critical infrastructure', description: 'Invented: security plans.' },
    { key: 'library_patron', label: 'Library patron records', description: 'Invented: borrowing records.' },
  ];
}

function exemptionRows() {
  const row = (id: string, jurisdiction: string, category: string, rawLabel: string, citation: string | null, description: string, sectionId: string | null, ordinal: number, kind: SourceKind = 'structured') => ({
    id, jurisdiction, category, raw_label: rawLabel, classified_by: 'label', citation, description, scope: null, notes: null,
    section_id: sectionId, ordinal, ...prov(kind === 'structured' ? `hole-tld/jurisdictions/${jurisdiction}.json` : `statutes/${jurisdiction}.txt`, kind),
  });
  return [
    row('federal:exemption:5:deliberative_process', 'federal', 'deliberative_process', 'Inter-agency Memoranda', '5 U.S.C. § 552(b)(5)', 'Invented: predecisional memoranda between agencies.', 'sec:federal:552(b)(5)', 0),
    row('federal:exemption:6:personal_privacy', 'federal', 'personal_privacy', 'Personnel and Medical Files', '5 U.S.C. § 552(b)(6)', 'Invented: files whose release would intrude on personal privacy.', 'sec:federal:552(b)(6)', 1),
    row('federal:exemption:7:law_enforcement', 'federal', 'law_enforcement', 'Law Enforcement Records', '5 U.S.C. § 552(b)(7)', 'Invented: investigation records whose release could harm enforcement.', 'sec:federal:552(b)(7)', 2),
    row('texas:exemption:0:statutory_confidentiality', 'texas', 'statutory_confidentiality', 'Confidential by Law', "Tex. Gov't Code § 552.101", 'Invented: information confidential under another statute or a court decision.', 'sec:texas:552.101', 0),
    row('texas:exemption:1:personal_privacy', 'texas', 'personal_privacy', 'Personal Information', "Tex. Gov't Code § 552.102", 'Invented: personnel file details whose release would intrude on privacy.', null, 1),
    row('washington:exemption:0:personal_privacy', 'washington', 'personal_privacy', 'Personal Information', 'RCW 42.56.230', 'Invented: personal information held in agency files.', 'sec:washington:42.56.230', 0, 'statute_text'),
    row('washington:exemption:1:security_infrastructure', 'washington', 'security_infrastructure', 'Security Records', 'RCW 42.56.420', 'Invented: vulnerability assessments and response plans.', null, 1),
    row('alabama:exemption:0:security_infrastructure', 'alabama', 'security_infrastructure', 'Security Plans', null, 'Invented: records whose release would endanger public safety.', null, 0),
  ];
}

function rightRows() {
  const row = (
    id: string, jurisdiction: string, category: string, title: string, citation: string | null, text: string, textKind: SourceKind,
    sectionId: string | null, analysis: string, ordinal: number, conditions: string | null = null,
  ) => {
    const textPath = textKind === 'statute_text' ? (jurisdiction === 'texas' ? 'summaries/texas.txt' : `statutes/${jurisdiction}.txt`) : `summaries/${jurisdiction}.txt`;
    return {
      id, jurisdiction, category, title, citation, statutory_text: text, text_source_kind: textKind, text_source_path: textPath, section_id: sectionId,
      conditions, applies_to: 'Any person', analysis, implementation_notes: null, request_tips: null,
      evidence: JSON.stringify([basis(textPath, text.slice(0, 40), sectionId?.split(':')[2] ?? null, citation)]), ordinal, ...prov(textPath, textKind),
    };
  };
  return [
    row('federal:inspection:agency-records', 'federal', 'inspection', 'Right to obtain agency records', '5 U.S.C. § 552(a)(3)', FEDERAL_SECTIONS[2]!.text, 'statute_text', 'sec:federal:552(a)(3)', 'Invented analysis: any person may ask any agency for records it holds.', 0, 'The request must reasonably describe the records.'),
    row('federal:timeliness:twenty-day-decision', 'federal', 'timeliness', 'Decision within twenty working days', '5 U.S.C. § 552(a)(6)', FEDERAL_SECTIONS[3]!.text, 'statute_text', 'sec:federal:552(a)(6)', 'Invented analysis: the agency owes a determination on a timetable.', 1),
    row('federal:fees_and_waivers:public-interest-waiver', 'federal', 'fees_and_waivers', 'Fee waiver in the public interest', '5 U.S.C. § 552(a)(4)', 'Invented summary: fees are waived or reduced when disclosure is in the public interest.', 'summary', null, 'Invented analysis: journalists often qualify for a waiver of duplication fees.', 2),
    row('texas:inspection:prompt-production', 'texas', 'inspection', 'Prompt production of public information', "Tex. Gov't Code § 552.221(a)", TEXAS_SECTIONS[3]!.text, 'statute_text', 'sec:texas:552.221(a)', 'Invented analysis: the officer must produce information promptly, without delay.', 0),
    row('texas:timeliness:ten-day-ruling', 'texas', 'timeliness', 'Ruling request within ten business days', "Tex. Gov't Code § 552.301(b)", TEXAS_SECTIONS[7]!.text, 'statute_text', 'sec:texas:552.301(b)', 'Invented analysis: a body that wants to withhold must seek a ruling quickly.', 1),
    row('washington:inspection:all-public-records', 'washington', 'inspection', 'Inspection and copying of all public records', 'RCW 42.56.070(1)', WASHINGTON_SECTIONS[1]!.text, 'statute_text', 'sec:washington:42.56.070(1)', 'Invented analysis: records are open unless a statute exempts them.', 0),
    row('washington:judicial_review:show-cause', 'washington', 'judicial_review', 'Show-cause hearing in superior court', 'RCW 42.56.550', WASHINGTON_SECTIONS[5]!.text, 'statute_text', 'sec:washington:42.56.550', 'Invented analysis: the agency bears the burden of proof in court.', 1),
    row('alabama:inspection:every-citizen', 'alabama', 'inspection', 'Every citizen may inspect public writings', 'Ala. Code § 36-12-40', 'Invented summary: citizens may inspect and copy public writings.', 'summary', null, 'Invented analysis: the right is stated for citizens of the state.', 0),
  ];
}

function crossReferenceRows() {
  const ref = (jurisdiction: string, fromType: string, fromId: string, to: string, text: string) => ({
    jurisdiction, from_type: fromType, from_id: fromId, to_section_id: to, citation_text: text,
  });
  return [
    ref('federal', 'section', 'sec:federal:552(a)(6)', 'sec:federal:552(b)', '5 U.S.C. § 552(b)'),
    ref('federal', 'right', 'federal:timeliness:twenty-day-decision', 'sec:federal:552(b)', '§ 552(b)'),
    ref('federal', 'right', 'federal:inspection:agency-records', 'sec:federal:552(a)(6)', '§ 552(a)(6)'),
    ref('federal', 'exemption', 'federal:exemption:6:personal_privacy', 'sec:federal:552(b)(6)', '5 U.S.C. § 552(b)(6)'),
    ref('texas', 'section', 'sec:texas:552.301', 'sec:texas:552.101', 'Section 552.101'),
    ref('texas', 'exemption', 'texas:exemption:0:statutory_confidentiality', 'sec:texas:552.101', 'Sec. 552.101'),
    ref('washington', 'right', 'washington:judicial_review:show-cause', 'sec:washington:42.56.550', 'RCW 42.56.550'),
  ];
}

function responseRequirements(days: number | null, unit: 'business' | 'calendar' | null, path: string, quote: string, label: string | null, citation: string | null): DerivedResponseRequirements {
  return {
    initialDeadline: days === null || unit === null ? null : {
      days, unit, kind: 'initial_response', appliesTo: null, unitInferred: false, basis: basis(path, quote, label, citation), corroboratedBy: [],
    },
    noFixedDeadline: days === null,
    noFixedDeadlineReason: days === null ? 'reasonable time' : null,
    noFixedDeadlineBasis: [],
    otherDeadlines: [],
    extension: null,
    tolling: null,
    afterHoursReceipt: null,
    deemedDenial: null,
  };
}

function responseRequirementRows() {
  const row = (jurisdiction: string, details: DerivedResponseRequirements, citation: string | null, kind: SourceKind, path: string) => ({
    jurisdiction,
    initial_days: details.initialDeadline?.days ?? null,
    initial_unit: details.initialDeadline?.unit ?? null,
    no_fixed_deadline: details.noFixedDeadline,
    no_fixed_deadline_reason: details.noFixedDeadlineReason,
    citation,
    details: JSON.stringify(details),
    ...prov(path, kind),
  });
  const federal = responseRequirements(20, 'business', 'statutes/federal.txt', 'within twenty working days', '552(a)(6)', '5 U.S.C. § 552(a)(6)');
  federal.extension = { statement: 'Invented: ten more working days in unusual circumstances.', basis: [], allowed: true, maxDays: 10, unit: 'business', conditions: ['unusual circumstances'] };
  return [
    row('federal', federal, '5 U.S.C. § 552(a)(6)', 'statute_text', 'statutes/federal.txt'),
    row('texas', responseRequirements(10, 'business', 'summaries/texas.txt', 'within ten business days', '552.221(d)', "Tex. Gov't Code § 552.221(d)"), "Tex. Gov't Code § 552.221(d)", 'statute_text', 'summaries/texas.txt'),
    row('washington', responseRequirements(5, 'business', 'statutes/washington.txt', 'Within five business days', '42.56.520(1)', 'RCW 42.56.520(1)'), 'RCW 42.56.520(1)', 'statute_text', 'statutes/washington.txt'),
    row('alabama', responseRequirements(null, null, 'summaries/alabama.txt', '', null, null), null, 'summary', 'summaries/alabama.txt'),
  ];
}

function fees(slug: string, waiver: boolean | null, criteria: string | null, citation: string | null, perPage: number | null): DerivedFees {
  return {
    copyFeePerPage: perPage, copyFee: perPage === null ? null : `$${perPage.toFixed(2)} per page (invented)`, searchFee: null, electronicFee: null,
    certificationFee: null, feeWaiver: { available: waiver, criteria, citation }, advancePayment: null, feeEstimate: null, notes: [],
    citations: citation ? [citation] : [], provenance: { sourcePath: `hole-tld/jurisdictions/${slug}.json`, sourceKind: 'structured', verifiedDate: VERIFIED },
  };
}

function appeals(slug: string, steps: DerivedAppeals['steps'], attorneyFees: boolean | null, feeCitation: string | null): DerivedAppeals {
  return {
    steps, administrativeAppealRequired: steps[0]?.kind === 'administrative' ? true : null,
    attorneyFees: { recoverable: attorneyFees, notes: null, citation: feeCitation }, burdenOfProof: null,
    mediation: { available: null, provider: null }, penalties: { civil: null, criminal: null, statutoryDamages: null, citations: [] },
    provenance: { sourcePath: `hole-tld/jurisdictions/${slug}.json`, sourceKind: 'structured', verifiedDate: VERIFIED },
  };
}

function requester(slug: string, residency: boolean | null, purpose: boolean | null): DerivedRequesterRequirements {
  return {
    residencyRequired: residency, purposeRequired: purpose, purposeProhibited: null, identificationRequired: null, identificationProhibited: null,
    writtenRequestRequired: null, notes: [], provenance: { sourcePath: `hole-tld/jurisdictions/${slug}.json`, sourceKind: 'structured', verifiedDate: VERIFIED },
  };
}

function step(level: number, kind: 'administrative' | 'oversight' | 'judicial', body: string, days: number | null, citation: string | null): DerivedAppeals['steps'][number] {
  return { level, kind, body, deadline: days === null ? null : { days, unit: 'business' }, deadlineNotes: null, notes: null, citation, sectionLabel: null };
}

function procedureRows() {
  const detailRow = (jurisdiction: string, details: object) => ({ jurisdiction, details: JSON.stringify(details), ...prov(`hole-tld/jurisdictions/${jurisdiction}.json`, 'structured') });
  return {
    fees: [
      detailRow('federal', fees('federal', true, 'Invented: disclosure in the public interest, not primarily commercial.', '5 U.S.C. § 552(a)(4)(A)(iii)', 0.1)),
      detailRow('texas', fees('texas', true, 'Invented: the public interest is served.', "Tex. Gov't Code § 552.267", 0.1)),
      detailRow('washington', fees('washington', false, null, null, 0.15)),
    ],
    appeals: [
      detailRow('federal', appeals('federal', [step(1, 'administrative', 'Agency head', 90, '5 U.S.C. § 552(a)(6)(A)'), step(2, 'judicial', 'U.S. District Court', null, null)], true, '5 U.S.C. § 552(a)(4)(E)')),
      detailRow('texas', appeals('texas', [step(1, 'oversight', 'Attorney General', 10, "Tex. Gov't Code § 552.301")], true, null)),
      detailRow('washington', appeals('washington', [step(1, 'judicial', 'Superior Court', null, 'RCW 42.56.550')], true, 'RCW 42.56.550(4)')),
      detailRow('alabama', appeals('alabama', [step(1, 'judicial', 'Circuit Court', null, null)], null, null)),
    ],
    requester: [
      detailRow('federal', requester('federal', false, false)),
      detailRow('texas', requester('texas', false, false)),
      detailRow('washington', requester('washington', false, null)),
      detailRow('alabama', requester('alabama', true, null)),
    ],
  };
}

function oversightRows() {
  const body = (slug: string, name: string, role: string, citation: string | null): DerivedOversightBody => ({
    name, role, url: null, contact: null, powers: ['Invented: mediates disputes'], citation,
    provenance: { sourcePath: `hole-tld/jurisdictions/${slug}.json`, sourceKind: 'structured', verifiedDate: VERIFIED },
  });
  const row = (id: string, slug: string, details: DerivedOversightBody) => ({
    id, jurisdiction: slug, name: details.name, role: details.role, url: details.url, citation: details.citation, details: JSON.stringify(details),
    ...prov(`hole-tld/jurisdictions/${slug}.json`, 'structured'),
  });
  return [
    row('federal:oversight:0', 'federal', body('federal', 'Office of Government Information Services', 'Ombudsman', '5 U.S.C. § 552(h)')),
    row('texas:oversight:0', 'texas', body('texas', 'Office of the Attorney General', 'Rules on withholding requests', "Tex. Gov't Code § 552.301")),
  ];
}

function obligationRows() {
  const row = (id: string, jurisdiction: string, statement: string, citation: string | null, ordinal: number) => ({
    id, jurisdiction, statement, citation, ordinal, ...prov(`hole-tld/jurisdictions/${jurisdiction}.json`, 'structured'),
  });
  return [
    row('federal:obligation:0', 'federal', 'Invented: publish a FOIA reference guide.', '5 U.S.C. § 552(g)', 0),
    row('texas:obligation:0', 'texas', 'Invented: display a sign explaining the rights of requestors.', "Tex. Gov't Code § 552.205", 0),
  ];
}

/** Reviewed facts, as ingestion stores them: two verified against the fixture text, one citation only. */
function legalFactRows() {
  const row = (id: string, jurisdiction: string, field: string, value: unknown, display: string, citation: string, quote: string | null, sourceKind: string, sectionId: string | null, verified: boolean, ordinal: number, requesterClass: string | null = null) => ({
    id, jurisdiction, field, requester_class: requesterClass, applies_to: null, value: JSON.stringify(value), display, citation, quote, source_kind: sourceKind,
    section_id: sectionId, verified, reviewed: '2026-11-24', notes: null, source_path: `data/legal-facts/${jurisdiction}.json`, ordinal,
  });
  return [
    row('federal:fact:initial_response:0', 'federal', 'initial_response', { action: 'determine', days: 20, unit: 'business', counted_from: 'receipt', standard: null },
      '20 business days to determine whether to comply, from receipt', '5 U.S.C. § 552(a)(6)', 'decides within twenty working days whether it will comply', 'statute_text', 'sec:federal:552(a)(6)', true, 0),
    row('texas:fact:other_deadline:0', 'texas', 'other_deadline', { actor: 'agency', action: 'ask for a ruling', days: 10, unit: 'business' },
      'The agency: ask for a ruling within 10 business days', "Tex. Gov't Code § 552.301(b)", null, 'citation_only', null, false, 0),
    row('texas:fact:initial_response:0', 'texas', 'initial_response', { action: 'produce', days: 15, unit: 'calendar', counted_from: null, standard: null },
      '15 calendar days to produce the records', "Tex. Gov't Code § 552.999", null, 'citation_only', null, false, 1, 'nonresident'),
  ];
}

/** Inserts the invented dataset into a migrated database. */
export async function seedLawDatabase(db: Knex): Promise<void> {
  const procedure = procedureRows();
  await db.transaction(async (trx) => {
    await trx('jurisdictions').insert(jurisdictionRows());
    await trx('laws').insert(lawRows());
    await trx('law_documents').insert(documentRows());
    await trx('law_sections').insert(allSectionRows());
    await trx('exemption_categories').insert(categoryRows());
    await trx('exemptions').insert(exemptionRows());
    await trx('rights').insert(rightRows());
    await trx('cross_references').insert(crossReferenceRows());
    await trx('response_requirements').insert(responseRequirementRows());
    await trx('fees').insert(procedure.fees);
    await trx('appeals').insert(procedure.appeals);
    await trx('requester_requirements').insert(procedure.requester);
    await trx('agency_obligations').insert(obligationRows());
    await trx('oversight_bodies').insert(oversightRows());
    await trx('legal_facts').insert(legalFactRows());
  });
}
