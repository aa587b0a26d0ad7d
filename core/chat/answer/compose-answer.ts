import type { JurisdictionDetail, LawRecordText } from '../../transparency/transparency-views.js';
import type { LawContextSnapshot, Place } from '../law-context.js';
import { askedPart, questionClauses, questionParts, type Topic } from '../question/question-topics.js';
import { FOREIGN, unplacedPlace, type ReadQuestion } from '../question/read-question.js';
import type { LawTools } from '../retrieval/law-tools.js';
import { composeAppealRoute } from './appeal-answer.js';
import { compareFieldOf, composeComparison } from './comparison-answers.js';
import { composeDeadline } from './deadline-answer.js';
import { absence, aggregate, emptyParts, fact, note, type DraftParts } from './draft.js';
import { composeExemptionComparison, composeExemptions } from './exemption-answers.js';
import { asksMissedDeadline, asksRemedy, composeFromFact, factBeyondTopic, matchingFact, missedDeadlineFact } from './fact-answer.js';
import { composeFromPassages, composeFromSentences, oneLine, quoteSentences, withNextSentence } from './general-answer.js';
import { mainFact } from '../../legal-facts/fact-view.js';
import { placeOf } from './law-record-shapes.js';
import { accessSide, ASKS_OPEN, heldShare, questionTerms, sentenceHolding, unansweredPart, unansweredStems, type StatuteSentence } from './statute-sentences.js';
import { asksAboutOutsiders, asksYesOrNo, composeAttorneyFees, composeFeeWaiver, composeLawName, composeResidency, composeSearchFee, coreLawName } from './rule-answers.js';

/** Parts of several jurisdictions' answers, one after the other. */
export function mergeParts(all: DraftParts[]): DraftParts {
  const out = emptyParts();
  for (const p of all) {
    out.lead.push(...p.lead);
    out.body.push(...p.body);
    out.requests.push(...p.requests);
    for (const [k, v] of p.known) out.known.set(k, v);
    out.lawCitations.push(...p.lawCitations);
    out.sources.push(...p.sources);
    out.table ??= p.table;
    out.premiseFalse ||= p.premiseFalse;
  }
  return out;
}

/**
 * Questions about how the law works in practice (counts, averages, rates, who holds an office
 * today, an address or phone number): no statute or summary states them, and an answer built
 * from the nearest rule would mislead. "How many days does an agency have?" is a law question.
 */
const PRACTICE = [
  /\bhow many\b[^?]*\b(?:requests|appeals|lawsuits|complaints|staff|employees|members|cases|people)\b[^?]*\b(?:did|do|does|were|are|was|get|gets|receive|received|filed|pending|have|has)\b/i,
  /\bhow much (?:did|do|does|has|have)\b[^?]*\b(?:collect|pay|paid|spend|spent|receive)/i,
  /\bon average\b|\baverage\b|\bpercent(?:age)?\b|\bstatistics?\b|\bbacklog\b|\bcurrently pending\b/i,
  /\b(?:e-?mail address|phone number|telephone number|mailing address)\b/i,
  /\bwho is the\b[^?]*\b(?:officer|director|head|counsel)\b[^?]*\b(?:now|currently|today)\b|\bright now\b/i,
  /\b(?:the most|busiest)\b[^?]*\b(?:requests|denials|denied|appeals)\b/i,
  // "How many requests last year?" (not "an officer fired last year": when it happened is no question of figures).
  /\b(?:how many|how much|number of|total)\b[^?]*\b(?:last year|this year|so far this)\b/i,
  // How things usually turn out: the law says what must happen, not what does.
  /\b(?:most often|how often|usually|typically|tends? to|more likely)\b(?![^?]*\b(?:have to|has to|must|required|need to|needs to)\b)[^?]*\b(?:side|win|lose|sued|rule|grant|deny|denied|agree|decide|get|gets)\b|\b(?:side|win|lose|sued|rule|grant|deny|denied)\b[^?]*\b(?:most often|how often|usually|typically)\b/i,
];

export function asksForRecordsNotLaw(question: string): boolean {
  return PRACTICE.some((re) => re.test(question));
}

/** The question back when no jurisdiction was named: which place it is about ("Pennington County" is in South Dakota and in Minnesota). */
function whichState(question: string): DraftParts {
  const parts = emptyParts();
  const place = unplacedPlace(question);
  const which = place ? `Which state is "${place}" in?` : 'Which jurisdiction do you mean?';
  parts.lead.push(note(`${which} Name a state, the District of Columbia or "federal", or ask across all states.`));
  return parts;
}

export function asksAboutForeignLaw(question: string): boolean {
  return FOREIGN.test(question);
}

