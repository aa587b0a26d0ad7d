import type { ChatCitation } from '../chat-types.js';
import { quoteSupportsClaim } from './claim-support.js';
import type { Claim, ClaimRole, ComparisonTable, DraftParts } from './draft.js';

/** A claim as it will be sent: with its markers, or flagged when its evidence did not verify. */
export interface RenderedClaim {
  text: string;
  role: ClaimRole;
  markers: number[];
  /** False for a fact whose every citation was removed: the text then says so. */
  supported: boolean;
}

/** The answer as the data and the verifier make it, before (and without) the model. */
export interface FinalDraft {
  lead: RenderedClaim[];
  body: RenderedClaim[];
  table: string | null;
  /** Citation `n` is `citations[n - 1]`. */
  citations: ChatCitation[];
  premiseFalse: boolean;
}

export const UNSUPPORTED_NOTE = 'not supported by a document in the law database';

/** Inserts markers before the sentence's final period ("… days [1]."), or after a closing quote. */
export function withMarkers(text: string, markers: readonly number[]): string {
  if (markers.length === 0) return text;
  const tags = markers.map((n) => `[${n}]`).join('');
  return text.endsWith('.') ? `${text.slice(0, -1)} ${tags}.` : `${text} ${tags}`;
}

function flagged(text: string): string {
  const base = text.replace(/\.$/, '');
  return `${base} (${UNSUPPORTED_NOTE}).`;
}

function numberer(verified: ReadonlyMap<string, ChatCitation>) {
  const numbers = new Map<string, number>();
  const citations: ChatCitation[] = [];
  return {
    citations,
    /** Markers of the verified citations among `keys` whose quotes state the claim (when one is given). */
    markersOf(keys: readonly string[], claim?: { text: string; role: ClaimRole }): number[] {
      const out: number[] = [];
      for (const key of keys) {
        const c = verified.get(key);
        if (!c) continue;
        if (claim && !quoteSupportsClaim(claim.text, claim.role, c.quote)) continue;
        let n = numbers.get(c.id);
        if (n === undefined) {
          citations.push(c);
          n = citations.length;
          numbers.set(c.id, n);
        }
        if (!out.includes(n)) out.push(n);
      }
      return out;
    },
  };
}

function renderTable(t: ComparisonTable, markersOf: (keys: string[]) => number[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const lines = [`| Jurisdiction | ${cell(t.label)} | Citation |`, '| --- | --- | --- |'];
  for (const r of t.rows) {
    const markers = r.evidence ? markersOf([r.evidence]) : [];
    // A row that asked for evidence and got none says so, like a flagged claim.
    const value = markers.length > 0 ? `${r.value} ${markers.map((n) => `[${n}]`).join('')}` : r.evidence ? `${r.value} (not supported)` : r.value;
    lines.push(`| ${cell(r.name)} | ${cell(value)} | ${cell(r.citation ?? '')} |`);
  }
  return lines.join('\n');
}

/**
 * Numbers the verified citations in reading order, marks each claim with the citations whose
 * quotes state it, flags facts left without one, and drops optional details nothing supports.
 */
export function renderDraft(parts: DraftParts, verified: ReadonlyMap<string, ChatCitation>): FinalDraft {
  const n = numberer(verified);
  const render = (claims: Claim[]): RenderedClaim[] =>
    claims.flatMap((c): RenderedClaim[] => {
      const markers = n.markersOf(c.evidence, c);
      const needs = (c.role === 'fact' || c.role === 'correction') && c.evidence.length > 0;
      if (needs && markers.length === 0) {
        return c.optional ? [] : [{ text: flagged(c.text), role: c.role, markers, supported: false }];
      }
      return [{ text: withMarkers(c.text, markers), role: c.role, markers, supported: true }];
    });
  const lead = render(parts.lead);
  const body = render(parts.body);
  const table = parts.table ? renderTable(parts.table, (keys) => n.markersOf(keys)) : null;
  return { lead, body, table, citations: n.citations, premiseFalse: parts.premiseFalse };
}

/** The whole draft as text: lead, body, table. */
export function draftText(d: FinalDraft): string {
  const paragraphs = [d.lead.map((c) => c.text).join(' ')];
  if (d.body.length > 0) paragraphs.push(d.body.map((c) => `- ${c.text}`).join('\n'));
  if (d.table) paragraphs.push(d.table);
  return paragraphs.filter((p) => p.length > 0).join('\n\n');
}
