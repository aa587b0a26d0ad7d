/** The natural-question evaluation's figures, its table by kind and every wrong answer, as plain text. */
import type { CitationAudit, ClaimAudit } from './audit-answer.js';
import type { LabelGrade } from './natural-grade.js';
import type { NaturalKind, NaturalLabel } from './natural-question-set.js';
import { quantile, table } from './report.js';

/** One turn of a conversation as answered and audited. */
export interface TurnOutcome {
  question: string;
  answer: string;
  /** The pipeline's reading: topic and jurisdictions. */
  readAs: { kind: string; jurisdictions: string[] };
  citations: Array<{ id: string; citation: string | null; jurisdiction: string; quote: string }>;
  citationAudit: CitationAudit;
  markers: string[];
  claims: ClaimAudit;
  firstTokenMs: number | null;
  totalMs: number;
  /** Present on the turns a label grades. */
  label?: NaturalLabel;
  /** The jurisdiction the label is about. */
  expectedJurisdiction?: string;
  grade?: LabelGrade;
}

/** One item: its conversation and whether every labelled turn was right. */
export interface NaturalOutcome {
  id: string;
  kind: NaturalKind;
  jurisdictions: string[];
  turns: TurnOutcome[];
  right: boolean;
}

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const ms = (x: number | null) => (x === null ? '—' : `${(x / 1000).toFixed(2)} s`);


const graded = (os: NaturalOutcome[]) => os.flatMap((o) => o.turns.filter((t): t is TurnOutcome & { grade: LabelGrade } => t.grade !== undefined));
const turns = (os: NaturalOutcome[]) => os.flatMap((o) => o.turns);

/** Statements with a verified marker, of all statements (supported + flagged + unsupported). */
function supportedRate(ts: TurnOutcome[]): { supported: number; flagged: number; unsupported: number; total: number } {
  const supported = sum(ts.map((t) => t.claims.supported));
  const flagged = sum(ts.map((t) => t.claims.flagged));
  const unsupported = sum(ts.map((t) => t.claims.unsupported.length));
  return { supported, flagged, unsupported, total: supported + flagged + unsupported };
}

/** The first place a wrong answer went wrong, read from how the pipeline understood the question. */
export function wrongCause(t: TurnOutcome): string {
  if (t.expectedJurisdiction && !t.readAs.jurisdictions.includes(t.expectedJurisdiction)) {
    return `jurisdiction not read (read ${t.readAs.jurisdictions.join(',') || 'none'})`;
  }
  if (t.readAs.kind === 'general') return 'answered with matching passages, no fact stated';
  if (t.grade && t.grade.opposite.length > 0) return `states the opposite (read as ${t.readAs.kind})`;
  return `fact not stated as labelled (read as ${t.readAs.kind})`;
}

function byKind(outcomes: NaturalOutcome[]): string {
  const rows = [['kind', 'items', 'right', 'supported claims', 'contradictions', 'cites labelled §', 'TTFT median']];
  for (const kind of [...new Set(outcomes.map((o) => o.kind))]) {
    const os = outcomes.filter((o) => o.kind === kind);
    const gs = graded(os);
    const s = supportedRate(turns(os));
    const checkable = gs.filter((t) => t.grade.citesLabelledSection !== null && t.citations.length > 0);
    rows.push([
      kind, String(os.length), pct(os.filter((o) => o.right).length, os.length), pct(s.supported, s.total),
      String(sum(gs.map((t) => t.grade.contradictions.length))), pct(checkable.filter((t) => t.grade.citesLabelledSection).length, checkable.length),
      ms(quantile(turns(os).flatMap((t) => (t.firstTokenMs === null ? [] : [t.firstTokenMs])), 0.5)),
    ]);
  }
  return table(rows);
}

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s*\n+\s*/g, ' / ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/** A pattern as printed: long alternations cut (the JSON output has them whole). */
const shortPattern = (p: string) => `/${oneLine(p, 70)}/`;

function wrongAnswers(outcomes: NaturalOutcome[]): string[] {
  const lines: string[] = [];
  for (const o of outcomes.filter((x) => !x.right)) {
    lines.push(`  [${o.kind}] ${o.id}`);
    o.turns.forEach((t, i) => {
      const mark = t.grade ? (t.grade.right ? 'right' : 'WRONG') : 'not graded';
      lines.push(`    Q${i + 1} (${mark}): ${t.question}`);
      if (!t.grade || t.grade.right) return;
      lines.push(`      expected: ${t.label?.answer ?? ''}`);
      if (t.grade.missing.length) lines.push(`      missing:  ${t.grade.missing.map(shortPattern).join('  ')}`);
      if (t.grade.opposite.length) lines.push(`      opposite: ${t.grade.opposite.map(shortPattern).join('  ')}`);
      lines.push(`      cause:    ${wrongCause(t)}`);
      lines.push(`      said:     ${oneLine(t.answer, 420) || '(empty)'}`);
    });
  }
  return lines;
}

