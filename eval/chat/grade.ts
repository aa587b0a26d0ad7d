/**
 * Grading an answer against its label: does the answer state the expected fact? Patterns
 * accept the draft's wording and the usual rewordings a model keeps under the guard
 * (contractions, "need not", "recoverable"); a miss is reported with what was expected.
 */
import type { Expected, LabelledQuestion } from './question-set.js';

const squash = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A jurisdiction's name as a whole word ("Kansas" is not in "Arkansas", "Virginia" not in "West Virginia"). */
function mentions(answer: string, name: string): boolean {
  const before = name === 'Virginia' ? '(?<!West )' : '';
  return new RegExp(`(?<![A-Za-z])${before}${escape(name)}(?![A-Za-z])`, 'i').test(answer);
}

const YES_NO: Record<'fee_waiver' | 'attorney_fees' | 'residency', { yes: RegExp; no: RegExp }> = {
  fee_waiver: {
    yes: /fees can be waived|can be waived or reduced|fee waivers? (?:is|are) available|may waive|can waive/i,
    no: /no fee-waiver provision|fee waivers? (?:is|are) not available|does not (?:allow|provide for) (?:a )?fee waivers?/i,
  },
  attorney_fees: {
    yes: /can recover attorney fees|attorney fees (?:are|is) recoverable|may recover attorney fees|recover (?:your |their )?attorney fees/i,
    no: /does not provide for recovering attorney fees|cannot recover attorney fees|can't recover attorney fees/i,
  },
  residency: {
    yes: /limited to citizens or residents|must be a (?:citizen|resident)|only (?:citizens|residents)/i,
    no: /do not have to be a resident|don't have to be a resident|need not be a resident|do not need to be a resident|don't need to be a resident|regardless of residency/i,
  },
};

const NUMBER_WORDS: Record<number, string> = { 1: 'one', 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 10: 'ten', 14: 'fourteen', 15: 'fifteen', 20: 'twenty', 30: 'thirty' };

/**
 * Whether a cited quote itself states the labelled fact (the deadline's number of days, the
 * law's name): how relevant the support is, beyond being verbatim. Null where a quote
 * cannot be checked this simply.
 */
export function quoteStatesFact(q: LabelledQuestion, quotes: string[]): boolean | null {
  const e = q.expected;
  if (e.type === 'deadline' && e.days !== null) {
    const word = NUMBER_WORDS[e.days];
    const re = new RegExp(`(?<![\\d.])${e.days}(?!\\d)${word ? `|\\b${word}\\b` : ''}`, 'i');
    return quotes.some((t) => re.test(t) && /day/i.test(t));
  }
  if (e.type === 'law_name') return quotes.some((t) => squash(t).includes(squash(e.name.replace(/\s*\([^)]*\)/g, ''))));
  return null;
}

/**
 * "10 business days" as an answer may put it in the statute's words: business days are the
 * statute's working days, and calendar days are days where the statute says no more.
 */
function daysPattern(days: number, unit: string | null): RegExp {
  const said = unit === null ? '(?:\\w+\\s+)?' : unit === 'business' ? '(?:business|working)\\s+' : unit === 'calendar' ? '(?:calendar\\s+)?' : `${unit}\\s+`;
  return new RegExp(`\\b${days}\\s+${said}days?\\b`, 'i');
}

/** Whether the answer states the expected fact, and if not, what was missing. */
export function grade(q: LabelledQuestion, answer: string): { correct: boolean; missing: string | null } {
  const e: Expected = q.expected;
  const has = (re: RegExp, what: string) => (re.test(answer) ? { correct: true, missing: null } : { correct: false, missing: what });
  switch (e.type) {
    case 'law_name': {
      const name = e.name.replace(/\s*\([^)]*\)/g, '');
      return squash(answer).includes(squash(name)) ? { correct: true, missing: null } : { correct: false, missing: `law name "${name}"` };
    }
    case 'deadline':
      return e.days === null
        ? has(/no fixed number of days/i, 'no fixed deadline')
        : has(daysPattern(e.days, e.unit), `${e.days} ${e.unit} days`);
    case 'yes_no': {
      if (e.value === null) return has(/does not say|does not (?:provide|have) (?:any )?information/i, 'that the database does not say');
      const p = YES_NO[e.field];
      const right = e.value ? p.yes : p.no;
      const wrong = e.value ? p.no : p.yes;
      if (wrong.test(answer)) return { correct: false, missing: `${e.field} = ${e.value} (answer says the opposite)` };
      return has(right, `${e.field} = ${e.value}`);
    }
    case 'appeal':
      if (e.direct_to_court) return has(/directly in court/i, 'direct to court');
      return squash(answer).includes(squash(e.body)) ? { correct: true, missing: null } : { correct: false, missing: `appeal body "${e.body}"` };
    case 'exemptions': {
      if (e.labels.length === 0) return has(/\b(?:lists no|does not (?:list|have) (?:an?|any)|has no) exemptions?/i, 'no exemption in the category');
      const absent = e.labels.filter((l) => !squash(answer).includes(squash(l)));
      return absent.length === 0 ? { correct: true, missing: null } : { correct: false, missing: `exemptions ${absent.join(', ')}` };
    }
    case 'listed': {
      // "Texas: 10 business days" is found on one line (a list line or a table row) holding both.
      const onOneLine = (n: string) => {
        const [name, value] = n.split(': ') as [string, string];
        return answer.split('\n').some((line) => mentions(line, name) && squash(line).includes(squash(value)));
      };
      const missing = e.names.filter((n) => (n.includes(': ') ? !onOneLine(n) : !mentions(answer, n)));
      const extra = (e.absent ?? []).filter((n) => new RegExp(`^- ${escape(n)}:`, 'm').test(answer));
      if (missing.length === 0 && extra.length === 0) return { correct: true, missing: null };
      return { correct: false, missing: [missing.length ? `not listed: ${missing.join(', ')}` : '', extra.length ? `listed wrongly: ${extra.join(', ')}` : ''].filter(Boolean).join('; ') };
    }
    case 'premise': {
      const corrected = /the question assumes/i.test(answer);
      if (corrected !== e.false_premise) return { correct: false, missing: e.false_premise ? 'a correction of the premise' : 'no correction (the premise is true)' };
      const days = /^(\d+) (\w+) days?$/.exec(e.fact);
      const stated = days ? daysPattern(Number(days[1]), days[2]!).test(answer) : squash(answer).includes(squash(e.fact));
      return stated ? { correct: true, missing: null } : { correct: false, missing: `the fact "${e.fact}"` };
    }
  }
}
