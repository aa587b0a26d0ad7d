/**
 * The packet being written: its title, formats and parts as the form holds them (text as typed),
 * what is missing before it can be sent, and the `POST /api/documents/compile` body it makes.
 */
import type { CompareField, CompilePart, CompileRequest } from '../../../../sdk/typescript/src/index.js';
import { MAX_FIELDS, MAX_PARTS, MAX_SEARCH_LIMIT, PART_LABELS, type PacketFormat, type PartKind } from './packet-words.js';

export type DraftPart = { key: number } & (
  | { kind: 'jurisdiction_profile'; jurisdiction: string }
  | { kind: 'comparison'; fields: CompareField[]; all: boolean; jurisdictions: string[] }
  | { kind: 'statute'; citation: string; jurisdiction: string }
  | { kind: 'search'; query: string; jurisdictions: string[]; limit: string }
  | { kind: 'conversation'; id: string }
  | { kind: 'foia_request'; id: string }
);

export interface Draft {
  title: string;
  formats: PacketFormat[];
  parts: DraftPart[];
}

let nextKey = 1;

export function newPart(kind: PartKind): DraftPart {
  const key = nextKey++;
  switch (kind) {
    case 'jurisdiction_profile':
      return { key, kind, jurisdiction: '' };
    case 'comparison':
      return { key, kind, fields: [], all: true, jurisdictions: [] };
    case 'statute':
      return { key, kind, citation: '', jurisdiction: '' };
    case 'search':
      return { key, kind, query: '', jurisdictions: [], limit: '10' };
    case 'conversation':
      return { key, kind, id: '' };
    case 'foia_request':
      return { key, kind, id: '' };
  }
}

export const emptyDraft = (): Draft => ({ title: '', formats: ['pdf', 'markdown'], parts: [] });

/** The id of a part's field (`packet-part-3-citation`), for labels and for moving the focus to it. */
export const fieldId = (key: number, field: string): string => `packet-part-${key}-${field}`;

/** The element each part's first field has (where the focus goes when the part is added). */
export function firstFieldId(p: DraftPart): string {
  switch (p.kind) {
    case 'jurisdiction_profile':
      return fieldId(p.key, 'jurisdiction');
    case 'comparison':
      return fieldId(p.key, 'field-0');
    case 'statute':
      return fieldId(p.key, 'citation');
    case 'search':
      return fieldId(p.key, 'query');
    case 'conversation':
    case 'foia_request':
      return fieldId(p.key, 'id');
  }
}

export interface Problem {
  /** The element to focus (and mark invalid). */
  id: string;
  text: string;
}

const parseLimit = (s: string): number | null => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);

/** What is missing or out of bounds, in the form's order. */
export function problemsOf(d: Draft): Problem[] {
  const out: Problem[] = [];
  if (!d.title.trim()) out.push({ id: 'packet-title', text: 'Give the packet a title.' });
  else if (d.title.trim().length > 200) out.push({ id: 'packet-title', text: 'The title may have at most 200 characters.' });
  if (d.formats.length === 0) out.push({ id: 'packet-format-pdf', text: 'Choose at least one format.' });
  if (d.parts.length === 0) out.push({ id: 'packet-add-kind', text: 'Add at least one part.' });
  if (d.parts.length > MAX_PARTS) out.push({ id: 'packet-add-kind', text: `A packet may have at most ${MAX_PARTS} parts.` });
  d.parts.forEach((p, i) => {
    const where = `Part ${i + 1} (${PART_LABELS[p.kind].toLowerCase()})`;
    switch (p.kind) {
      case 'jurisdiction_profile':
        if (!p.jurisdiction) out.push({ id: fieldId(p.key, 'jurisdiction'), text: `${where}: choose a jurisdiction.` });
        break;
      case 'comparison':
        if (p.fields.length === 0) out.push({ id: fieldId(p.key, 'field-0'), text: `${where}: choose at least one field.` });
        if (p.fields.length > MAX_FIELDS) out.push({ id: fieldId(p.key, 'field-0'), text: `${where}: choose at most ${MAX_FIELDS} fields.` });
        if (!p.all && p.jurisdictions.length === 0) out.push({ id: fieldId(p.key, 'chosen'), text: `${where}: choose at least one jurisdiction, or all of them.` });
        break;
      case 'statute':
        if (!p.citation.trim()) out.push({ id: fieldId(p.key, 'citation'), text: `${where}: give a citation.` });
        break;
      case 'search': {
        if (!p.query.trim()) out.push({ id: fieldId(p.key, 'query'), text: `${where}: give a query.` });
        const n = parseLimit(p.limit);
        if (n === null || n < 1 || n > MAX_SEARCH_LIMIT) out.push({ id: fieldId(p.key, 'limit'), text: `${where}: include 1 to ${MAX_SEARCH_LIMIT} results.` });
        break;
      }
      case 'conversation':
        if (!p.id) out.push({ id: fieldId(p.key, 'id'), text: `${where}: choose a conversation.` });
        break;
      case 'foia_request':
        if (!p.id) out.push({ id: fieldId(p.key, 'id'), text: `${where}: choose a request.` });
        break;
    }
  });
  return out;
}

function partOf(p: DraftPart): CompilePart {
  switch (p.kind) {
    case 'jurisdiction_profile':
      return { kind: p.kind, jurisdiction: p.jurisdiction };
    case 'comparison':
      return { kind: p.kind, fields: p.fields, jurisdictions: p.all ? 'all' : p.jurisdictions };
    case 'statute':
      return { kind: p.kind, citation: p.citation.trim(), ...(p.jurisdiction ? { jurisdiction: p.jurisdiction } : {}) };
    case 'search':
      return { kind: p.kind, query: p.query.trim(), limit: parseLimit(p.limit) ?? 10, ...(p.jurisdictions.length > 0 ? { filters: { jurisdictions: p.jurisdictions } } : {}) };
    case 'conversation':
      return { kind: p.kind, id: p.id };
    case 'foia_request':
      return { kind: p.kind, id: p.id };
  }
}

/** The request body (formats in the form's order). */
export function requestOf(d: Draft): CompileRequest {
  return { title: d.title.trim(), formats: d.formats, parts: d.parts.map(partOf) };
}
