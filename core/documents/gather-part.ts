import type { ConversationStore } from '../chat/conversation-store.js';
import type { ChatMessage } from '../chat/chat-types.js';
import { AppError, type FieldIssue } from '../errors/app-error.js';
import type { FoiaAttachmentService } from '../foia/attachments/attachment-service.js';
import type { FoiaService } from '../foia/foia-service.js';
import type { SearchService } from '../search/search-service.js';
import type { CompareFieldKey } from '../transparency/compare-fields.js';
import type { ComparisonRow, TransparencyService } from '../transparency/transparency-service.js';
import type { CompilePart } from './compile-parts.js';
import type { PacketBlock, PacketCitation, PacketPart, PacketSpan } from './packet.js';

/** What gathering reads: the law database, search, and the caller's own conversations and requests. */
export interface GatherDeps {
  transparency: TransparencyService;
  search: SearchService;
  conversations: ConversationStore;
  foia: FoiaService;
  attachments: Pick<FoiaAttachmentService, 'list'>;
}

/** A part that cannot be gathered for a reason the caller can act on (not found, not theirs): reported, not retried. */
export class PartUnavailableError extends Error {
  override name = 'PartUnavailableError';
}

/** The profile's fields, grouped as a memo reads them; each is the comparison view's value for the jurisdiction. */
const PROFILE_GROUPS: ReadonlyArray<{ heading: string; fields: CompareFieldKey[] }> = [
  { heading: 'Deadlines', fields: ['initial_deadline', 'nonresident_deadline', 'acknowledgment', 'extension', 'deemed_denial', 'other_deadlines'] },
  { heading: 'Fees', fields: ['fee_waiver', 'copy_fee_per_page', 'search_fee'] },
  { heading: 'Appeals and enforcement', fields: ['administrative_appeal', 'administrative_appeal_required', 'appeal_route', 'court_review', 'attorney_fees', 'penalties', 'oversight_body'] },
  { heading: 'Who may request, and how', fields: ['who_may_request', 'residency_required', 'purpose_required', 'identification_required', 'request_recipient', 'expedited_processing'] },
];

const NOT_STATED = 'Not stated';
/** Exemptions listed in a profile, at most. */
const PROFILE_EXEMPTIONS = 200;
/** Statute nodes one statute part reads, at most (a section and its subsections). */
const STATUTE_NODES = 200;

/**
 * Resolves citations the values carry without a section id to the statute node they name, once
 * per compilation (a citation the corpus does not hold stays unlinked).
 */
export function createCitationResolver(transparency: TransparencyService): (jurisdiction: string, citation: string) => Promise<string | null> {
  const cache = new Map<string, Promise<string | null>>();
  return (jurisdiction, citation) => {
    const first = citation.split(';')[0]!.trim();
    const key = `${jurisdiction}\u0000${first}`;
    let found = cache.get(key);
    if (!found) {
      found = transparency
        .getStatute({ jurisdiction, citation: first }, { limit: 1 })
        .then((r) => r.resolved?.section_id ?? null)
        .catch(() => null);
      cache.set(key, found);
    }
    return found;
  };
}

type Resolve = ReturnType<typeof createCitationResolver>;

/** A comparison value's citation, linked to its section (the reviewed fact's, else resolved), or null when it has none. */
async function citationOf(row: ComparisonRow, resolve: Resolve): Promise<PacketCitation | null> {
  if (!row.citation) return null;
  const documentId = row.section_id ?? (await resolve(row.jurisdiction, row.citation));
  return { text: row.citation, document_id: documentId, source_kind: row.source_kind ?? 'dataset', jurisdiction: row.jurisdiction };
}

