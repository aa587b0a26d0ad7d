import { firstQuote, informative, obligation, obligationItems, when, type RightDefinition } from './right-definition.js';

/*
 * Rights to see and get records, and what a requester need not do to get them.
 * Each rule quotes the language that grants the right; `none` keeps out sentences that
 * deny or limit it ("shall not be required to provide copies").
 */

const NEGATED = /\b(shall not|may not|is not|are not|not be|no person shall|nothing in this)\b/i;

/** Rights of inspection, copies, formats, and requester-neutral access. */
export const ACCESS_RIGHTS: readonly RightDefinition[] = [
  {
    name: 'right_to_inspect',
    category: 'inspection',
    title: 'Right to inspect public records',
    rule: {
      any: [/\b(persons?|citizens?|public|requesters?|individuals?|he|she|they)\b.{0,40}\bright to (inspect|examine)/i, /\bright to (inspect|examine)\b.{0,20}\b(any|all|public|a public)\b/i, /\bopen (to|for) (public |personal )?(inspection|examination)/i, /\bopen to (the )?public\b.{0,20}\binspection/i, /\bpublic records\b.{0,20}\b(shall be|are) open to\b/i, /\bavailable to the public\b/i, /\b(permit|allow)\w*\b.{0,60}\b(to be )?(inspected|examined)\b/i, /\b(readily )?accessible for inspection\b/i, /\b(may|shall be (permitted|allowed) to) (inspect|examine)\b/i, /\bavailable for (public )?inspection\b/i, /\binspect and (copy|take a copy)/i, /\bright to (access|inspect) (and copy )?(public|government) (records|data|information)/i],
      none: [/\bshall not be (open|available) for (public )?inspection/i, /\bnot (be )?(open|available) to (the )?public inspection/i, /\b(exempt|confidential|closed records?)\b.{0,60}inspection/i, /\bmeetings?\b/i, /\bprevail/i, /\bcourt\b/i, /\bdenied the right\b/i, /\bindex\b/i],
    },
    prefer: [/\b(every|any|all) (persons?|citizens?|requesters?)\b/i, /\bright to (inspect|examine)/i, /\b(all )?public records\b.{0,60}\b(open|available)/i, /\b(by|to) the public\b/i, /\bavailable for inspection and copying\b/i],
    textAlone: ['statute_text', 'summary', 'process_map'],
    fields: (r) => [...obligation(r, ['response_format_options'], /\binspect/i), ...obligationItems(r, /\b(inspection|examination)\b/i).slice(0, 1)],
    explain: (_r, ev) => `The sources grant a right to inspect public records${ev.texts[0] ? `; the quoted provision reads: "${ev.texts[0].quote.slice(0, 160)}${ev.texts[0].quote.length > 160 ? '…' : ''}"` : ''}.`,
  },
  {
    name: 'inspection_during_business_hours',
    category: 'inspection',
    title: 'Inspection during regular office hours',
    rule: {
      any: [/\b(regular |normal |usual )?(business|office) hours\b/i],
      all: [/\b(inspect\w*|examin\w*|available|open|access)\b/i],
      none: [/\boutside (of )?(its |the )?(usual |regular |normal )?(business|office) hours/i, /\bnot (be )?required\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => obligation(r, ['business_hours_access']),
    cite: (r) => r.obligations.find((o) => o.key === 'business_hours_access')?.cite ?? null,
    explain: () => 'Records are to be open for inspection during the office hours of the agency that keeps them.',
  },
  {
    name: 'right_to_copies',
    category: 'copies',
    title: 'Right to obtain copies',
    rule: {
      any: [/\b(open|available)\b.{0,150}\bfor (public )?inspection and copying\b/i, /\b(obtain|receive|make|take|furnish\w*|provide\w*|get) (a )?(cop(y|ies)|reproductions?)\b/i, /\bcop(y|ies) (of|thereof)\b.{0,80}\b(shall|must|may) (be )?(furnish|provid|made|given)/i, /\binspect and (copy|take a copy)/i, /\b(right to|may) (inspect|examine),? (and |or )?(copy|reproduce)/i],
      none: [/\bnot (be )?required to (furnish|provide|make) (a )?cop/i, NEGATED, /\b(prevail\w*|attorney'?s? fees?|penalt\w*|criminal|general assembly|index|court|award|denied the right|meetings?|minutes|identification|inform the public)\b/i],
    },
    prefer: [/\b(every|any|all) (persons?|citizens?|requesters?)\b/i, /\bright to\b/i, /\b(shall|must) (furnish|provide|make) (a )?cop/i],
    textAlone: ['statute_text', 'summary', 'process_map'],
    fields: (r) => [...when('fees.copyFeePerPage', r.fees.copyFeePerPage), ...when('fees.copyFeeText', r.fees.copyFeeText), ...obligation(r, ['response_format_options'], /\bcop(y|ies)\b/i)],
    cite: (r) => r.fees.copyFeeCite,
    conditions: (r) => (r.fees.copyFeePerPage !== null ? `Copy fee stated in the record: $${r.fees.copyFeePerPage.toFixed(2)} per page.` : informative(r.fees.copyFeeNotes) ? r.fees.copyFeeNotes : null),
    explain: (_r, ev) => `Requesters may obtain copies of public records${ev.fields.some((f) => f.path.startsWith('fees.')) ? ', subject to the copy fees the law allows' : ''}.`,
  },
  {
    name: 'certified_copies',
    category: 'copies',
    title: 'Certified copies',
    rule: {
      any: [/\bcertified cop(y|ies) of (a |any |the |such )?(public )?(record|writing|document)/i, /\b(give|furnish|provide)\w*\b.{0,60}\bcertified cop(y|ies)\b/i, /\bright to obtain a certified copy\b/i],
      none: [NEGATED, /\bcertified mail\b/i, /\boffice of information practices\b/i, /\bmilitary|discharge\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => (informative(r.fees.certificationFee) && !/not (specified|available)/i.test(r.fees.certificationFee) ? when('fees.certificationFee', r.fees.certificationFee) : []),
    explain: (r) => `Copies may be certified${informative(r.fees.certificationFee) ? ` (certification fee in the record: ${r.fees.certificationFee})` : ''}.`,
  },
  {
    name: 'electronic_format',
    category: 'format',
    title: 'Records in electronic or requested format',
    rule: {
      any: [
        /\b(provide|furnish|produce|make available|made available|provided)\w*\b.{0,80}\b(in|as) (an |any |the )?(electronic (format|form|copy|copies)|(form|format|medium) (requested|chosen)|requested (electronic )?(form|format|medium)|format (in which|requested))/i,
        /\belectronic cop(y|ies)\b.{0,60}\b(must|shall) be provided\b/i,
        /\bat the (election|option) of the (person|requester|requestor)\b.{0,120}\belectronic/i,
        /\b(in|any) (form or format|electronic format) (requested|in which)/i,
        /\bright to (specify|choose|request)\b.{0,30}\b(form|format)\b/i,
      ],
      none: [/\b(shall not|not) be construed to require\b/i, /\bnot required to\b/i, /\bnothing in this\b/i, /\bagenda|meetings?\b/i, /\bsensitive software\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...obligation(r, ['response_format_options'], /\belectronic|\bformats?\b|\bnative\b|\bdigital\b/i), ...obligation(r, ['electronic_records_provision'])],
    explain: (_r, ev) => `Records can be provided in electronic form or the format requested where the sources say so${firstQuote(ev) ? ` ("${firstQuote(ev)?.slice(0, 140)}")` : ''}.`,
  },
  {
    name: 'electronic_submission',
    category: 'request_submission',
    title: 'Requests may be submitted electronically',
    rule: {
      any: [
        /\brequests?\b.{0,60}\b(may|can|shall) be (made|submitted|sent|transmitted|delivered|received)\b.{0,100}\b(e-?mail|electronic(ally)?|fax|facsimile|internet|online|portal)\b/i,
        /\b(submit|make|send|transmit)\w*\b.{0,30}\brequests?\b.{0,60}\b(by|via|through) (e-?mail|electronic|fax|facsimile|(the )?internet|online|(a |an )?portal)/i,
        /\belectronic (submission|requests?)\b/i,
        /\brequests?\b.{0,40}\bby (e-?mail|electronic mail)\b/i,
      ],
      none: [/\bnot (be )?(accepted|required to accept)/i, /\bspam|junk/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...obligation(r, ['electronic_submission_accepted']), ...obligation(r, ['web_portal_required'])],
    refutedBy: (r) => (r.obligations.some((o) => o.key === 'electronic_submission_accepted' && o.value === false) ? { path: 'obligations.electronic_submission_accepted', value: false } : null),
    explain: () => 'Requests can be made electronically (e-mail, portal or similar), as the sources state.',
  },
  {
    name: 'oral_or_informal_request',
    category: 'request_submission',
    title: 'No written form required for a request',
    rule: {
      any: [
        /\b(oral|verbal)(ly)?\b.{0,20}\b(or written )?requests?\b.{0,60}\b(may|can|shall be (accepted|honored))/i,
        /\brequests?\b.{0,40}\b(may|can) be (made )?(oral(ly)?|verbal(ly)?|in person|by telephone)/i,
        /\b(oral or written|written or oral) requests?\b/i,
        /\bneed not be (made )?(in person or )?in writing\b/i,
        /\bshall not require a written request\b/i,
        /\bno (specific |particular )?form (is )?required/i,
      ],
      none: [/\b(must|shall) be (made |submitted )?in writing\b/i, /\bexigent\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => (r.requester.writtenRequestRequired === false ? [{ path: 'requester.writtenRequestRequired', value: false }] : []),
    refutedBy: (r) => (r.requester.writtenRequestRequired === true ? { path: 'requester.writtenRequestRequired', value: true } : null),
    refuteRule: { any: [/\brequests? (for (public )?records )?(must|shall) be (made |submitted )?in writing\b/i] },
    explain: () => 'A request need not be made on a particular written form; the sources allow oral or informal requests.',
  },
  {
    name: 'no_purpose_requirement',
    category: 'no_purpose_requirement',
    title: 'No need to state a reason for the request',
    rule: {
      any: [/\b(shall|may) not\b.{0,60}\b(require|ask|inquire|request)\w*\b.{0,60}\b(purpose|reason|motive|why)\b/i, /\bregardless of (the )?(purpose|reason|motive)/i, /\bwithout (stating|giving|disclosing|providing) (a |the |any )?(purpose|reason)/i, /\bno (requirement|need) to (state|explain|give)\b.{0,30}(purpose|reason)/i, /\b(purpose|reason|motive)\b.{0,40}\b(is|are) (ir)?relevant|\bnot (required|need) to (state|explain|disclose)\b.{0,40}(purpose|reason)/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...(r.requester.purposeRequired === false ? [{ path: 'requester.purposeRequired', value: false }] : []), ...when('requester.purposeProhibited', r.requester.purposeProhibited)],
    refutedBy: (r) => (r.requester.purposeRequired === true ? { path: 'requester.purposeRequired', value: true } : null),
    conditions: (r) => (informative(r.requester.purposeNotes) ? r.requester.purposeNotes : null),
    explain: (r) => `Requesters need not say why they want the records${r.requester.purposeProhibited ? '; the record says agencies may not require it' : ''}.`,
  },
  {
    name: 'no_identity_requirement',
    category: 'no_identity_requirement',
    title: 'No need to prove identity',
    rule: {
      any: [/\b(shall|may) not\b.{0,60}\b(require|ask|inquire)\w*\b.{0,60}\b(identity|identification|identify|name)\b/i, /\banonymous(ly)?\b/i, /\bregardless of (the )?(identity|status)\b/i, /\bidentity\b.{0,40}\b(is|are) (ir)?relevant/i],
      all: [/\b(requesters?|requestors?|person (making|requesting|seeking)|applicants?|any person)\b/i],
      none: [/\b(must|shall) (provide|include|state)\b.{0,30}\b(name|identification)/i, /\bcivil action|winning|gift\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...(r.requester.identificationRequired === false ? [{ path: 'requester.identificationRequired', value: false }] : []), ...when('requester.identificationProhibited', r.requester.identificationProhibited)],
    refutedBy: (r) => (r.requester.identificationRequired === true ? { path: 'requester.identificationRequired', value: true } : null),
    conditions: (r) => (informative(r.requester.identificationNotes) ? r.requester.identificationNotes : null),
    explain: () => 'Requesters need not identify themselves to make a request, beyond contact details needed to answer it.',
  },
  {
    name: 'no_residency_requirement',
    category: 'no_residency_requirement',
    title: 'Open to requesters from anywhere',
    rule: {
      any: [/\b(any|every|all) persons?\b.{0,30}\b(has|have|shall have|may)\b.{0,20}\b(the )?(right to )?(inspect|examine|copy|access|request|obtain)\w*\b.{0,60}\brecords?\b/i, /\bregardless of (residency|citizenship|residence)/i, /\b(no|not) (a )?residen(cy|ce|t) requirement/i, /\bboth citizens and non-?citizens\b/i],
    },
    prefer: [/\bright to\b/i],
    textAlone: [],
    fields: (r) => (r.requester.residencyRequired === false ? [{ path: 'requester.residencyRequired', value: false }] : []),
    refutedBy: (r) => (r.requester.residencyRequired === true ? { path: 'requester.residencyRequired', value: true } : null),
    refuteRule: {
      any: [/\b(open|available) to (the )?(citizens|residents) of (this state|the commonwealth|the state)\b/i, /\bby any citizen of (this state|the commonwealth|the state)\b/i, /\bany (resident|citizen) of (this state|the commonwealth)\b.{0,60}\b(inspect|request|copy)/i, /\b(accessible|open|available)\b.{0,60}\bby the citizens of (this state|the commonwealth)\b/i],
      none: [/\bnon-?residents?\b/i],
    },
    explain: () => 'The law does not limit requests to residents or citizens of the jurisdiction.',
  },
  {
    name: 'no_use_restriction',
    category: 'no_purpose_requirement',
    title: 'No restriction on using records obtained',
    rule: { any: [/\bno restrictions? on (the )?use\b/i, /\b(shall|may) not\b.{0,40}\brestrict\w*\b.{0,40}\buse\b.{0,40}\brecords?\b/i] },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [r.requester.notes, r.requester.purposeNotes].filter((n): n is string => typeof n === 'string' && /no restrictions? on (the )?use/i.test(n)).map((v) => ({ path: 'requester.notes', value: v })),
    explain: () => 'The sources state that the use of records obtained is not restricted.',
  },
  {
    name: 'records_officer_assistance',
    category: 'assistance',
    title: 'A designated officer to handle requests and help requesters',
    rule: {
      any: [/\b(designate|appoint)\w*\b.{0,80}\b(records (access )?officer|public records officer|records custodian|FOIA (officer|coordinator)|public information officer|records request coordinator|public records request coordinator|liaison)\b/i, /\b(shall|must)\b.{0,40}\b(assist|help)\w*\b.{0,60}\b(requesters?|requestors?|applicants?|members? of the public|the public|persons? (making|seeking))\b/i, /\bFOIA Public Liaison\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => [...obligation(r, ['records_officer_required', 'assistance_required', 'clarification_assistance', 'public_liaison_required'])],
    cite: (r) => r.obligations.find((o) => o.key === 'records_officer_required')?.cite ?? null,
    conditions: (r) => {
      const o = r.obligations.find((x) => x.key === 'records_officer_title' && typeof x.value === 'string');
      return o ? `Officer named in the record: ${String(o.value)}.` : null;
    },
    explain: () => 'Agencies must designate a person responsible for public records requests, who can be asked for help.',
  },
];
