import { PROMINENT_CITIES } from '../../search/query-understanding/city-names.js';
import { readJurisdictions, type JurisdictionMention, type MentionIndex } from '../../search/query-understanding/jurisdiction-mentions.js';
import { placeFromGazetteer } from '../../search/query-understanding/place-gazetteer.js';
import { exemptionCategoriesOf } from '../../law-model/exemption-category-words.js';
import { asksAboutExemptRecords } from './exemption-topics.js';
import { premiseOf, type Premise } from './premise.js';
import { askingSentence, asksAcrossJurisdictions, comparisonAim, primaryTopic, STRUCTURED_TOPICS, type ComparisonAim, type Topic } from './question-topics.js';

/** A question as the answer pipeline reads it. */
export interface ReadQuestion {
  text: string;
  topic: Topic;
  /** Jurisdictions the answer is about: named in the question, else given with the request, else carried from the conversation. */
  jurisdictions: string[];
  /** Set when the question compares jurisdictions (all of them, or two or more named). */
  comparison: ComparisonAim | null;
  /** Exemption categories named (exemption questions). */
  categories: string[];
  premise: Premise | null;
  /** The previous question's words when this one continues it ("Can they drag it out past that?" after one about my own file). */
  context?: string;
  /** A city name several states share, read as the best-known one's ("Savannah city hall" → Georgia); the answer says so. */
  assumedPlace?: { name: string; jurisdiction: string };
}

/** What the reader knows besides the text. */
export interface ReadContext {
  mentionIndex: MentionIndex;
  exemptionCategories: readonly string[];
  /** Jurisdictions given with the request. */
  requested?: readonly string[];
  /** The previous question of the conversation, for follow-ups ("What about Ohio?"). */
  previous?: ReadQuestion | null;
}

/** Spellings the names index does not hold: D.C., U.S. and the federal government. */
function normalise(text: string): string {
  return text
    .replace(/\bWashington,?\s+D\.?\s?C\.?(?=\W|$)/gi, 'District of Columbia')
    .replace(/(?<![A-Za-z])D\.\s?C\.(?=\W|$)|\bDC\b/g, 'District of Columbia')
    .replace(/\b(?:U\.S\.|US|United States)(?: federal)? (?:government|agenc(?:y|ies)|law)\b/g, 'federal $&')
    .replace(/\bthe feds\b/gi, 'federal');
}

/**
 * A short question without a topic of its own continues the previous one ("And in Ohio?").
 * A longer one asks something new, in the conversation's place (see below): "What if the
 * agency never asked within that time?" is not the previous question again.
 */
function isFollowUp(text: string, topic: Topic): boolean {
  // "What about the rest of the detectives' file while the case is still open?" continues whatever its length.
  return topic === 'general' && (text.trim().split(/\s+/).length <= 8 || /^(?:and\s+)?(?:what|how)\s+about\b/i.test(text.trim()));
}

/** Words before a place that say where the asker lives or works, not whose law is asked about. */
const RESIDENCE_BEFORE =
  /\b(?:I|[Ww]e)(?:'m| am| are)?\s+(?:an?\s+(?:[\w-]+\s+){1,3})?(?:(?:live|living|based|reside|work|working|moved here from|moved from|from|out of)\s+)(?:[a-z]+\s+){0,6}?(?:in\s+)?(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?,\s*)?$|\b(?:I|[Ww]e)(?:'m| am| are)\s+an?\s+(?:[\w-]+\s+){1,3}(?:in|from|at)\s+(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?,\s*)?$|\b[Bb]ased (?:in|out of)\s+(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?,\s*)?$|\b(?:I|[Ww]e)\b[^.?!]{0,40}\bout of\s+(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?,\s*)?$/;

/**
 * The jurisdictions a question asks about. When it names one plainly, a place named only as
 * context is set aside: where the asker lives ("I live in North Carolina"), a city named
 * after another state ("a Kansas City TV station"), and a law name that other
 * jurisdictions' laws share ("the Freedom of Information Act" in a South Carolina question).
 */
function askedJurisdictions(text: string, mentions: readonly JurisdictionMention[]): string[] {
  // "A FOIA request with the EPA's regional office in Denver": a federal agency's office is in some city; the law is federal.
  if (FEDERAL_AGENCY.test(text) && !mentions.some((m) => (m.kind === 'jurisdiction' || m.kind === 'law') && m.slug !== 'federal')) return ['federal'];
  const context = (m: JurisdictionMention): boolean =>
    RESIDENCE_BEFORE.test(text.slice(Math.max(0, m.start - 60), m.start)) || /^\s+City\b/.test(text.slice(m.end));
  const asked = mentions.filter((m) => m.kind !== 'acronym' && !context(m));
  const places = asked.filter((m) => m.kind === 'jurisdiction');
  const kept = places.length > 0 ? asked.filter((m) => m.kind === 'jurisdiction' || places.some((p) => p.slug === m.slug)) : asked;
  // "the UK's Freedom of Information Act": a law's name that another country's law shares names no jurisdiction here.
  if (mentions.every((m) => m.kind === 'law' || m.kind === 'acronym') && FOREIGN.test(text)) return [];
  if (kept.length > 0) return [...new Set(kept.map((m) => m.slug))];
  // "Kansas City police", "I live in Vancouver, Washington … City of Portland records": the states named are context
  // (part of a city's name, where the asker lives), and a city names the place asked about.
  if (mentions.length > 0 && mentions.every(context) && (prominentPlace(text) ?? placeFromGazetteer(withoutResidence(text)))) return [];
  return [...new Set(mentions.map((m) => m.slug))];
}

