import { exemptionCategoriesOf } from '../../law-model/exemption-category-words.js';

/** Words that ask whether something may be seen or kept back ("Are X public?", "Can they refuse to release X?"). */
const ACCESS_WORDS = /\b(?:open|public|release[ds]?|disclos\w*|protect\w*|secret|confidential|available|refuse|keep|see|get|find out|withh\w+)\b/i;

/** Whether a question asks if records of a kind the exemptions cover can be had ("Are 911 call recordings public?"). */
export function asksAboutExemptRecords(question: string, known: readonly string[], asked = question): boolean {
  // The records may be named in the scene ("A company handed the agency its trade secrets. Can I get them?"); the asking
  // sentence must ask for access ("… for the police union contract. Does that silence count as a denial?" does not).
  return ACCESS_WORDS.test(asked) && exemptionCategoriesOf(question, known).length > 0;
}