async function profilePart(deps: GatherDeps, resolve: Resolve, slug: string): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  const detail = await deps.transparency.getJurisdiction(slug);
  const blocks: PacketBlock[] = [];
  if (detail.law) {
    const lawCitation = detail.law.citation ? { text: detail.law.citation, document_id: await resolve(slug, detail.law.citation), source_kind: detail.law.provenance.source_kind, jurisdiction: slug } : null;
    blocks.push({ type: 'statement', label: 'The law', text: detail.law.name, citation: lawCitation });
  }
  const statute = detail.documents.find((d) => d.kind === 'statute');
  blocks.push({
    type: 'paragraph',
    text: statute
      ? `The law database holds the statute's text (${statute.completeness ?? 'completeness not recorded'}); statements below marked "statute text" were checked against it.`
      : 'The law database holds no statute text for this jurisdiction: statements below come from the dataset and summaries, as marked.',
  });
  const results = await deps.transparency.compareFields(PROFILE_GROUPS.flatMap((g) => g.fields), { jurisdictions: [slug] });
  const byField = new Map(results.map((r) => [r.field, r]));
  for (const group of PROFILE_GROUPS) {
    blocks.push({ type: 'heading', text: group.heading });
    for (const field of group.fields) {
      const result = byField.get(field)!;
      const row = result.data[0];
      if (!row) continue;
      const stated = row.display !== NOT_STATED;
      blocks.push({
        type: 'statement',
        label: result.label,
        text: stated ? row.display : 'Not stated in the sources.',
        citation: stated ? await citationOf(row, resolve) : null,
        quote: row.quote,
      });
    }
  }
  const exemptions = await deps.transparency.listExemptions({ jurisdictions: [slug] }, { limit: PROFILE_EXEMPTIONS });
  blocks.push({ type: 'heading', text: 'Exemptions' });
  if (exemptions.data.length === 0) blocks.push({ type: 'paragraph', text: 'The law database lists no exemptions for this jurisdiction.' });
  else {
    blocks.push({
      type: 'table',
      caption: `${exemptions.total} exemption${exemptions.total === 1 ? '' : 's'}${exemptions.total > exemptions.data.length ? `, the first ${exemptions.data.length} shown` : ''}`,
      columns: ['Category', 'Exemption', 'Citation'],
      rows: exemptions.data.map((e) => [
        { text: e.category_label },
        { text: e.raw_label },
        e.citation ? { text: '', citation: { text: e.citation, document_id: e.section_id ?? e.id, source_kind: e.provenance.source_kind, jurisdiction: slug } } : { text: 'No citation' },
      ]),
    });
  }
  return { title: `${detail.name}: profile`, blocks };
}

async function comparisonPart(deps: GatherDeps, resolve: Resolve, part: Extract<CompilePart, { kind: 'comparison' }>): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  const results = await deps.transparency.compareFields(part.fields, part.jurisdictions === 'all' ? {} : { jurisdictions: part.jurisdictions });
  const blocks: PacketBlock[] = [];
  for (const result of results) {
    blocks.push({ type: 'heading', text: result.label }, { type: 'paragraph', text: result.description });
    const rows: PacketSpan[][] = [];
    for (const row of result.data) {
      const citation = await citationOf(row, resolve);
      rows.push([{ text: row.name }, { text: row.display }, citation ? { text: '', citation } : { text: row.display === NOT_STATED ? '' : 'No citation' }, { text: row.quote ?? '' }]);
    }
    blocks.push({ type: 'table', columns: ['Jurisdiction', 'Value', 'Citation', 'The law’s words'], rows });
  }
  const scope = part.jurisdictions === 'all' ? 'all jurisdictions' : `${results[0]?.data.length ?? 0} jurisdictions`;
  return { title: `Comparison of ${scope}: ${results.map((r) => r.label).join(', ')}`, blocks };
}

