/** Words for packets: part kinds, formats, statuses, the compare fields a comparison can line up. */
import type { Compilation, CompareField, CompilePart, PacketFormat } from '../../../../sdk/typescript/src/index.js';

export type { PacketFormat } from '../../../../sdk/typescript/src/index.js';
export type PartKind = CompilePart['kind'];
export type CompilationStatus = Compilation['status'];

/** Most parts one packet may have (the API's limit). */
export const MAX_PARTS = 60;
/** Most fields one comparison may line up. */
export const MAX_FIELDS = 10;
/** Most search results a search part may include. */
export const MAX_SEARCH_LIMIT = 25;

export const FORMAT_LABELS: Readonly<Record<PacketFormat, string>> = { pdf: 'PDF', markdown: 'Markdown', html: 'HTML' };
export const FORMATS = Object.keys(FORMAT_LABELS) as PacketFormat[];

export const PART_LABELS: Readonly<Record<PartKind, string>> = {
  jurisdiction_profile: 'Jurisdiction profile',
  comparison: 'Comparison',
  statute: 'Statute',
  search: 'Search results',
  conversation: 'Research conversation',
  foia_request: 'FOIA request',
};
export const PART_KINDS = Object.keys(PART_LABELS) as PartKind[];

export const STATUS_LABELS: Readonly<Record<CompilationStatus, string>> = {
  queued: 'Queued',
  running: 'Compiling',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const isFinished = (s: CompilationStatus): boolean => s === 'completed' || s === 'failed' || s === 'cancelled';

/** The fields of `GET /api/v2/transparency/compare`, as the map's and the API's documentation name them. */
export const COMPARE_FIELD_LABELS: Readonly<Record<CompareField, string>> = {
  initial_deadline: 'Initial response deadline',
  nonresident_deadline: 'Initial deadline for nonresidents',
  acknowledgment: 'Acknowledgment',
  extension: 'Extension',
  deemed_denial: 'Deemed denial',
  other_deadlines: 'Other deadlines',
  who_may_request: 'Who may request',
  residency_required: 'Residency required',
  purpose_required: 'Purpose required',
  identification_required: 'Identification required',
  request_recipient: 'Request recipient',
  expedited_processing: 'Expedited processing',
  fee_waiver: 'Fee waiver',
  copy_fee_per_page: 'Copy fee per page',
  search_fee: 'Search fee',
  attorney_fees: 'Attorney fees',
  administrative_appeal: 'Administrative appeal',
  administrative_appeal_required: 'Administrative appeal required',
  appeal_route: 'Appeal route',
  court_review: 'Court review',
  oversight_body: 'Oversight body',
  penalties: 'Penalties',
  statute_text_available: 'Statute text available',
  exemption_count: 'Exemptions',
  rights_count: 'Rights of access',
};
export const COMPARE_FIELDS = Object.keys(COMPARE_FIELD_LABELS) as CompareField[];

/** A requested part in words: "Comparison: Initial response deadline, in all jurisdictions". */
export function partText(p: CompilePart, name: (slug: string) => string): string {
  switch (p.kind) {
    case 'jurisdiction_profile':
      return `Jurisdiction profile: ${name(p.jurisdiction)}`;
    case 'comparison': {
      const where = p.jurisdictions === 'all' ? 'all jurisdictions' : p.jurisdictions.map(name).join(', ');
      return `Comparison: ${p.fields.map((f) => COMPARE_FIELD_LABELS[f] ?? f).join(', ')}, in ${where}`;
    }
    case 'statute':
      return `Statute: ${p.citation}${p.jurisdiction ? ` (${name(p.jurisdiction)})` : ''}`;
    case 'search': {
      const only = p.filters?.jurisdictions?.length ? ` in ${p.filters.jurisdictions.map(name).join(', ')}` : '';
      return `Search results: “${p.query}”${only}${p.limit ? `, up to ${p.limit}` : ''}`;
    }
    case 'conversation':
      return 'Research conversation';
    case 'foia_request':
      return 'FOIA request';
  }
}