/** The reviewed-fact fields each built-in topic answers from. */
const TOPIC_FIELDS: Partial<Record<ReadQuestion['topic'], readonly string[]>> = {
  deadline: ['initial_response', 'acknowledgment', 'extension'],
  fee_waiver: ['fee_waiver'],
  search_fee: ['search_fees', 'copy_fees'],
  attorney_fees: ['attorney_fees'],
  residency: ['who_may_request'],
  appeal_route: ['administrative_appeal', 'court_review'],
  law_name: [],
};

/**
 * A statute sentence is added to a topic's answer when it holds this share of the question
 * (rare words weighing more) and scores within SUPPLEMENT_SCORE of the best sentence.
 */
const SUPPLEMENT_COVERAGE = 0.25;
const SUPPLEMENT_SCORE = 0.7;
/** The best sentence for the whole question is added when it holds this share of the question and words the answer lacks. */
const BEST_SENTENCE_COVERAGE = 0.1;
/** A statute sentence leads a topic's answer when it holds this share of the question's words … */
const LEAD_SHARE = 0.6;
/** … and this much more of them than the topic's answer does. */
const LEAD_MARGIN = 0.34;

/**
 * Every place's name, and the law's: words a question shares with them do not tell statute
 * sentences apart ("someone who lives in Georgia" asks about Tennessee's law, not Georgia's).
 */
function placeNames(ctx: LawContextSnapshot, lawName?: string | null): string {
  return [...ctx.places.map((p) => p.name), lawName ?? ''].join(' ');
}

/** Puts `lead` first and the answer's own lead in its body, as context a document may or may not support. */
function demoteLead(parts: DraftParts, lead: DraftParts['lead']): void {
  parts.body = [...parts.lead.map((c) => ({ ...c, optional: true })), ...parts.body];
  parts.lead = lead;
}

/** A jurisdiction's law, looked up once however many parts of the question need it. */
type LawOf = (slug: string) => Promise<JurisdictionDetail>;

function lawLookup(tools: LawTools): LawOf {
  const cache = new Map<string, Promise<JurisdictionDetail>>();
  return (slug) => {
    let d = cache.get(slug);
    if (!d) cache.set(slug, (d = tools.jurisdictionLaw.invoke({ jurisdiction: slug })));
    return d;
  };
}

/**
 * The law tools with statute sentences looked up once per jurisdiction and question: the
 * topic's answer, the general answer and the supplement each ask for them, some with fewer
 * words required. The sentences holding one word are fetched once; a call that wants more
 * keeps those holding `min_words` (ranking does not depend on the filter).
 */
function withSentencesOnce(tools: LawTools): LawTools {
  const cache = new Map<string, Promise<StatuteSentence[]>>();
  const invoke = async (input: { jurisdiction: string; question: string; names?: string; min_words?: number }): Promise<StatuteSentence[]> => {
    const key = JSON.stringify([input.jurisdiction, input.question, input.names ?? '']);
    let all = cache.get(key);
    if (!all) cache.set(key, (all = tools.statuteSentences.invoke({ ...input, min_words: 1 })));
    const need = Math.min(input.min_words ?? 2, questionTerms(input.question, input.names ?? '').length);
    return (await all).filter((s) => s.matched >= need);
  };
  return { ...tools, statuteSentences: { invoke } } as unknown as LawTools;
}

