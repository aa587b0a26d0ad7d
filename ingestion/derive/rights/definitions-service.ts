import { informative, obligation, obligationItems, when, type RightDefinition } from './right-definition.js';

/*
 * Service rights: how the agency must deal with the requester along the way (acknowledging,
 * referring, telling the cost, capping delays and charges, delivering copies).
 */

/** Acknowledgment, referral, fee-notice, extension-limit, delivery and fee-allowance rights. */
export const SERVICE_RIGHTS: readonly RightDefinition[] = [
  {
    name: 'acknowledgment_of_request',
    category: 'timeliness',
    title: 'Acknowledgment that the request was received',
    rule: { any: [/\backnowledg\w*\b.{0,60}\b(receipt|request)\b/i], none: [/\bnot (be )?required to acknowledg/i, /\bbest practice\b/i] },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('response.promptAcknowledgmentRequired', r.response.promptAcknowledgmentRequired), ...when('response.acknowledgment', r.response.acknowledgment)],
    refutedBy: (r) => (r.response.promptAcknowledgmentRequired === false && !r.response.acknowledgment ? { path: 'response.promptAcknowledgmentRequired', value: false } : null),
    explain: () => 'The agency must confirm that it has received the request.',
  },
  {
    name: 'referral_to_custodian',
    category: 'assistance',
    title: 'Referral to the office that holds the records',
    rule: {
      any: [
        /\bnot in (its|the|his|her) (custody|possession|control)\b.{0,160}\b(notify|inform|advise|refer|forward|direct)\w*/i,
        /\b(notify|inform|advise|refer|forward|direct)\w*\b.{0,160}\b(custodian|agency|office|entity) (that|which|who) (has|holds|maintains|possesses)\b/i,
        /\b(name|identity) and (contact information|location|address) of the (custodian|agency|office)/i,
      ],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => obligationItems(r, /\b(refer|forward)\w*\b.{0,40}\b(request|custodian)|not in (its )?custody/i),
    explain: () => 'If the agency does not hold the records, it must say so and point the requester to the office that does.',
  },
  {
    name: 'extension_limit',
    category: 'timeliness',
    title: 'Extensions of time are capped',
    rule: {
      any: [/\b(extend|extension)\w*\b.{0,100}\b(maximum|not (to )?exceed|no (more|longer) than|up to|not more than)\b.{0,40}\b(days?|weeks?)\b/i, /\badditional\b.{0,20}\b(\d+|\w+) (business |working |calendar )?days\b/i],
      all: [/\b(request|respon\w*|records?)\b/i],
      none: [/\b(appeal|court|meeting|lease|contract)\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => (r.response.extensionAllowed !== false && r.response.extensionMaxDays !== null && r.response.extensionMaxDays > 0 ? [{ path: 'response.extensionMaxDays', value: r.response.extensionMaxDays }] : []),
    conditions: (r) => (informative(r.response.extensionNotes) ? r.response.extensionNotes : r.response.extensionConditions.join('; ') || null),
    explain: (r) => `The agency cannot extend its time indefinitely${r.response.extensionMaxDays ? `: the record gives at most ${r.response.extensionMaxDays} more days` : ''}.`,
  },
  {
    name: 'fee_notice',
    category: 'fees_and_waivers',
    title: 'Notice of fees before they are charged',
    rule: {
      any: [/\bnotify\w*\b.{0,60}\b(fee|cost|charge)s?\b/i, /\b(fee|cost|charge)s?\b.{0,60}\b(in advance|before (the )?(copies|records|work))\b.{0,40}\b(notif\w*|inform\w*|advis\w*)/i, /\bexceed\w*\b.{0,40}\$\s?\d+.{0,80}\b(notif\w*|inform\w*|consent|approv\w*|authoriz\w*)/i],
      none: [/\battorney'?s? fees\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('fees.advancePayment', r.fees.advancePayment && /notif|inform|estimate|notice/i.test(r.fees.advancePayment) ? r.fees.advancePayment : null)],
    explain: () => 'The requester is told of charges before incurring them, and can narrow the request or decline.',
  },
  {
    name: 'electronic_copy_fee_limit',
    category: 'fees_and_waivers',
    title: 'Limited fees for electronic copies',
    rule: {
      any: [/\b(electronic|computeri[sz]ed|database|e-?mail(ed)?)\b.{0,100}\b(actual cost|no more than|not (to )?exceed|no (fee|charge)|free of charge|same fee)\b/i, /\b(no|without) (per-page |per page )?(fee|charge)\b.{0,40}\belectronic/i],
      all: [/\b(fee|charge|cost)s?\b/i],
      none: [/\bmeetings?\b|\bminutes\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => (informative(r.fees.electronicFee) && /\bactual\b|\bcost\b|\bfree\b|no (fee|charge)|not exceed|same as|\$/i.test(r.fees.electronicFee) && !/varies/i.test(r.fees.electronicFee) ? [{ path: 'fees.electronicFee', value: r.fees.electronicFee }] : []),
    cite: (r) => r.fees.electronicFeeCite,
    conditions: (r) => (informative(r.fees.electronicFee) ? `Electronic fee in the record: ${r.fees.electronicFee}` : null),
    explain: (r) => `Charges for electronic copies are limited${informative(r.fees.electronicFee) ? ` (${r.fees.electronicFee})` : ''}.`,
  },
  {
    name: 'free_allowance',
    category: 'fees_and_waivers',
    title: 'First pages or hours free of charge',
    rule: { any: [/\b(first|initial) (\w+ |\(\d+\) )?(hours?|pages?)\b.{0,60}\b(free|no (fee|charge)|without charge|may not (charge|be charged))\b/i, /\b(no (fee|charge)|free of charge|without charge)\b.{0,60}\b(first|initial) (\w+ |\(\d+\) )?(hours?|pages?)\b/i, /\b(first|initial) (\w+ |\(\d+\) )?(hours?|pages?)\b.{0,20}\bare free\b/i] },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => r.fees.extras.filter((e) => /first_\d+_(pages|hours)_free/.test(e.field) && e.value === true).map((e) => ({ path: e.field.replace(/^fee_structure\./, 'fees.'), value: true })),
    explain: () => 'A first block of pages or staff time is provided without charge.',
  },
  {
    name: 'copies_by_mail_or_email',
    category: 'copies',
    title: 'Copies sent by mail or electronically',
    rule: {
      any: [
        /\b(mail|e-?mail|transmit|send|deliver)\w*\b.{0,40}\bcop(y|ies)\b.{0,80}\b(requesters?|requestors?|person (requesting|making)|applicants?)\b/i,
        /\bcop(y|ies)\b.{0,40}\b(must|shall) be (mailed|sent|e-?mailed|transmitted)\b/i,
        /\brequest that the custodian (mail|send|e-?mail)/i,
        /\bsending copies\b.{0,80}\bmail\b/i,
      ],
      none: [/\bnot (be )?required to (mail|send|transmit|deliver)/i, /\b(notice of review|complaint|special counsel|indexes)\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => obligation(r, ['response_format_options'], /\bmail|\be-?mail|\bdeliver/i),
    explain: () => 'Copies can be delivered by mail or electronically rather than collected in person.',
  },
  {
    name: 'court_priority',
    category: 'judicial_review',
    title: 'Records cases heard quickly',
    rule: { any: [/\b(precedence|priority)\b.{0,80}\b(docket|calendar|hearing|cases?|matters?)\b/i, /\b(expedit\w*|speedy|summary) (hearing|proceeding|review|consideration)\b/i, /\bassigned for (hearing|trial) at the earliest\b/i] },
    textAlone: ['statute_text'],
    explain: () => 'Courts are to hear records cases ahead of ordinary business or on an expedited basis.',
  },
  {
    name: 'no_search_fee',
    category: 'fees_and_waivers',
    title: 'No charge for search or staff time',
    rule: {
      any: [/\b(no|not|cannot|shall not|may not)\b.{0,20}\b(charge|fee|cost)s?\b.{0,40}\b(search|staff time|locat\w+|retriev\w+)\b/i, /\b(search|staff time|locating)\b.{0,40}\b(free|no (fee|charge)|may not be charged|shall not be charged)\b/i],
      none: [/\bcommercial (purpose|use|request)\b.{0,40}\b(may|can) (charge|include)/i, /\bmay charge\b/i, /\bif more than\b/i, /\bredact/i, /\bweb ?site\b/i, /\bwhen the requester\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [r.fees.searchFee, r.fees.searchFeeNotes].filter((t): t is string => informative(t) && /^(no|none)\b|\bno (search|staff)|cannot charge|not (be )?charge|may not charge|shall not charge/i.test(t)).map((v) => ({ path: 'fees.searchFee', value: v })),
    cite: (r) => r.fees.searchFeeCite,
    explain: (_r, ev) => `Searching for records is not charged to the requester${ev.fields[0] ? ` ("${String(ev.fields[0].value).slice(0, 120)}")` : ''}.`,
  },
  {
    name: 'de_novo_review',
    category: 'judicial_review',
    title: 'Court decides the matter afresh',
    rule: { any: [/\bde novo\b/i], all: [/\b(court|review|determin\w*|hear\w*)\b/i] },
    textAlone: ['statute_text', 'summary'],
    explain: () => 'The court decides for itself whether the records must be released, without deferring to the agency.',
  },
];
