/**
 * The follow-up letter on an overdue request, as blocks like the request letter. One
 * generic builder for every jurisdiction: it refers to the request and the day it was sent,
 * states the response deadline with its pinpoint citation and the day it ran out, states the
 * law's remedy for silence only where a reviewed fact gives one (deemed denial, and the appeal
 * it opens, each with its citation), and asks for a date. Nothing is said that the law
 * database does not say; the requester's own words are quoted as they wrote them.
 */
import { cited, REQUESTER_CLASS_LABELS } from '../deadline-wording.js';
import { daysText } from '../../legal-facts/fact-display.js';
import type { RequesterClass } from '../../legal-facts/legal-fact-schema.js';
import type { FoiaLawStore, LetterLaw } from '../foia-law-store.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { factFor } from '../law-facts.js';
import { localDate } from '../request-deadline.js';
import { loadLetterLaw } from './letter-law.js';
import { addressLines, officerTitle, signatureLines } from './letter-parties.js';
import { longDate, type LetterBlock, type LetterRequest } from './request-letter.js';

/** What a follow-up states of the law: the request letter's law, and the remedy for silence. */
export interface FollowUpLaw {
  letter: LetterLaw;
  /** Present only where a reviewed fact says a failure to respond in time counts as a denial. */
  deemedDenial: { when: string | null; citation: string } | null;
  /** The administrative appeal, where a reviewed fact says the law provides one. */
  appeal: { to: string | null; citation: string } | null;
}

export async function loadFollowUpLaw(store: FoiaLawStore, jurisdiction: string, requesterClass: RequesterClass | null): Promise<FollowUpLaw> {
  const [letter, facts] = await Promise.all([loadLetterLaw(store, jurisdiction, requesterClass), store.facts(jurisdiction, ['deemed_denial', 'administrative_appeal'])]);
  const denial = factFor(facts, 'deemed_denial', requesterClass);
  const appeal = factFor(facts, 'administrative_appeal', requesterClass);
  return {
    letter,
    deemedDenial: denial?.value.applies ? { when: denial.value.when, citation: denial.citation } : null,
    appeal: appeal?.value.exists ? { to: appeal.value.to, citation: appeal.citation } : null,
  };
}

/** What the builder reads of a request: the letter's fields, when it was sent and the deadline applied to it. */
export type FollowUpRequest = LetterRequest & Pick<FoiaRequestRecord, 'submitted_at' | 'time_zone' | 'deadline'>;

const lawNameOf = (law: LetterLaw, jurisdiction: string): string => law.lawName ?? `public records law of ${law.jurisdictionName ?? jurisdiction}`;

/** The letter's subject line (without "Re:"), also the e-mail's subject. */
export function followUpSubject(request: Pick<LetterRequest, 'subject'>, law: LetterLaw): string {
  return `Follow-up: ${law.lawName ? `${law.lawName} request` : 'Public records request'}: ${request.subject}`;
}

function deadlineParagraph(request: FollowUpRequest, law: LetterLaw): LetterBlock {
  const name = lawNameOf(law, request.jurisdiction);
  // The deadline applied to this request (stored with it), else the law's; never a number the data does not give.
  const days = request.deadline?.days ?? law.deadline?.days ?? null;
  const unit = request.deadline?.days != null ? request.deadline.unit : (law.deadline?.unit ?? null);
  const citation = request.deadline?.citation ?? law.deadline?.citation ?? null;
  const variant = law.deadline?.requesterClass && law.deadline.requesterClass === request.requester_class ? law.deadline.requesterClass : null;
  const whose = variant ? ` to a request from ${REQUESTER_CLASS_LABELS[variant]}` : '';
  const due = request.due_date ? ` By my count, your response was due by ${longDate(request.due_date)}, and I have not received one.` : ' I have not received a response.';
  const rule = days !== null ? `The ${name} requires a response${whose} within ${daysText(days, unit)} of receipt${cited(citation)}.` : '';
  return { kind: 'paragraph', spans: [`${rule}${due}`.trim()] };
}

function remedyParagraph(law: FollowUpLaw, name: string): LetterBlock | null {
  if (!law.deemedDenial) return null;
  const terms = law.deemedDenial.when ? ` The law’s terms: ${law.deemedDenial.when.replace(/[\s.;,]+$/, '')}.` : '';
  const appeal = law.appeal ? ` I may then appeal${law.appeal.to ? ` to ${law.appeal.to}` : ''}${cited(law.appeal.citation)}.` : '';
  return {
    kind: 'paragraph',
    spans: [`Under the ${name}, a failure to respond in time counts as a denial of the request${cited(law.deemedDenial.citation)}.${terms}${appeal} I would prefer to receive the records without taking that step.`],
  };
}

/** The follow-up's blocks. `today` is its date (`YYYY-MM-DD`, in the agency's zone). */
export function buildFollowUpLetter(request: FollowUpRequest, law: FollowUpLaw, today: string): LetterBlock[] {
  const { agency } = request;
  const name = lawNameOf(law.letter, request.jurisdiction);
  const officer = officerTitle(law.letter.recipient);
  const sentOn = request.submitted_at ? ` On ${longDate(localDate(new Date(request.submitted_at), request.time_zone))}, I` : ' I';
  const blocks: LetterBlock[] = [
    { kind: 'lines', lines: [longDate(today)] },
    { kind: 'lines', lines: addressLines(officer, agency) },
    { kind: 'subject', text: `Re: ${followUpSubject(request, law.letter)}` },
  ];
  if (request.tracking_numbers.length > 0) blocks.push({ kind: 'lines', lines: [`Reference: ${request.tracking_numbers.join(', ')}`] });
  blocks.push(
    { kind: 'paragraph', spans: [`Dear ${officer ?? 'Records Officer'}:`] },
    { kind: 'paragraph', spans: [`${sentOn} sent you a request under the ${name}${cited(law.letter.lawCitation)} for the following records:`.trim()] },
    { kind: 'quote', text: request.description },
    deadlineParagraph(request, law.letter),
  );
  const remedy = remedyParagraph(law, name);
  if (remedy) blocks.push(remedy);
  blocks.push(
    {
      kind: 'paragraph',
      spans: [
        `Please tell me by what date you expect to respond to this request. If you have already responded, please send me a copy of your response${request.tracking_numbers.length === 0 ? ', and if you have given the request a reference number, please let me know it' : ''}.`,
      ],
    },
    { kind: 'paragraph', spans: ['Thank you for your help.'] },
    { kind: 'paragraph', spans: ['Sincerely,'] },
    { kind: 'lines', lines: signatureLines(request.requester) },
  );
  return blocks;
}
