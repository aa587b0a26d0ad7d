/**
 * The natural question set (natural-questions.json): questions as a journalist or lawyer
 * asks them, each labelled by a person reading the statute text, not the structured data
 * the answers are built from. A label names the statute nodes it rests on and quotes their
 * words, so that the test suite can check the quote is really there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const NATURAL_KINDS = [
  'deadline',
  'appeal',
  'fee_waiver',
  'residency',
  'exemption',
  'agency_duty',
  'multi_part',
  'follow_up',
  'false_premise',
  'unanswerable',
] as const;

export type NaturalKind = (typeof NATURAL_KINDS)[number];

/** A statute node label ("552.301(b)"), or "slug:label" for a jurisdiction other than the source's. */
// Louisiana's labels hold a colon of their own ("44:33(B)(1)"); a jurisdiction prefix is letters and hyphens only.
const sectionRef = z.string().regex(/^(?:[a-z-]+:)?[\w.\-/:]+(?:\([\w.-]+\))*$/, 'a node label such as 552.301(b), 44:33(B)(1) or virginia:2.2-3704(B)');

/** Where the label's words come from: a corpus file (relative path) and the words themselves. */
const sourceRef = z.object({
  section: sectionRef.optional(),
  source_quote: z.string().min(8),
  source_path: z.string().regex(/^(?:statutes\/[a-z-]+\.txt|hole-tld\/(?:summaries|process-maps)\/[\w-]+\.(?:txt|md))$/),
});

export const naturalLabelSchema = z
  .object({
    /** One sentence: the labeller's reading of the statute. */
    answer: z.string().min(10),
    /** Case-insensitive patterns the answer must all match. */
    must: z.array(z.string().min(1)).min(1),
    /** Case-insensitive patterns that would state the opposite; none may match. */
    must_not: z.array(z.string().min(1)),
    /** Statute nodes whose text supports the answer (empty only for unanswerable questions). */
    sections: z.array(sectionRef),
    /** Verbatim words of the first section's node (null only for unanswerable questions). */
    source_quote: z.string().min(8).nullable(),
    source_path: sourceRef.shape.source_path,
    /**
     * `statute_text` unless the statute section is missing from the corpus and the label rests
     * on a secondary source (a process map): such labels are counted and reported apart.
     */
    source_kind: z.enum(['statute_text', 'process_map']).default('statute_text'),
    /** Further quotes for the other sections of a multi-part label. */
    more_sources: z.array(sourceRef.required({ section: true })).default([]),
  })
  .strict();

const turnSchema = z.object({ question: z.string().min(5), label: naturalLabelSchema.optional() }).strict();

export const naturalQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    kind: z.enum(NATURAL_KINDS),
    jurisdictions: z.array(z.string().regex(/^[a-z-]+$/)).min(1),
    /** Asked in order in one conversation; the item's label grades the last turn, a turn's own label that turn. */
    turns: z.array(turnSchema).min(1).max(3),
    label: naturalLabelSchema,
  })
  .strict()
  .superRefine((q, ctx) => {
    const labels = [q.label, ...q.turns.flatMap((t) => (t.label ? [t.label] : []))];
    for (const l of labels) {
      const unanswerable = q.kind === 'unanswerable' && l === q.label;
      if (!unanswerable && (l.sections.length === 0 || l.source_quote === null)) ctx.addIssue({ code: 'custom', message: `${q.id}: a label needs sections and a source_quote` });
    }
    if (q.kind === 'follow_up' && q.turns.length < 2) ctx.addIssue({ code: 'custom', message: `${q.id}: a follow-up has at least two turns` });
    if (q.turns[q.turns.length - 1]?.label) ctx.addIssue({ code: 'custom', message: `${q.id}: the last turn is graded by the item's label` });
  });

export const naturalQuestionSetSchema = z
  .object({
    description: z.string(),
    questions: z.array(naturalQuestionSchema),
  })
  .strict();

export type NaturalLabel = z.infer<typeof naturalLabelSchema>;
export type NaturalQuestion = z.infer<typeof naturalQuestionSchema>;
export type NaturalQuestionSet = z.infer<typeof naturalQuestionSetSchema>;

/** The question file beside this module. */
export const NATURAL_QUESTIONS_PATH = path.join(import.meta.dirname, 'natural-questions.json');

/** The held-out set: written after the answer pipeline was tuned on the set above, and never used to tune it. */
export const NATURAL_HOLDOUT_PATH = path.join(import.meta.dirname, 'natural-holdout.json');

/** A second held-out set, written by another reviewer at the end of the session and run once, blind. */
export const NATURAL_HOLDOUT_2_PATH = path.join(import.meta.dirname, 'natural-holdout-2.json');

/** A third held-out set, written by a third reviewer in a later session and run once, blind. */
export const NATURAL_HOLDOUT_3_PATH = path.join(import.meta.dirname, 'natural-holdout-3.json');

/** A fourth held-out set, written by a fourth reviewer in a later session and run once, blind. */
export const NATURAL_HOLDOUT_4_PATH = path.join(import.meta.dirname, 'natural-holdout-4.json');

/** A fifth held-out set, written by a fifth reviewer in a later session and run once, blind. */
export const NATURAL_HOLDOUT_5_PATH = path.join(import.meta.dirname, 'natural-holdout-5.json');

/** A sixth, written beside the fifth by another reviewer over other jurisdictions, and kept blind until the session's last run. */
export const NATURAL_HOLDOUT_6_PATH = path.join(import.meta.dirname, 'natural-holdout-6.json');

/** Reads and validates the question set (throws a ZodError listing every problem). */
export function readNaturalQuestions(file = NATURAL_QUESTIONS_PATH): NaturalQuestionSet {
  return naturalQuestionSetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** A label's pattern, compiled as the grader uses it: case-insensitive, Unicode. */
export function pattern(source: string): RegExp {
  return new RegExp(source, 'iu');
}

/** The labels of an item, each with the index of the turn it grades. */
export function labelledTurns(q: NaturalQuestion): Array<{ turn: number; label: NaturalLabel }> {
  const earlier = q.turns.flatMap((t, i) => (t.label && i < q.turns.length - 1 ? [{ turn: i, label: t.label }] : []));
  return [...earlier, { turn: q.turns.length - 1, label: q.label }];
}

/** The jurisdiction a source file belongs to: `statutes/<slug>.txt`, `hole-tld/summaries/<slug>.txt`. */
export function sourceJurisdiction(sourcePath: string): string | null {
  return /^(?:statutes|hole-tld\/summaries)\/([a-z-]+)\.txt$/.exec(sourcePath)?.[1] ?? null;
}

/** A section reference as `{ jurisdiction, label }`; unqualified labels belong to the source file's jurisdiction. */
export function sectionOf(ref: string, sourcePath: string): { jurisdiction: string | null; label: string } {
  const m = /^([a-z-]+):(.+)$/.exec(ref);
  return m ? { jurisdiction: m[1]!, label: m[2]! } : { jurisdiction: sourceJurisdiction(sourcePath), label: ref };
}
