/**
 * Checks that the natural question set's labels rest on words that are really in the corpus:
 * every section a label names is a node of that jurisdiction's statute file, and every quote
 * is verbatim (whitespace aside) in the node it is given for. A label resting on a process
 * map (a statute section missing from the corpus) must quote that file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { loadFactEvidence } from '../../ingestion/legal-facts/fact-evidence.js';
import { labelledTurns, sectionOf, sourceJurisdiction, type NaturalLabel, type NaturalQuestionSet } from './natural-question-set.js';

/** One label problem: which item, and what is wrong. */
export interface SourceProblem {
  id: string;
  message: string;
}

/** Whitespace runs as one space: the statute files keep the source's line breaks. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Statute files by jurisdiction, read once. */
function statuteReader(corpusDir: string): (slug: string) => Promise<ParsedDocument | null> {
  const cache = new Map<string, Promise<ParsedDocument | null>>();
  return (slug) => {
    let doc = cache.get(slug);
    if (!doc) {
      doc = loadFactEvidence(corpusDir, slug).then((e) => e.statute);
      cache.set(slug, doc);
    }
    return doc;
  };
}

async function checkLabel(id: string, label: NaturalLabel, corpusDir: string, statute: (slug: string) => Promise<ParsedDocument | null>): Promise<string[]> {
  const problems: string[] = [];
  const nodeText = async (ref: string, sourcePath: string): Promise<string | null> => {
    const { jurisdiction, label: nodeLabel } = sectionOf(ref, sourcePath);
    const doc = jurisdiction ? await statute(jurisdiction) : null;
    if (!doc) return problems.push(`${ref}: no statute text for ${jurisdiction ?? sourcePath}`), null;
    const node = doc.sections.find((s) => s.label === nodeLabel);
    if (!node) return problems.push(`${ref}: no node "${nodeLabel}" in ${doc.sourcePath}`), null;
    return node.text;
  };
  const quoteIn = (text: string, quote: string, where: string) => {
    if (!squash(text).includes(squash(quote))) problems.push(`quote not verbatim in ${where}: "${quote.slice(0, 90)}"`);
  };

  if (label.source_kind === 'process_map') {
    const text = await readFile(path.join(corpusDir, label.source_path), 'utf8').catch(() => null);
    if (text === null) problems.push(`no file ${label.source_path}`);
    else if (label.source_quote) quoteIn(text, label.source_quote, label.source_path);
    return problems;
  }
  const jurisdiction = sourceJurisdiction(label.source_path);
  const doc = jurisdiction ? await statute(jurisdiction) : null;
  if (!doc || doc.sourcePath !== label.source_path) problems.push(`${label.source_path} is not the statute file of ${jurisdiction ?? '?'}`);
  for (const ref of label.sections) await nodeText(ref, label.source_path);
  const first = label.sections[0];
  if (first && label.source_quote) {
    const text = await nodeText(first, label.source_path);
    if (text !== null) quoteIn(text, label.source_quote, first);
  }
  for (const more of label.more_sources) {
    if (!label.sections.includes(more.section)) problems.push(`more_sources section ${more.section} is not among the label's sections`);
    const text = await nodeText(more.section, more.source_path);
    if (text !== null) quoteIn(text, more.source_quote, more.section);
  }
  return [...new Set(problems)].map((p) => `${id}: ${p}`);
}

/** Every problem with the set's sections and quotes; empty when all labels check out. */
export async function checkNaturalSources(set: NaturalQuestionSet, corpusDir: string): Promise<SourceProblem[]> {
  const statute = statuteReader(corpusDir);
  const out: SourceProblem[] = [];
  for (const q of set.questions) {
    for (const { label } of labelledTurns(q)) {
      for (const message of await checkLabel(q.id, label, corpusDir, statute)) out.push({ id: q.id, message });
    }
  }
  return out;
}