async function single(q: ReadQuestion, slug: string, tools: LawTools, ctx: LawContextSnapshot, lawOf: LawOf): Promise<DraftParts> {
  if (q.topic === 'exemption') {
    const place = ctx.bySlug.get(slug)!;
    const exemptions = await tools.exemptionsByCategory.invoke({ jurisdictions: [slug] });
    const parts = composeExemptions(place, new Map(ctx.categories), q.categories, exemptions);
    // Only a sentence that rules on access (exempt, confidential, withheld, a public record) answers: one that merely
    // shares the question's words (a meeting held "by conference call or video") would read as the answer.
    const sentences = (await tools.statuteSentences.invoke({ jurisdiction: slug, question: q.text, names: placeNames(ctx, place.lawName) }).catch(() => [])).filter(rulesOnAccess);
    if (parts.lead.some((c) => c.role !== 'absence')) {
      // The dataset's exemptions of the category are the answer unless a provision of the statute speaks of the very
      // records asked about (Arkansas's employees' home addresses beside its personnel exemption): that one leads.
      const best = sentences[0];
      const listed = new Set(exemptions.map((e) => sectionOfCitation(e.citation)));
      if (best && best.coverage >= OWN_PROVISION_COVERAGE && !listed.has(sectionOfCitation(best.citation))) {
        const stated = emptyParts();
        if (composeFromSentences(placeOf(place).where, sentences, stated, OWN_PROVISION_COVERAGE)) {
          demoteLead(parts, stated.lead);
          for (const [k, v] of stated.known) parts.known.set(k, v);
        }
      }
      return parts;
    }
    // The dataset lists no exemption of the kind asked about: that is not "none", and the statute's own words may say
    // (Maryland's library circulation records). A sentence that answers replaces the dataset's silence.
    const stated = emptyParts();
    // "Do drafts count as public records?": the definition of a public record answers, when it names them.
    // The definition holds the one word asked about ("drafts") among many others: one word is enough there.
    const defining = ASKS_DEFINITION.test(q.text)
      ? (await tools.statuteSentences.invoke({ jurisdiction: slug, question: q.text, names: placeNames(ctx, place.lawName), min_words: 1 }).catch(() => [])).filter((s) => DEFINES_PUBLIC_RECORD.test(s.quote))
      : [];
    // The category already names the subject: a sentence holding a quarter of the question speaks of it.
    if (defining.length > 0 && composeFromSentences(placeOf(place).where, defining, stated, 0)) return stated;
    return composeFromSentences(placeOf(place).where, sentences, stated, SUPPLEMENT_COVERAGE) ? stated : parts;
  }
  const d = await lawOf(slug);
  if (q.topic === 'law_name') {
    const parts = topicAnswer(q, d, ctx);
    await addShortTitle(d, tools, parts);
    return parts;
  }
  const missed = q.premise === null ? missedAnswer(q.text, d) : null;
  // "How fast must it answer, and what happens if it doesn't?": the topic's answer, then what silence means.
  if (missed) return questionClauses(q.text).length < 2 ? missed : mergeParts([topicAnswer(q, d, ctx), missed]);
  const parts = topicAnswer(q, d, ctx);
  // "Do I have to appeal inside the agency before I can sue?": whether the law requires it, in its words.
  if (q.topic === 'appeal_route' && ASKS_EXHAUSTION.test(q.text)) addExhaustionRule(d, parts);
  // A fact of another field that the question asks for more plainly leads; the topic's answer follows as context.
  // Read from the sentence that asks when it set the topic: the scene before it ("… bill me for staff time.") names other facts.
  // An asking sentence of fewer than two content words ("What are they required to do, and by when?") is read with its scene.
  const place = `${d.name} ${d.law?.name ?? ''}`;
  const asked = askedPart(q.text);
  const factQuestion = questionTerms(asked, place).length >= 2 ? asked : q.text;
  const beyond = q.premise === null ? factBeyondTopic(factQuestion, d.facts ?? [], TOPIC_FIELDS[q.topic] ?? [], place) : null;
  if (beyond) {
    const lead = emptyParts();
    composeFromFact(d, beyond, lead);
    // A question of one clause asked for that fact alone; one of several keeps the topic's answer as context.
    if (questionClauses(q.text).length < 2) return lead;
    demoteLead(parts, []);
    return mergeParts([lead, parts]);
  }
  return parts;
}

/**
 * A premise that the law starts from secrecy or puts the burden on the requester ("Wisconsin
 * presumes records are closed unless I show a good reason", "Since Indiana makes the person
 * asking prove why …"), which no structured field holds; and the statute's words that say the
 * opposite (a presumption of complete public access, the burden of proof on the agency).
 */
const RESTRICTIVE_PREMISE =
  /\bpresum\w*\b[^.?]{0,60}\b(?:closed|secret|confidential|not public|private)\b|\b(?:I|requesters?|the (?:person|people|public)|you|citizens)\b[^.?]{0,50}\b(?:prove|show (?:a |good )?(?:reason|cause|need)|justify|give a (?:good )?reason)\b|\bburden\b[^.?]{0,30}\b(?:on|is on|falls on) (?:me|the requester|the person|requesters|the public)\b/i;
/** The same premise stated the right way round ("it's the town that has to prove it", "starts from the assumption that data is public"). */
const OPEN_PREMISE =
  /\b(?:presum\w*|assum\w*)\b[^.?]{0,60}\b(?:public|open|accessible)\b|\b(?:town|city|county|agency|government|body|office|state)\b[^.?]{0,40}\b(?:has|have) to (?:prove|show|justify)\b|\bburden\b[^.?]{0,40}\bon the (?:agency|town|city|county|government|body|office)\b/i;
const OPENNESS_POLICY =
  /\bpresumption of (?:complete )?(?:public )?access\b|\bpresumption that (?:all )?(?:government )?(?:data|records|information) (?:are|is|shall be) public\b|\bburden of proof\b[^.]{0,80}\bon the (?:public )?(?:agency|body|office|custodian)\b|\bonly in an exceptional case\b|\bshall be (?:liberally|broadly) construed\b[^.]{0,80}\b(?:access|disclosure|open)/i;

