import type { StatuteWordCounts } from '../../transparency/transparency-store.js';
import type { LawRecordText, ListLeadIn } from '../../transparency/transparency-views.js';
import { primaryTopic, questionClauses, type Topic } from '../question/question-topics.js';
import { CITIES } from '../../search/query-understanding/city-names.js';
import { placesNamed } from '../../search/query-understanding/place-gazetteer.js';
import { sentenceSpans } from './quote.js';

/**
 * The statute sentences that answer a question no reviewed fact answers ("When must a
 * Texas city ask the Attorney General for a ruling?"): the jurisdiction's statute nodes that
 * hold the question's words, cut into sentences, each scored by how much of the question it
 * holds (rare words count more than words every section uses), in the law's own words or the
 * words the law uses for the question's everyday ones, and by whether it holds the kind of
 * thing asked (a period of time for "how long"). The answer quotes the best of them.
 */

export interface StatuteSentence {
  id: string;
  jurisdiction: string;
  citation: string | null;
  /** A verbatim span of the node's text. */
  quote: string;
  score: number;
  /** The share of the question's weight the sentence holds (0–1). */
  coverage: number;
  /** How many of the question's words it holds (as written or in the law's words). */
  matched: number;
  /** The words introducing the lists the node is an item of, outermost first (read before the quote). */
  lead_ins: ListLeadIn[];
  /** The node's whole text when it is short enough to quote whole (a rule with its exception, a duty with its notice). */
  node_text?: string;
  /** The sentence right after it in its node when that one qualifies it ("However, …", "Provided, …"). */
  exception?: string;
}

/** The opening of a sentence that qualifies the rule before it. */
const QUALIFIES = /^(?:However|Provided|Except|But|Unless|Notwithstanding|Nothing in this)\b/;

/** Inflection, then derivation, then a final "e": each step once, so "charges", "charged" and "charge" meet. */
const STEM_STEPS: ReadonlyArray<ReadonlyArray<readonly [RegExp, string]>> = [
  [
    [/(?<=..)ies$|(?<=..)ied$/, 'y'],
    [/(?<=...)ings?$/, ''],
    [/(?<=...)ed$/, ''],
    [/(?<=...)(?<![su])s$/, ''],
  ],
  [
    [/ication$/, 'y'],
    [/(?<=..)ations?$/, ''],
    [/(?<=...)(?:tion|sion)$/, 't'],
    [/(?<=..)ial$/, 'y'],
  ],
  [[/(?<=...)e$/, '']],
];

/** Word endings folded so that "denied", "denial" and "deny" meet, and "produce" meets "production". */
export function stemWord(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  // A recording (video, audio) is not a record.
  if (/^recordings?$/.test(w)) return 'recordng';
  // A ruling (a decision asked for) is not a rule (a regulation, "the attorney general's rules").
  if (/^rulings?$/.test(w)) return 'ruling';
  for (const rules of STEM_STEPS) {
    const rule = rules.find(([re]) => re.test(w));
    if (rule) w = w.replace(rule[0], rule[1]);
  }
  // Six letters join most families of words; these would join words of unrelated meaning.
  return KEEP_APART[w] ?? w.slice(0, 6);
}

const KEEP_APART: Readonly<Record<string, string>> = {
  personnel: 'personnel',
  personn: 'personnel',
  requester: 'requester',
  requestor: 'requester',
  // The one who complains in court is not a complaint.
  complainant: 'complainant',
};

/**
 * Everyday words and the words statutes use for them. Each group is one idea: a question
 * word of a group also finds the group's other words (counted a little less than its own).
 */
