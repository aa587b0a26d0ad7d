import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus-dir.js';
import { processMapsFor } from '../pipeline/jurisdiction-sources.js';
import { listJurisdictionSlugs, readJurisdictionRecord, readRightsFile } from '../records/read-jurisdiction-record.js';
import { parseStatuteFile } from '../statutes/parse-statute-file.js';
import { parseTexasCode, texasCodeStart } from '../statutes/parse-texas-code.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { deriveJurisdiction } from './derive-jurisdiction.js';
import { EXEMPTION_CATEGORY_KEYS } from '../../core/law-model/exemption-categories.js';
import type { DerivedJurisdiction } from '../../core/law-model/law-model.js';

/*
 * Derivation over the real corpus: all jurisdictions, with the statute parsers, and the
 * summary and process-map parsers when they are in the tree (else each file is one section).
 */

type DocParser = (raw: string, opts: { jurisdiction: string; sourcePath: string }) => ParsedDocument;

const here = path.dirname(fileURLToPath(import.meta.url));

async function optionalParser(file: string, exportName: string): Promise<DocParser | null> {
  const full = path.resolve(here, file);
  if (!existsSync(full)) return null;
  const mod = (await import(/* @vite-ignore */ full)) as Record<string, unknown>;
  const fn = mod[exportName];
  return typeof fn === 'function' ? (fn as DocParser) : null;
}

function wholeFile(kind: 'summary' | 'process_map', jurisdiction: string, sourcePath: string, raw: string): ParsedDocument {
  return {
    jurisdiction,
    kind,
    title: sourcePath,
    citation: null,
    sourcePath,
    contentHash: '',
    retrievedDate: null,
    completeness: null,
    header: {},
    sections: [{ label: 'all', sectionNumber: 'all', path: [], parentLabel: null, heading: null, text: raw, depth: 0, ordinal: 0, citation: sourcePath }],
  };
}

interface Loaded {
  derived: DerivedJurisdiction;
  raw: Map<string, string>;
}

let results: Loaded[] = [];
let parsersUsed = '';

beforeAll(async () => {
  const dir = corpusDir();
  const parseSummary = await optionalParser('../documents/parse-summary.ts', 'parseSummary');
  const parseProcessMap = await optionalParser('../documents/parse-process-map.ts', 'parseProcessMap');
  parsersUsed = `summaries: ${parseSummary ? 'parseSummary' : 'whole file'}, process maps: ${parseProcessMap ? 'parseProcessMap' : 'whole file'}`;
  const slugs = await listJurisdictionSlugs(dir);
  const mapFiles = (await readdir(path.join(dir, 'hole-tld/process-maps'))).sort();
  const read = async (rel: string): Promise<string | null> => (existsSync(path.join(dir, rel)) ? readFile(path.join(dir, rel), 'utf8') : null);
  results = [];
  for (const slug of slugs) {
    const raw = new Map<string, string>();
    const statutePath = `statutes/${slug}.txt`;
    const summaryPath = `hole-tld/summaries/${slug}.txt`;
    const statuteRaw = await read(statutePath);
    const summaryRaw = await read(summaryPath);
    let statute = statuteRaw ? parseStatuteFile(statuteRaw, { jurisdiction: slug, sourcePath: statutePath }) : null;
    let summary: ParsedDocument | null = null;
    if (statuteRaw) raw.set(statutePath, statuteRaw);
    if (summaryRaw) {
      raw.set(summaryPath, summaryRaw);
      const codeStart = texasCodeStart(summaryRaw);
      if (codeStart >= 0 && !statute) statute = parseTexasCode(summaryRaw, { jurisdiction: slug, sourcePath: summaryPath });
      const head = codeStart > 0 ? summaryRaw.slice(0, codeStart) : summaryRaw;
      summary = parseSummary ? parseSummary(head, { jurisdiction: slug, sourcePath: summaryPath }) : wholeFile('summary', slug, summaryPath, head);
    }
    const processMaps: ParsedDocument[] = [];
    for (const f of processMapsFor(slug, mapFiles, slugs)) {
      const rel = `hole-tld/process-maps/${f}`;
      const text = (await read(rel)) ?? '';
      raw.set(rel, text);
      processMaps.push(parseProcessMap ? parseProcessMap(text, { jurisdiction: slug, sourcePath: rel }) : wholeFile('process_map', slug, rel, text));
    }
    const { record } = await readJurisdictionRecord(dir, slug);
    const federalRights = await readRightsFile(dir, slug);
    results.push({ derived: deriveJurisdiction({ slug, record, statute, summary, processMaps, federalRights }), raw });
  }
});

