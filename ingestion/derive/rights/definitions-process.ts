import { firstQuote, informative, obligation, obligationItems, when, type RightDefinition } from './right-definition.js';

/*
 * Rights about how a request is handled: timeliness (other than the numeric deadline, which
 * derive-rights builds from the response requirements), fees, denials and partial release.
 */


/** Timeliness, fee, denial and release rights. */
export const PROCESS_RIGHTS: readonly RightDefinition[] = [
  {
    name: 'prompt_response',
    category: 'timeliness',
    title: 'Prompt response to requests',
    rule: {
      any: [/\bpromptly\b/i, /\bas soon as (is )?(practicable|possible|reasonably possible)\b/i, /\bwithout (unreasonable |undue )?delay\b/i, /\bimmediately available\b/i],
      all: [/\b(request\w*|inspection|copies|records?)\b/i, /\b(respond\w*|response|furnish\w*|produc\w*|available|provide\w*|permit\w*|prepared|acted upon|grant\w*)\b/i],
      none: [/\b(appeal|court|meeting|minutes|destroy|publish|index|decision|opinion|report|notify the (attorney general|commission))\b/i, /\bnot immediately available\b/i, /\brequesting agency|exigent\b/i],
    },
    prefer: [/\brequest/i, /\b(respond|produce|furnish|make\b.{0,20}available)/i],
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('response.goodFaithStandard', r.response.goodFaithStandard), ...when('response.immediateAccessStandard', r.response.immediateAccessStandard)],
    explain: (_r, ev) => `Agencies must answer requests promptly${firstQuote(ev) ? ` ("${firstQuote(ev)?.slice(0, 140)}")` : ''}.`,
  },
  {
    name: 'deemed_denial',
    category: 'timeliness',
    title: 'Silence past the deadline counts as a denial',
    rule: { any: [/\b(deemed|considered|treated as|constitute[sd]?)\b.{0,40}\bden(ied|ial)\b/i], all: [/\b(respond|response|fail\w*|time limit|within)\b/i] },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('response.deemedDenial', r.response.deemedDenial)],
    explain: () => 'If the agency does not answer in time, the request is treated as denied, so the requester can move on to an appeal or to court.',
  },
  {
    name: 'extension_notice',
    category: 'timeliness',
    title: 'Written notice before the agency takes more time',
    rule: {
      any: [/\b(extend|extension|additional time|more time|longer period)\b/i],
      all: [/\b(notif\w*|notice|in writing|written (response|explanation|statement))\b/i],
      none: [/\b(appeal|court|meeting|lease|contract)\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) =>
      r.response.extensionAllowed === false
        ? []
        : [r.response.extensionNotes, ...r.response.extensionConditions].filter((t): t is string => informative(t) && /notif|notice|writ/i.test(t)).map((v) => ({ path: 'response.extensionNotes', value: v })),
    conditions: (r) => (r.response.extensionMaxDays !== null ? `Longest extension stated in the record: ${r.response.extensionMaxDays} days.` : null),
    explain: () => 'When the agency needs more time it must tell the requester, in writing where the sources say so, and within the limits they set.',
  },
  {
    name: 'expedited_processing',
    category: 'expedited_processing',
    title: 'Expedited processing',
    rule: { any: [/\bexpedited (processing|basis|treatment|handling|access)\b/i, /\brequests? for expedit\w*/i], none: [/\bcourt\b/i] },
    textAlone: ['statute_text'],
    explain: () => 'Requesters can ask for a request to be processed faster when the statute\'s conditions are met.',
  },
  {
    name: 'cost_limited_fees',
    category: 'fees_and_waivers',
    title: 'Fees limited to the cost of providing records',
    rule: {
      any: [/\bactual (cost|expense)s?\b/i, /\breasonable (fee|charge|cost)s?\b/i, /\bcost of (reproduction|duplication|copying|making the cop)/i, /\b(fee|charge)s?\b.{0,60}\b(shall|may) not exceed\b/i],
      all: [/\b(fee|charge|cost)s?\b/i],
      none: [/\battorney'?s? fees\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [
      ...when('fees.copyFeePerPage', r.fees.copyFeePerPage),
      ...[r.fees.copyFeeNotes, r.fees.copyFeeText, r.fees.searchFeeNotes, r.fees.notes, r.fees.reasonablenessStandard]
        .filter((t): t is string => informative(t) && /actual|reasonable|cost|not exceed|\$|cents?/i.test(t))
        .slice(0, 2)
        .map((v) => ({ path: 'fees.copyFeeNotes', value: v })),
    ],
    cite: (r) => r.fees.copyFeeCite ?? r.fees.searchFeeCite,
    conditions: (r) => (r.fees.copyFeePerPage !== null ? `Per-page copy fee in the record: $${r.fees.copyFeePerPage.toFixed(2)}.` : informative(r.fees.copyFeeNotes) ? r.fees.copyFeeNotes : null),
    explain: (_r, ev) => `Fees are limited by law (actual or reasonable cost, or a stated cap)${firstQuote(ev) ? `: "${firstQuote(ev)?.slice(0, 140)}"` : ''}.`,
  },
  {
    name: 'fee_waiver',
    category: 'fees_and_waivers',
    title: 'Fee waiver or reduction',
    rule: {
      any: [/\b(waive[sd]?|waiver)\b.{0,40}\b(fees?|costs?|charges?)\b/i, /\b(fees?|costs?|charges?)\b.{0,40}\b(waived|waiver)\b/i, /\bwithout charge or at a (substantially )?reduced\b/i],
      none: [/\bshall not (be )?waive/i, /\bcode commission\b|\blicens\w+\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => when('fees.feeWaiverAvailable', r.fees.feeWaiverAvailable),
    refutedBy: (r) => (r.fees.feeWaiverAvailable === false ? { path: 'fees.feeWaiverAvailable', value: false } : null),
    cite: (r) => r.fees.feeWaiverCite,
    conditions: (r) => r.fees.feeWaiverCriteria ?? r.fees.feeWaiverNotes,
    explain: (r) => `Fees may be waived or reduced${r.fees.feeWaiverCriteria ? ` (criteria in the sources: ${r.fees.feeWaiverCriteria})` : ''}.`,
  },
  {
    name: 'free_inspection',
    category: 'fees_and_waivers',
    title: 'No charge merely to inspect records',
    rule: {
      any: [/\b(no (fee|charge)|free of charge|without charge|shall not (charge|assess|require)\b.{0,30}\b(fee|charge))\b.{0,80}\b(inspect\w*|view\w*|examin\w*)/i, /\b(inspect\w*|view\w*|examin\w*)\b.{0,80}\b(free of charge|without charge|no (fee|charge))/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [r.fees.notes, r.fees.searchFeeNotes, r.fees.copyFeeNotes].filter((t): t is string => informative(t) && /(no (fee|charge)|free)\b.{0,40}inspect|inspect\w*.{0,40}(free|no (fee|charge))/i.test(t)).map((v) => ({ path: 'fees.notes', value: v })),
    explain: () => 'Inspecting records costs nothing; fees, where allowed, are for copies or other services.',
  },
  {
    name: 'fee_estimate',
    category: 'fees_and_waivers',
    title: 'Advance estimate of fees',
    rule: {
      any: [/\bestimate\w*\b.{0,60}\b(fees?|costs?|charges?)\b/i, /\b(fees?|costs?|charges?)\b.{0,60}\bestimate/i],
      all: [/\b(requesters?|requestors?|person (making|requesting)|applicants?|notify|provide|give|furnish|written)\b/i],
      none: [/\bnot (be )?required to (provide|give) (an )?estimate/i, /\bpublic project|\bbids?\b|fails to pay|deposit\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('fees.feeEstimate', r.fees.feeEstimate), ...obligation(r, ['fee_estimate_required'])],
    explain: () => 'The requester is told the expected cost before it is incurred, where the sources require an estimate.',
  },
  {
    name: 'written_denial_with_reasons',
    category: 'written_denial_with_reasons',
    title: 'Written denial stating the reasons',
    rule: {
      any: [/\bden(y|ies|ial|ied|ying)\b.{0,100}\b(in writing|written)\b/i, /\b(in writing|written)\b.{0,100}\bden(y|ies|ial|ied|ying)\b/i, /\b(reasons?|basis|grounds|specific exemption|statutory (authority|citation)|cit(e|ing) the)\b.{0,60}\b(den(y|ial|ied)|withh\w+)/i, /\b(den(y|ial|ied)|withh\w+)\b.{0,80}\b(reasons?|basis|grounds|specific exemption|statutory (authority|citation))\b/i],
      none: [/\bappeal\w*\b.{0,40}\b(den(ial|ied))\b.{0,40}\bcourt\b/i, /\bannual(ly)?\b|\breports?\b|\bnumber of\b|\bfees?\b|\bcosts?\b|\bsolely on the basis\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...obligation(r, ['denial_requirements', 'written_statement_required']), ...obligationItems(r, /denial|deny/i)],
    explain: () => 'A denial must be given in writing and say why (the exemption relied on), so that it can be challenged.',
  },
  {
    name: 'segregable_release',
    category: 'segregable_release',
    title: 'Release of the non-exempt parts of a record',
    rule: {
      any: [
        /\breasonably segregable\b/i,
        /\b(exempt|confidential|nonexempt|non-exempt)\b.{0,80}\b(shall|must) be (separated|redacted|deleted|excised)\b/i,
        /\b(redact|delet|excis|separat)\w*\b.{0,60}\b(exempt|confidential)\b.{0,100}\b(remainder|rest|balance|remaining|non-?exempt|made available|available for|disclos\w*|release\w*|provide\w*)\b/i,
        /\bredacted (record|copy|copies|version)\b.{0,60}\b(made available|provided|released)\b/i,
        /\bredacted whenever possible\b/i,
        /\b(non-?exempt|non-?confidential) (portions?|parts?|information|material)\b/i,
        /\bseparate (the )?exempt (from|and) non-?exempt\b/i,
        /\bdisclose (the )?portions? of (a|the) record\b.{0,40}\bnot exempt\b/i,
      ],
      none: [/\bnot (be )?required to redact/i, /\b(fees?|costs?|charges?|register of deeds|intent of the|employee or official|social security)\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...obligation(r, ['segregation_required', 'redaction_required', 'redaction_requirements']), ...obligationItems(r, /redact|non-confidential portions|segregat/i)],
    explain: () => 'Where only part of a record is exempt, the rest must be released, with the exempt parts redacted or separated.',
  },
];
