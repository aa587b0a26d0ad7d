import { beforeAll, describe, expect, it } from 'vitest';
import { applyReviewedFacts } from '../../ingestion/legal-facts/apply-reviewed-facts.js';
import { listLegalFactsSlugs, readLegalFacts } from '../../ingestion/legal-facts/read-legal-facts.js';
import { deriveJurisdictionBundle, parseJurisdictionSources } from '../../ingestion/pipeline/build-jurisdiction.js';
import { locateJurisdictionSources } from '../../ingestion/pipeline/jurisdiction-sources.js';
import { listJurisdictionSlugs } from '../../ingestion/records/read-jurisdiction-record.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { quoteSupportsClaim, statedPeriods } from '../chat/answer/claim-support.js';
import type { StatedFact } from '../law-model/law-model.js';
import { daysText } from './fact-display.js';

/*
 * The research assistant cites a fact's sentence only when the fact's quote states what the
 * sentence says (quoteSupportsClaim): every period of days, "business" days where it says so,
 * and no act the sentence denies granted by the quote. A verified fact that fails this against
 * its own display is shown as "not supported by a document in the law database", so every
 * statute-text fact is checked here exactly as ingestion publishes it (applyReviewedFacts: the
 * display with its "(applies to …)" and the verified flag).
 *
 * Fix a failure in the data: widen the quote to the words of the cited node that state the
 * number, cite the node that holds them, or correct the value where the statute says otherwise.
 */

/**
 * Facts whose quote does state the display, but which the checker's polarity heuristic misreads
 * (it takes any "no/not … <act>" in the sentence as a blanket denial, and any "may/shall … <act>"
 * in the quote as a grant). Their periods of days are still checked below.
 */
const CHECKER_MISREADS: ReadonlyMap<string, string> = new Map([
  // "No administrative appeal" vs "may appeal immediately … to the Pulaski County Circuit Court":
  // the appeal the quote grants is to a court, which is not an administrative appeal.
  ['arkansas:fact:administrative_appeal:0', 'a court appeal is not an administrative appeal'],
  // "no need to appeal administratively first" vs "may appeal immediately … to the … Circuit Court":
  // the immediate court appeal is exactly what makes an administrative appeal unnecessary.
  ['arkansas:fact:court_review:0', 'the granted court appeal is what the denied administrative step gives way to'],
  // "May be awarded: …; not awarded where a well-informed office reasonably would have believed …"
  // vs "the court may award": the denial is the exception of § 149.43(C)(4)(c), not a blanket one.
  ['ohio:fact:attorney_fees:0', 'the denial is a stated exception to the general grant'],
  // "may charge the actual cost … No fee may be charged to a crime victim … (§ 149.43(B)(11))"
  // vs "may charge a requester the actual cost": the denial is the victims' exception.
  ['ohio:fact:search_fees:0', 'the denial is a stated exception to the general grant'],
  // "no charge for the first hour" vs "no costs shall be charged for the first hour": the quote
  // denies it in the same words; the checker reads "shall be charged" as a grant.
  ['rhode-island:fact:search_fees:0', 'the quote denies the same charge ("no costs shall be charged")'],
  // "Where a fee is set by law for the copy, no other fee may be charged" vs "the agency may charge
  // and collect … the actual cost": the denial is of additional fees where a fee is set by law.
  ['vermont:fact:copy_fees:0', 'the denial is of additional fees where a fee is set by law, not of the actual-cost charge'],
]);

const corpus = corpusDir();
const facts: StatedFact[] = [];

beforeAll(async () => {
  const all = await listJurisdictionSlugs(corpus);
  for (const slug of await listLegalFactsSlugs(legalFactsDir())) {
    const parsed = await parseJurisdictionSources(corpus, await locateJurisdictionSources(corpus, slug, all, []));
    const derived = await deriveJurisdictionBundle(corpus, slug, parsed);
    const published = applyReviewedFacts(derived, await readLegalFacts(legalFactsDir(), slug), parsed.statute);
    facts.push(...published.facts.filter((f) => f.verified && f.quote !== null));
  }
}, 180_000);

/** A claim holding only the display's periods of days ("30 calendar days; 7 working days"): the periods part of the check alone. */
const periodsOnly = (display: string): string => statedPeriods(display).map((p) => daysText(p.days, p.unit)).join('; ');

describe("verified facts' quotes support their displayed sentence", () => {
  it('checks every statute-text fact of every data file', () => {
    expect(facts.length).toBeGreaterThan(350);
    expect(facts.every((f) => f.sourceKind === 'statute_text')).toBe(true);
  });

  it('every quote states the periods its display states and grants nothing the display denies', () => {
    const failing = facts
      .filter((f) => !CHECKER_MISREADS.has(f.key) && !quoteSupportsClaim(f.display, 'fact', f.quote as string))
      .map((f) => `${f.key} (${f.citation}): display "${f.display}" | quote "${f.quote}"`);
    expect(failing).toEqual([]);
  });

  it('the allow-list names only verified facts the checker still misreads, and their quotes state their periods', () => {
    for (const [key, reason] of CHECKER_MISREADS) {
      const fact = facts.find((f) => f.key === key);
      expect(fact, `${key} is no longer a verified fact: remove it from the allow-list`).toBeDefined();
      if (!fact) continue;
      const quote = fact.quote as string;
      expect(quoteSupportsClaim(fact.display, 'fact', quote), `${key} passes now (${reason}): remove it from the allow-list`).toBe(false);
      expect(quoteSupportsClaim(periodsOnly(fact.display), 'fact', quote), `${key}: the quote must still state every period of "${fact.display}"`).toBe(true);
    }
  });
});
