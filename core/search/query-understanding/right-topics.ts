import type { RightCategory } from '../../law-model/law-model.js';

/**
 * Which kinds of right a question asks about, read from its everyday words: "how long",
 * "how many days" ask about timeliness; "appeal", "challenge a denial" about the appeal;
 * "sue", "court" about judicial review. The categories are the law database's own (the
 * derivation's right categories), the same for every jurisdiction; the words are how
 * people ask, not how any one statute puts it. Order matters only where one reading must
 * not also give another ("attorney fees" is not a question about copy fees).
 */
const CUES: ReadonlyArray<readonly [RightCategory, RegExp]> = [
  ['attorney_fees', /\b(?:attorney|lawyer|counsel)'?s?'? (?:fees?|costs?)\b|\blegal (?:fees|costs)\b|\bfee[- ]shifting\b|\blitigation costs\b/i],
  ['fees_and_waivers', /\b(?:fees?|charges?|costs?|price|pay|waive[sd]?|waivers?|per[- ]page|free of charge)\b/i],
  ['timeliness', /\bdeadlines?\b|\bhow (?:long|many (?:business |working |calendar )?days|quickly|soon|fast)\b|\btime (?:limit|frame)s?\b|\bresponse time\b|\b(?:respond|reply|answer|response)s?\b[^?]*\b(?:days?|weeks?|promptly|time)\b|\bextensions?\b|\bextend\b|\bdelay(?:s|ed)?\b|\bbusiness days\b|\btimel(?:y|iness)\b/i],
  ['appeal', /\bappeal(?:s|ed|ing)?\b|\bchallenge\b|\bcontest\b|\b(?:denied|denial|refused|refusal|rejected)\b/i],
  ['judicial_review', /\bcourts?\b|\bsue\b|\bsuing\b|\blawsuits?\b|\bjudicial\b|\blitigat\w*|\bjudge\b/i],
  ['no_residency_requirement', /\bresiden(?:t|ts|cy|ce)\b|\bcitizens?(?:hip)?\b|\bout[- ]of[- ]state\b|\blive (?:in|outside)\b|\bnon-?residents?\b/i],
  ['no_identity_requirement', /\banonym\w*|\bidentity\b|\bidentify (?:myself|yourself|themselves)\b|\bmy name\b|\bshow (?:an )?id\b/i],
  ['no_purpose_requirement', /\bpurpose\b|\bwhy I want\b|\breasons? for (?:my |the )?request\b|\bjustify\b|\bexplain why\b/i],
  ['format', /\bformats?\b|\belectronic(?:ally)?\b|\bdigital\b|\bspreadsheets?\b|\bpdfs?\b|\bnative\b|\bdatabase\b/i],
  ['inspection', /\binspect(?:ion|ing)?\b|\blook at\b|\bview (?:the )?records\b|\bin person\b/i],
  ['copies', /\bcop(?:y|ies|ying)\b/i],
  ['written_denial_with_reasons', /\bin writing\b|\bwritten\b|\bexplain (?:the |a |its )?(?:denial|refusal)\b|\breasons? for (?:the |a )?(?:denial|refusal)\b/i],
  ['segregable_release', /\bredact\w*|\bsegregab\w*|\bblack(?:ed)? out\b|\bpart of (?:a |the )?record\b|\bpartial(?:ly)?\b/i],
  ['penalties_and_damages', /\bpenalt(?:y|ies)\b|\bfines?\b|\bdamages\b|\bpunish\w*|\bsanctions?\b|\bcriminal\b|\bmisdemeanou?r\b/i],
  ['burden_on_agency', /\bburden\b|\bwho (?:must|has to) prove\b/i],
  ['proactive_disclosure', /\bproactive\w*|\bpost(?:ed)? online\b|\bpublish\w*|\bwebsite\b/i],
  ['expedited_processing', /\bexpedit\w*|\burgent\b|\bfast[- ]track\b/i],
  ['request_submission', /\bsubmit\b|\bfile a request\b|\bmake a request\b|\bhow (?:do|can) I (?:request|ask)\b|\borally\b|\bby (?:e-?mail|phone|mail)\b|\brequest form\b/i],
  ['presumption_of_openness', /\bpresum\w*|\bconstrued\b|\bliberally\b/i],
  ['assistance', /\bhelp (?:me|requesters?)\b|\bassist\w*/i],
  ['oversight_review', /\battorney general\b|\bombuds\w*|\bcommission\b|\bcouncil\b|\bpublic access counselor\b|\bruling\b|\bopinion\b/i],
  ['mediation', /\bmediat\w*|\bombuds\w*/i],
  ['constitutional_right', /\bconstitution\w*/i],
];

/** The right categories a question's words ask about, strongest reading first (none when it names no kind of right). */
export function rightCategoriesAsked(question: string): RightCategory[] {
  const out: RightCategory[] = [];
  for (const [category, cue] of CUES) {
    if (category === 'fees_and_waivers' && out.includes('attorney_fees')) continue;
    if (cue.test(question)) out.push(category);
  }
  return out;
}