export function printNaturalReport(outcomes: NaturalOutcome[], info: { model: string; database: string }): void {
  const gs = graded(outcomes);
  const ts = turns(outcomes);
  const s = supportedRate(ts);
  const valid = sum(ts.map((t) => t.citationAudit.valid));
  const invalid = outcomes.flatMap((o) => o.turns.flatMap((t) => t.citationAudit.invalid.map((x) => `${o.id}: ${x.id} (${x.why})`)));
  const contradictions = gs.flatMap((t) => t.grade.contradictions);
  const opposite = contradictions.filter((c) => c.why === 'states the opposite').length;
  const ttft = ts.flatMap((t) => (t.firstTokenMs === null ? [] : [t.firstTokenMs]));
  const total = ts.map((t) => t.totalMs);
  const checkable = gs.filter((t) => t.grade.citesLabelledSection !== null && t.citations.length > 0);
  const secondary = gs.filter((t) => t.label?.source_kind === 'process_map');
  const invented = outcomes.flatMap((o) => o.turns.flatMap((t) => t.claims.inventedSections.map((x) => `${o.id}: ${x}`)));

  console.log(`\nNatural questions — model ${info.model}, database ${info.database}, ${outcomes.length} items, ${ts.length} answers (${gs.length} graded)\n`);
  console.log(`Right answers              ${pct(outcomes.filter((o) => o.right).length, outcomes.length)}  (${outcomes.filter((o) => o.right).length}/${outcomes.length} items; graded turns ${gs.filter((t) => t.grade.right).length}/${gs.length}; labels resting on a process map: ${secondary.length}, right ${secondary.filter((t) => t.grade.right).length})`);
  console.log(`Supported-claim rate       ${pct(s.supported, s.total)}  (${s.supported} of ${s.total} statements carry a verified marker; ${s.flagged} flagged "not supported" by the answer; ${s.unsupported} unsupported)`);
  const inRight = sum(gs.filter((t) => t.grade.right).map((t) => t.grade.contradictions.length));
  console.log(`Contradictions             ${contradictions.length} in ${gs.filter((t) => t.grade.contradictions.length > 0).length} answers (cited statement matching must_not: ${opposite}; number cited to a record outside the label's sections: ${contradictions.length - opposite}; ${inRight} of them in answers graded right)`);
  console.log(`Citation validity          ${pct(valid, valid + invalid.length)}  (${valid + invalid.length} citations audited by SQL${invalid.length ? `; invalid: ${invalid.slice(0, 10).join('; ')}` : ''})`);
  console.log(`Marker problems            ${sum(ts.map((t) => t.markers.length))}; invented statute sections ${invented.length}${invented.length ? `: ${invented.slice(0, 8).join('; ')}` : ''}`);
  console.log(`Cites a labelled section   ${pct(checkable.filter((t) => t.grade.citesLabelledSection).length, checkable.length)}  (graded answers with citations, ${checkable.length})`);
  console.log(`Time to first token        median ${ms(quantile(ttft, 0.5))}, p90 ${ms(quantile(ttft, 0.9))}, max ${ms(quantile(ttft, 1))}; whole answer median ${ms(quantile(total, 0.5))}, p90 ${ms(quantile(total, 0.9))}`);
  console.log(`\nBy kind\n${byKind(outcomes)}`);

  const causes = new Map<string, number>();
  for (const t of gs.filter((x) => !x.grade.right)) {
    const c = wrongCause(t).replace(/\(read .*\)$/, '').trim();
    causes.set(c, (causes.get(c) ?? 0) + 1);
  }
  console.log(`\nWrong graded answers by first cause\n${[...causes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `  ${String(n).padStart(4)}  ${c}`).join('\n') || '  none'}`);
  console.log(`\nWrong answers (${outcomes.filter((o) => !o.right).length} items)\n${wrongAnswers(outcomes).join('\n')}`);
  if (contradictions.length > 0) {
    console.log(`\nContradictions`);
    for (const o of outcomes) for (const t of o.turns) for (const c of t.grade?.contradictions ?? []) console.log(`  ${o.id}: ${c.why} [${c.detail}]: ${oneLine(c.statement, 200)}`);
  }
}