async function policyAnswer(question: string, slug: string, names: string, tools: LawTools): Promise<DraftParts | null> {
  const restrictive = RESTRICTIVE_PREMISE.test(question);
  // A premise the right way round is confirmed only when the question asks whether it holds.
  const sentencesAsked = question.split(/(?<=[.?!])\s+/).filter((x) => x.trim().endsWith('?'));
  if (!restrictive && !(OPEN_PREMISE.test(question) && sentencesAsked.some((x) => OPEN_PREMISE.test(x) || /\b(?:true|right|correct|so)\?\s*$/i.test(x)) && sentencesAsked.some((x) => asksYesOrNo(x)))) return null;
  const sentences = await tools.statuteSentences.invoke({ jurisdiction: slug, question, names, min_words: 1 }).catch(() => []);
  const policy = sentences.filter((s) => OPENNESS_POLICY.test(s.quote)).slice(0, 2);
  if (policy.length === 0) return null;
  const parts = emptyParts();
  // With the sentence that follows it in its section when only one says so ("… only in an exceptional case …").
  const chosen = policy.length > 1 ? policy : withNextSentence(sentences, policy[0]!);
  quoteSentences(parts, chosen, restrictive ? 'No: the question assumes the opposite of what the law says' : 'Yes: the law says so', 'policy');
  parts.premiseFalse = restrictive;
  return parts;
}

/** A statute's naming of itself: "This article shall be known and may be cited as the "Freedom of Information Law"". */
const SHORT_TITLE = /\b(?:known|cited|referred to)\b[^.;]{0,30}\bas\b/i;

/**
 * The law's name in the statute's own words, where the statute names itself: a name a
 * reader can check ("Is FOIL its official name?"), not only the database's label.
 */
async function addShortTitle(d: JurisdictionDetail, tools: LawTools, parts: DraftParts): Promise<void> {
  if (!d.law) return;
  const core = coreLawName(d.law.name).toLowerCase().replace(/[^a-z ]/g, '');
  const sentences = await tools.statuteSentences.invoke({ jurisdiction: d.slug, question: 'this act may be cited as known as', names: d.name, min_words: 1 }).catch(() => []);
  const title = sentences.find((s) => SHORT_TITLE.test(s.quote) && s.quote.toLowerCase().replace(/[^a-z ]/g, '').includes(core));
  if (title) quoteSentences(parts, [title], 'The statute names itself', 'short-title');
}

/** "Do I have to go through an internal appeal before I can sue?", "Can I go straight to court?". */
const ASKS_EXHAUSTION =
  /\bbefore (?:I|we|you|a requester) (?:can |may )?(?:su(?:e|ing)|go(?:ing)? to court|fil(?:e|ing) (?:suit|a lawsuit|in court))\b|\b(?:have|need|required) to (?:go through|file|exhaust|use)\b[^?]*\b(?:appeal|administrative|internal)\b|\b(?:straight|directly|right) (?:in)?to court\b|\bexhaust/i;

/** Whether the law requires an administrative appeal before court, from the reviewed fact that says so, with its words. */
function addExhaustionRule(d: JurisdictionDetail, parts: DraftParts): void {
  const court = mainFact(d.facts ?? [], 'court_review');
  const appeal = mainFact(d.facts ?? [], 'administrative_appeal');
  const f = (court?.value as { exhaustion_required?: boolean | null } | undefined)?.exhaustion_required != null ? court : (appeal?.value as { required?: boolean | null } | undefined)?.required != null ? appeal : null;
  if (!f) return;
  composeFromFact(d, f, parts);
  if (f.verified && f.quote) parts.lead.push(fact(`The law says (${f.citation}): "${oneLine(f.quote)}"`, `fact:${f.id}`));
}

/** A statute sentence holding this share of an exemption question (rare words weighing more) speaks of the records asked about. */
const OWN_PROVISION_COVERAGE = 0.3;

/** A citation with its spacing made plain, so that one provision's citations compare equal. */
const sectionOfCitation = (citation: string | null): string => (citation ?? '').replace(/\s+/g, ' ').trim();

/** "Do drafts count as public records?", "Are e-mails considered public records?". */
const ASKS_DEFINITION = /\bcounts? as\b|\b(?:considered|treated as|qualify as|qualifies as|included in)\b[^?]{0,20}\bpublic records?\b|\bdefin/i;
/** A definition of the public records the law opens ("'Public records' means …", "… including drafts …"). */
const DEFINES_PUBLIC_RECORD = /\bpublic records?\b[^.]{0,40}\b(?:means|includes?|including)\b/i;