/**
 * A federal agency, by a name or initials no state's agency goes by ("the FBI", "HUD", "the
 * Interior Department"): its records are asked for under federal law wherever its office is.
 */
const FEDERAL_AGENCY =
  /(?<!\b(?:[Ss]tate|[Cc]ounty|[Cc]ity|[Tt]own)\s)\b(?:FBI|EPA|HUD|IRS|DHS|ICE|CIA|NSA|FDA|FAA|FCC|SEC|FTC|NASA|USDA|NIH|CDC|SSA|OSHA|TSA|ATF|DEA|USCIS|CBP|FEMA|NOAA|NLRB|EEOC|DOJ|DOD|DoD|USPS|Pentagon|Department of (?:Homeland Security|Defense|Energy|the Interior|Housing and Urban Development|Health and Human Services|Veterans Affairs|the Treasury|the Army|the Navy|the Air Force)|(?:Interior|Justice|Defense|Energy|State|Treasury) Department|Social Security Administration|Environmental Protection Agency|Federal Bureau of Investigation|Internal Revenue Service|Food and Drug Administration|Federal (?:Aviation|Communications|Trade|Election|Emergency Management|Reserve)\b[\w ]*|Bureau of (?:Prisons|Land Management|Indian Affairs|Alcohol)|National Park Service|(?:U\.S\.|US) Forest Service|Forest Service|Army Corps of Engineers|Securities and Exchange Commission|Veterans Administration)\b/;

/** Whether the agency must tell someone (the requester, the employee, a third party) of something. */
const ASKS_NOTICE_DUTY = /\b(?:have|has|required|supposed|need|needs|obligated) to (?:tell|notify|inform|warn|alert|let (?:\w+ ){1,2}know|give (?:\w+ ){0,2}notice)\b/i;

