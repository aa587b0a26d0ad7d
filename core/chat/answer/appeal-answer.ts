import type { JurisdictionDetail } from '../../transparency/transparency-views.js';
import { absence, detail, emptyParts, fact, type DraftParts } from './draft.js';
import { daysText } from '../../legal-facts/fact-display.js';
import { appealRules, basisSections, capital, placeOf, type AppealStep } from './law-record-shapes.js';
import { reviewedEvidence } from './reviewed-evidence.js';

const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'under', 'into', 'office', 'state', 'public', 'records', 'direct']);

/** The distinctive words of a body's name ("Attorney General", "Superior Court"), for finding quotes. */
function bodyTerms(body: string): string[] {
  const words = body.split(/[^A-Za-z']+/).filter((w) => w.length >= 4 && !STOP.has(w.toLowerCase()));
  return [body, ...words];
}

const KIND_TEXT: Record<AppealStep['kind'], string> = {
  administrative: 'an administrative appeal to',
  oversight: 'a complaint or request for review to',
  judicial: 'an action in',
};

/**
 * A filing period the statute's words state in months or years, which the day counts of the
 * data cannot hold ("… may bring an action … within two years after the agency denial").
 */
function statedPeriod(quote: string | undefined): string | null {
  const m = quote ? /\bwithin\s+((?:one|two|three|four|five|six|twelve|eighteen|\d+)(?:\s*\(\d+\))?\s+(?:calendar\s+)?(?:months?|years?)\s+(?:after|of|from)\s+[^,.;:]{3,60}?)(?=\s+to\b|[,.;:]|$)/i.exec(quote) : null;
  return m ? m[1]!.trim() : null;
}

/** One step as a sentence; a step that only says there is no administrative appeal reads as such. */
function stepSentence(step: AppealStep, where: string, first: boolean, quote?: string): string {
  // Whose time each period is: the requester's to file, the deciding body's to decide.
  const period = step.deadline ? null : statedPeriod(quote);
  const within = step.deadline ? `, filed by the requester within ${daysText(step.deadline.days, step.deadline.unit, quote)}` : period ? `, filed by the requester within ${period}` : '';
  const decided = /^decided within (\d+) (business|calendar) days?/i.exec(step.deadline_notes ?? '');
  const decides = decided ? `, which must decide within ${daysText(Number(decided[1]), decided[2]!.toLowerCase(), quote)}` : '';
  if (/^no administrative appeal/i.test(step.body)) return `${capital(where)}, there is no administrative appeal: a denial is challenged directly in court.`;
  const lead = first ? `To challenge a denial ${where}, the first step is` : 'The next step is';
  return `${lead} ${KIND_TEXT[step.kind]} ${step.body.replace(/[.\s]+$/, '')}${within}${decides}.`;
}

/** "How do I appeal a denial in X?" — every step of the route the data gives, in order. */
export function composeAppealRoute(d: JurisdictionDetail): DraftParts {
  const parts = emptyParts();
  const a = appealRules(d);
  const { where } = placeOf(d);
  const steps = [...(a?.steps ?? [])].sort((x, y) => x.level - y.level);
  if (steps.length === 0) {
    parts.lead.push(absence(`The law database holds no appeal route ${where}.`));
    return parts;
  }
  steps.forEach((step, i) => {
    const key = `appeal:${d.slug}:${step.level}`;
    const reviewed = step.kind === 'administrative' ? reviewedEvidence(d, 'administrative_appeal') : step.kind === 'judicial' ? reviewedEvidence(d, 'court_review') : undefined;
    const claim = fact(stepSentence(step, where, i === 0, reviewed?.quote), key);
    (i === 0 ? parts.lead : parts.body).push(claim);
    parts.requests.push({
      key,
      jurisdiction: d.slug,
      sectionIds: basisSections(d.slug, [{ section_label: step.section_label, source_kind: 'statute_text', quote: '', citation: step.citation }]),
      citations: step.citation ? [step.citation] : [],
      rightCategories: step.kind === 'judicial' ? ['judicial_review', 'appeal'] : step.kind === 'oversight' ? ['oversight_review', 'appeal'] : ['appeal', 'oversight_review'],
      terms: /^no administrative appeal/i.test(step.body) ? ['court', 'writ', 'petition'] : bodyTerms(step.body),
      context: ['appeal', 'review', 'petition', 'court', 'complaint', 'deni', 'action', 'suit'],
      reviewed,
    });
  });
  if (a?.administrative_appeal_required === false && steps.some((s) => s.kind === 'administrative')) {
    const key = `appeal_optional:${d.slug}`;
    parts.body.push(detail('The administrative appeal is not required before going to court.', key));
    parts.requests.push({ key, jurisdiction: d.slug, terms: [], reviewed: reviewedEvidence(d, 'administrative_appeal') });
  }
  if (a?.administrative_appeal_required === true) {
    const key = `appeal_required:${d.slug}`;
    parts.body.push(detail('An administrative appeal must come before going to court.', key));
    parts.requests.push({ key, jurisdiction: d.slug, rightCategories: ['appeal', 'judicial_review'], terms: ['exhaust', 'administrative appeal', 'appeal'], context: ['court', 'before', 'first', 'judicial'], reviewed: reviewedEvidence(d, 'administrative_appeal') });
  }
  return parts;
}