/** Words by which a sentence rules on access to records. */
const RULES_ON_ACCESS =
  /\b(?:exempt(?:ed|ion)?|confidential|privileged|inaccessible|(?:is|are|be) (?:not )?(?:a )?public records?|public information|(?:shall|must|may) (?:not )?be (?:open|disclosed|withheld|released|made available|kept)|(?:deny|prohibit|refuse) (?:inspection|disclosure|access)|(?:shall|must|may) not (?:disclose|release|permit (?:inspection|access))|not (?:be )?(?:open|subject) to (?:public )?(?:inspection|disclosure))\b/i;

const rulesOnAccess = (s: StatuteSentence): boolean => RULES_ON_ACCESS.test([...s.lead_ins.map((l) => l.quote), s.quote].join(' '));

const ASKS_FEES = /\b(?:fees?|charges?|charged|charging|bill|billed|pay|paid|costs?)\b/i;

/**
 * "And if they miss that deadline?", "What if they just sit on it — what can I do?": what the
 * silence means (deemed denied, or approved instead), and the way to challenge a denial. Null
 * when the question is not about a missed deadline, or the law database holds neither.
 */
function missedAnswer(question: string, d: JurisdictionDetail): DraftParts | null {
  // "It blew the deadline: can it still charge me?" asks about the fees, not what the silence means.
  if (!asksMissedDeadline(question) || ASKS_FEES.test(question)) return null;
  const deemed = missedDeadlineFact(question, d.facts ?? []);
  if (!deemed && !asksRemedy(question)) return null;
  const parts = emptyParts();
  const v = deemed?.value as { applies?: boolean; when?: string | null } | undefined;
  // Silence that is not a denial says what it is instead ("considered approved as to nonexempt records").
  if (deemed) composeFromFact(d, v?.applies === false ? { ...deemed, display: `A request left unanswered is not treated as refused: ${v.when}` } : deemed, parts);
  if (v?.applies === false) return parts;
  const route = composeAppealRoute(d);
  if (route.lead.every((c) => c.role === 'absence')) return deemed ? parts : null;
  return mergeParts([parts, route]);
}

/** The answer of the question's built-in topic from the jurisdiction's law. */
function topicAnswer(q: ReadQuestion, d: JurisdictionDetail, ctx: LawContextSnapshot): DraftParts {
  switch (q.topic) {
    case 'law_name':
      return composeLawName(d);
    case 'deadline':
      return composeDeadline(d, q.premise, q.text, q.context);
    case 'fee_waiver':
      return composeFeeWaiver(d, q.premise);
    case 'search_fee': {
      // The reviewed fact's words where there is one (the dataset's summary only where not), and
      // for "… for copies and for search time?" the copy charge too; "how much per page?" asks for the copy charge alone.
      const copies = /\bcop(?:y|ies)\b|\bphotocop|\bpages?\b|\bprint/i.test(q.text) ? mainFact(d.facts ?? [], 'copy_fees') : null;
      const asksSearch = /\bsearch|\bstaff\b|\blabor\b|\btime\b|\bhours?\b|\bretriev|\blocat|\bprogramm/i.test(q.text);
      const search = copies && !asksSearch ? null : mainFact(d.facts ?? [], 'search_fees');
      const parts = search || copies ? emptyParts() : composeSearchFee(d);
      if (search) composeFromFact(d, search, parts);
      if (copies) composeFromFact(d, copies, parts);
      return parts;
    }
    case 'attorney_fees':
      return composeAttorneyFees(d, q.premise);
    case 'residency': {
      // Who else may ask, or who may not ("prisoners", "a reporter for an out-of-state paper"), from the reviewed fact's words.
      const parts = composeResidency(d, q.premise, q.text);
      const who = mainFact(d.facts ?? [], 'who_may_request');
      const exceptions = (who?.value as { exceptions?: string | null } | undefined)?.exceptions;
      const names = placeNames(ctx);
      if (who && exceptions && (heldShare(q.text, names, exceptions) > 0 || !asksYesOrNo(q.text))) composeFromFact(d, who, parts);
      // "I don't live in Idaho": what the law does differently for non-residents (a longer deadline, a higher fee).
      if (asksAboutOutsiders(q.text)) for (const f of (d.facts ?? []).filter((x) => x.requester_class === 'nonresident')) composeFromFact(d, f, parts);
      return parts;
    }
    default:
      return composeAppealRoute(d);
  }
}

/** Every jurisdiction's law name, as a table, each name cited from a document that states it. */
function lawNameTable(places: Place[]): DraftParts {
  const parts = emptyParts();
  parts.lead.push(aggregate(`The law database names the public-records law of ${places.length} jurisdictions as follows.`));
  const rows = places.map((p) => {
    if (!p.lawName) return { jurisdiction: p.slug, name: p.name, value: 'Not stated', citation: null, evidence: null };
    const name = coreLawName(p.lawName);
    parts.requests.push({ key: `law:${p.slug}`, jurisdiction: p.slug, phrase: name, terms: [name] });
    return { jurisdiction: p.slug, name: p.name, value: p.lawName, citation: null, evidence: `law:${p.slug}` };
  });
  parts.table = { field: 'law_name', label: 'Law', rows };
  return parts;
}

