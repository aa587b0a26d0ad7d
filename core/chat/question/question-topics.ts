/**
 * What a question is about, read from its words. The seven kinds a requester asks about
 * map to fields the structured law data answers exactly; everything else goes to search.
 * Patterns are ordered: "attorney fees" must not read as a fee question, "appeal to the
 * attorney general" must not read as attorney fees.
 */

/** The kinds of question the assistant answers from structured data, and `general` for the rest. */
export type Topic = 'law_name' | 'deadline' | 'fee_waiver' | 'search_fee' | 'attorney_fees' | 'residency' | 'appeal_route' | 'exemption' | 'general';

export const STRUCTURED_TOPICS: readonly Topic[] = ['law_name', 'deadline', 'fee_waiver', 'search_fee', 'attorney_fees', 'residency', 'appeal_route', 'exemption'];

const PATTERNS: ReadonlyArray<readonly [Exclude<Topic, 'general'>, RegExp]> = [
  ['attorney_fees', /\battorney'?s?'?\s+fees?\b|\blawyer'?s?'?\s+fees?\b|\blegal fees\b|\blitigation costs?\b|\bfee[- ]shifting\b|\brecover (?:my |our )?(?:legal )?(?:costs|fees)\b|\bpay (?:my|our) (?:lawyer|attorney)/i],
  ['search_fee', /\bsearch(?:ing)? (?:time|fees?|costs?|charges?)\b|\btime spent (?:search|locat|retriev)\w*|\bcharge (?:for|by) (?:the )?(?:staff |employee |labor |search )?(?:time|hours?|labor|search\w*)\b|\bstaff time\b|\blabor (?:costs?|charges?)\b/i],
  ['fee_waiver', /\bwaive[ds]?\b|\bwaivers?\b|\bwaiving\b|\breduc(?:e|ed|tion) (?:or waive )?(?:the )?fees?\b|\bfees? (?:can |may |could )?be (?:reduced|waived|excused)\b|\bfree of charge\b|\bno[- ]cost copies\b|\b(?:cut|drop|lower|forgive|excuse)\b[^?]*\b(?:fees?|charges?|costs?)\b/i],
  ['residency', /\bresiden(?:t|ts|cy|ce)\b|\bcitizens?(?:hip)?\b|\bout[- ]of[- ]state(?:rs?)?\b|\bfrom (?:another|other) (?:states?|countries|country)\b|\bnon-?residents?\b|\b(?:have to|need to|must|do(?:n't| not)?) live (?:in|outside)\b|\blives? outside\b|\bforeign(?:ers?| nationals?| journalists?| reporters?| citizens?| compan(?:y|ies)| residents?)\b|\bprisoners?\b|\binmates?\b|\bincarcerated\b|\bin prison\b|\b(?:do|does) (?:I|a|an|someone)\b[^?]*\b(?:any )?right to (?:inspect|request|see|copy|get)\b|\banyone\b.*\b(?:request|inspect|ask for|see)\b|\bwho (?:can|may) (?:request|ask|make a request|use|inspect)\b|\b(?:Canadian|Mexican|British|foreigners?|non-?citizens?|(?:from|in|living) (?:abroad|overseas|another country))\b[^?]*\b(?:allowed|able|entitled|permitted|right|can I|may I)\b|\b(?:live|living|based|reside)\b[^?]*\bcan (?:I|we) (?:use|invoke|rely on)\b|\bonly for (?:\w+ians|\w+ans|residents|citizens|locals)\b/i],
  // "What can they charge me for copies?": the copy charge, which the search-fee answer gives (after waivers: "Can they
  // waive copying fees?" asks for a waiver).
  ['search_fee', /\b(?:charge|bill)\b[^?]{0,30}\bfor (?:the )?(?:photo)?cop(?:y|ies|ying)\b|\bcop(?:y|ying) (?:fees?|charges?|costs?)\b|\bper[- ]page\b/i],
  ['appeal_route', /\bappeal(?:s|ed|ing)?\b|\bchallenge (?:a |the |an )?(?:denial|refusal|decision)\b|\bcontest(?:ing)? (?:a |the )?denial\b|\b(?:denied|turned down|rejected)\b.*\b(?:what|how|where|next)\b|\b(?:what|how|where)\b.*\b(?:denied|turned down|rejected)\b|\bafter (?:a |the )?denial\b|\bif (?:my|the|a) request is (?:denied|refused|rejected)\b|\breview (?:of )?(?:a |the |my )?(?:records? )?(?:denial|refusal)\b|\bwho (?:reviews|hears|decides)\b|\bwhat can I do\b[^?]*\b(?:den(?:ies|y|ied|ial)|refus\w*)\b|\bbefore (?:I can )?(?:su(?:e|ing)|go(?:ing)? to court|filing suit)\b|\bwhere do I go\b[^?]*\b(?:refus|den)\w*|\b(?:attorney general|AG)\b[^?]*\breview\b|\breview\b[^?]*\b(?:attorney general|AG)\b|\bturned (?:me )?down\b|\bwhere (?:can|do|should) I (?:take|go|turn)\b|\bsue\b|\blawsuit\b|\bwhich court\b|\bgo to court\b|\b(?:do|file|bring|take)\b[^?]{0,30}\b(?:in|to) court\b/i],
  ['deadline', /\bdeadlines?\b|\bhow (?:long|many days|quickly|soon|fast)\b|\bby when\b|\b(?:set|fixed|specific) (?:number of days|time)\b|\bresponse time\b|\btime (?:limit|frame)\b|\bturnaround\b|\b(?:respond|reply|answer)(?:ed)? (?:to (?:a |my )?request )?(?:with)?in\b|\bdays? to (?:respond|reply|answer|comply)\b|\b(?:\d+|one|two|three|four|five|seven|ten|fifteen|twenty|thirty)[- ](?:business |calendar |working )?days?\b/i],
  ['law_name', /\bwhat(?:'s| is) (?:the )?(?:name of (?:the )?)?(?:main |primary )?(?:public[- ]records?|open[- ]records?|freedom of information|sunshine|right[- ]to[- ]know|transparency|records?)? ?(?:law|act|statute)\b|\bwhich (?:law|statute|act|code)\b|\bwhat (?:law|statute|act) (?:governs|covers|applies)\b|\bname of (?:the )?(?:law|act|statute)\b|\b(?:law|act|statute) (?:is )?called\b|\b(?:law|act|statute)\b[^?]*\b(?:officially|formally|actually) (?:called|named|known as|titled)\b|\bwhere (?:is|are) (?:the )?(?:public records |open records )?(?:law|statute) (?:found|codified)\b|\bcite\b|\bcitation (?:for|of)\b/i],
  ['exemption', /\bexempt(?:s|ed|ion|ions)?\b|\bwithh(?:e|o)ld(?:ing)?\b|\bhold(?:s|ing)? back\b|\bconfidential\b|\bredact(?:ed|ion|ions)?\b|\b(?:are|is)(?! there\b) .+ (?:public|secret|closed)(?: records?)?\s*(?:in|under|to|for|\?|$)|\bkeep .+ secret\b|\bshielded\b|\bprotected from disclosure\b|\bclose[ds]?\b[^?]*\brecords?\b|\bkeep\b[^?]*\b(?:out of (?:public )?view|private|from the public|under wraps)\b|\brecords?\b[^?]*\b(?:can|may)\b[^?]*\bclose[ds]?\b/i],
  // "I live in Oklahoma. Can I …?" is about residency only when nothing more specific is asked.
  ['residency', /\blive (?:in|outside)\b/i],
];

/** Every topic whose pattern the question matches, in the order above (the first is the strongest reading). */
export function topicsOf(question: string): Topic[] {
  return PATTERNS.filter(([, re]) => re.test(question)).map(([topic]) => topic);
}

const ASKS_RULING_PROCEDURE = /\b(?:send|submit|ask|request|tell|notify|give)\b[^?]*\b(?:attorney general|AG|ruling|decision|opinion)\b|\b(?:attorney general|AG)\b[^?]*\b(?:send|submit|ask|request|tell|notify|rule|decide)\b/i;

/**
 * The question's topic. Attorney fees, fee waivers and residency are specific and win;
 * a deadline word inside an appeal question ("deadline to appeal") is about the appeal.
 */
export function primaryTopic(question: string): Topic {
  // "The county wants to bill me for staff time. Can they cut or drop that fee?": the sentence that asks says what is
  // asked; the sentences before it set the scene, and their words ("staff time") name another topic.
  const whole = topicOfText(question);
  const asking = askingSentence(question);
  if (asking === question) return whole;
  const topic = topicOfText(asking);
  // "They told me they want to keep part of it secret. What are they required to do, and by when?": the scene's secrecy
  // is why the agency must act, not an exemption asked about; "They turned me down over the phone. Aren't they supposed
  // to put a denial in writing?" asks what the agency must do, not how to challenge the denial.
  if (topic === 'general' && (whole === 'exemption' || (whole === 'appeal_route' && ASKS_AGENCY_DUTY.test(asking)))) return 'general';
  // "My request was denied. What are my options, and is there a deadline?": the deadline to challenge the denial.
  if (topic === 'general' || (whole === 'appeal_route' && topic === 'deadline')) return whole;
  return topic;
}

/**
 * The part of the question to match facts against: the sentence that asks when it set the topic
 * over the scene before it ("… bill me for staff time. Can they cut that fee?"), else all of it
 * ("An agency says it must decide whether a record is confidential. How long can it take?").
 */
export function askedPart(question: string): string {
  const asking = askingSentence(question);
  return asking !== question && topicOfText(question) !== primaryTopic(question) ? asking : question;
}

/** The last sentence that asks (ends in "?"), or the whole question when it is one sentence or none asks. */
export function askingSentence(question: string): string {
  const sentences = question.split(/(?<=[.!?])\s+(?=[A-Z"'])/).map((x) => x.trim()).filter((x) => x.length > 0);
  if (sentences.length < 2) return question;
  return [...sentences].reverse().find((x) => x.endsWith('?')) ?? question;
}

/** Whether the agency must do something ("Aren't they supposed to …?", "Do they have to tell …?"). */
const ASKS_AGENCY_DUTY =
  /\b(?:aren't|isn't|don't|doesn't|didn't|are|is|do|does|must|should|shouldn't) (?:they|it|the (?:agency|city|county|department|office|board|district|custodian|clerk|police))\b[^?]{0,20}\b(?:supposed to|have to|has to|required to|need to|obligated to)\b|\b(?:must|shall) (?:they|it|the (?:agency|city|county|department|office|board|district|custodian|clerk|police))\b/i;

/** "If they want to withhold the records, …": withholding supposed, so that the rest can ask what follows from it. */
const SUPPOSES_WITHHOLDING = /\bif (?:they|it|the \w+) (?:wants?|wishes?|decides?|plans?|tries?|intends?) to (?:withh\w+|keep\b[^,?]*\bsecret|hold\b[^,?]*\bback)\b[^,?]*,/gi;

function topicOfText(question: string): Topic {
  // "What must an agency that wants to withhold records send the Attorney General?" asks about a procedure, not an exemption;
  // "… and if they want to withhold the records, who gets to make that call?" asks who decides.
  const exemptionAsked = topicsOf(question.replace(SUPPOSES_WITHHOLDING, ' ')).includes('exemption');
  const topics = topicsOf(question).filter((t) => t !== 'exemption' || (exemptionAsked && !ASKS_RULING_PROCEDURE.test(question)));
  if (topics.includes('appeal_route') && topics.includes('deadline')) return 'appeal_route';
  // "How long does an agency have to answer a resident's request?" asks for a deadline.
  if (topics.includes('residency') && topics.includes('deadline') && /\bhow (?:long|many days|soon|quickly)\b/i.test(question)) return 'deadline';
  return topics[0] ?? 'general';
}

/** The clauses of a question that asks several things ("…, and what happens if …?"); one when it asks one. */
export function questionClauses(question: string): string[] {
  return question
    .split(/,?\s+and\s+(?=(?:if\s+\w+\s+\w+,\s*)?(?:(?:at|in|on|for|by|under|from|after|before|within|to)\s+(?:what|which|whom)\b|how|what|who|whom|can|could|do|does|did|is|are|was|if|where|when|then|must|may|will|would|should|has|have)\b)|;\s*|\?\s+(?=\S)/i)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/**
 * The parts of a question that asks several things ("How long does it have, and how long do I
 * get to appeal?"), each with its own topic; one part when it asks one thing.
 */
export function questionParts(question: string): Array<{ text: string; topic: Topic }> {
  const clauses = questionClauses(question);
  const parts: Array<{ text: string; topic: Topic }> = [];
  for (const text of clauses) {
    const topic = primaryTopic(text);
    if (topic !== 'general' && !parts.some((p) => p.topic === topic)) parts.push({ text, topic });
  }
  // "… appeal, and what is the deadline?": a deadline part that names no first response is the appeal's.
  const kept = parts.some((p) => p.topic === 'appeal_route')
    ? parts.filter((p) => p.topic !== 'deadline' || /\b(?:respond|response|answer|reply|produce|comply|inspect)\b/i.test(p.text))
    : parts;
  return kept.length > 1 ? kept : [{ text: question, topic: primaryTopic(question) }];
}

/** "which states", "all 50 states", "every state", "across jurisdictions", "nationwide". */
const ALL_JURISDICTIONS =
  /\b(?:all|every|each|any) (?:of the )?(?:50 |fifty |52 )?(?:states|jurisdictions|state)\b|\b(?:50|fifty|52)[- ]states?\b|\bwhich (?:states|jurisdictions)\b|\bwhat states\b|\bhow many states\b|\bacross (?:the )?(?:states|jurisdictions|country)\b|\bnationwide\b|\bstate[- ]by[- ]state\b|\bin (?:the )?most states\b|\bany state\b|\b(?:list|name) (?:the )?states\b|\bstates (?:that|where|which|with)\b/i;

/** Whether the question asks across all jurisdictions rather than about named ones. */
export function asksAcrossJurisdictions(question: string): boolean {
  return ALL_JURISDICTIONS.test(question);
}

/** What a comparison asks for: extremes of a number, the jurisdictions where a rule holds or not, or the whole table. */
export type ComparisonAim = 'shortest' | 'longest' | 'yes' | 'no' | 'table';

export function comparisonAim(question: string): ComparisonAim {
  if (/\b(?:shortest|fastest|quickest|least time|strictest|lowest|fewest)\b/i.test(question)) return 'shortest';
  if (/\b(?:longest|slowest|most time|highest|most days)\b/i.test(question)) return 'longest';
  if (/\b(?:don't|do not|doesn't|does not|no|not|never|without|cannot|can't|fail to)\b/i.test(question)) return 'no';
  if (/\b(?:which|what|how many|list|name)\b.*\b(?:states|jurisdictions)\b/i.test(question)) return 'yes';
  return 'table';
}