/** A sentence saying where the asker lives or works ("I run a small blog out of Spokane, Washington."). */
const RESIDENCE_SENTENCE = /\b(?:I|[Ww]e)(?:'m| am| are)?\b[^.?!]{0,60}\b(?:live|living|based|reside|out of|moved)\b/;

/** The question without the sentences that say where the asker lives, when others remain: their places are not asked about. */
function withoutResidence(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  const kept = sentences.filter((x) => !RESIDENCE_SENTENCE.test(x));
  return kept.length > 0 && kept.length < sentences.length ? kept.join(' ') : text;
}

/** Whether the only jurisdiction a question names is named by a law's acronym ("FOIA"), and no federal agency is named. */
function namedByAcronymOnly(text: string, mentions: readonly JurisdictionMention[]): boolean {
  return mentions.length > 0 && mentions.every((m) => m.kind === 'acronym') && !FEDERAL_AGENCY.test(text);
}

/** A body of one place ("Pennington County", "Burlington police", "Cranston school department"), named with a civic word. */
const LOCAL_BODY =
  /\b([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)\s+(?:County|Parish|City|Town|Township|Borough|Village|school|School|schools|police|Police|PD|sheriff|Sheriff|city|county|town|department|Department|council|Council|board|Board|district|District)\b/;
const FIRST_PERSON = /\b(?:I|my|My|me|I'm|I've|we|We|our|Our)\b/;

function asksAboutOnePlace(text: string): boolean {
  return LOCAL_BODY.test(text) || FIRST_PERSON.test(text);
}

/** Another country's law: the law database holds the United States' (federal, the states, D.C.). */
export const FOREIGN =
  /\b(?:UK|U\.K\.|United Kingdom|Britain|British|(?<!New )England|Scotland|Scottish|Wales|Welsh|Ireland|Irish|Canada|Canadian|Ontario|Quebec|Australia|Australian|New Zealand|India|EU|European Union|Germany|France|(?<!New )Mexico|Japan|Brazil|South Africa|Israel)\b(?!\s+(?:citizen|resident|national|researcher|reporter|journalist|student|company|newspaper)s?\b)/;

/** A civic word after a city's name, or "City of" before it: the name is a place, not a person or a word. */
const PROMINENT = new RegExp(
  `\\bCity of (${Object.keys(PROMINENT_CITIES).join('|')})\\b|\\b(${Object.keys(PROMINENT_CITIES).join('|')})(?:'s)?\\s+(?:city|City|police|Police|PD|council|Council|mayor|Mayor|school|School|schools|Schools|sheriff|Sheriff|municipal|Municipal|public schools|housing|Housing|officials|government|department|Department|fire department)\\b`,
);

/** The best-known place of a name several states share, when the question names it as a place ("Savannah city hall"). */
function prominentPlace(text: string): { name: string; jurisdiction: string } | null {
  const m = PROMINENT.exec(text);
  const name = m?.[1] ?? m?.[2];
  return name ? { name, jurisdiction: PROMINENT_CITIES[name]! } : null;
}

/** The place a question names that no jurisdiction's names hold ("Pennington County", "Savannah city hall"), to ask about. */
export function unplacedPlace(text: string): string | null {
  const m = LOCAL_BODY.exec(text);
  if (!m) return null;
  // "Pennington County" is the place's name; in "Savannah city hall" the place is Savannah.
  const suffix = m[0].slice(m[1]!.length).trim();
  // "Can I …", "The …": words that open the sentence are not the place's name.
  const words = (/^[A-Z]/.test(suffix) ? m[0] : m[1]!).split(/\s+/);
  while (words.length > 1 && /^(?:The|A|An|My|Our|Can|Does|Do|Is|Are|If|When|What|How|Will|Why|Has|Have|I|We)$/.test(words[0]!)) words.shift();
  return words.length > 0 && !/^(?:The|A|An|My|Our|Can|Does|Do|Is|Are|If|When|What|How|Will|Why|Has|Have|I|We)$/.test(words[0]!) ? words.join(' ') : null;
}

/**
 * Reads the topic, jurisdictions, comparison, exemption categories and premise of a
 * question. Pure: everything it needs about the database comes in `ctx`.
 */
export function readQuestion(text: string, ctx: ReadContext): ReadQuestion {
  const normal = normalise(text);
  let topic = primaryTopic(normal);
  // "Is body camera footage public?", "Can they refuse to release their lawyer's advice?": an exemption question in everyday words.
  // Access asked for in the sentence that asks: "… for the police union contract. Does that silence count as a denial?" is none.
  // "Does the department have to tell the officer before it releases anything?" asks about a duty to give notice.
  const asking = askingSentence(normal);
  if (topic === 'general' && !ASKS_NOTICE_DUTY.test(asking) && asksAboutExemptRecords(normal, ctx.exemptionCategories, asking)) topic = 'exemption';
  const previous = ctx.previous ?? null;
  const followUp = previous !== null && isFollowUp(normal, topic);
  if (followUp) topic = previous.topic;

  const { mentions } = readJurisdictions(normal, ctx.mentionIndex);
  let named = askedJurisdictions(normal, mentions);
  const across = asksAcrossJurisdictions(normal);
  // "Savannah city hall is stonewalling me": no state named, a city several states share, read as the best-known one's.
  // "the Knox County clerk", "Davenport police": a place of the gazetteer whose name one state's place holds far more than any other's.
  // Not in a question about another country's law ("Manchester City Council" is England's). A law named only by an
  // acronym several laws share ("a FOIA request to the Wayne County Treasurer") gives way to the place.
  const byAcronymOnly = named.length > 0 && namedByAcronymOnly(normal, mentions);
  const unnamed = named.length === 0 || byAcronymOnly;
  const assumed = unnamed && !across && (ctx.requested ?? []).length === 0 ? (prominentPlace(text) ?? (FOREIGN.test(normal) ? null : placeFromGazetteer(withoutResidence(text)))) : null;
  if (assumed) named = [assumed.jurisdiction];
  let jurisdictions = named.length > 0 ? named : [...(ctx.requested ?? [])];
  // In a conversation, a question that names no place stays where the conversation is.
  // A question about another country's law ("And in the UK?") does not.
  const staysPut = jurisdictions.length === 0 && !across && previous !== null && !FOREIGN.test(normal);
  if (staysPut) jurisdictions = previous.jurisdictions;

  const structured = STRUCTURED_TOPICS.includes(topic);
  // A structured question naming no jurisdiction is answered across all of them, unless it is about the asker's own
  // request or a place the names index does not know ("Pennington County's records officer denied my request"):
  // that one has a jurisdiction, and a table of every state's rule would answer it with the wrong law.
  const unknownPlace = jurisdictions.length === 0 && !across && asksAboutOnePlace(normal);
  const compares = structured && topic !== 'law_name' ? across || (jurisdictions.length !== 1 && !unknownPlace) : across;
  let categories = topic === 'exemption' ? exemptionCategoriesOf(normal, ctx.exemptionCategories) : [];
  if (followUp && categories.length === 0) categories = previous.categories;
  return {
    text,
    topic,
    jurisdictions: across && named.length === 0 ? [] : jurisdictions,
    comparison: compares ? comparisonAim(normal) : null,
    categories,
    premise: premiseOf(normal, topic),
    ...(assumed ? { assumedPlace: assumed } : {}),
    ...((followUp || staysPut) && previous ? { context: previous.text } : {}),
  };
}
