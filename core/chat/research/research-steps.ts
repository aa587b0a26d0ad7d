import type { ChatCitation, ChatSource } from '../chat-types.js';
import type { DraftMaker } from '../answer/draft-maker.js';
import { compareFieldOf } from '../answer/comparison-answers.js';
import type { LawContextSnapshot } from '../law-context.js';
import type { ReadQuestion } from '../question/read-question.js';
import type { LawTools } from '../retrieval/law-tools.js';
import { topicLabel } from './research-plan.js';
import type { FindingCell, JurisdictionFinding, ResearchPlan, ResearchResult } from './research-types.js';

export interface ResearchStepDeps {
  drafts: DraftMaker;
  tools: LawTools;
}

const MAX_CELL = 160;

function shortValue(text: string): string {
  const plain = text.replace(/\s*\[\d+\]/g, '').replace(/\s+/g, ' ').trim();
  return plain.length <= MAX_CELL ? plain : `${plain.slice(0, MAX_CELL).replace(/\s+\S*$/, '')} …`;
}

async function cellFor(deps: ResearchStepDeps, ctx: LawContextSnapshot, plan: ResearchPlan, slug: string, topic: ReadQuestion['topic']) {
  const q: ReadQuestion = { text: plan.question, topic, jurisdictions: [slug], comparison: null, categories: plan.categories, premise: null };
  const { draft, sources } = await deps.drafts.make(q, ctx);
  const field = compareFieldOf(topic, plan.question);
  const display = field && topic !== 'exemption' ? (await deps.tools.compareJurisdictions.invoke({ field, jurisdictions: [slug] })).data[0]?.display : undefined;
  const claims = [...draft.lead, ...draft.body];
  const markers = draft.citations.map((_, i) => `[${i + 1}]`).join('');
  const supported = claims.every((c) => c.supported);
  const value = `${shortValue(display ?? claims[0]?.text ?? 'Not stated')}${markers ? ` ${markers}` : ''}${supported ? '' : ' (not supported)'}`;
  const cell: FindingCell = { topic, value, claims: claims.map((c) => c.text), citations: draft.citations, supported };
  return { cell, sources };
}

/** One jurisdiction, every topic of the plan: the same verified drafts the answer chain makes, reduced to table cells. */
export async function researchJurisdiction(
  deps: ResearchStepDeps,
  ctx: LawContextSnapshot,
  plan: ResearchPlan,
  slug: string,
  onTopic: (topic: string) => void = () => undefined,
): Promise<JurisdictionFinding> {
  const cells: FindingCell[] = [];
  const sources: ChatSource[] = [];
  for (const topic of plan.topics) {
    onTopic(topic);
    const r = await cellFor(deps, ctx, plan, slug, topic);
    cells.push(r.cell);
    sources.push(...r.sources);
  }
  return { jurisdiction: slug, name: ctx.bySlug.get(slug)?.name ?? slug, cells, sources };
}

/** Renumbers a cell's markers ([1] of the cell → [n] of the answer), numbering each citation once. */
function renumber(cell: FindingCell, numberOf: (c: ChatCitation) => number) {
  const map = new Map(cell.citations.map((c, i) => [i + 1, numberOf(c)]));
  const swap = (s: string) => s.replace(/\[(\d+)\]/g, (m, n: string) => (map.has(Number(n)) ? `[${map.get(Number(n))}]` : m));
  return { value: swap(cell.value), claims: cell.claims.map(swap) };
}

const cellText = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The comparison table, the findings by jurisdiction, and the citations numbered across the whole answer. */
export function synthesizeResearch(plan: ResearchPlan, findings: JurisdictionFinding[], failed: string[]): ResearchResult {
  const citations: ChatCitation[] = [];
  const numbers = new Map<string, number>();
  const numberOf = (c: ChatCitation) => {
    const key = `${c.id}\u0000${c.quote}`;
    if (!numbers.has(key)) numbers.set(key, citations.push(c));
    return numbers.get(key)!;
  };
  const columns = ['Jurisdiction', ...plan.topics.map((t) => topicLabel(t))];
  const rows = findings.map((f) => ({ jurisdiction: f.jurisdiction, cells: f.cells.map((c) => renumber(c, numberOf)) }));
  const unsupported = findings.flatMap((f) => f.cells).filter((c) => !c.supported).length;

  const lines = [`Research: ${plan.question}`, '', ...plan.steps.map((s, i) => `${i + 1}. ${s}`), ''];
  lines.push(`| ${columns.map(cellText).join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`);
  rows.forEach((r, i) => lines.push(`| ${cellText(findings[i]!.name)} | ${r.cells.map((c) => cellText(c.value)).join(' | ')} |`));
  lines.push('', 'Findings by jurisdiction:');
  rows.forEach((r, i) => lines.push(`- ${findings[i]!.name}: ${r.cells.flatMap((c) => c.claims).join(' ')}`));
  if (unsupported > 0) lines.push('', `${unsupported} finding${unsupported === 1 ? ' is' : 's are'} not supported by a document in the law database and marked so above.`);
  if (failed.length > 0) lines.push('', `Not researched (the lookup failed): ${failed.join(', ')}.`);

  const seen = new Set<string>();
  const sources = findings.flatMap((f) => f.sources).filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true)));
  return {
    answer: lines.join('\n'),
    citations,
    sources,
    table: { columns, rows: rows.map((r, i) => ({ jurisdiction: findings[i]!.jurisdiction, cells: [findings[i]!.name, ...r.cells.map((c) => c.value)] })) },
    unsupported,
    failed,
  };
}
