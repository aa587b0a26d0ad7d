import { readJurisdictions } from '../../search/query-understanding/jurisdiction-mentions.js';
import type { LawContextSnapshot } from '../law-context.js';
import { exemptionCategoriesOf } from '../../law-model/exemption-category-words.js';
import { asksAcrossJurisdictions, STRUCTURED_TOPICS, topicsOf, type Topic } from '../question/question-topics.js';
import type { ResearchPlan } from './research-types.js';

/**
 * The states by resident population, largest first (U.S. Census Bureau, 2020 census
 * apportionment counts). The law database has no population; "the five most populous
 * states" needs this one outside fact, and it changes once a decade.
 */
export const STATES_BY_POPULATION_2020 = [
  'california', 'texas', 'florida', 'new-york', 'pennsylvania', 'illinois', 'ohio', 'georgia', 'north-carolina', 'michigan',
  'new-jersey', 'virginia', 'washington', 'arizona', 'massachusetts', 'tennessee', 'indiana', 'maryland', 'missouri', 'wisconsin',
  'colorado', 'minnesota', 'south-carolina', 'alabama', 'louisiana', 'kentucky', 'oregon', 'oklahoma', 'connecticut', 'utah',
  'iowa', 'nevada', 'arkansas', 'mississippi', 'kansas', 'new-mexico', 'nebraska', 'idaho', 'west-virginia', 'hawaii',
  'new-hampshire', 'maine', 'rhode-island', 'montana', 'delaware', 'south-dakota', 'north-dakota', 'alaska', 'vermont', 'wyoming',
];

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 };

/** "the five most populous states", "10 largest states" → 5, 10; null when the question asks no such thing. */
export function mostPopulousCount(question: string): number | null {
  const m = /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twenty) (?:most populous|largest|biggest|most populated) states\b/i.exec(question);
  if (!m) return /\b(?:most populous|largest|biggest) state\b/i.test(question) ? 1 : null;
  const raw = m[1]!.toLowerCase();
  return /^\d+$/.test(raw) ? Number(raw) : (COUNT_WORDS[raw] ?? null);
}

const TOPIC_LABELS: Record<Topic, string> = {
  law_name: 'the name and citation of the law',
  deadline: 'the first-response deadline',
  fee_waiver: 'fee waivers',
  search_fee: 'charges for search time',
  attorney_fees: 'recovery of attorney fees',
  residency: 'residency requirements',
  appeal_route: 'the route to appeal a denial',
  exemption: 'exemptions',
  general: 'passages of the law that match the question',
};

export const topicLabel = (t: Topic): string => TOPIC_LABELS[t];

/** Which jurisdictions: named (or given), else the N most populous states asked for, else all. */
function chooseJurisdictions(question: string, given: readonly string[], ctx: LawContextSnapshot): { slugs: string[]; scope: ResearchPlan['scope'] } {
  const named = [...new Set([...given, ...readJurisdictions(question, ctx.mentionIndex).jurisdictions])];
  const populous = mostPopulousCount(question);
  if (populous !== null) return { slugs: STATES_BY_POPULATION_2020.filter((s) => ctx.bySlug.has(s)).slice(0, populous), scope: 'most_populous' };
  if (named.length > 0 && !asksAcrossJurisdictions(question)) return { slugs: named, scope: 'named' };
  return { slugs: ctx.places.map((p) => p.slug), scope: 'all' };
}

/** Plans a research run: every structured topic the question touches (else a search of the law), in each jurisdiction it needs. */
export function planResearch(question: string, given: readonly string[], ctx: LawContextSnapshot): ResearchPlan {
  const structured = topicsOf(question).filter((t) => STRUCTURED_TOPICS.includes(t));
  const topics: Topic[] = structured.length > 0 ? [...new Set(structured)] : ['general'];
  const categories = topics.includes('exemption') ? exemptionCategoriesOf(question, [...ctx.categories.keys()]) : [];
  const { slugs, scope } = chooseJurisdictions(question, given, ctx);
  const jurisdictions = slugs.flatMap((s) => (ctx.bySlug.has(s) ? [{ slug: s, name: ctx.bySlug.get(s)!.name }] : []));
  const which = scope === 'most_populous' ? `the ${jurisdictions.length} most populous states (2020 census)` : scope === 'all' ? `all ${jurisdictions.length} jurisdictions` : jurisdictions.map((j) => j.name).join(', ');
  const steps = [
    `Look up ${topics.map(topicLabel).join(' and ')}${categories.length ? ` (${categories.map((c) => ctx.categories.get(c) ?? c).join(', ')})` : ''} in ${which}.`,
    'Find a document in the law database that supports each finding, and verify every citation against it.',
    'Compare the findings in one table, with the citations behind each cell.',
  ];
  return { question, topics, categories, jurisdictions, scope, steps };
}
