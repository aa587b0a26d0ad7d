import { informative, obligation, when, type FieldEvidence, type RightDefinition } from './right-definition.js';
import type { JurisdictionRecord } from '../../records/jurisdiction-record-types.js';

/*
 * Rights to challenge a denial and to have the law enforced, and the principles that favour
 * disclosure. Appeal routes come from the structured record's levels; the statute language
 * is quoted where the statute file has the provision.
 */

const JUDICIAL = /\b(court|mandamus|writ|judicial|chancery)\b/i;
const OUTSIDE_BODY = /\b(attorney general|ombuds\w*|commission|council|counselor|board|office of|supervisor of records|committee|hearing examiners?|district attorney)\b/i;

function levels(r: JurisdictionRecord): Array<{ path: string; body: string }> {
  const out: Array<{ path: string; body: string }> = [];
  if (r.appeal.first) out.push({ path: 'appeal.first.body', body: r.appeal.first.body });
  if (r.appeal.second) out.push({ path: 'appeal.second.body', body: r.appeal.second.body });
  return out;
}

function administrativeLevels(r: JurisdictionRecord): FieldEvidence[] {
  return levels(r)
    .filter((l) => !JUDICIAL.test(l.body) && !OUTSIDE_BODY.test(l.body) && !/^no administrative/i.test(l.body))
    .map((l) => ({ path: l.path, value: l.body }));
}

function outsideLevels(r: JurisdictionRecord): FieldEvidence[] {
  return levels(r)
    .filter((l) => OUTSIDE_BODY.test(l.body) && !/mediation \(voluntary\)|guidance only/i.test(l.body))
    .map((l) => ({ path: l.path, value: l.body }));
}

function judicialLevels(r: JurisdictionRecord): FieldEvidence[] {
  const fromLevels = levels(r).filter((l) => JUDICIAL.test(l.body)).map((l) => ({ path: l.path, value: l.body }));
  return [...fromLevels, ...when('appeal.judicialReviewAvailable', r.appeal.judicialReviewAvailable)];
}