const WORD_GROUPS: readonly string[][] = [
  ['tell', 'told', 'inform', 'notify', 'notice', 'advise', 'letter'],
  ['writing', 'written', 'writ'],
  ['compile', 'compilation', 'summary', 'summarize', 'create', 'spreadsheet', 'tally', 'prepare'],
  ['insist', 'require', 'demand', 'compel'],
  ['every', 'each', 'all'],
  ['answer', 'respond', 'response', 'reply'],
  ['give', 'provide', 'furnish', 'supply', 'deliver'],
  ['produce', 'release', 'disclose', 'available', 'furnish', 'provide'],
  ['explain', 'explanation', 'reason', 'grounds', 'statement', 'justify'],
  ['deny', 'denial', 'refuse', 'withhold', 'reject'],
  ['sue', 'suing', 'sued', 'lawsuit', 'court', 'action', 'petition', 'judicial', 'litigation', 'proceeding'],
  ['lawyer', 'attorney', 'counsel'],
  ['fee', 'charge', 'cost', 'pay', 'price', 'bill', 'owe'],
  ['free', 'waive', 'waiver', 'reduce', 'without charge', 'cut', 'drop', 'lower'],
  ['prisoner', 'prison', 'inmate', 'incarcerated', 'correctional', 'confined', 'imprisonment'],
  ['police', 'enforcement', 'investigatory', 'investigation', 'criminal'],
  ['longest', 'maximum', 'exceed', 'later'],
  ['longer', 'extend', 'extension', 'additional'],
  ['fix', 'cure', 'remedy', 'correct'],
  ['appeal', 'review', 'petition', 'reconsider', 'complaint'],
  ['officer', 'custodian', 'official', 'clerk'],
  ['old', 'historical', 'archive', 'older'],
  ['look', 'inspect', 'inspection', 'examine', 'view'],
  ['ruling', 'decide', 'decision', 'opinion', 'determination'],
  ['ask', 'request', 'seek', 'submit'],
  ['wrong', 'another', 'other', 'not the custodian', 'not in possession'],
  ['busy', 'unavailable', 'active'],
  ['resident', 'citizen', 'live', 'lives', 'anyone', 'any person'],
  ['close', 'closed', 'secret', 'confidential', 'exempt'],
  ['email', 'electronic', 'electronically'],
  ['present', 'presence', 'physical', 'premises'],
  ['picture', 'pictures', 'photo', 'photos', 'photograph', 'snapshot'],
  ['phone', 'smartphone', 'scanner', 'equipment', 'device'],
  ['camera', 'footage', 'video', 'body-worn', 'dashboard', 'recording'],
  ['911', 'dispatch'],
  ['call', 'telephone', 'phone'],
  ['arrest', 'arrested', 'booking'],
  ['personnel', 'employee', 'employment', 'job', 'hire', 'hired', 'hiring'],
  ['cap', 'limit', 'ceiling', 'maximum'],
  ['memo', 'memos', 'memorandum', 'memorandums', 'memoranda'],
  ['reporter', 'journalist', 'newspaper', 'media', 'press', 'broadcast', 'magazine'],
  ['pull', 'pulled', 'retrieve', 'locate', 'search', 'find'],
  ['right away', 'immediately', 'promptly', 'practicable', 'at once'],
  ['big', 'large', 'huge', 'voluminous', 'extensive', 'burdensome', 'broad'],
  ['fired', 'fire', 'discharge', 'terminate', 'termination', 'dismiss', 'dismissal'],
  ['suspended', 'suspension', 'discipline', 'disciplinary', 'misconduct'],
  ['salary', 'salaries', 'pay', 'compensation', 'wages', 'earn', 'earns'],
  ['year', 'annual', 'annually', 'yearly'],
  ['training', 'train', 'trained', 'course'],
  ['mugshot', 'mug shot', 'booking photo', 'photograph'],
  ['estimate', 'estimated', 'quote'],
  ['deposit', 'advance', 'prepay', 'prepayment', 'up front', 'upfront'],
  ['challenge', 'contest', 'dispute', 'appeal'],
  ['prove', 'proof', 'burden', 'demonstrate', 'establish', 'sustain'],
  ['consequence', 'consequences', 'penalty', 'liable', 'damages', 'sanction', 'fine'],
  ['never', 'fail', 'fails', 'failure', 'neglect'],
  ['couple', 'twice', 'two', 'repeatedly'],
  ['blur', 'redact', 'redaction', 'obscure', 'excise', 'delete', 'mask'],
  ['blind', 'deaf', 'disability', 'disabled', 'impairment', 'accommodate', 'accommodation'],
];

