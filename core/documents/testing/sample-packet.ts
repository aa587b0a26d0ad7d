/**
 * A realistic research packet for renderer tests and benchmarks: a Texas profile (statements,
 * quotes, a list, a notice), a 52-jurisdiction comparison table whose cells carry citations,
 * a statute section of quotes, a part that failed, search results, and the sources appendix.
 *
 * Every statement, quote, deadline and most section numbers here are invented for tests; the
 * citations are only shaped like real ones. Nothing is copied from the statute corpus.
 */
import { createHash } from 'node:crypto';
import type { Packet, PacketBlock, PacketCitation, PacketPart, PacketSource, PacketSourceKind, PacketSpan } from '../packet.js';

export interface SamplePacketOptions {
  /** Columns of the comparison table, 2 to 5 (default 3: jurisdiction, time to respond, appeal). */
  comparisonColumns?: number;
  /** Jurisdiction profiles, 1 to 5 (default 1: Texas). */
  profileCount?: number;
  /** Default `https://sunlight.example.org`; "" gives relative links. */
  linkBase?: string;
}

/** The jurisdictions of the comparison, in table order: name, citation abbreviation, slug. */
export const SAMPLE_JURISDICTIONS: ReadonlyArray<readonly [name: string, abbreviation: string, slug: string]> = [
  ['Alabama', 'Ala.', 'al'], ['Alaska', 'Alaska', 'ak'], ['Arizona', 'Ariz.', 'az'], ['Arkansas', 'Ark.', 'ar'],
  ['California', 'Cal.', 'ca'], ['Colorado', 'Colo.', 'co'], ['Connecticut', 'Conn.', 'ct'], ['Delaware', 'Del.', 'de'],
  ['District of Columbia', 'D.C.', 'dc'], ['Federal', 'U.S.', 'federal'], ['Florida', 'Fla.', 'fl'], ['Georgia', 'Ga.', 'ga'],
  ['Hawaii', 'Haw.', 'hi'], ['Idaho', 'Idaho', 'id'], ['Illinois', 'Ill.', 'il'], ['Indiana', 'Ind.', 'in'],
  ['Iowa', 'Iowa', 'ia'], ['Kansas', 'Kan.', 'ks'], ['Kentucky', 'Ky.', 'ky'], ['Louisiana', 'La.', 'la'],
  ['Maine', 'Me.', 'me'], ['Maryland', 'Md.', 'md'], ['Massachusetts', 'Mass.', 'ma'], ['Michigan', 'Mich.', 'mi'],
  ['Minnesota', 'Minn.', 'mn'], ['Mississippi', 'Miss.', 'ms'], ['Missouri', 'Mo.', 'mo'], ['Montana', 'Mont.', 'mt'],
  ['Nebraska', 'Neb.', 'ne'], ['Nevada', 'Nev.', 'nv'], ['New Hampshire', 'N.H.', 'nh'], ['New Jersey', 'N.J.', 'nj'],
  ['New Mexico', 'N.M.', 'nm'], ['New York', 'N.Y.', 'ny'], ['North Carolina', 'N.C.', 'nc'], ['North Dakota', 'N.D.', 'nd'],
  ['Ohio', 'Ohio', 'oh'], ['Oklahoma', 'Okla.', 'ok'], ['Oregon', 'Or.', 'or'], ['Pennsylvania', 'Pa.', 'pa'],
  ['Rhode Island', 'R.I.', 'ri'], ['South Carolina', 'S.C.', 'sc'], ['South Dakota', 'S.D.', 'sd'], ['Tennessee', 'Tenn.', 'tn'],
  ['Texas', 'Tex.', 'tx'], ['Utah', 'Utah', 'ut'], ['Vermont', 'Vt.', 'vt'], ['Virginia', 'Va.', 'va'],
  ['Washington', 'Wash.', 'wa'], ['West Virginia', 'W. Va.', 'wv'], ['Wisconsin', 'Wis.', 'wi'], ['Wyoming', 'Wyo.', 'wy'],
];

export const SAMPLE_TITLE = 'Response deadlines and appeals: Texas compared with 51 other jurisdictions';
export const SAMPLE_COMPARISON_COLUMNS = ['Jurisdiction', 'Time to respond', 'Appeal', 'Fees', 'Who may request'];
export const SAMPLE_FAILURE_REASON = 'the law database holds no current text of the Ohio public records act (ingestion version 42 skipped it)';

