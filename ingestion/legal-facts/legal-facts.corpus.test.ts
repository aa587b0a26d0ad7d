import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DerivedJurisdiction, StatedFact } from '../../core/law-model/law-model.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { createStatuteLookup } from '../derive/statute-lookup.js';
import { deriveJurisdictionBundle, parseJurisdictionSources, type ParsedJurisdiction } from '../pipeline/build-jurisdiction.js';
import { locateJurisdictionSources } from '../pipeline/jurisdiction-sources.js';
import { listJurisdictionSlugs } from '../records/read-jurisdiction-record.js';
import { applyReviewedFacts } from './apply-reviewed-facts.js';
import { factEvidenceFromParsed } from './fact-evidence.js';
import { factsReport, renderReportMarkdown } from './facts-report.js';
import { readLegalFacts, type LoadedLegalFacts } from './read-legal-facts.js';
import { quoteInText } from '../../core/legal-facts/quote-match.js';
import { resolvePinpoint, verifyLegalFacts } from './verify-legal-facts.js';

/*
 * The reviewed facts against the real corpus: every file valid, every quote in its cited
 * node, every exemption of a jurisdiction with statute text cited to a node that holds its
 * words, and the published records carrying the reviewed values. The expectations at the end
 * were read in the statute text (or, where the corpus has none, the cited statute).
 */

interface Loaded {
  parsed: ParsedJurisdiction;
  facts: LoadedLegalFacts | null;
  published: DerivedJurisdiction;
}

const corpus = corpusDir();
const byslug = new Map<string, Loaded>();
let slugs: string[] = [];

beforeAll(async () => {
  slugs = await listJurisdictionSlugs(corpus);
  for (const slug of slugs) {
    const parsed = await parseJurisdictionSources(corpus, await locateJurisdictionSources(corpus, slug, slugs, []));
    const facts = await readLegalFacts(legalFactsDir(), slug);
    const derived = await deriveJurisdictionBundle(corpus, slug, parsed);
    byslug.set(slug, { parsed, facts, published: applyReviewedFacts(derived, facts, parsed.statute) });
  }
}, 180_000);

const get = (slug: string): Loaded => byslug.get(slug) as Loaded;
const facts = (slug: string, field: StatedFact['field']): StatedFact[] => get(slug).published.facts.filter((f) => f.field === field);
const mainFact = (slug: string, field: StatedFact['field']): StatedFact | undefined => facts(slug, field).find((f) => f.requesterClass === null);