/** Words of asking, and words every public-records provision uses: they tell no sentence apart. */
const STOP = new Set(
  [
    'what', 'which', 'when', 'where', 'who', 'whom', 'why', 'how', 'does', 'did', 'do', 'have', 'has', 'had', 'with', 'that', 'this', 'from',
    'under', 'about', 'there', 'their', 'they', 'them', 'then', 'than', 'can', 'could', 'would', 'should', 'will', 'must', 'may', 'might',
    'into', 'your', 'you', 'mine', 'my', 'me', 'the', 'and', 'for', 'are', 'any', 'get', 'got', 'was', 'were', 'been', 'being', 'its', 'it',
    'if', 'or', 'not', 'but', 'out', 'long', 'much', 'many', 'still', 'just', 'also', 'yes', 'some', 'own', 'one', 'same', 'other',
    'soon', 'quickly', 'fast', 'actually', 'really', 'even', 'ever', 'then', 'still', 'someone', 'somebody', 'anybody', 'doesn', 'don', 'didn', 'isn', 'aren', 'can\'t', 'won',
    'want', 'need', 'happen', 'happens', 'someone', 'able', 'allowed', 'know', 'let', 'make', 'take', 'takes', 'say', 'says', 'said',
    'records', 'record', 'public', 'state', 'states', 'law', 'laws', 'request', 'requests', 'requested', 'agency', 'agencies', 'government',
    'use', 'uses', 'kind', 'kinds', 'type', 'types', 'sort', 'sorts', 'put', 'got', 'gets',
    'she', 'her', 'hers', 'he', 'him', 'his', 'we', 'us', 'our', 'ours', 'village', 'township',
    'foia', 'act', 'information', 'document', 'documents', 'file', 'files', 'city', 'county', 'office', 'official', 'body', 'bodies',
    // Conversation: rare in statutes, so the statute-wide counts would weigh them most.
    'because', 'anything', 'everything', 'something', 'nothing', 'like', 'thing', 'things', 'stuff', 'lot', 'lots', 'okay', 'please',
    'thanks', 'guess', 'think', 'sure', 'already', 'ago', 'yet', 'though', 'although', 'maybe', 'perhaps', 'totally', 'basically',
    'literally', 'exactly', 'simply', 'anyway', 'wonder', 'wondering', 'curious', 'supposed', 'seems', 'apparently', 'right',
    'only', 'roughly', 'approximately', 'around', 'about', 'almost', 'nearly',
  ].map((w) => w),
);

/** The small words of a group's phrases. */
const PHRASE_GLUE = new Set(['not', 'the', 'in', 'of', 'any', 'a', 'an', 'to', 'by', 'for', 'or', 'without']);

const GROUPS_BY_STEM: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const m = new Map<string, Set<string>>();
  for (const group of WORD_GROUPS) {
    // A phrase's function words ("not the custodian") would join the group to every sentence.
    const stems = group.flatMap((w) => (w.includes(' ') ? w.split(/\s+/).filter((p) => !PHRASE_GLUE.has(p)) : [w])).map(stemWord);
    for (const s of stems) {
      const set = m.get(s) ?? new Set<string>();
      for (const t of stems) if (t !== s) set.add(t);
      m.set(s, set);
    }
  }
  return m;
})();

/**
 * Everyday phrases whose words say nothing on their own, and the law's words for them:
 * "an agency that doesn't have the records" is one without custody of them. A phrase that
 * only names the act ("turned down", "hand over") is replaced by the law's words; one that
 * spans the subject asked about ("Is X public?") keeps it.
 */
