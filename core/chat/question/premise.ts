/**
 * What a question takes for granted. "What is the 3-day deadline in California?" asserts a
 * deadline; "Since Texas requires residency, …" asserts a rule. The answer checks such an
 * assertion against the data and corrects it rather than building on it.
 */
import type { Topic } from './question-topics.js';

export type DeadlineUnit = 'business' | 'calendar';

export type Premise =
  | { field: 'deadline'; days: number; unit: DeadlineUnit | null }
  | { field: 'no_deadline' }
  | { field: 'residency_required' | 'fee_waiver_available' | 'attorney_fees_recoverable'; value: boolean };

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fourteen: 14, fifteen: 15, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, sixty: 60, ninety: 90,
};

// "two days ago", "three days later" date an event; they state no deadline. "A three-day letter" names a letter due in
// three days, not the deadline to answer the request.
const DAYS =
  /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|forty-five|forty|sixty|ninety)[- ](business|working|calendar)?[- ]?days?\b(?!\s+(?:ago|earlier|later|before|since)\b)(?!\s+(?:letters?|notices?|notifications?|e-?mails?|warnings?|extensions?)\b)/i;

/** "3-day", "ten business days", "20 working days" → days and unit (working days are business days). */
export function statedDays(text: string): { days: number; unit: DeadlineUnit | null } | null {
  const m = DAYS.exec(text);
  if (!m) return null;
  const raw = m[1]!.toLowerCase();
  const days = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw];
  if (days === undefined) return null;
  const unit = m[2] ? (m[2].toLowerCase() === 'calendar' ? 'calendar' : 'business') : null;
  return { days, unit };
}

const PRESUPPOSES = /^\s*(?:why|since|because|given(?: that)?|as|now that)\b|\b(?:since|because|given that|now that)\b/i;
const NEGATED = /\b(?:no|not|never|cannot|can't|won't|doesn't|don't|isn't|aren't|without|refuses?|bars?|den(?:y|ies)|excludes?)\b/i;
const OUTSIDERS = /\bnon-?residents?\b|\bout[- ]of[- ]state(?:rs?)?\b|\boutsiders?\b|\bfrom (?:another|other) states?\b/i;

/** For residency, "doesn't allow out-of-state requesters" asserts that residency is required. */
function residencyClaim(text: string): boolean {
  const negated = NEGATED.test(text);
  return OUTSIDERS.test(text) ? negated : !negated;
}

/** The clause that states the premise: "Since X requires residency, how …" → "Since X requires residency". */
function premiseClause(question: string): string {
  const m = /\b(?:since|because|given(?: that)?|now that|as)\b[^,;?]*/i.exec(question);
  return m && !/^\s*why\b/i.test(question) ? m[0] : question;
}

/**
 * The premise of a question on `topic`, or null. A number of days in a deadline question is
 * always a premise to check ("Is it 10 days in Texas?" is answered by the same check); a
 * rule is a premise only when the question presupposes it (why / since / because …).
 */
export function premiseOf(question: string, topic: Topic): Premise | null {
  if (topic === 'deadline') {
    if (/\bno (?:fixed |set |statutory |specific )?(?:deadline|time limit)\b|\bwithout (?:a |any )?deadline\b/i.test(question)) return { field: 'no_deadline' };
    const stated = statedDays(question);
    return stated ? { field: 'deadline', ...stated } : null;
  }
  if (!PRESUPPOSES.test(question)) return null;
  const clause = premiseClause(question);
  if (topic === 'residency') return { field: 'residency_required', value: residencyClaim(clause) };
  if (topic === 'fee_waiver') return { field: 'fee_waiver_available', value: !NEGATED.test(clause) };
  if (topic === 'attorney_fees') return { field: 'attorney_fees_recoverable', value: !NEGATED.test(clause) };
  return null;
}