async function compared(q: ReadQuestion, tools: LawTools, ctx: LawContextSnapshot): Promise<DraftParts> {
  const named = q.jurisdictions.length >= 2 ? q.jurisdictions : undefined;
  const places = named ? named.map((s) => ctx.bySlug.get(s)!) : ctx.places;
  if (q.topic === 'law_name') return lawNameTable(places);
  if (q.topic === 'exemption' && q.categories.length > 0) {
    const exemptions = await tools.exemptionsByCategory.invoke({ jurisdictions: named, categories: q.categories });
    return composeExemptionComparison(places, new Map(ctx.categories), q.categories, exemptions);
  }
  const field = compareFieldOf(q.topic, q.text)!;
  const result = await tools.compareJurisdictions.invoke({ field, jurisdictions: named });
  return composeComparison(result, q.comparison ?? 'table', q.text, q.premise);
}

/**
 * A question outside the built-in topics: the reviewed fact of its one jurisdiction that
 * answers it, when one does; else the statute sentences that answer it, quoted; the
 * passages search found as further reading, or alone when neither answers.
 */
async function composeGeneral(q: ReadQuestion, tools: LawTools, ctx: LawContextSnapshot, where: string | null, passages: LawRecordText[]): Promise<DraftParts> {
  const parts = composeFromPassages(q.text, where, passages);
  if (q.jurisdictions.length !== 1) return parts;
  const slug = q.jurisdictions[0]!;
  const d = await tools.jurisdictionLaw.invoke({ jurisdiction: slug }).catch(() => null);
  if (!d) return parts;
  const names = placeNames(ctx, d.law?.name);
  const missed = q.premise === null ? missedAnswer(q.text, d) : null;
  if (missed) {
    for (const [k, v] of parts.known) missed.known.set(k, v);
    missed.body.push(...(passages.length > 0 ? parts.body : []));
    return missed;
  }
  const f = matchingFact(q.text, d.facts ?? [], `${d.name} ${d.law?.name ?? ''}`);
  const sentences = await tools.statuteSentences.invoke({ jurisdiction: slug, question: q.text, names }).catch(() => []);
  // A reviewed fact answers unless a statute sentence holds much more of the question than the fact's statement does.
  const sentenceShare = sentences[0] ? heldShare(q.text, names, sentences[0].quote) : 0;
  if (f && sentenceShare - heldShare(q.text, names, f.display) < LEAD_MARGIN) {
    parts.lead = [];
    if (passages.length === 0) parts.body = [];
    composeFromFact(d, f, parts);
    addBestSentence(q.text, names, sentences, parts);
    return parts;
  }
  const stated = emptyParts();
  if (!composeFromSentences(where, sentences, stated)) return parts;
  for (const [k, v] of parts.known) stated.known.set(k, v);
  stated.body = parts.body;
  return stated;
}

/**
 * The draft's parts for a question: from the structured data through the law tools when the
 * topic is one they answer, else from the passages search found.
 */
export async function composeParts(q: ReadQuestion, lawTools: LawTools, ctx: LawContextSnapshot, passages: LawRecordText[]): Promise<DraftParts> {
  const parts = await composeFor(q, withSentencesOnce(lawTools), ctx, passages);
  // "Savannah city hall" read as Savannah, Georgia: the answer says which place it took, so a reader can correct it.
  const assumed = q.assumedPlace && ctx.bySlug.get(q.assumedPlace.jurisdiction);
  if (q.assumedPlace && assumed) parts.lead.unshift(note(`Reading "${q.assumedPlace.name}" as ${q.assumedPlace.name}, ${assumed.name} (name the state if you mean another place).`));
  return parts;
}