describe('reviewed legal facts over the corpus', () => {
  it('has a reviewed file for every jurisdiction', () => {
    expect(slugs).toHaveLength(52);
    expect(slugs.filter((s) => !get(s).facts)).toEqual([]);
  });

  it('every quote occurs in the node its citation names (and every file is valid)', async () => {
    const problems: string[] = [];
    for (const slug of slugs) {
      const loaded = get(slug);
      if (!loaded.facts) continue;
      const sources = await factEvidenceFromParsed(corpus, slug, loaded.parsed);
      for (const p of verifyLegalFacts(loaded.facts.file, slug, sources)) problems.push(`${slug} ${p.where}: ${p.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('marks as verified exactly the statute-text facts whose words are in the cited node', () => {
    const all = slugs.flatMap((s) => get(s).published.facts);
    expect(all.length).toBeGreaterThan(400);
    for (const f of all) expect(f.verified, `${f.key}`).toBe(f.sourceKind === 'statute_text');
  });

  it('cites every exemption of a jurisdiction with statute text to a node holding its words, or to a section the corpus lacks', () => {
    const problems: string[] = [];
    for (const slug of slugs) {
      const { parsed, published } = get(slug);
      if (!parsed.statute) continue;
      const lookup = createStatuteLookup(parsed.statute);
      for (const ex of published.exemptions) {
        const where = `${slug} exemption ${ex.datasetIndex} (${ex.rawLabel}, ${ex.citation ?? 'no citation'})`;
        if (!ex.review) {
          problems.push(`${where}: not reviewed`);
          continue;
        }
        const node = ex.citation ? resolvePinpoint(lookup, ex.citation) : null;
        if (ex.review.sourceKind === 'citation_only') {
          if (node?.exact) problems.push(`${where}: cited node is in the corpus, yet marked citation_only`);
          continue;
        }
        if (ex.review.sourceKind !== 'statute_text') {
          // A summary or the dataset may stand in only where the statute file is partial.
          if (/^full/i.test(parsed.statute.completeness ?? '')) problems.push(`${where}: the statute text is complete; cite it`);
          continue;
        }
        if (!node) problems.push(`${where}: citation resolves to no section`);
        else if (!node.exact) problems.push(`${where}: the file has subsections but not the cited one`);
        else if (!ex.review.quote || !quoteInText(node.section.text, ex.review.quote)) {
          problems.push(`${where}: the cited node does not carry the exemption's words`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the coverage table in the docs', () => {
  it('is the one the facts produce today (regenerate: npm run -s facts -- report --markdown > docs/legal-facts-coverage.md)', async () => {
    const doc = await readFile(path.join(legalFactsDir(), '..', '..', 'docs', 'legal-facts-coverage.md'), 'utf8');
    const table = renderReportMarkdown(await factsReport(legalFactsDir(), slugs));
    expect(doc.trimEnd()).toBe(table.trimEnd());
  });
});

describe('published values follow the statute', () => {
  it('Virginia limits access to citizens of the Commonwealth (Va. Code § 2.2-3704(A))', () => {
    expect(get('virginia').published.requesterRequirements.residencyRequired).toBe(true);
    expect(mainFact('virginia', 'who_may_request')?.verified).toBe(true);
  });

  it('Vermont has an administrative appeal to the head of the agency (1 V.S.A. § 318(c)(1))', () => {
    const admin = mainFact('vermont', 'administrative_appeal');
    expect(admin?.value).toMatchObject({ exists: true });
    expect(admin?.citation).toMatch(/318\(c\)\(1\)/);
    expect(get('vermont').published.appeals.steps[0]?.kind).toBe('administrative');
  });

  it('Iowa does not require an administrative appeal before enforcement (Iowa Code § 22.5)', () => {
    expect(get('iowa').published.appeals.administrativeAppealRequired).toBe(false);
    expect(get('iowa').published.responseRequirements.initialDeadline?.days).not.toBe(20);
  });

  it.each(['washington', 'missouri', 'south-carolina', 'hawaii', 'maryland', 'utah', 'massachusetts'])('%s provides a fee waiver or reduction', (slug) => {
    expect(get(slug).published.fees.feeWaiver.available).toBe(true);
  });

  it.each(['district-of-columbia', 'iowa', 'missouri'])('%s provides attorney fees', (slug) => {
    expect(get(slug).published.appeals.attorneyFees.recoverable).toBe(true);
  });

  it('Maryland counts 30 calendar days (GP § 4-203(a))', () => {
    expect(get('maryland').published.responseRequirements.initialDeadline).toMatchObject({ days: 30, unit: 'calendar' });
    expect(get('maryland').published.rights.find((r) => r.category === 'timeliness' && r.key.endsWith('response_deadline'))?.title).toBe('Response to the request within 30 calendar days');
  });

  it.each(['ohio', 'arizona', 'texas'])('%s sets a standard ("promptly"), no fixed number of days', (slug) => {
    const rr = get(slug).published.responseRequirements;
    expect(rr.noFixedDeadline).toBe(true);
    expect(rr.initialDeadline).toBeNull();
    expect(rr.noFixedDeadlineReason).toMatch(/prompt/i);
  });

  it('Idaho gives nonresidents a different deadline (Idaho Code § 74-103(2))', () => {
    const variant = facts('idaho', 'initial_response').find((f) => f.requesterClass === 'nonresident');
    expect(variant?.value).toMatchObject({ days: 21 });
    expect(variant?.citation).toMatch(/74-103\(2\)/);
    expect(get('idaho').published.responseRequirements.otherDeadlines.some((d) => d.kind === 'non_resident' && d.days === 21)).toBe(true);
  });

  it('Hawaii does not rest its deadline on § 92F-23 (access to one’s own record)', () => {
    expect(mainFact('hawaii', 'initial_response')?.citation ?? '').not.toMatch(/92F-23/);
    const right = get('hawaii').published.rights.find((r) => r.key === 'hawaii:timeliness:response_deadline');
    expect(right?.citation ?? '').not.toMatch(/92F-23/);
    expect(right?.statutoryText.sourceKind).not.toBe('statute_text');
  });

  it("Texas's 10 and 45 business days belong to the agency and the Attorney General, never the requester", () => {
    const others = facts('texas', 'other_deadline').map((f) => f.value as { actor: string; days: number | null });
    expect(others.some((v) => v.actor === 'agency' && v.days === 10)).toBe(true);
    expect(others.some((v) => v.actor === 'attorney_general' && v.days === 45)).toBe(true);
    for (const step of get('texas').published.appeals.steps) expect([10, 45]).not.toContain(step.deadline?.days);
  });

  it('exemption citations name the provision, not the definitions or a repealed section', () => {
    const idaho = get('idaho').published.exemptions;
    expect(idaho.filter((e) => /§\s*74-101\b(?!\.)/.test(e.citation ?? ''))).toEqual([]);
    expect(get('virginia').published.exemptions.filter((e) => /2\.2-3705(?![.\d])/.test(e.citation ?? ''))).toEqual([]);
    const statutory = get('michigan').published.exemptions.filter((e) => e.category === 'statutory_confidentiality');
    expect(statutory.length).toBeGreaterThan(0);
    for (const e of statutory) expect(e.citation).toMatch(/15\.243\(1\)\(d\)/);
  });

  it('keeps each overruled derived value visible in discrepancies', () => {
    const va = get('virginia').published.discrepancies.map((d) => d.topic);
    expect(va).toContain('residency_required');
  });
});
