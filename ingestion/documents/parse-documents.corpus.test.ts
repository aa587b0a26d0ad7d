import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus-dir.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { parseProcessMap } from './parse-process-map.js';
import { parseSummary } from './parse-summary.js';

const hole = path.join(corpusDir(), 'hole-tld');
const summaries = readdirSync(path.join(hole, 'summaries')).filter((f) => f.endsWith('.txt')).sort();
const processMaps = readdirSync(path.join(hole, 'process-maps')).filter((f) => f.endsWith('.md')).sort();

function expectWellFormed(raw: string, doc: ParsedDocument): void {
  expect(doc.sections.length).toBeGreaterThan(0);
  const labels = new Set(doc.sections.map((s) => s.label));
  expect(labels.size, 'labels are unique').toBe(doc.sections.length);
  doc.sections.forEach((s, i) => {
    expect(s.ordinal).toBe(i);
    expect(s.text.length).toBeGreaterThan(0);
    expect(raw.includes(s.text), `${s.label} text is a verbatim span`).toBe(true);
    if (s.parentLabel !== null) expect(labels.has(s.parentLabel)).toBe(true);
  });
}

describe('summaries in the corpus', () => {
  it('finds the summaries', () => {
    expect(summaries.length).toBeGreaterThanOrEqual(51);
  });

  it.each(summaries)('%s parses into heading blocks', (file) => {
    const raw = readFileSync(path.join(hole, 'summaries', file), 'utf8');
    const doc = parseSummary(raw, { jurisdiction: file.replace(/\.txt$/, ''), sourcePath: `hole-tld/summaries/${file}` });
    expect(doc.kind).toBe('summary');
    expect(doc.title.length).toBeGreaterThan(0);
    expectWellFormed(raw, doc);
    expect(doc.sections.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the Texas code text out of the Texas summary', () => {
    const raw = readFileSync(path.join(hole, 'summaries', 'texas.txt'), 'utf8');
    const doc = parseSummary(raw, { jurisdiction: 'texas', sourcePath: 'hole-tld/summaries/texas.txt' });
    for (const s of doc.sections) expect(s.text).not.toMatch(/^Sec\. 552\.001\./m);
  });
});

describe('process maps in the corpus', () => {
  it.each(processMaps)('%s parses into Markdown heading sections', (file) => {
    const raw = readFileSync(path.join(hole, 'process-maps', file), 'utf8');
    const doc = parseProcessMap(raw, { jurisdiction: file.replace(/-[^-]+\.md$/, ''), sourcePath: `hole-tld/process-maps/${file}` });
    expect(doc.kind).toBe('process_map');
    expect(doc.retrievedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectWellFormed(raw, doc);
    expect(doc.sections.some((s) => s.depth > 0)).toBe(true);
  });
});
