import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractCitations, resolveCitation, toLabel } from '../../core/law/citations.js';
import { corpusDir } from '../../test/support/corpus-dir.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { parseStatuteFile } from './parse-statute-file.js';
import { parseTexasCode } from './parse-texas-code.js';

/** Share of references to the same section, made in leaf nodes, that name an existing node exactly. */
function exactShare(doc: ParsedDocument): { total: number; exact: number } {
  const labels = new Set(doc.sections.map((s) => s.label));
  const parents = new Set(doc.sections.map((s) => s.parentLabel));
  let total = 0;
  let exact = 0;
  for (const s of doc.sections) {
    if (s.depth === 0 || parents.has(s.label)) continue;
    for (const m of extractCitations(s.text, doc.jurisdiction, { currentSection: s.sectionNumber, currentPath: s.path })) {
      if (m.sectionNumber !== s.sectionNumber) continue;
      total++;
      if (resolveCitation(m, labels) === toLabel(m)) exact++;
    }
  }
  return { total, exact };
}

describe('references inside a section resolve to its parsed nodes', () => {
  it('5 U.S.C. § 552', () => {
    const raw = readFileSync(path.join(corpusDir(), 'statutes', 'federal.txt'), 'utf8');
    const { total, exact } = exactShare(parseStatuteFile(raw, { jurisdiction: 'federal', sourcePath: 'statutes/federal.txt' }));
    expect(total).toBeGreaterThan(40);
    expect(exact / total).toBeGreaterThan(0.95);
  });

  it("Tex. Gov't Code ch. 552", () => {
    const raw = readFileSync(path.join(corpusDir(), 'hole-tld', 'summaries', 'texas.txt'), 'utf8');
    const { total, exact } = exactShare(parseTexasCode(raw));
    expect(total).toBeGreaterThan(150);
    expect(exact / total).toBeGreaterThan(0.95);
  });
});
