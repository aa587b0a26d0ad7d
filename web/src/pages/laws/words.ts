/** The law browser's words for the API's keys: fact fields, requester classes, categories, deadlines. */
import type { FactField, JurisdictionSummary } from '../../../../sdk/typescript/src/index.js';

/** The reviewed-fact fields in reading order, grouped, each with a plain heading and what it answers. */
export const FACT_GROUPS: ReadonlyArray<{ title: string; fields: ReadonlyArray<{ field: FactField; heading: string; hint: string }> }> = [
  {
    title: 'Deadlines',
    fields: [
      { field: 'initial_response', heading: 'Response deadline', hint: 'How long the agency has to answer a request.' },
      { field: 'acknowledgment', heading: 'Acknowledging the request', hint: 'Whether and when the agency must confirm it received the request.' },
      { field: 'extension', heading: 'Extension of time', hint: 'Whether the agency may take longer, and on what terms.' },
      { field: 'deemed_denial', heading: 'No answer in time', hint: 'What silence past the deadline counts as.' },
      { field: 'expedited_processing', heading: 'Expedited processing', hint: 'Faster handling for urgent requests.' },
      { field: 'other_deadline', heading: 'Other deadlines', hint: 'Further time limits for the agency, the requester or a reviewer.' },
    ],
  },
  {
    title: 'Making a request',
    fields: [
      { field: 'who_may_request', heading: 'Who may request', hint: 'Who has the right to ask, and any limits.' },
      { field: 'request_recipient', heading: 'Where to send a request', hint: 'The officer or office that receives requests.' },
    ],
  },
  {
    title: 'Fees',
    fields: [
      { field: 'copy_fees', heading: 'Copy fees', hint: 'What copies may cost.' },
      { field: 'search_fees', heading: 'Search and staff-time fees', hint: 'Whether time spent finding and preparing records may be charged.' },
      { field: 'fee_waiver', heading: 'Fee waiver', hint: 'When fees are waived or reduced.' },
    ],
  },
  {
    title: 'Appeals and enforcement',
    fields: [
      { field: 'administrative_appeal', heading: 'Appeals', hint: 'Review of a denial inside the government, before court.' },
      { field: 'court_review', heading: 'Going to court', hint: 'Which court hears a challenge, and any filing deadline.' },
      { field: 'attorney_fees', heading: 'Attorney fees', hint: 'Whether a requester who wins recovers legal costs.' },
      { field: 'penalties', heading: 'Penalties', hint: 'Sanctions for unlawful withholding or destruction of records.' },
    ],
  },
];

const REQUESTER_CLASS: Record<string, string> = {
  nonresident: 'Requesters from outside the jurisdiction',
  commercial: 'Commercial requesters',
  media: 'News media',
  incarcerated: 'People in prison or jail',
  own_records: 'People asking for records about themselves',
};

export function requesterClassText(c: string): string {
  return REQUESTER_CLASS[c] ?? humanize(c);
}

/** `fees_and_waivers` → "Fees and waivers". */
export function humanize(key: string): string {
  const s = key.replace(/[_-]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function deadlineText(d: JurisdictionSummary['initial_deadline']): string {
  if (!d) return 'Not stated';
  if (d.days !== null) return `${d.days} ${d.unit ?? ''} day${d.days === 1 ? '' : 's'}`.replace(/\s+/g, ' ');
  if (d.no_fixed_deadline) return 'No fixed deadline';
  return 'Not stated';
}

export function statuteTextStatus(s: JurisdictionSummary['statute_text']): string {
  if (!s.available) return 'Not in the law database';
  if (s.coverage === 'full') return 'Full text';
  if (s.coverage === 'partial') return 'Partial text';
  return 'In the law database';
}

/** A statute label as a reader writes it: "§ 552.221(d)". */
export function sectionSign(label: string): string {
  return `§ ${label}`;
}