describe('derivation over the corpus', () => {
  it('derives all 52 jurisdictions', () => {
    expect(results.map((r) => r.derived.jurisdiction.slug)).toHaveLength(52);
    expect(results.filter((r) => r.derived.jurisdiction.type === 'federal')).toHaveLength(1);
    expect(results.filter((r) => r.derived.jurisdiction.type === 'district')).toHaveLength(1);
  });

  it('maps all 365 exemptions into at most 20 categories, none empty', () => {
    const exemptions = results.flatMap((r) => r.derived.exemptions);
    expect(exemptions).toHaveLength(365);
    expect(new Set(exemptions.map((e) => e.rawLabel)).size).toBe(133);
    const counts = new Map<string, number>();
    for (const e of exemptions) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
    expect(EXEMPTION_CATEGORY_KEYS.length).toBeLessThanOrEqual(20);
    for (const key of EXEMPTION_CATEGORY_KEYS) expect(counts.get(key) ?? 0, key).toBeGreaterThan(0);
    expect(exemptions.filter((e) => e.classifiedBy === 'fallback')).toEqual([]);
    process.stdout.write(`exemptions per category: ${JSON.stringify(Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])))}\n`);
  });

  it('derives at least 990 rights in all and 15 for every jurisdiction', () => {
    const per = results.map((r) => [r.derived.jurisdiction.slug, r.derived.rights.length] as const);
    const total = per.reduce((n, [, c]) => n + c, 0);
    process.stdout.write(`rights: total ${total}, min ${Math.min(...per.map(([, c]) => c))} (${parsersUsed})\n`);
    expect(total).toBeGreaterThanOrEqual(990);
    for (const [slug, count] of per) expect(count, slug).toBeGreaterThanOrEqual(15);
    for (const r of results) {
      const keys = r.derived.rights.map((x) => x.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const right of r.derived.rights) expect(right.evidence.length, right.key).toBeGreaterThan(0);
    }
  });

  it('computes an initial deadline for at least 42 jurisdictions', () => {
    const none = results.filter((r) => r.derived.responseRequirements.noFixedDeadline).map((r) => r.derived.jurisdiction.slug);
    const computable = results.length - none.length;
    process.stdout.write(`computable deadlines: ${computable}; no fixed deadline: ${none.join(', ')}\n`);
    expect(computable).toBeGreaterThanOrEqual(42);
    for (const r of results) {
      const rr = r.derived.responseRequirements;
      expect(rr.noFixedDeadline ? rr.noFixedDeadlineReason : rr.initialDeadline?.days, r.derived.jurisdiction.slug).toBeTruthy();
    }
  });

  it('quotes statute text verbatim from its source document', () => {
    let checked = 0;
    for (const r of results) {
      for (const right of r.derived.rights) {
        if (right.statutoryText.sourceKind !== 'statute_text') continue;
        const source = r.raw.get(right.statutoryText.sourcePath);
        expect(source, right.key).toBeDefined();
        expect(source?.includes(right.statutoryText.text), right.key).toBe(true);
        checked++;
      }
      const d = r.derived.responseRequirements.initialDeadline;
      if (d?.basis.sourceKind === 'statute_text') expect(r.raw.get(d.basis.sourcePath)?.includes(d.basis.quote)).toBe(true);
    }
    expect(checked).toBeGreaterThan(300);
  });
});