/** Builds the sample; each call returns a fresh object that tests may change. */
export function samplePacket(options: SamplePacketOptions = {}): Packet {
  const columns = clamp(options.comparisonColumns ?? 3, 2, SAMPLE_COMPARISON_COLUMNS.length);
  const profileCount = clamp(options.profileCount ?? 1, 1, PROFILES.length);
  const sources = new SourceRegistry();

  const partsWithoutIndex: Array<Omit<PacketPart, 'index'>> = [
    ...PROFILES.slice(0, profileCount).map((profile) => profilePart(profile, sources)),
    comparisonPart(columns, sources),
    statutePart(sources),
    { kind: 'jurisdiction_profile', title: 'Ohio: profile', blocks: [], failure: { reason: SAMPLE_FAILURE_REASON } },
    searchPart(sources),
  ];
  const parts = partsWithoutIndex.map((part, i) => ({ index: i + 1, ...part }));

  return {
    title: SAMPLE_TITLE,
    ingestion: { version: 42, ingested_at: '2025-05-30T14:03:00Z' },
    fingerprint: createHash('sha256').update(JSON.stringify(parts)).digest('hex'),
    link_base: options.linkBase ?? 'https://sunlight.example.org',
    parts,
    sources: sources.list(),
  };
}

/** A document id like the corpus's: `idOf('tx', '552', '301(b)')` → `tx-552-301-b`. */
function idOf(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '-')
    .replace(/^-|-$/g, '');
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** Collects every citation the packet makes, once, for the appendix. */
class SourceRegistry {
  private readonly byText = new Map<string, PacketSource>();

  cite(text: string, documentId: string | null, kind: PacketSourceKind, jurisdiction: string | null): PacketCitation {
    if (!this.byText.has(text)) this.byText.set(text, { citation: text, document_id: documentId, source_kind: kind, jurisdiction });
    return { text, document_id: documentId, source_kind: kind };
  }

  /** In order of citation text (code-unit order, so it does not depend on a locale). */
  list(): PacketSource[] {
    return [...this.byText.values()].sort((a, b) => (a.citation < b.citation ? -1 : a.citation > b.citation ? 1 : 0));
  }
}

interface Profile {
  name: string;
  abbreviation: string;
  slug: string;
  /** The code the records act sits in, as cited: "Gov't Code". */
  code: string;
  /** The chapter or section prefix: "552". */
  chapter: string;
}

const PROFILES: Profile[] = [
  { name: 'Texas', abbreviation: 'Tex.', slug: 'tx', code: "Gov't Code", chapter: '552' },
  { name: 'Florida', abbreviation: 'Fla.', slug: 'fl', code: 'Stat.', chapter: '119' },
  { name: 'New York', abbreviation: 'N.Y.', slug: 'ny', code: 'Pub. Off. Law', chapter: '87' },
  { name: 'California', abbreviation: 'Cal.', slug: 'ca', code: 'Gov. Code', chapter: '7922' },
  { name: 'Illinois', abbreviation: 'Ill.', slug: 'il', code: 'Comp. Stat.', chapter: '140' },
];

