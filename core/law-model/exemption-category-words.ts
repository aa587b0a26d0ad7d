/**
 * Everyday words that point to an exemption category of the taxonomy (exemption_categories):
 * "police", "body camera" and "911" to law enforcement, "personnel file" and "discipline" to
 * personnel. The query side of the taxonomy, shared by search (which adds the legal terms
 * the statutes use for the category) and the research assistant (which answers from the
 * category's exemptions). Only keys the database knows are used, so a category added or
 * removed there changes what is matched without breaking anything here.
 */
const CATEGORY_WORDS: Record<string, RegExp> = {
  law_enforcement: /\bpolice\b|\blaw enforcement\b|\bcriminal\b|\binvestigat\w*|\barrest\w*|\bbody[- ]?cam\w*|\bdash[- ]?cam\w*|\bincident reports?\b|\bcrime\b|\b911\b/i,
  personnel: /\bpersonnel\b|\bemployees?\b|\bemployment\b|\bdisciplin\w*|\bperformance (?:evaluations?|reviews?)\b|\bjob applica\w*/i,
  medical_health: /\bmedical\b|\bhealth\b|\bhospital\b|\bpatients?\b|\bmental\b/i,
  personal_privacy: /\bprivacy\b|\bprivate information\b|\bpersonal (?:information|data|details)\b|\bsocial security\b|\bhome address\w*|\bphone numbers?\b/i,
  trade_secrets_commercial: /\btrade secrets?\b|\bcommercial\b|\bproprietary\b|\bbusiness information\b|\bconfidential business\b/i,
  deliberative_process: /\bdeliberat\w*|\bpre-?decisional\b|\bdrafts?\b|\binternal (?:memos?|memoranda|communications|discussions)\b|\bpolicy discussions?\b/i,
  attorney_client_work_product: /\battorney[- ]client\b|\bprivileged?\b|\bwork product\b|\blegal advice\b|\blawyer'?s? advice\b/i,
  security_infrastructure: /\bsecurity\b|\binfrastructure\b|\bterroris\w*|\bcyber\w*|\bemergency (?:plans?|response)\b|\bvulnerabilit\w*/i,
  national_security: /\bnational security\b|\bclassified\b|\bforeign policy\b|\bnational defen[cs]e\b/i,
  testing_examinations: /\btests?\b|\bexam(?:s|inations?)?\b|\btest questions?\b|\bscoring keys?\b/i,
  adoption_vital_records: /\badoption\b|\bbirth certificates?\b|\bdeath certificates?\b|\bvital records?\b/i,
  negotiations_procurement: /\bbids?\b|\bprocurement\b|\bcontract negotiations?\b|\breal estate\b|\beconomic development\b|\bcompetitive\b/i,
  courts_legislature_closed_meetings: /\bclosed meetings?\b|\bexecutive sessions?\b|\blegislat\w*|\bcourt records?\b|\bjudicial records?\b/i,
  student_education: /\bstudents?\b|\beducation(?:al)? records?\b|\bschool records?\b|\btranscripts?\b/i,
  financial_institutions_investments: /\bbanks?\b|\bfinancial institutions?\b|\binvestments?\b/i,
  litigation: /\blitigation\b|\blawsuits?\b|\bpending (?:cases?|suits?)\b/i,
  library_patron: /\blibrar(?:y|ies)\b|\bpatrons?\b|\bborrow\w*|\bchecked out\b/i,
  tax_records: /\btax(?:es|payer)?\b|\btax returns?\b/i,
  statutory_confidentiality: /\bconfidential by (?:law|statute)\b|\bother (?:laws|statutes)\b|\bmade confidential\b/i,
};

/** The exemption categories the question names, most specific first, among the keys the database has. */
export function exemptionCategoriesOf(question: string, known: readonly string[]): string[] {
  return Object.entries(CATEGORY_WORDS)
    .filter(([key, re]) => known.includes(key) && re.test(question))
    .map(([key]) => key);
}