async function composeFor(q: ReadQuestion, tools: LawTools, ctx: LawContextSnapshot, passages: LawRecordText[]): Promise<DraftParts> {
  const where = q.jurisdictions.length === 1 && ctx.bySlug.has(q.jurisdictions[0]!) ? placeOf(ctx.bySlug.get(q.jurisdictions[0]!)!).where : null;
  if (asksForRecordsNotLaw(q.text)) {
    const parts = emptyParts();
    parts.lead.push(absence(`The law database does not say: it holds what the law says${where ? ` ${where}` : ''}, not figures, current office holders or contact details.`));
    return parts;
  }
  // "How long does a UK council have?": no jurisdiction of the database, and a country named instead.
  if (q.jurisdictions.length === 0 && q.comparison === null && asksAboutForeignLaw(q.text)) {
    const parts = emptyParts();
    parts.lead.push(absence('The law database does not cover that: it holds the public-records laws of the United States (federal law, the 50 states and the District of Columbia), not other countries\' laws.'));
    return parts;
  }
  // "Wisconsin presumes records are closed …", "Is it the town that has to prove it?": the statute's policy answers.
  if (q.jurisdictions.length === 1) {
    const slug = q.jurisdictions[0]!;
    const policy = await policyAnswer(q.text, slug, placeNames(ctx, ctx.bySlug.get(slug)?.lawName), tools);
    if (policy) return policy;
  }
  // "Can I take my Montgomery County complaint …?": a place the index cannot place is asked about, not answered from
  // whichever state's passages share the words.
  if (q.topic === 'general' && q.jurisdictions.length === 0 && unplacedPlace(q.text)) return whichState(q.text);
  if (q.topic === 'general') {
    const parts = await composeGeneral(q, tools, ctx, where, passages);
    // "What must I include, and what can they blur out?": a clause the sentences found for the question left unanswered.
    if (q.jurisdictions.length === 1 && q.premise === null && parts.lead.some((c) => c.role === 'fact')) await supplement(q, ['general'], q.jurisdictions[0]!, tools, ctx, parts);
    return parts;
  }
  if (q.comparison !== null) return compared(q, tools, ctx);
  if (q.jurisdictions.length === 0) return whichState(q.text);
  // A question that asks several things is answered part by part, each with its own topic.
  const asked = q.premise === null ? questionParts(q.text).filter((p) => p.topic !== 'exemption' && p.topic !== 'general') : [];
  const readings = asked.length > 1 ? asked.map((p) => ({ ...q, text: p.text, topic: p.topic })) : [q];
  const lawOf = lawLookup(tools);
  const parts = mergeParts(await Promise.all(q.jurisdictions.flatMap((slug) => readings.map((r) => single(r, slug, tools, ctx, lawOf)))));
  // A premise found true is context: what the question asks beyond it still gets the statute's sentence.
  // A law's name is the whole answer to "what is it called?": the statute's other sentences hold nothing more on it.
  if (q.jurisdictions.length === 1 && q.topic !== 'law_name' && (q.premise === null || !parts.premiseFalse)) {
    const slug = q.jurisdictions[0]!;
    await supplement(q, readings.map((r) => r.topic), slug, tools, ctx, parts);
    if (ASKS_OPEN.test(q.text)) {
      const names = placeNames(ctx, ctx.bySlug.get(slug)?.lawName);
      addOtherSide(await tools.statuteSentences.invoke({ jurisdiction: slug, question: q.text, names, min_words: 1 }).catch(() => []), parts, q.topic === 'exemption');
    }
  }
  return parts;
}

/**
 * The statute's own sentences beside a topic's answer. When a sentence holds much more of the
 * question than the topic's answer does, the question was about something else ("How soon
 * must Rhode Island police release basic arrest information?" is not the agency's general
 * deadline): the sentence leads and the topic's answer follows as context. Else, when the
 * question asks about something the answer does not mention ("… and is it different for old
 * records?", body cameras under a list of law-enforcement exemptions), the sentence that
 * speaks of it is added; failing that, the best sentence for the whole question, when it speaks
 * of something the answer left out ("the wrong agency", "more than $50"): the question asked
 * about that provision, not only the topic's general rule.
 */