/** Appeal, enforcement and interpretation rights. */
export const REMEDY_RIGHTS: readonly RightDefinition[] = [
  {
    name: 'administrative_appeal',
    category: 'appeal',
    title: 'Appeal within the agency',
    rule: {
      any: [/\bappeal\w*\b.{0,80}\b(head of (the )?(agency|public body|department)|chief administrative officer|appeals officer|governing body)\b/i, /\b(head of (the )?(agency|public body)|chief administrative officer)\b.{0,80}\bappeal/i],
      none: [/\bno (administrative )?appeals?\b/i, /\bnot required\b/i],
    },
    prefer: [/\b(may|can|right to) (file an )?appeal/i, /\bappeal to the head\b/i],
    textAlone: ['statute_text'],
    fields: administrativeLevels,
    refutedBy: (r) => (r.appeal.noAdministrativeAppeals === true ? { path: 'appeal.noAdministrativeAppeals', value: true } : null),
    cite: (r) => r.appeal.first?.cite ?? null,
    conditions: (r) => (r.appeal.first?.deadline ? `Appeal deadline in the record: ${r.appeal.first.deadline.days} ${r.appeal.first.deadline.unit ?? ''} days.`.replace('  ', ' ') : (r.appeal.first?.deadlineNotes ?? null)),
    explain: (r) => `A denial can be appealed inside the agency${r.appeal.first && !JUDICIAL.test(r.appeal.first.body) ? ` (${r.appeal.first.body})` : ''} before going elsewhere.`,
  },
  {
    name: 'oversight_review',
    category: 'oversight_review',
    title: 'Review by an outside oversight body',
    rule: {
      any: [/\b(complaint|petition|appeal|request for (an )?(opinion|review))\b.{0,100}\b(attorney general|ombuds\w*|commission|counselor|office of (open records|information practices|government information services)|supervisor of records|records committee|hearing examiners|public information board|compliance board)\b/i],
      none: [/\bcourt\b.{0,30}\bappeal\b/i, /\bno (administrative )?appeals?\b/i, /\bnot (available|provide)/i, /\bdoes not (provide|have)\b/i, /\bappeal a decision of the\b/i, /\bconfidential/i],
    },
    prefer: [/\b(may|can|shall have the right to) (file|appeal|petition|submit|request)/i],
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [
      ...outsideLevels(r),
      ...(informative(r.oversight.role) && /complain|appeal|review|opinion|ombuds|mediat|enforce|investigat|decid/i.test(r.oversight.role) ? [{ path: 'oversight.role', value: `${r.oversight.name ?? ''}: ${r.oversight.role}` }] : []),
    ],
    cite: (r) => r.oversight.statuteReference ?? (r.appeal.first && OUTSIDE_BODY.test(r.appeal.first.body) ? r.appeal.first.cite : null),
    conditions: (r) => (r.appeal.first && OUTSIDE_BODY.test(r.appeal.first.body) && r.appeal.first.deadline ? `Filing deadline in the record: ${r.appeal.first.deadline.days} days.` : null),
    explain: (r) => `A requester can take a dispute to ${r.oversight.name ?? 'an outside oversight body'}, which reviews complaints or appeals as the sources describe.`,
  },
  {
    name: 'mediation',
    category: 'mediation',
    title: 'Mediation of records disputes',
    rule: { any: [/\bmediat\w*\b/i], all: [/\b(records?|requests?|requesters?|disputes?|complaints?)\b/i], none: [/\bmediation communications\b/i, /\bexempt\b/i, /\bno mediation\b/i, /\bif mediation fails\b/i] },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => (r.appeal.mediationAvailable ? [{ path: 'appeal.mediationAvailable', value: true }, ...when('appeal.mediationProvider', r.appeal.mediationProvider)] : []),
    refutedBy: (r) => (r.appeal.mediationAvailable === false ? { path: 'appeal.mediationAvailable', value: false } : null),
    explain: (r) => `Disputes can be mediated${r.appeal.mediationProvider ? ` by ${r.appeal.mediationProvider}` : ''}.`,
  },
  {
    name: 'court_action',
    category: 'judicial_review',
    title: 'Right to go to court',
    rule: {
      any: [
        /\b(person|requester|requestor|citizen|applicant|complainant|party)\w*\b.{0,60}\b(denied|aggrieved)\b.{0,120}\b(court|action|suit|mandamus|injunct\w*|writ|petition)\b/i,
        /\b(any|a|the) (person|requester|requestor|citizen|applicant|complainant)\b.{0,40}\bmay (bring|file|institute|commence|apply|petition|seek|sue)\b.{0,80}\b(court|action|suit|mandamus|injunct\w*|writ|proceedings?|relief)\b/i,
        /\bon complaint, the district court\b/i,
        /\bjurisdiction to enjoin\b.{0,60}\bwithholding\b/i,
        /\b(any|a) person may bring an action\b/i,
      ],
      none: [/\b(may not file|shall not file|public body may|agency may|archivist|ethics commission|injunction restraining|consumer protection|employee may|obstruct)/i],
    },
    textAlone: ['statute_text', 'summary', 'process_map'],
    fields: judicialLevels,
    cite: (r) => [r.appeal.first, r.appeal.second].find((l) => l && JUDICIAL.test(l.body))?.cite ?? null,
    conditions: (r) => {
      const l = [r.appeal.first, r.appeal.second].find((x) => x && JUDICIAL.test(x.body));
      return l?.deadline ? `Filing deadline in the record: ${l.deadline.days} days.` : (l?.deadlineNotes ?? null);
    },
    appliesTo: (_r, requesters) => `${requesters} whose request was denied`,
    explain: (r) => `A denial can be challenged in court${r.appeal.courtJurisdiction && !/not specified/i.test(r.appeal.courtJurisdiction) ? ` (${r.appeal.courtJurisdiction})` : ''}.`,
  },
  {
    name: 'in_camera_review',
    category: 'judicial_review',
    title: 'Court may examine the withheld records',
    rule: { any: [/\bin camera\b/i] },
    textAlone: ['statute_text'],
    explain: () => 'The court may examine the withheld records privately to decide whether an exemption applies.',
  },
  {
    name: 'attorney_fees',
    category: 'attorney_fees',
    title: 'Recovery of attorney fees and costs',
    rule: {
      any: [/\battorney'?s?'? fees\b/i, /\b(reasonable )?(attorney|legal) fees\b/i, /\blitigation costs\b/i, /\bcosts and fees\b/i],
      all: [/\b(award\w*|recover\w*|assess\w*|entitled|pay|reimburs\w*|available)\b/i],
      none: [/\b(shall not|may not) (be )?award\w*\b.{0,30}\b(attorney|fees)/i, /\bfees? for (the )?(search|copies|copying)\b/i, /\bprotective order\b/i, /\bschool records\b/i],
    },
    prefer: [/\bcourt\b/i, /\bprevail\w*\b/i],
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('appeal.attorneyFeesRecoverable', r.appeal.attorneyFeesRecoverable)],
    refutedBy: (r) => (r.appeal.attorneyFeesRecoverable === false ? { path: 'appeal.attorneyFeesRecoverable', value: false } : null),
    cite: (r) => r.appeal.attorneyFeesCite,
    conditions: (r) => (informative(r.appeal.attorneyFeesNotes) ? r.appeal.attorneyFeesNotes : null),
    appliesTo: (_r, requesters) => `${requesters} who bring a court action under the law`,
    explain: (r) => `A court may award attorney fees and costs to the requester${informative(r.appeal.attorneyFeesNotes) ? ` (${r.appeal.attorneyFeesNotes})` : ''}.`,
  },
  {
    name: 'civil_penalties',
    category: 'penalties_and_damages',
    title: 'Civil penalties or damages for violations',
    rule: { none: [/\bmisdemeanor\b/i], any: [/\bcivil penalt\w*\b/i, /\bstatutory damages\b/i, /\b(fine|forfeit\w*|penalty) of (not (more than|less than|to exceed) )?(\$|one hundred|five hundred|one thousand)/i, /\bliable for\b.{0,40}\b(penalty|damages)\b/i] },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => [...when('appeal.civilPenaltiesAvailable', r.appeal.civilPenaltiesAvailable), ...(informative(r.appeal.civilPenalties) && /\$|penalt|fine|damages/i.test(r.appeal.civilPenalties) ? [{ path: 'appeal.civilPenalties', value: r.appeal.civilPenalties }] : []), ...when('appeal.statutoryDamages', r.appeal.statutoryDamages)],
    refutedBy: (r) => (r.appeal.civilPenaltiesAvailable === false ? { path: 'appeal.civilPenaltiesAvailable', value: false } : null),
    cite: (r) => r.appeal.civilPenaltiesCite ?? r.appeal.statutoryDamagesCite,
    conditions: (r) => (informative(r.appeal.civilPenalties) ? r.appeal.civilPenalties : r.appeal.statutoryDamages),
    explain: () => 'Officials or agencies that violate the law can be made to pay civil penalties or damages.',
  },
  {
    name: 'criminal_penalties',
    category: 'penalties_and_damages',
    title: 'Criminal penalties for wilful violations',
    rule: {
      any: [/\bmisdemeanor\b/i, /\bguilty of\b/i, /\bcriminal penalt\w*\b/i],
      all: [/\b(refus\w*|violat\w*|fail\w* to comply|den(y|ies|ied))\b/i],
      none: [/\bno criminal penalt/i, /\bdisclos\w*\b.{0,40}\b(confidential|a copy)/i, /\b(sell|sold|list|lists|subscription)\b/i, /\bdestr\w*\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => [...when('appeal.criminalPenaltiesAvailable', r.appeal.criminalPenaltiesAvailable), ...(informative(r.appeal.criminalPenalties) && /misdemeanor|criminal|penalt|jail|imprison/i.test(r.appeal.criminalPenalties) && !/^no\b/i.test(r.appeal.criminalPenalties) ? [{ path: 'appeal.criminalPenalties', value: r.appeal.criminalPenalties }] : [])],
    refutedBy: (r) => (r.appeal.criminalPenaltiesAvailable === false ? { path: 'appeal.criminalPenaltiesAvailable', value: false } : null),
    conditions: (r) => (informative(r.appeal.criminalPenalties) ? r.appeal.criminalPenalties : null),
    appliesTo: () => 'Enforced by prosecutors against officials who violate the law',
    explain: () => 'Wilful violations can be prosecuted as crimes.',
  },
  {
    name: 'burden_on_agency',
    category: 'burden_on_agency',
    title: 'The agency must justify withholding',
    rule: {
      any: [/\bburden of (proof|persuasion|showing|establishing)\b/i, /\b(bears?|has|have|shall have) the burden\b/i, /\bburden\b.{0,30}\bto (establish|prove|show|sustain|justify|demonstrate)\b/i],
      all: [/\b(agency|public body|custodian|governmental (body|entity)|public office|public agency|government|entity)\b/i],
      none: [/\breporting burden|unduly burden|burdensome|on the (requester|requestor|plaintiff|petitioner)\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => (informative(r.appeal.burdenOfProof) && /agency|government|public body|custodian|entity|office|justify/i.test(r.appeal.burdenOfProof) ? [{ path: 'appeal.burdenOfProof', value: r.appeal.burdenOfProof }] : []),
    explain: () => 'In a dispute the agency, not the requester, has to show that an exemption applies.',
  },
  {
    name: 'presumption_of_openness',
    category: 'presumption_of_openness',
    title: 'Presumption of openness and narrow exemptions',
    rule: {
      any: [/\b(liberally|broadly) construed\b/i, /\bconstrued (liberally|broadly)\b/i, /\bpresum\w+\b.{0,20}\b(to be )?(open|public records?|a public record|disclos\w*|access)\b/i, /\bpresumption (of|in favor of|toward|favoring)\b/i, /\bexemptions?\b.{0,60}\b(narrowly|strictly) construed\b/i, /\b(narrowly|strictly) construed\b.{0,40}\b(exemption|exception|confidential)/i, /\bconfidential\b.{0,60}\b(narrowly|strictly) construed\b/i, /\bconstrued in favor of (the )?(public'?s? right of access|access|disclosure|openness)\b/i],
      none: [/\b(penal|criminal)\b/i, /\bcommercial\b.{0,20}\bnarrowly/i, /\bbenefit\b/i],
    },
    textAlone: ['statute_text', 'summary'],
    fields: (r) => obligation(r, ['liberal_construction', 'presumption_of_openness', 'liberal_interpretation']),
    cite: (r) => r.obligations.find((o) => o.key === 'liberal_construction')?.cite ?? null,
    appliesTo: () => 'All requesters; binds agencies and courts applying the law',
    explain: () => 'The law is read in favour of access: records are presumed open and exemptions are construed narrowly.',
  },
  {
    name: 'proactive_disclosure',
    category: 'proactive_disclosure',
    title: 'Records the agency must publish without a request',
    rule: {
      any: [/\b(shall|must)\b.{0,30}\b(publish|post|make available)\b.{0,100}\b(website|internet|federal register|index|reading room|electronic(ally)?)\b/i, /\baffirmative(ly)? (disclos\w*|agency disclosure)/i, /\bshall make available for public inspection\b/i],
      none: [/\bupon request\b/i, /\bmeet(ing)?s?\b/i, /\bnotice of\b/i, /\bagenda\b/i, /\bform described\b/i],
    },
    textAlone: ['statute_text'],
    fields: (r) => [...obligation(r, ['mandatory_disclosure_categories', 'website_posting_required', 'index_required'])],
    appliesTo: () => 'General public',
    explain: () => 'Some records must be made public by the agency on its own initiative, without waiting for a request.',
  },
  {
    name: 'constitutional_right',
    category: 'constitutional_right',
    title: 'Constitutional right of access',
    rule: {
      any: [/\bconstitution(al)?\b.{0,60}\bright\b.{0,60}\b(inspect|examine|access|public (records|documents)|information|know)\b/i, /\b(article|art\.)\s+[IVX0-9]+\b.{0,80}\b(right to (examine|know|inspect|access)|denied the right to examine)/i, /\bconstitution(al)? (protection|foundation|amendment)\b.{0,60}\b(access|right)/i],
      none: [/\bunconstitutional\b/i, /\bfirst amendment|fourteenth amendment|due process/i],
    },
    textAlone: ['summary'],
    fields: (r) => [...when('law.constitutionalBasis', r.law.constitutionalBasis), ...when('requester.constitutionalRight', r.requester.constitutionalRight)],
    explain: (r) => `Access to public records is also protected by the state constitution${r.law.constitutionalBasis ? ` (${r.law.constitutionalBasis})` : ''}.`,
  },
];