function profilePart(p: Profile, sources: SourceRegistry): Omit<PacketPart, 'index'> {
  const section = (sub: string): PacketCitation =>
    sources.cite(`${p.abbreviation} ${p.code} § ${p.chapter}.${sub}`, idOf(p.slug, p.chapter, sub), 'statute_text', p.slug);
  return {
    kind: 'jurisdiction_profile',
    title: `${p.name}: profile`,
    blocks: [
      { type: 'paragraph', text: `How ${p.name}'s public records law answers the questions a requester asks first.\nEach statement cites the section it rests on.` },
      { type: 'heading', text: 'Who must answer' },
      {
        type: 'statement',
        label: 'Officer for public information',
        text: `Each governmental body in ${p.name} names a records officer who answers requests.`,
        citation: section('201(a)'),
        quote: 'the chief administrator of the body serves as its records officer',
      },
      { type: 'heading', text: 'Deadlines' },
      {
        type: 'statement',
        label: 'Time to respond',
        text: 'A body that cannot produce the records within 10 business days must say so in writing and name a date.',
        citation: section('221(d)'),
        quote: 'shall certify the delay in writing and set a reasonable date and hour',
      },
      {
        type: 'statement',
        label: 'Asking for a ruling',
        text: 'A body that wants to withhold information must ask the attorney general for a decision within 10 business days of the request.',
        citation: section('301(b)'),
      },
      {
        type: 'statement',
        text: 'Most agencies answer simple requests by e-mail.',
        citation: null,
      },
      {
        type: 'statement',
        label: 'Fees.',
        text: "Charges follow the attorney general's cost rules.",
        citation: sources.cite(`1 ${p.abbreviation} Admin. Code § 70.3`, null, 'citation_only', p.slug),
      },
      {
        type: 'list',
        items: [
          { text: 'Put the request in writing and send it to the officer for public information.', citation: section('234') },
          { text: 'Describe the records [as precisely as you can]; *all* records and file_names both work.', citation: section('222(b)') },
          { text: 'Keep a copy: the 10-day clock starts when the body receives it.' },
        ],
      },
      { type: 'notice', text: `${p.name} court decisions are not in the law database; this profile cites statutes only.` },
    ],
  };
}

const RESPONSE_TIMES = [
  '10 business days',
  '5 business days, extendable once by 10 more with written notice to the requester',
  'Promptly; no fixed number of days',
  '20 days | 30 days with notice',
  '3 business days\nafter the request is received',
  '15 calendar days',
];
const APPEALS = ['Attorney general', 'Court of general jurisdiction', 'Records ombudsman, then court', 'Head of the agency'];
const FEES = ['Actual cost of copies', 'Set by rule; waivable in the public interest', 'No fee for inspection', '$0.10 a page'];
const REQUESTERS = ['Anyone', 'Residents only', 'Anyone; agencies may ask for a name'];

function comparisonPart(columns: number, sources: SourceRegistry): Omit<PacketPart, 'index'> {
  const rows = SAMPLE_JURISDICTIONS.map(([name, abbreviation, slug], i): PacketSpan[] => {
    const cite = (section: string, kind: PacketSourceKind = 'statute_text'): PacketCitation =>
      sources.cite(`${abbreviation} Records Act § ${section}`, idOf(slug, 'records', section), kind, slug);
    const texas = slug === 'tx';
    // Cells are made lazily so that only the columns shown register their citations as sources.
    const cells: Array<() => PacketSpan> = [
      () => ({ text: name }),
      () =>
        texas
          ? { text: '10 business days', citation: sources.cite("Tex. Gov't Code § 552.221(d)", 'tx-552-221-d', 'statute_text', 'tx') }
          : { text: RESPONSE_TIMES[i % RESPONSE_TIMES.length] ?? '', citation: cite(`${i + 3}(a)`) },
      () =>
        texas
          ? { text: 'Attorney general', citation: sources.cite("Tex. Gov't Code § 552.301(b)", 'tx-552-301-b', 'statute_text', 'tx') }
          : i % 7 === 3
            ? { text: APPEALS[i % APPEALS.length] ?? '' }
            : { text: APPEALS[i % APPEALS.length] ?? '', citation: cite(`${i + 3}(c)`, i % 5 === 0 ? 'summary' : 'statute_text') },
      () => ({ text: FEES[i % FEES.length] ?? '', citation: cite(`${i + 3}(f)`, 'dataset') }),
      () => ({ text: REQUESTERS[i % REQUESTERS.length] ?? '' }),
    ];
    return cells.slice(0, columns).map((cell) => cell());
  });
  const blocks: PacketBlock[] = [
    { type: 'paragraph', text: 'How long an agency has to answer a records request, and where a refusal can be appealed, in every jurisdiction the database covers.' },
    { type: 'table', caption: 'Time to respond and appeal route, by jurisdiction', columns: SAMPLE_COMPARISON_COLUMNS.slice(0, columns), rows },
  ];
  return { kind: 'comparison', title: 'Response deadlines compared', blocks };
}