async function supplement(q: ReadQuestion, answeredTopics: readonly Topic[], slug: string, tools: LawTools, ctx: LawContextSnapshot, parts: DraftParts): Promise<void> {
  const names = placeNames(ctx, ctx.bySlug.get(slug)?.lawName);
  const answered = [...parts.lead, ...parts.body].map((c) => c.text).join(' ');
  const missing = unansweredStems(q.text, names, answered);
  if (missing.length === 0) return;
  const part = unansweredPart(q.text, names, answered, answeredTopics);
  // Ranked for the whole question, so that the words the answer did hold still choose among the sentences.
  const sentences = await tools.statuteSentences.invoke({ jurisdiction: slug, question: q.text, names, min_words: 1 }).catch(() => []);
  const best = sentences[0];
  if (!best) return;
  const bestShare = heldShare(q.text, names, best.quote);
  // To lead a topic's answer, a sentence must speak of the topic: an exemption answer, a sentence that rules on access;
  // a residency answer, one that names who may ask; a deadline, one that states a time. One that merely shares the
  // question's other words ("inspect", "police") would read as the answer.
  const mayLead = LEADS_TOPIC[q.topic]?.(best) ?? true;
  if (part && mayLead && bestShare >= LEAD_SHARE && bestShare - heldShare(q.text, names, answered) >= LEAD_MARGIN) {
    const stated = emptyParts();
    // The share of the question's words was checked above: the sentence leads whatever its weighted coverage.
    if (composeFromSentences(null, sentences, stated, 0)) {
      demoteLead(parts, stated.lead);
      for (const [k, v] of stated.known) parts.known.set(k, v);
      return;
    }
  }
  const forPart = part ? sentenceHolding(sentences, part.stems) : null;
  if (forPart && forPart.coverage >= SUPPLEMENT_COVERAGE && forPart.score >= SUPPLEMENT_SCORE * best.score && !answered.includes(forPart.quote)) {
    quoteSentences(parts, withNextSentence(sentences, forPart), 'The law also says', 'supplement');
    // "… before it starts billing me? And does that apply to reporters?": each clause left open gets the sentence holding
    // its own words, when the first one did not already speak of them.
    const said = [...parts.lead, ...parts.body].map((c) => c.text).join(' ');
    for (const [i, stems] of (part?.byClause ?? []).entries()) {
      if (unansweredStems(stems.join(' '), '', said).length < Math.min(2, stems.length)) continue;
      const own = sentenceHolding(sentences, stems);
      if (own && own !== forPart && !said.includes(own.quote)) quoteSentences(parts, [own], 'The law also says', `supplement:${i}`);
    }
    return;
  }
  addBestSentence(q.text, names, sentences, parts);
}

const LEADS_TOPIC: Partial<Record<Topic, (s: StatuteSentence) => boolean>> = {
  exemption: rulesOnAccess,
  residency: (s) => /\b(?:citizens?|residents?|any person|every person|all persons|non-?residents?)\b/i.test(s.quote),
  deadline: (s) => /\b(?:days?|hours?|weeks?|months?|promptly|immediately|reasonable time)\b/i.test(s.quote),
};

/** A sentence on the other side scores at least this share of the best to be quoted beside it. */
const OTHER_SIDE_SCORE = 0.7;

/**
 * "Are police reports public?": when the sentences quoted only close records (investigative reports are exempt) and
 * a sentence of nearly the same weight opens some of what was asked about (the incident report is a public record), or
 * the other way round, that sentence is quoted too: the answer is "partly", and either half alone misleads.
 */
function addOtherSide(sentences: readonly StatuteSentence[], parts: DraftParts, listsExemptions: boolean): void {
  if (!sentences[0]) return;
  const said = [...parts.lead, ...parts.body].map((c) => c.text).join(' ');
  const quoted = sentences.filter((s) => said.includes(oneLine(s.quote)));
  // Every quotation of the answer counts, those of a node quoted whole among them; an answer that only lists the
  // exemptions of the kind asked about ("personnel records") speaks for closing them.
  const sides = new Set([...said.matchAll(/"([^"]{8,})"/g)].map((m) => accessSide(m[1]!)));
  if (listsExemptions && !sides.has('open') && parts.lead.some((c) => c.role === 'fact')) sides.add('closed');
  const want = sides.has('closed') && !sides.has('open') ? 'open' : sides.has('open') && !sides.has('closed') ? 'closed' : null;
  if (!want) return;
  // As much of the question as the sentences quoted hold, and nearly their weight: the same subject, the other side.
  // A list item that says neither is read with the words introducing its list ("… the following information … shall be
  // public records:"); one that says (Idaho's five finalists "shall be available") is read as it says.
  const held = Math.max(2, ...quoted.map((s) => s.matched));
  const sideOf = (s: StatuteSentence) => accessSide(s.quote) ?? (s.lead_ins.length > 0 ? accessSide(s.lead_ins.map((l) => l.quote).join(' ')) : null);
  const other = sentences.find((s) => sideOf(s) === want && s.matched >= held && s.score >= OTHER_SIDE_SCORE * sentences[0]!.score && !said.includes(oneLine(s.quote)));
  if (other) quoteSentences(parts, [other], 'It also says', 'other-side');
}

/**
 * The best statute sentence for the whole question beside an answer that left part of it out,
 * when the sentence holds words of that part ("the wrong agency", "more than $50", "my name").
 */
function addBestSentence(question: string, names: string, sentences: readonly StatuteSentence[], parts: DraftParts): void {
  const best = sentences[0];
  if (!best || best.coverage < BEST_SENTENCE_COVERAGE) return;
  const answered = [...parts.lead, ...parts.body].map((c) => c.text).join(' ');
  const missing = unansweredStems(question, names, answered);
  if (missing.length === 0 || answered.includes(best.quote) || sentenceHolding([best], missing) === null) return;
  quoteSentences(parts, withNextSentence(sentences, best), 'The law also says', 'supplement');
}
