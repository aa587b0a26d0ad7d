/**
 * Audits an answer against the database, independently of the assistant's own verifier:
 * every citation (record exists, jurisdiction, legal citation, verbatim quote), every
 * marker, every "§" the text asserts, and which of its statements carry support.
 */
import type { Knex } from '../../core/db/knex.js';
import type { ChatCitation } from '../../core/chat/chat-types.js';
import { quoteFragments } from '../../core/legal-facts/quote-match.js';

export interface CitationAudit {
  valid: number;
  invalid: Array<{ id: string; why: string }>;
}

export interface ClaimAudit {
  /** Statements with a verified marker. */
  supported: number;
  /** Statements the answer itself marks as not supported by a document. */
  flagged: number;
  /** Statements asserting law with neither: what the issue calls unsupported claims. */
  unsupported: string[];
  /** Statute sections ("§ …") named in the text that no record of the database cites. */
  inventedSections: string[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every citation string the database holds, for checking "§" mentions. */
export async function databaseCitations(db: Knex): Promise<string[]> {
  const rows = await db.raw(`
    SELECT citation FROM laws WHERE citation IS NOT NULL UNION SELECT citation FROM law_sections WHERE citation IS NOT NULL
    UNION SELECT citation FROM rights WHERE citation IS NOT NULL UNION SELECT citation FROM exemptions WHERE citation IS NOT NULL
    UNION SELECT citation FROM response_requirements WHERE citation IS NOT NULL
    UNION SELECT jsonb_array_elements_text(details->'citations') FROM fees
    UNION SELECT details->'feeWaiver'->>'citation' FROM fees UNION SELECT details->'attorneyFees'->>'citation' FROM appeals
    UNION SELECT citation FROM legal_facts`);
  return (rows.rows as Array<{ citation: string | null }>).flatMap((r) => (r.citation ? [squash(r.citation)] : []));
}

export async function auditCitations(db: Knex, citations: ChatCitation[]): Promise<CitationAudit> {
  const out: CitationAudit = { valid: 0, invalid: [] };
  for (const c of citations) {
    const rows = await db.raw(
      `SELECT jurisdiction, citation, text FROM law_sections WHERE id = ?
       UNION ALL SELECT jurisdiction, citation, statutory_text FROM rights WHERE id = ?
       UNION ALL SELECT jurisdiction, citation, description FROM exemptions WHERE id = ?`,
      [c.id, c.id, c.id],
    );
    const r = rows.rows[0] as { jurisdiction: string; citation: string | null; text: string } | undefined;
    const why = !r ? 'no such record' : r.jurisdiction !== c.jurisdiction ? 'jurisdiction' : r.citation !== c.citation ? 'citation' : !quoteFragments(squash(c.quote)).every((piece) => squash(r.text).includes(piece)) || !c.quote.trim() ? 'quote' : null;
    if (why) out.invalid.push({ id: c.id, why });
    else out.valid++;
  }
  return out;
}

/** Markers that point past the citation list, or citations no marker uses. */
export function auditMarkers(answer: string, citations: ChatCitation[]): string[] {
  const used = new Set([...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
  const problems = [...used].filter((n) => n < 1 || n > citations.length).map((n) => `marker [${n}] has no citation`);
  citations.forEach((_, i) => used.has(i + 1) || problems.push(`citation ${i + 1} is never referred to`));
  return problems;
}

/** Statements that assert nothing a document could cite: counts, guidance, what the database lacks. */
const NEUTRAL = /^(?:(?:no[.:,]?\s*)?the question assumes that|\d+ of \d+ jurisdictions|here is|these are the passages|the law database (?:does not|doesn't|lists no|holds no|holds nothing|names)|it lists exemptions|which jurisdiction|which state is|reading "|name a state|ask about|research:|findings by|\d+ more are|the shortest|the longest|\d+\. )/i;

/** Table rows that state an absence ("Not available", "Not stated"): nothing to cite. */
const ABSENT_ROW = /^\|[^|]+\| (?:Not available|Not stated|None stated|Not recoverable)\b/;

/**
 * A line's sentences. A sentence ends after a marker, a parenthesis or a lower-case word, never
 * after "Ala." or "Rev.", and never inside a quotation: a quoted passage of several sentences is
 * one statement, supported (or not) by the marker after it.
 */
function sentencesOf(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of line.matchAll(/(?<=(?:\]|\)|"|\b[a-z]{3,})[.!?])\s+(?=[A-Z])/g)) {
    const before = line.slice(start, m.index);
    if ((before.match(/"/g) ?? []).length % 2 === 1) continue;
    out.push(before);
    start = m.index + m[0].length;
  }
  out.push(line.slice(start));
  return out;
}

/** Splits an answer into statements: lead sentences, list lines, table rows. */
export function statements(answer: string): string[] {
  return answer
    .split('\n')
    .flatMap((line) => (line.startsWith('- ') || line.startsWith('|') ? [line.replace(/^- /, '')] : sentencesOf(line)))
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^\|?\s*-{3}/.test(s) && !/^\| Jurisdiction \|/.test(s));
}

export function auditClaims(answer: string, knownCitations: readonly string[]): ClaimAudit {
  const out: ClaimAudit = { supported: 0, flagged: 0, unsupported: [], inventedSections: [] };
  for (const s of statements(answer)) {
    if (/\[\d+\]/.test(s)) out.supported++;
    else if (/not supported by a document|\(not supported\)/i.test(s)) out.flagged++;
    else if (!NEUTRAL.test(s) && !ABSENT_ROW.test(s) && !/^(?:yes|no)[.:]?$/i.test(s)) out.unsupported.push(s);
  }
  for (const m of answer.matchAll(/§+\s*[\w.:-]+(?:\([\w]+\))*/g)) {
    const ref = squash(m[0]).replace(/[.,;:]+$/, '');
    if (!knownCitations.some((c) => c.includes(ref))) out.inventedSections.push(ref);
  }
  return out;
}