function statutePart(sources: SourceRegistry): Omit<PacketPart, 'index'> {
  const cite = (sub: string): PacketCitation =>
    sources.cite(`Tex. Gov't Code § 552.301${sub}`, idOf('tx', '552', '301', sub), 'statute_text', 'tx');
  return {
    kind: 'statute_section',
    title: "Tex. Gov't Code § 552.301: asking for a decision",
    blocks: [
      { type: 'paragraph', text: 'The section as the law database holds it, subsection by subsection.' },
      { type: 'heading', text: 'Subsections' },
      { type: 'quote', text: 'A body that wishes to keep information back asks the attorney general for a ruling.', citation: cite('(a)') },
      { type: 'quote', text: 'The request for a ruling is made no later than the tenth business day.\nIt states which exceptions apply.', citation: cite('(b)') },
      { type: 'quote', text: 'Copies of the information, or representative samples, go with the request.', citation: cite('(e)') },
      { type: 'quote', text: 'A note on an older version of this section, kept for context.', citation: null },
    ],
  };
}

function searchPart(sources: SourceRegistry): Omit<PacketPart, 'index'> {
  const hit = (text: string, id: string | null, slug: string): PacketCitation => sources.cite(text, id, 'search', slug);
  return {
    kind: 'search',
    title: 'Search results: “attorney general decision deadline”',
    blocks: [
      { type: 'paragraph', text: 'The five best matches in the law database for the search, best first.' },
      {
        type: 'list',
        items: [
          { text: 'Deadline to ask for an attorney general decision', citation: hit("Tex. Gov't Code § 552.301(b)", 'tx-552-301-b', 'tx') },
          { text: 'Failure to ask in time: information presumed public', citation: hit("Tex. Gov't Code § 552.302", 'tx-552-302', 'tx') },
          { text: 'Time limits for the attorney general ≤ 45 business days', citation: hit("Tex. Gov't Code § 552.306(a)", 'tx-552-306-a', 'tx') },
          { text: 'Florida: no decision process; disputes go to court', citation: hit('Fla. Stat. § 119.11', 'fl-119-11', 'fl') },
          { text: 'Ohio: mandamus to enforce a request', citation: hit('Ohio Rev. Code § 149.43(C)', null, 'oh') },
        ],
      },
    ],
  };
}

/** A deep copy of `value` whose objects have their keys inserted in reverse order (renderers must not care). */
export function withKeysReversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withKeysReversed(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]: [string, unknown]) => [key, withKeysReversed(item)]),
    ) as T;
  }
  return value;
}

/** Every citation a packet makes, in reading order: statements, quotes, list items and table cells. */
export function packetCitations(packet: Packet): PacketCitation[] {
  const citations: PacketCitation[] = [];
  for (const part of packet.parts) {
    for (const block of part.blocks) {
      if (block.type === 'statement' || block.type === 'quote') {
        if (block.citation) citations.push(block.citation);
      } else if (block.type === 'list') {
        for (const item of block.items) if (item.citation) citations.push(item.citation);
      } else if (block.type === 'table') {
        for (const row of block.rows) for (const cell of row) if (cell.citation) citations.push(cell.citation);
      }
    }
  }
  return citations;
}

/** A packet whose every piece of text is `hostile` (markup, script, characters fonts lack). */
export function hostilePacket(hostile: string): Packet {
  const citation: PacketCitation = { text: `Cite ${hostile}`, document_id: `id ${hostile}`, source_kind: 'statute_text' };
  return {
    title: `Title ${hostile}`,
    ingestion: { version: null, ingested_at: null },
    fingerprint: hostile,
    link_base: 'https://sunlight.example.org',
    parts: [
      {
        index: 1,
        kind: 'jurisdiction_profile',
        title: `Part ${hostile}`,
        failure: { reason: `Reason ${hostile}` },
        blocks: [
          { type: 'heading', text: `Heading ${hostile}` },
          { type: 'paragraph', text: `Paragraph ${hostile}` },
          { type: 'statement', label: `Label ${hostile}`, text: `Statement ${hostile}`, citation, quote: `Quote ${hostile}` },
          { type: 'quote', text: `Words ${hostile}`, citation },
          { type: 'table', caption: `Caption ${hostile}`, columns: [`Column ${hostile}`], rows: [[{ text: `Cell ${hostile}`, citation }]] },
          { type: 'list', items: [{ text: `Item ${hostile}`, citation }] },
          { type: 'notice', text: `Notice ${hostile}` },
        ],
      },
    ],
    sources: [{ citation: citation.text, document_id: citation.document_id, source_kind: 'statute_text', jurisdiction: hostile }],
  };
}
