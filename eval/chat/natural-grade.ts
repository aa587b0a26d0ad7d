/**
 * Grading an answer against a natural label: right when every `must` pattern matches and no
 * `must_not` does; contradicting when a cited statement says the opposite of the label, or
 * states a number on the strength of a record outside the label's sections.
 */
import { statements } from './audit-answer.js';
import { pattern, sectionOf, type NaturalLabel } from './natural-question-set.js';

/** The statute node a citation's record belongs to (null label: a summary, process map or unlinked record). */
export interface CitedNode {
  jurisdiction: string;
  label: string | null;
}

export interface Contradiction {
  statement: string;
  why: 'states the opposite' | 'number from another provision';
  /** The `must_not` pattern that matched, or the cited node that is not among the label's sections. */
  detail: string;
}

export interface LabelGrade {
  right: boolean;
  /** `must` patterns the answer does not match. */
  missing: string[];
  /** `must_not` patterns the answer matches. */
  opposite: string[];
  contradictions: Contradiction[];
  /** Whether some citation is a labelled section (or its parent or child); null for labels without sections. */
  citesLabelledSection: boolean | null;
}

/**
 * A premise correction restates the premise ("the question assumes that X requires
 * residency"); the restated words are not the answer's claim, so they are not graded.
 */
export function withoutRestatedPremise(answer: string): string {
  return answer.replace(/(the question assumes)[^\n]*?(?=,\s*but\b|[;\n]|\.(?:\s|$)|$)/gi, '$1');
}

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|twenty-one|twenty-four|twenty-five|thirty|thirty-five|forty-five|forty-eight|sixty|ninety|hundred';

/** A quantity the law sets: a number of days, hours, weeks, months or years, a sum of money, cents. */
const QUANTITY = new RegExp(
  `(?:\\b(?:\\d+(?:st|nd|rd|th)?|${NUMBER_WORDS}|second|third|fifth|seventh|tenth|fifteenth|twentieth|forty-fifth)\\b[- ](?:\\(\\d+\\)[- ])?(?:business |working |calendar |work |additional )*(?:days?|hours?|weeks?|months?|years?)\\b)|\\$\\s?\\d|\\b\\d+\\s*cents\\b`,
  'i',
);

/** Whether a statement asserts a quantity (citation numbers like "§ 552.301" do not count). */
export function statesQuantity(statement: string): boolean {
  return QUANTITY.test(statement.replace(/§+\s*[\w.:()-]+/g, ''));
}

/** Node labels a label rests on, with their jurisdictions. */
function labelNodes(label: NaturalLabel): CitedNode[] {
  return label.sections.flatMap((ref) => {
    const { jurisdiction, label: node } = sectionOf(ref, label.source_path);
    return jurisdiction ? [{ jurisdiction, label: node }] : [];
  });
}

/** Same jurisdiction and the same node, one of its ancestors or one of its descendants. */
function related(a: CitedNode, b: CitedNode): boolean {
  if (a.jurisdiction !== b.jurisdiction || !a.label || !b.label) return false;
  return a.label === b.label || a.label.startsWith(`${b.label}(`) || b.label.startsWith(`${a.label}(`);
}

/** Grades one answer; `cited` maps each citation's marker (1-based) to its statute node. */
export function gradeAnswer(label: NaturalLabel, answer: string, cited: ReadonlyMap<number, CitedNode>): LabelGrade {
  const graded = withoutRestatedPremise(answer);
  const missing = label.must.filter((p) => !pattern(p).test(graded));
  const opposite = label.must_not.filter((p) => pattern(p).test(graded));
  const nodes = labelNodes(label);
  const contradictions: Contradiction[] = [];
  for (const statement of statements(graded)) {
    const markers = [...statement.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    if (markers.length === 0) continue;
    const against = label.must_not.find((p) => pattern(p).test(statement));
    if (against) {
      contradictions.push({ statement, why: 'states the opposite', detail: against });
      continue;
    }
    if (!statesQuantity(statement)) continue;
    const sources = markers.flatMap((m) => cited.get(m) ?? []);
    if (!sources.some((s) => nodes.some((n) => related(s, n)))) {
      const detail = sources.map((s) => `${s.jurisdiction}:${s.label ?? '(not a statute node)'}`).join(', ') || 'unknown record';
      contradictions.push({ statement, why: 'number from another provision', detail });
    }
  }
  const all = [...cited.values()];
  const citesLabelledSection = nodes.length === 0 ? null : all.some((c) => nodes.some((n) => related(c, n)));
  return { right: missing.length === 0 && opposite.length === 0, missing, opposite, contradictions, citesLabelledSection };
}