const PHRASES: ReadonlyArray<readonly [RegExp, string, 'replace' | 'add']> = [
  [/\b(?:doesn't|does not|don't|do not|didn't|did not) (?:have|hold|keep)\b/i, 'custody possession unavailable', 'replace'],
  [/\bin person\b|\bcome in\b|\bshow up\b/i, 'physical presence', 'replace'],
  [/\bat the (?:records? |front |public )?(?:counter|desk|window)\b/i, 'premises inspect', 'replace'],
  [/\bhand(?:s|ed|ing)? over\b|\bturn(?:s|ed|ing)? over\b/i, 'produce furnish', 'replace'],
  [/\bturn(?:s|ed|ing)? down\b/i, 'deny denial', 'replace'],
  // "Asks the Attorney General to rule": to decide, as in a ruling, not the rules (regulations) statutes also speak of.
  [/\b(?:to|must|will|should|would|can|may) rule\b|\brules? on\b|\bruled\b/i, 'decide ruling', 'replace'],
  // "Can they demand that I pay before they start?": payment in advance.
  [/\bpay\b[^?.]{0,25}\bbefore (?:they|it|you|the \w+) (?:even )?(?:start|begin|process|search|work)\w*|\bpay (?:first|in advance|ahead)\b/i, 'advance payment deposit', 'add'],
  // "If they want to hold that back": to withhold it.
  [/\b(?:hold(?:s|ing)?|held) (?:(?:it|that|them|this|those|some|part of it|the \w+) )?back\b/i, 'withhold', 'replace'],
  [/\bgo to court\b|\btake (?:it|them) to court\b/i, 'court action', 'replace'],
  // "Is X public?": the sentences that say whether X is disclosed or kept confidential.
  [/\b(?:is|are)\b(?! there\b)[^?]*\bpublic(?: records?)?\s*\?|\bkept (?:secret|confidential)\b/i, 'disclosed confidential', 'add'],
  // "Must I give my name / say why I want them?": the requester's identity and the intended use.
  [/\b(?:give|say|tell|disclose|provide|show|state|reveal)\b[^?.]{0,25}\b(?:my (?:name|identity|ID)|who I am|identification)\b|\b(?:identify|name) (?:myself|ourselves)\b/i, 'identity', 'replace'],
  [/\b(?:why (?:I|we) (?:want|need|am asking)|what (?:I|we) (?:plan|intend|want|am going) to do with|my (?:reason|purpose)s?\b)/i, 'intended use purpose', 'replace'],
  // "They blew the deadline": what a statute says of records not produced in a timely manner.
  [/\b(?:miss(?:es|ed)?|blew|blow(?:n|s)?(?: past)?|went past|ignored)\b[^?.]{0,20}\bdeadline\b|\blate\b/i, 'timely untimely fails', 'add'],
  // "Put together a list for me": a compilation the agency would have to prepare.
  [/\bput(?:s|ting)? together\b|\bdraw(?:s|ing)? up\b|\bmake (?:me )?(?:a|an) (?:list|table|spreadsheet|summary|report)\b/i, 'compile prepare', 'add'],
  // "Free staff time": the time of the agency's personnel, as statutes that cap it say.
  [/\bstaff(?:'s)? time\b/i, 'personnel time', 'add'],
  // "a 1985 memo", "a 30-year-old file": how old the record is, in the words a statute counts age by.
  [/\b(?:19|20)\d{2}\b|\b\w+[- ]years?[- ]old\b|\bdecades? (?:ago|old)\b/i, 'years old created', 'add'],
  // "Can they keep X from me?", "withhold X": whether X is kept confidential.
  [/\bkeep\b[^?]{0,60}\bfrom (?:me|us|the public|the press|reporters|requesters)\b|\bkeep\b[^?]{0,40}\b(?:secret|private)\b/i, 'confidential disclosed withhold', 'add'],
];

/** The question with the law's words for its everyday phrases. */
function withLawWords(question: string): string {
  return PHRASES.reduce((q, [re, words, how]) => (!re.test(q) ? q : how === 'replace' ? q.replace(new RegExp(re.source, 'gi'), ` ${words} `) : `${q} ${words}`), question);
}

/** Words asking for a period of time, and sentences that state one. */
const ASKS_TIME = /\bhow (?:long|soon|quickly|fast)\b|\bhow many (?:days|weeks|months|hours)\b|\bwhen (?:must|should|do|does|will|can|has|have)\b|\bby when\b|(?<!\b(?:miss(?:es|ed)?|blew|blows?|blown|past|after|missing) (?:its |their |the |that |a )?)\bdeadline\b|\blongest\b|\btime limit\b|\bwithin what\b/i;
const NUMBER_WORDS = '\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|hundred';
const STATES_TIME = new RegExp(`\\b(?:${NUMBER_WORDS})(?:\\s*\\(\\d+\\))?[- ](?:\\w+[- ]){0,2}?(?:days?|weeks?|months?|hours?|years?)\\b|\\b(?:first|second|third|fifth|seventh|tenth|fifteenth|twentieth|thirtieth)\\s+(?:business |working |calendar )?day\\b|\\bcalendar week\\b`, 'i');

/**
 * Words that set the scene rather than ask: a city standing for its state ("Providence
 * police"; matched as written, so that "little rock" stays words) and when the thing asked
 * about happened ("arrested two days ago", "last week"). No statute sentence is about them.
 */
const CITY_NAMES = new RegExp(
  `\\b(?:${Object.values(CITIES)
    .flat()
    .sort((a, b) => b.length - a.length)
    .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\b`,
  'g',
);
const WHEN_IT_HAPPENED = new RegExp(`\\b(?:${NUMBER_WORDS}|a|an|a few|several|couple of|a couple of) (?:days?|weeks?|months?|years?) ago\\b|\\b(?:yesterday|last (?:week|month|year))\\b`, 'gi');

function withoutScene(question: string): string {
  // The gazetteer's places too ("the Bellevue police department"): where it happened, not what is asked.
  const places = placesNamed(question).reduce((q, name) => q.split(name).join(' '), question);
  return places.replace(CITY_NAMES, ' ').replace(WHEN_IT_HAPPENED, ' ');
}

/** The question's words that can carry meaning, as written (not stemmed), with the law's words for its everyday phrases. */
function contentWords(question: string): string[] {
  const words = withLawWords(withoutScene(question)).toLowerCase().replace(/[’]/g, "'").match(/[a-z][a-z'-]+|\b\d{3,}\b/g) ?? [];
  return [...new Set(words.flatMap((w) => w.replace(/'s$/, '').split(/[-']/)).filter((w) => w.length >= 3 && !STOP.has(w)))];
}

export const stemsOf = (text: string): string[] => (text.toLowerCase().match(/[a-z][a-z']+|\b\d{3,}\b/g) ?? []).map(stemWord);

/** One word of a question: its stem and the stems of the law's words for it. */
export interface QuestionTerm {
  stem: string;
  also: ReadonlySet<string>;
}

/**
 * The question's weighed words: content words, without the place's and the law's names.
 * Each maps to the stems that count for it (its own and its group's).
 */
export function questionTerms(question: string, place: string): QuestionTerm[] {
  const placeStems = new Set(stemsOf(place));
  const seen = new Set<string>();
  const out: QuestionTerm[] = [];
  for (const w of contentWords(question)) {
    const stem = stemWord(w);
    if (stem.length < 3 || placeStems.has(stem) || seen.has(stem)) continue;
    seen.add(stem);
    out.push({ stem, also: GROUPS_BY_STEM.get(stem) ?? new Set() });
  }
  return out;
}

/** The question's own content words, without the place's and the law's names: each finds its best sections too. */
export function ownLookupWords(question: string, place: string): string[] {
  const placeStems = new Set(stemsOf(place));
  return contentWords(question).filter((w) => !placeStems.has(stemWord(w)));
}

/** The plain words to look sections up by: the question's own words and the law's words for them. */
export function lookupWords(question: string, place: string): string[] {
  const own = contentWords(question);
  const placeStems = new Set(stemsOf(place));
  const extra = WORD_GROUPS.filter((g) => g.some((w) => own.some((o) => stemWord(o) === stemWord(w)))).flatMap((g) => g.flatMap((w) => w.split(/\s+/)));
  return [...new Set([...own, ...extra])].filter((w) => !placeStems.has(stemWord(w)));
}

/** A node this short is quoted whole when one of its sentences answers: its other sentences qualify that one. */
const WHOLE_NODE = 700;
/** A sentence ending in a colon introduces a list: its items follow it in the quote, up to this length. */
const WITH_ITEMS = 800;

/**
 * A note on a section's history ("Added by Acts 2025, 89th Leg., …", "(Code 1981, §50-18-73,
 * enacted by Ga. L. 2012, …)"), cut into pieces by the sentence splitter: not a rule.
 */
export function isHistoryNote(sentence: string): boolean {
  return (
    /^\(?(?:Added|Amended|Renumbered|Repealed|Acts|Source|History|Code \d{4}|L\. \d{4}|P\.L\.)\b/.test(sentence.trim()) ||
    /\b(?:enacted by|Acts \d{4}|Leg\., R\.S\.|Laws \d{4}, ch\.)/.test(sentence)
  );
}

/**
 * A sentence that introduces a list ("… shall notify the applicant of this determination:")
 * says nothing until its items are read: the quote runs on over the items that follow it in
 * the node, as one verbatim span, while they fit in WITH_ITEMS characters.
 */
function withListItems(text: string, quote: string): string {
  if (!/:\s*$/.test(quote)) return quote;
  const start = text.indexOf(quote);
  if (start < 0) return quote;
  let end = start + quote.length;
  const items = sentenceSpans(text.slice(end));
  // Items labelled "(i)", "(1)", "(a)" are nodes of their own, ranked one by one: such a list is quoted whole or not
  // at all, and it ends with its first item that ends a sentence. Items labelled "a." live only in this text: as many
  // as fit are quoted.
  const labelled = /^\([a-z0-9]{1,5}\)/i.test(items[0] ?? '');
  for (const item of items) {
    if (isHistoryNote(item)) break;
    const at = text.indexOf(item, end);
    if (at < 0 || at + item.length - start > WITH_ITEMS) {
      if (labelled) return quote;
      break;
    }
    end = at + item.length;
    if (labelled && /\.\s*$/.test(item)) break;
  }
  return text.slice(start, end);
}

/** "Is X public?", "Can I get X?", "Can they keep X from me?". */
export const ASKS_OPEN =
  /\b(?:is|are)\b(?! there\b)[^?]*\b(?:public|open|confidential|secret|exempt)(?: records?)?\b[^?]*\?|\bcan (?:I|we|the public|anyone|someone|people|the press|(?:a|an|the) (?:reporter|journalist|citizen|resident|member of the public|requester|family|victim|lawyer|attorney|newspaper|researcher)s?) (?:even )?(?:get|see|obtain|inspect|access|view|watch|hear|copy)\b|\bkeep\b[^?]{0,60}\bfrom\b/i;
/** A sentence that says whether something is a public record, open, or kept confidential. */
const SAYS_OPEN =
  /\b(?:is|are|be)\s+(?:not\s+)?(?:a\s+)?public records?\b|\b(?:is|are|be)\s+(?:not\s+)?(?:open|public|confidential|exempt|privileged)\b|\bshall\s+(?:not\s+)?be\s+(?:open|public|confidential|disclosed|released|withheld|made available)\b/i;
/** The words that open a list of definitions: they define, they do not rule. */
const DEFINITIONS_LEAD = /\bshall have the meanings?\b|\bdefinitions? (?:apply|shall apply)\b|^(?:\(\w+\)\s*)?Definitions\b/i;

/** How much a synonym counts beside the question's own word. */
const SYNONYM_WEIGHT = 0.7;
/** Sentences longer than this are scored a little lower: the answer is usually a short sentence. */
const LONG = 400;

/**
 * The sentences of `sections` ranked for the question, best first; the same sentence in a
 * parent and a child node is kept once, with the child (the pinpoint citation). `place` is
 * the jurisdiction's and law's names, whose words do not tell sections apart. A sentence
 * must hold `minWords` of the question's words (or all, when it has fewer).
 */
export function rankStatuteSentences(
  question: string,
  place: string,
  sections: ReadonlyArray<LawRecordText & { lead_ins?: ListLeadIn[] }>,
  minWords = 2,
  counts?: StatuteWordCounts,
): StatuteSentence[] {
  const terms = questionTerms(question, place);
  if (terms.length === 0) return [];
  const asksTime = ASKS_TIME.test(question);
  const asksMeaning = /\bmean(?:s|ing)?\b|\bdefin|\bcounts? as\b|\bqualif(?:y|ies) as\b|\bwhat is (?:a|an)\b/i.test(question);
  const asksOpen = ASKS_OPEN.test(question);

  // Every sentence once, from its most specific node (the shortest text holding it).
  const bySentence = new Map<string, { section: LawRecordText & { lead_ins?: ListLeadIn[] }; quote: string; stems: Set<string>; whole: boolean; exception?: string }>();
  for (const section of [...sections].sort((a, b) => a.text.length - b.text.length)) {
    const focus = (sentence: string): number => {
      const lower = sentence.toLowerCase();
      const at = terms.map((t) => lower.search(new RegExp(`\\b${t.stem}`))).filter((i) => i >= 0);
      return at.length > 0 ? Math.min(...at) : 0;
    };
    const spans = sentenceSpans(section.text, focus);
    const whole = section.text.trim().length <= WHOLE_NODE && spans.length > 1;
    for (const [i, span] of spans.entries()) {
      // A parent's copy of its subsection's sentence carries the subsection's label ("(b) If …"): one sentence.
      const key = span.replace(/^\(\w{1,5}\)\s*/, '').replace(/\s+/g, ' ');
      if (key.length < 25 || bySentence.has(key)) continue;
      const quote = withListItems(section.text, span);
      // A list item is read with the words that introduce its list ("… does not include:").
      const leadIns = (section.lead_ins ?? []).map((l) => l.quote).join(' ');
      const following = spans[i + 1];
      const exception = following && QUALIFIES.test(following) && !isHistoryNote(following) ? following : undefined;
      bySentence.set(key, { section, quote, stems: new Set(stemsOf(`${leadIns} ${quote}`)), whole, ...(exception ? { exception } : {}) });
    }
  }
  const all = [...bySentence.values()];
  if (all.length === 0) return [];

  // Rare words weigh more: inverse sentence frequency over the candidates.
  const df = new Map<string, number>();
  for (const s of all) for (const st of s.stems) df.set(st, (df.get(st) ?? 0) + 1);
  const poolIdf = (stem: string) => Math.log(1 + all.length / (1 + (df.get(stem) ?? 0)));
  // A question word's weight is its rarity in the whole statute when known: among the sections found for the
  // question, the word the question is about ("arrest") is in most of them and would weigh least.
  const nodesHolding = new Map<string, number>();
  for (const [word, n] of Object.entries(counts?.holding ?? {})) {
    const stem = stemWord(word);
    nodesHolding.set(stem, Math.min(n, nodesHolding.get(stem) ?? n));
  }
  const idf = (stem: string) => {
    const n = nodesHolding.get(stem);
    return n === undefined || !counts ? poolIdf(stem) : Math.log(1 + counts.nodes / (1 + n));
  };
  const totalWeight = terms.reduce((n, t) => n + idf(t.stem), 0);

  const ranked: StatuteSentence[] = [];
  for (const s of all) {
    let weight = 0;
    let matched = 0;
    for (const t of terms) {
      if (s.stems.has(t.stem)) {
        weight += idf(t.stem);
        matched++;
        continue;
      }
      const syn = [...t.also].find((a) => s.stems.has(a));
      if (syn) {
        weight += SYNONYM_WEIGHT * Math.min(idf(t.stem), idf(syn));
        matched++;
      }
    }
    if (matched < Math.min(minWords, terms.length)) continue;
    let score = weight;
    if (asksTime && !STATES_TIME.test(s.quote)) score *= 0.4;
    // A rule (shall, must, may) answers more often than a definition does.
    if (/\b(?:shall|must|may)\b/i.test(s.quote)) score *= 1.15;
    const defines = /["”]\s*means\b|\bmeans\s+(?:a|an|the|any)\b/i.test(s.quote) || DEFINITIONS_LEAD.test(s.quote) || (s.section.lead_ins ?? []).some((l) => DEFINITIONS_LEAD.test(l.quote));
    if (defines && !asksMeaning) score *= 0.6;
    // "Is X public?": a sentence that says whether something is a public record, open or confidential answers it.
    if (asksOpen && SAYS_OPEN.test(s.quote)) score *= 1.3;
    if (s.quote.length > LONG) score *= LONG / s.quote.length + 0.5 * (1 - LONG / s.quote.length);
    ranked.push({
      id: s.section.id,
      jurisdiction: s.section.jurisdiction,
      citation: s.section.citation,
      quote: s.quote,
      score,
      coverage: totalWeight > 0 ? weight / totalWeight : 0,
      matched,
      lead_ins: s.section.lead_ins ?? [],
      ...(s.whole ? { node_text: s.section.text.trim() } : {}),
      ...(s.exception ? { exception: s.exception } : {}),
    });
  }
  return ranked.sort((a, b) => b.score - a.score);
}

/** Whether a text's stems hold a question word, as written or in the law's words for it. */
export function holdsTerm(stems: ReadonlySet<string>, t: QuestionTerm): 'own' | 'law' | null {
  if (stems.has(t.stem)) return 'own';
  return [...t.also].some((a) => stems.has(a)) ? 'law' : null;
}

/** The share of the question's words (0–1) a text holds, as written or in the law's words for them. */
export function heldShare(question: string, place: string, text: string): number {
  const terms = questionTerms(question, place);
  if (terms.length === 0) return 0;
  return 1 - unansweredStems(question, place, text).length / terms.length;
}

/**
 * The question's words (stems) an answer's text does not hold, neither as written nor in
 * the law's words for them: what a template answer left unanswered ("… and is it different
 * for old records?", "body camera" under a list of law-enforcement exemptions).
 */
export function unansweredStems(question: string, place: string, answer: string): string[] {
  const said = new Set(stemsOf(answer));
  return questionTerms(question, place)
    .filter((t) => !said.has(t.stem) && ![...t.also].some((a) => said.has(a)))
    .map((t) => t.stem);
}

/**
 * What a topic's answer left unanswered: the question's words (stems) a further sentence
 * must hold; null when nothing deserves a sentence of its own.
 * In a question of several clauses, a clause the answer's topics (`answeredTopics`) do not
 * cover ("…, and what happens if the record is in storage?"); in a one-clause question, two words or more the
 * answer does not hold ("911 call recordings" under a list of law-enforcement exemptions).
 * One word missing from a one-clause question is a paraphrase, not a part left unanswered.
 */
export function unansweredPart(question: string, place: string, answer: string, answeredTopics: readonly Topic[] = []): { stems: string[]; byClause: string[][] } | null {
  const missing = new Set(unansweredStems(question, place, answer));
  if (missing.size === 0) return null;
  const clauses = questionClauses(question);
  // A clause no answered topic covers is open whatever it misses; an answered one when it misses two words or more.
  const byClause = clauses
    .map((c) => {
      const lacking = questionTerms(c, place).map((t) => t.stem).filter((st) => missing.has(st));
      const open = clauses.length > 1 && !answeredTopics.includes(primaryTopic(c));
      return open || lacking.length >= 2 ? lacking : [];
    })
    .filter((l) => l.length > 0);
  const stems = [...new Set(byClause.flat())];
  if (stems.length === 0) return null;
  return { stems, byClause };
}

/** The best sentence holding enough of `stems` (or the law's words for them): two, or the only one. */
export function sentenceHolding(sentences: readonly StatuteSentence[], stems: readonly string[]): StatuteSentence | null {
  const need = Math.min(2, stems.length);
  return (
    sentences.find((s) => {
      const said = new Set(stemsOf([...s.lead_ins.map((l) => l.quote), s.quote].join(' ')));
      return stems.filter((st) => said.has(st) || [...(GROUPS_BY_STEM.get(st) ?? [])].some((a) => said.has(a))).length >= need;
    }) ?? null
  );
}

/** Words by which a sentence opens records to the public, and words by which it closes them. */
const OPENS =
  /\b(?:is|are|be) (?:a )?public records?\b|\bshall be (?:open|available|released|disclosed|made available|public)\b|\bopen (?:to|for) (?:public )?inspection\b|\b(?:is|are) (?:open|available) to the public\b|\bdoes not (?:except|include|apply to)\b|\bnot (?:be )?(?:exempt|confidential)\b/i;
const CLOSES =
  /\bexempt(?:ed)?\b|\bconfidential\b|\bnot (?:be |considered )?(?:a )?public records?\b|\bshall not be (?:disclosed|released|open|made available)\b|\binaccessible\b|\bprivileged\b|\bshall (?:deny|withhold)\b|\b(?:disclosed|released|available) only\b/i;

const NEGATED_CLOSING = /\b(?:nothing in this (?:chapter|act|article|section|subsection|title)|nothing herein)\b[^.;]{0,80}\b(?:exempt|confidential|withh\w+|prohibit)\b|\bshall not be (?:construed|deemed) to (?:exempt|make\b[^.;]{0,20}\bconfidential)\b/i;

/** Whether a sentence opens records (a public record, open to inspection) or closes them (exempt, confidential); null when it does neither. */
export function accessSide(quote: string): 'open' | 'closed' | null {
  // "Nothing in this chapter shall be construed to exempt … an incident report": a closing word, negated.
  if (NEGATED_CLOSING.test(quote)) return 'open';
  const open = OPENS.test(quote);
  const closed = CLOSES.test(quote);
  return open && !closed ? 'open' : closed && !open ? 'closed' : null;
}