async function statutePart(deps: GatherDeps, part: Extract<CompilePart, { kind: 'statute' }>): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  const found = await deps.transparency.getStatute({ citation: part.citation, ...(part.jurisdiction ? { jurisdiction: part.jurisdiction } : {}) }, { limit: STATUTE_NODES });
  const blocks: PacketBlock[] = [{ type: 'paragraph', text: `From ${found.document.title}${found.document.citation ? ` (${found.document.citation})` : ''}, as retrieved ${found.document.retrieved_date ?? 'on a date not recorded'}.` }];
  if (found.resolved && !found.resolved.exact) blocks.push({ type: 'notice', text: `The database holds no node for "${part.citation}" itself: its nearest enclosing section, ${found.resolved.citation ?? found.resolved.label}, is shown.` });
  for (const node of found.data) {
    const citation = { text: node.citation ?? `${found.document.citation ?? found.document.title} ${node.label}`, document_id: node.id, source_kind: node.provenance.source_kind, jurisdiction: node.jurisdiction };
    if (node.heading) blocks.push({ type: 'heading', text: `${node.label} ${node.heading}` });
    if (node.text.trim()) blocks.push({ type: 'quote', text: node.text, citation });
  }
  if (found.total > found.data.length) blocks.push({ type: 'notice', text: `The section has ${found.total} nodes; the first ${found.data.length} are shown.` });
  return { title: found.resolved?.citation ?? part.citation, blocks };
}

const SEARCH_SOURCE: Record<string, string> = { statute_section: 'statute_text', summary: 'summary', process_map: 'summary', right: 'dataset', exemption: 'dataset' };

async function searchPart(deps: GatherDeps, part: Extract<CompilePart, { kind: 'search' }>): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  const result = await deps.search.search({ query: part.query, limit: part.limit, mode: 'hybrid', ...(part.filters ? { filters: part.filters } : {}) });
  const blocks: PacketBlock[] = [{ type: 'paragraph', text: `The ${result.data.length} best matches of a hybrid search for “${part.query}”, best first.` }];
  for (const hit of result.data) {
    blocks.push({
      type: 'statement',
      label: hit.title,
      text: hit.snippet.replace(/[«»]/g, ''),
      citation: { text: hit.citation ?? hit.title, document_id: hit.id, source_kind: SEARCH_SOURCE[hit.type] ?? 'dataset', jurisdiction: hit.jurisdiction },
    });
  }
  if (result.data.length === 0) blocks.push({ type: 'notice', text: 'The search found nothing.' });
  return { title: `Search: ${part.query}`, blocks };
}

function messageBlocks(m: ChatMessage): PacketBlock[] {
  if (m.role === 'user') return [{ type: 'statement', label: 'Question', text: m.content, citation: null }];
  const kinds = new Map(m.sources.map((s) => [s.id, SEARCH_SOURCE[s.type] ?? 'dataset']));
  const blocks: PacketBlock[] = [{ type: 'heading', text: m.status === 'complete' ? 'Answer' : `Answer (${m.status})` }];
  for (const paragraph of m.content.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean)) blocks.push({ type: 'paragraph', text: paragraph });
  for (const c of m.citations) {
    blocks.push({ type: 'quote', text: c.quote, citation: { text: c.citation ?? c.id, document_id: c.id, source_kind: kinds.get(c.id) ?? 'statute_text', jurisdiction: c.jurisdiction } });
  }
  return blocks;
}

async function conversationPart(deps: GatherDeps, userId: string, id: string): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  const found = await deps.conversations.asUser(userId, async (tx) => {
    const conversation = await tx.findConversation(id);
    return conversation ? { conversation, messages: await tx.messages(id) } : null;
  });
  if (!found) throw new PartUnavailableError(`Conversation ${id} not found among yours`);
  return {
    title: `Research conversation: ${found.conversation.title}`,
    blocks: [{ type: 'paragraph', text: `Each answer is followed by the words it quotes, with their citations. ${found.messages.length} messages.` }, ...found.messages.flatMap(messageBlocks)],
  };
}

