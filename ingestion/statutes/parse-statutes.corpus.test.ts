import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus-dir.js';
import type { ParsedDocument, ParsedSection } from '../../core/law-model/source-types.js';
import { parseStatuteFile } from './parse-statute-file.js';
import { parseTexasCode } from './parse-texas-code.js';

const statutesDir = path.join(corpusDir(), 'statutes');
const texasPath = path.join(corpusDir(), 'hole-tld', 'summaries', 'texas.txt');
const files = readdirSync(statutesDir).filter((f) => f.endsWith('.txt')).sort();

/** Section counts per slug from the table in statutes/INDEX.md ("| federal | 2 | …"). */
function indexCounts(): Map<string, number> {
  const out = new Map<string, number>();
  const index = readFileSync(path.join(statutesDir, 'INDEX.md'), 'utf8');
  for (const m of index.matchAll(/^\|\s*([a-z-]+)\s*\|\s*(\d+)\s*\|/gm)) out.set(m[1] as string, Number(m[2]));
  return out;
}

function parseFile(file: string): { raw: string; doc: ParsedDocument } {
  const raw = readFileSync(path.join(statutesDir, file), 'utf8');
  const slug = file.replace(/\.txt$/, '');
  return { raw, doc: parseStatuteFile(raw, { jurisdiction: slug, sourcePath: `statutes/${file}` }) };
}

function byLabel(doc: ParsedDocument): Map<string, ParsedSection> {
  return new Map(doc.sections.map((s) => [s.label, s]));
}

/** Invariants every parsed statute must satisfy. */
function expectWellFormed(raw: string, doc: ParsedDocument): void {
  const labels = byLabel(doc);
  expect(labels.size, 'labels are unique').toBe(doc.sections.length);
  doc.sections.forEach((s, i) => {
    expect(s.ordinal).toBe(i);
    expect(raw.includes(s.text), `${s.label} text is a verbatim span`).toBe(true);
    expect(s.depth).toBe(s.path.length);
    expect(s.citation).toContain(s.sectionNumber);
    if (s.depth === 0) expect(s.parentLabel).toBeNull();
    else expect(labels.has(s.parentLabel ?? ''), `${s.label} has its parent`).toBe(true);
  });
}

describe('statute files in the corpus', () => {
  const counts = indexCounts();

  it('finds the statute files', () => {
    expect(files.length).toBeGreaterThanOrEqual(27);
  });

  it.each(files)('%s parses into well-formed sections', (file) => {
    const { raw, doc } = parseFile(file);
    expect(doc.kind).toBe('statute_text');
    expect(doc.retrievedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.citation).not.toBeNull();
    expectWellFormed(raw, doc);
    const sections = doc.sections.filter((s) => s.depth === 0).length;
    const expected = counts.get(file.replace(/\.txt$/, ''));
    expect(expected, 'INDEX.md lists the file').toBeDefined();
    expect(sections).toBe(expected);
  });

  it('splits 5 U.S.C. § 552(b) into the nine exemptions', () => {
    const { doc } = parseFile('federal.txt');
    const labels = byLabel(doc);
    for (let n = 1; n <= 9; n++) expect(labels.has(`552(b)(${n})`), `552(b)(${n})`).toBe(true);
    const b6 = labels.get('552(b)(6)');
    expect(b6?.text.startsWith('personnel and medical files')).toBe(true);
    expect(b6?.text).not.toContain('(7)');
    expect(b6?.citation).toBe('5 U.S.C. § 552(b)(6)');
    expect(labels.get('552(b)(7)(C)')?.text.startsWith('could reasonably be expected to constitute')).toBe(true);
    expect(labels.has('552(i)')).toBe(true);
    expect(labels.has('552(a)(4)(A)(viii)(II)(aa)')).toBe(true);
  });

  it('finds RCW 42.56.070(1)', () => {
    const { doc } = parseFile('washington.txt');
    expect(byLabel(doc).get('42.56.070(1)')?.citation).toBe('RCW 42.56.070(1)');
  });

  it('gives the older of two printed versions of a section a suffixed label', () => {
    const { doc } = parseFile('north-dakota.txt');
    const versions = doc.sections.filter((s) => s.depth === 0 && s.sectionNumber === '44-04-18.4');
    expect(versions.map((s) => s.label).sort()).toEqual(['44-04-18.4', '44-04-18.4~effective-through-august-31-2022']);
  });
});

describe('Tex. Gov\'t Code ch. 552 in the Texas summary', () => {
  const raw = readFileSync(texasPath, 'utf8');
  const doc = parseTexasCode(raw, { jurisdiction: 'texas', sourcePath: 'hole-tld/summaries/texas.txt' });

  it('parses every Sec. line into a well-formed section', () => {
    expectWellFormed(raw, doc);
    const secLines = raw.match(/^Sec\. 552\.\d+[A-Za-z]?\./gm) ?? [];
    expect(doc.sections.filter((s) => s.depth === 0).length).toBe(secLines.length);
  });

  it('has 552.301 and 552.301(a)', () => {
    const labels = byLabel(doc);
    expect(labels.get('552.301')?.heading).toBe('REQUEST FOR ATTORNEY GENERAL DECISION');
    expect(labels.get('552.301(a)')?.citation).toBe("Tex. Gov't Code § 552.301(a)");
    expect(labels.has('552.002(a-1)')).toBe(true);
  });
});
