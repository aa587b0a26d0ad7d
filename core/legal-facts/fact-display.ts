import type { LegalFact } from './legal-fact-schema.js';

/** How a reviewed fact reads to a person; every clause comes from the fact's value. */

const NOT_STATED = 'Not stated';

const NUMBER_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "21" → "twenty-one", as statutes spell numbers out (up to 999). */
function numberName(n: number): string {
  if (n < 20) return NUMBER_NAMES[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${NUMBER_NAMES[n % 10]}` : ''}`;
  if (n < 1000) return `${NUMBER_NAMES[Math.floor(n / 100)]} hundred${n % 100 ? ` (?:and )?${numberName(n % 100)}` : ''}`;
  return String(n);
}

/**
 * The unit as the statute's words put it: "ten working days" reads "working", and "within
 * 90 days" (no qualifier) reads plain days where the data counted calendar days. A
 * business-day count the words state as plain days keeps its unit: other provisions often
 * define "days" as business days.
 */
function unitAsWritten(days: number, unit: string | null, words: string): string | null {
  // "21 days", "twenty-one (21) days".
  const n = `(?:${days}|${numberName(days)})(?:\\s*\\(${days}\\))?`;
  const m = new RegExp(`\\b${n}[- ](?:(business|working|calendar)[- ])?days?\\b`, 'i').exec(words);
  if (!m) return unit;
  const said = m[1]?.toLowerCase();
  if (said === 'working' && unit === 'business') return 'working';
  if (!said && unit === 'calendar') return null;
  return unit;
}

/** "30 calendar days", "1 business day", "10 days" (unit unknown); in the statute's own unit word when `words` state the number. */
export function daysText(days: number, unit: string | null, words?: string | null): string {
  const said = words ? unitAsWritten(days, unit, words) : unit;
  return `${days} ${said ? `${said} ` : ''}day${days === 1 ? '' : 's'}`;
}

const ACTIONS: Record<string, string> = {
  respond: 'respond',
  grant_or_deny: 'grant or deny the request',
  produce: 'produce the records',
  make_available: 'make the records available',
  determine: 'determine whether to comply',
};

const ACTORS: Record<string, string> = {
  agency: 'the agency',
  requester: 'the requester',
  reviewer: 'the reviewing body',
  attorney_general: 'the Attorney General',
  court: 'the court',
};

/** The actor of a deadline in words. */
export function actorText(actor: string): string {
  return ACTORS[actor] ?? actor;
}

function yesNo(v: boolean | null, yes: string, no: string): string {
  return v === true ? yes : v === false ? no : NOT_STATED;
}

/** A one-line reading of a fact's value. */
export function displayFact(fact: LegalFact): string {
  switch (fact.field) {
    case 'initial_response': {
      const v = fact.value;
      if (v.days === null) return v.standard ? `No fixed deadline ("${v.standard}")` : 'No fixed deadline';
      return `${daysText(v.days, v.unit, fact.quote)} to ${ACTIONS[v.action] ?? v.action}${v.counted_from ? `, from ${v.counted_from}` : ''}`;
    }
    case 'acknowledgment': {
      const v = fact.value;
      if (!v.required) return 'No separate acknowledgment';
      return v.days !== null ? `Acknowledge within ${daysText(v.days, v.unit, fact.quote)}` : `Acknowledge${v.standard ? ` ${v.standard}` : ''}`;
    }
    case 'extension': {
      const v = fact.value;
      if (!v.allowed) return 'No extension';
      const max = v.max_days !== null ? ` by up to ${daysText(v.max_days, v.unit, fact.quote)}` : '';
      return `Extension allowed${max}${v.conditions ? ` (${v.conditions})` : ''}`;
    }
    case 'deemed_denial':
      return fact.value.applies ? `Deemed denied${fact.value.when ? ` ${fact.value.when}` : ''}` : 'No deemed denial';
    case 'administrative_appeal': {
      const v = fact.value;
      if (!v.exists) return 'No administrative appeal';
      const parts = [`Administrative appeal${v.to ? ` to ${v.to}` : ''}`];
      if (v.requester_days !== null) parts.push(`requester files within ${daysText(v.requester_days, v.requester_unit, fact.quote)}`);
      if (v.decider_days !== null) parts.push(`decided within ${daysText(v.decider_days, v.decider_unit, fact.quote)}`);
      parts.push(v.required === true ? 'required before court' : v.required === false ? 'not required before court' : 'whether required before court not stated');
      return parts.join('; ');
    }
    case 'court_review': {
      const v = fact.value;
      const parts = [`Court review${v.court ? ` in ${v.court}` : ''}`];
      if (v.requester_days !== null) parts.push(`file within ${daysText(v.requester_days, v.requester_unit, fact.quote)}`);
      if (v.exhaustion_required !== null) parts.push(v.exhaustion_required ? 'administrative remedies first' : 'no need to appeal administratively first');
      return parts.join('; ');
    }
    case 'attorney_fees': {
      const v = fact.value;
      const head = v.availability === 'shall' ? 'Awarded (mandatory)' : v.availability === 'may' ? 'May be awarded' : 'Not available';
      return v.condition ? `${head}: ${v.condition}` : head;
    }
    case 'who_may_request': {
      const v = fact.value;
      const head = v.residency_required === true ? 'Residency required' : v.residency_required === false ? 'No residency requirement' : 'Whether residency is required is not stated';
      // Exceptions widen a residency requirement (who else may ask) and narrow an open right (who may not).
      const exceptions = !v.exceptions ? '' : v.residency_required === true ? `; also open to ${v.exceptions}` : v.residency_required === false ? `; except ${v.exceptions}` : `; exceptions: ${v.exceptions}`;
      return `${head}: ${v.who}${exceptions}`;
    }
    case 'fee_waiver': {
      const v = fact.value;
      if (!v.available) return 'Not available';
      const head = v.mandatory === true ? 'Required' : v.mandatory === false ? 'Available (discretionary)' : 'Available';
      return v.standard ? `${head}: ${v.standard}` : head;
    }
    case 'search_fees':
      return `${yesNo(fact.value.allowed, 'Allowed', 'Not allowed')}: ${fact.value.description}`;
    case 'copy_fees':
      return fact.value.per_page !== null ? `$${fact.value.per_page.toFixed(2)} per page: ${fact.value.description}` : fact.value.description;
    case 'penalties':
      return fact.value.description;
    case 'request_recipient':
      return fact.value.title;
    case 'expedited_processing': {
      const v = fact.value;
      if (!v.available) return 'Not provided';
      const within = v.days !== null ? ` within ${daysText(v.days, v.unit, fact.quote)}` : '';
      return `Available${within}${v.standard ? `: ${v.standard}` : ''}`;
    }
    case 'other_deadline': {
      const v = fact.value;
      const when = v.days !== null ? `within ${daysText(v.days, v.unit, fact.quote)}` : '(no fixed days)';
      return `${actorText(v.actor).replace(/^./, (c) => c.toUpperCase())}: ${v.action} ${when}`;
    }
  }
}