async function foiaPart(deps: GatherDeps, resolve: Resolve, userId: string, id: string): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  const request = await deps.foia.get(userId, id);
  const [letter, attachments] = await Promise.all([deps.foia.letter(userId, id, 'text'), deps.attachments.list(userId, id)]);
  const d = request.deadline;
  const dueCitation = d?.citation ? { text: d.citation, document_id: await resolve(request.jurisdiction, d.citation), source_kind: 'statute_text', jurisdiction: request.jurisdiction } : null;
  if (dueCitation && !dueCitation.document_id) dueCitation.source_kind = 'citation_only';
  const blocks: PacketBlock[] = [
    { type: 'statement', label: 'Agency', text: request.agency.name, citation: null },
    { type: 'statement', label: 'Status', text: `${request.status.replace(/_/g, ' ')}${request.tracking_numbers.length ? `; tracking ${request.tracking_numbers.join(', ')}` : ''}`, citation: null },
    {
      type: 'statement',
      label: 'Due date',
      text: request.due_date ? `${request.due_date}${request.overdue ? ' (overdue)' : ''}` : (d?.no_fixed_deadline_reason ?? 'No due date: the request has not been submitted.'),
      citation: dueCitation,
    },
  ];
  if (d?.explanation.length) blocks.push({ type: 'heading', text: 'How the due date was computed' }, { type: 'list', items: d.explanation.map((text) => ({ text })) });
  if (request.appeal_deadline) blocks.push({ type: 'heading', text: 'Appeal' }, { type: 'list', items: request.appeal_deadline.explanation.map((text) => ({ text })) });
  blocks.push({ type: 'heading', text: 'The letter' }, ...letter.body.split(/\n{2,}/).map((p): PacketBlock => ({ type: 'paragraph', text: p.trim() })).filter((b) => b.type === 'paragraph' && b.text !== ''));
  blocks.push({ type: 'heading', text: 'History' });
  blocks.push({
    type: 'table',
    columns: ['When', 'Change', 'Note'],
    rows: (request.history ?? []).map((h) => [{ text: h.at }, { text: h.from ? `${h.from} → ${h.to}` : h.to }, { text: h.note ?? '' }]),
  });
  blocks.push({ type: 'heading', text: 'Attachments' });
  if (attachments.length === 0) blocks.push({ type: 'paragraph', text: 'No attachments.' });
  else {
    blocks.push({
      type: 'table',
      columns: ['File', 'Kind', 'Size', 'SHA-256', 'Added'],
      rows: attachments.map((a) => [{ text: a.filename }, { text: a.kind.replace(/_/g, ' ') }, { text: `${a.size} bytes` }, { text: a.sha256 }, { text: a.created_at }]),
    });
  }
  return { title: `FOIA request: ${request.subject}`, blocks };
}

/**
 * Gathers one part of a packet from the law database and the caller's own records. A part the
 * caller cannot have (not found, not theirs, a citation the corpus does not hold) throws
 * PartUnavailableError with the reason; anything else is an internal failure.
 */
export async function gatherPart(deps: GatherDeps, resolve: Resolve, userId: string, part: CompilePart, index: number): Promise<PacketPart> {
  try {
    const gathered = await gatherKind(deps, resolve, userId, part);
    return { index, kind: part.kind, ...gathered };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new PartUnavailableError(reasonOf(err));
    throw err;
  }
}

/** A refusal in words: a validation error's own messages rather than its generic title. */
function reasonOf(err: AppError): string {
  const issues = (err.metadata?.['issues'] as FieldIssue[] | undefined) ?? [];
  return issues.length > 0 ? issues.map((i) => i.message).join('; ') : err.message;
}

function gatherKind(deps: GatherDeps, resolve: Resolve, userId: string, part: CompilePart): Promise<Omit<PacketPart, 'index' | 'kind'>> {
  switch (part.kind) {
    case 'jurisdiction_profile':
      return profilePart(deps, resolve, part.jurisdiction);
    case 'comparison':
      return comparisonPart(deps, resolve, part);
    case 'statute':
      return statutePart(deps, part);
    case 'search':
      return searchPart(deps, part);
    case 'conversation':
      return conversationPart(deps, userId, part.id);
    case 'foia_request':
      return foiaPart(deps, resolve, userId, part.id);
  }
}
