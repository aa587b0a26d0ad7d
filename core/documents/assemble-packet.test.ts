import { describe, expect, it } from 'vitest';
import { assemblePacket, canonicalJson, sourcesOf } from './assemble-packet.js';
import type { CompileRequest } from './compile-parts.js';
import type { PacketPart } from './packet.js';

const cite = (text: string, document_id: string | null, jurisdiction?: string) => ({ text, document_id, source_kind: 'statute_text', ...(jurisdiction ? { jurisdiction } : {}) });

const PARTS: PacketPart[] = [
  {
    index: 2,
    kind: 'comparison',
    title: 'Comparison',
    blocks: [{ type: 'table', columns: ['Jurisdiction', 'Citation'], rows: [[{ text: 'Texas' }, { text: '', citation: cite('§ 552.221', 's-221', 'texas') }]] }],
  },
  {
    index: 1,
    kind: 'jurisdiction_profile',
    title: 'Texas',
    blocks: [
      { type: 'statement', text: 'Ten business days', citation: cite('§ 552.221', 's-221', 'texas') },
      { type: 'quote', text: 'words', citation: cite('RCW 42.56.520', 'w-520', 'washington') },
      { type: 'list', items: [{ text: 'a', citation: cite('§ 552.301', null, 'texas') }] },
      { type: 'statement', text: 'Not stated in the sources.', citation: null },
    ],
  },
];
const REQUEST: CompileRequest = { title: 'T', formats: ['markdown'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] };

describe('canonicalJson', () => {
  it('writes the same text whatever order the keys were set in, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ y: 1, x: 2 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [{ x: 2, y: 1 }] }, b: 1 }));
    expect(canonicalJson({ a: [2, 1] })).not.toBe(canonicalJson({ a: [1, 2] }));
  });
});

describe('sourcesOf', () => {
  it('lists every cited source once, from statements, quotes, tables and lists, by jurisdiction then citation', () => {
    expect(sourcesOf(PARTS)).toEqual([
      { citation: '§ 552.221', document_id: 's-221', source_kind: 'statute_text', jurisdiction: 'texas' },
      { citation: '§ 552.301', document_id: null, source_kind: 'statute_text', jurisdiction: 'texas' },
      { citation: 'RCW 42.56.520', document_id: 'w-520', source_kind: 'statute_text', jurisdiction: 'washington' },
    ]);
  });
});

describe('assemblePacket', () => {
  const ingestion = { version: 3, ingested_at: '2026-11-20T10:00:00.000Z' };
  it('orders the parts by their place in the request and fingerprints request, database state and content', () => {
    const packet = assemblePacket({ request: REQUEST, ingestion, parts: PARTS, linkBase: '' });
    expect(packet.parts.map((p) => p.index)).toEqual([1, 2]);
    expect(packet.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(assemblePacket({ request: REQUEST, ingestion, parts: [...PARTS].reverse(), linkBase: '' }).fingerprint).toBe(packet.fingerprint);
    expect(assemblePacket({ request: REQUEST, ingestion: { ...ingestion, version: 4 }, parts: PARTS, linkBase: '' }).fingerprint).not.toBe(packet.fingerprint);
    const changed = structuredClone(PARTS);
    (changed[1]!.blocks[0] as { text: string }).text = 'Twenty business days';
    expect(assemblePacket({ request: REQUEST, ingestion, parts: changed, linkBase: '' }).fingerprint).not.toBe(packet.fingerprint);
  });
});
