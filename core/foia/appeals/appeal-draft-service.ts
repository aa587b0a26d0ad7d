/**
 * Denial → appeal: matches the agency's stated reasons and cited exemptions to the
 * jurisdiction's exemptions, reads each one's limits in the statute text, finds the appeal
 * route in the reviewed facts, drafts the appeal letter and stores it as the request's newest
 * appeal draft (a communication: outgoing, delivery `draft`).
 */
import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import type { SearchService } from '../../search/search-service.js';
import { DEADLINE_FACT_FIELDS, loadDeadlineLaw } from '../deadline-law.js';
import type { FoiaLawStore, LawFact } from '../foia-law-store.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { factFor } from '../law-facts.js';
import { buildAppealLetter, type AppealedDecision } from '../letters/appeal-letter.js';
import { formatLetterMarkdown, formatLetterText } from '../letters/format-letter.js';
import { loadLetterLaw } from '../letters/letter-law.js';
import { localDate } from '../request-deadline.js';
import { appealRoute, type AppealRoute } from './appeal-route.js';
import type { AppealLawStore, AppealUserStore, ExemptionRecord } from './appeal-store.js';
import { parentLabel } from './citation-normaliser.js';
import { constructiveDenial, type ConstructiveDenial } from './constructive-denial.js';
import { findExemptionLimits, type ExemptionLimit, type LawSection } from './exemption-limits.js';
import { matchByMeaning, matchCitations, type MeaningThresholds } from './exemption-matcher.js';

/** Statuses whose decision can be appealed; a running, overdue request too where the law treats silence as a denial. */
export const APPEAL_DRAFT_STATUSES = ['denied', 'partially_fulfilled', 'no_responsive_records'] as const;

const MAX_EXCERPT = 700;
/** Phrases that select the law-wide nodes read for limits (see LAW_WIDE_PATTERNS). */
const LAW_WIDE_PHRASES = ['reasonably segregable', 'segregate and release', 'partial disclosure', 'reasonably foresee', 'presumed to be subject to required public'];
const FACT_FIELDS = [...DEADLINE_FACT_FIELDS, 'other_deadline'] as const;

export interface AppealMatch {
  cited_as: string;
  exemption: { citation: string; section_id: string | null; title: string; text: string; source_kind: string };
  matched_by: 'citation' | 'meaning';
  score?: number;
  limits: ExemptionLimit[];
}

export interface AppealDraft {
  request_id: string;
  /** The decision appealed: the request's status, or `constructive_denial`. */
  appealing: FoiaRequestRecord['status'] | 'constructive_denial';
  matches: AppealMatch[];
  unmatched: Array<{ cited_as: string; kind: 'citation' | 'reason' }>;
  appeal_route: AppealRoute;
  constructive_denial: ConstructiveDenial | null;
  letter: { text: string; markdown: string };
  communication_id: string;
}

export interface AppealDraftService {
  draft(userId: string, requestId: string, input: { reasons: string; exemptions: string[] }): Promise<AppealDraft>;
}

export interface AppealDraftServiceDeps {
  users: AppealUserStore;
  appealLaw: AppealLawStore;
  law: FoiaLawStore;
  /** Hybrid search, for matching reasons by meaning; null matches by citation only. */
  search: SearchService | null;
  thresholds?: MeaningThresholds;
  now?: () => Date;
}

/** The first `max` characters of `text`, cut at a word, marked with "…". */
function excerpt(text: string, max = MAX_EXCERPT): string {
  const s = text.replace(/\s+/g, ' ').trim();
  if (s.length <= max) return s;
  return `${s.slice(0, s.lastIndexOf(' ', max))}…`;
}

const sourceKindOf = (kind: string): string => (kind === 'structured' ? 'dataset' : kind);

/** Refuses a request whose state has no decision to appeal (409, with the states that have one). */
function checkAppealable(request: FoiaRequestRecord, constructive: ConstructiveDenial): void {
  if ((APPEAL_DRAFT_STATUSES as readonly string[]).includes(request.status) || constructive.state === 'applies') return;
  throw new ConflictError(`An appeal cannot be drafted for a request that is ${request.status}`, {
    status: request.status,
    appealable_statuses: [...APPEAL_DRAFT_STATUSES],
    constructive_denial: { state: constructive.state, explanation: constructive.explanation, citation: constructive.citation },
  });
}

function decisionOf(request: FoiaRequestRecord, constructive: ConstructiveDenial, facts: readonly LawFact[]): AppealedDecision {
  if (constructive.state === 'applies' && !(APPEAL_DRAFT_STATUSES as readonly string[]).includes(request.status)) {
    const d = request.deadline;
    const initial = factFor(facts, 'initial_response', request.requester_class);
    const deadline = d?.days && d.unit ? { days: d.days, unit: d.unit, citation: d.citation ?? initial?.citation ?? '' } : null;
    return { kind: 'constructive', due_date: constructive.due_date as string, deadline: deadline?.citation ? deadline : null, rule: { quote: constructive.quote ?? '', citation: constructive.citation ?? '' } };
  }
  const decidedOn = request.completed_at ? localDate(new Date(request.completed_at), request.time_zone) : null;
  return { kind: request.status as 'denied' | 'partially_fulfilled' | 'no_responsive_records', decided_on: decidedOn };
}

export function createAppealDraftService(deps: AppealDraftServiceDeps): AppealDraftService {
  const now = deps.now ?? (() => new Date());

  /** The exemption's words and limits, from the statute node the agency cited (else the exemption's own node). */
  const describe = async (jurisdiction: string, exemption: ExemptionRecord | null, label: string | null, ctx: { exemptionLabels: string[]; lawWide: LawSection[]; facts: readonly LawFact[] }) => {
    const own = exemption?.section_label ?? label;
    const [node] = await deps.appealLaw.sectionsByLabel(jurisdiction, [label ?? own ?? '']);
    const provision = own ? await deps.appealLaw.provision(jurisdiction, own, parentLabel(own)) : [];
    const ownWords = excerpt(node?.text ?? '');
    // A limit that only repeats the words of the node cited is not a limit of them.
    const limits = own ? findExemptionLimits({ exemptionLabel: own, ...(label ? { cited: label } : {}), provision, ...ctx }).filter((l) => !ownWords.includes(l.text)) : [];
    const text = node ? { citation: node.citation ?? exemption?.citation ?? '', section_id: node.id, text: excerpt(node.text), source_kind: node.source_kind } : null;
    return {
      exemption: text
        ? { ...text, title: exemption?.label ?? node?.heading ?? text.citation }
        : { citation: exemption?.citation ?? '', section_id: null, title: exemption?.label ?? '', text: excerpt(exemption?.description ?? ''), source_kind: sourceKindOf(exemption?.source_kind ?? 'dataset') },
      limits,
    };
  };

  return {
    async draft(userId, requestId, input) {
      const at = now();
      const request = await deps.users.asUser(userId, (tx) => tx.findRequest(requestId));
      if (!request) throw new NotFoundError('FOIA request not found');
      const j = request.jurisdiction;
      const [law, facts, letterLaw] = await Promise.all([loadDeadlineLaw(deps.law, j), deps.law.facts(j, FACT_FIELDS), loadLetterLaw(deps.law, j, request.requester_class)]);
      const constructive = constructiveDenial(request, facts, at);
      checkAppealable(request, constructive);

      const [exemptions, labelRows, lawWide] = await Promise.all([deps.appealLaw.exemptions(j), deps.appealLaw.sectionLabels(j), deps.appealLaw.containing(j, LAW_WIDE_PHRASES)]);
      const ctx = { exemptionLabels: exemptions.flatMap((e) => (e.section_label ? [e.section_label] : [])), lawWide, facts };
      const byCitation = matchCitations(input.exemptions, new Set(labelRows.map((r) => r.label)), exemptions);
      const meaning = deps.search
        ? await matchByMeaning({ search: deps.search, jurisdiction: j, reasons: input.reasons, exemptions, sectionIds: new Map(labelRows.map((r) => [r.id, r.label])), ...(deps.thresholds ? { thresholds: deps.thresholds } : {}) })
        : { hits: [], unmatched: [] };

      const matches: AppealMatch[] = [];
      const unmatched: AppealDraft['unmatched'] = [];
      for (const hit of byCitation) {
        if (!hit.label && !hit.exemption) {
          unmatched.push({ cited_as: hit.cited_as, kind: 'citation' });
          continue;
        }
        matches.push({ cited_as: hit.cited_as, matched_by: 'citation', ...(await describe(j, hit.exemption, hit.label, ctx)) });
      }
      const covered = new Set(byCitation.flatMap((h) => (h.exemption ? [h.exemption.id] : [])));
      for (const hit of meaning.hits) {
        if (covered.has(hit.exemption.id)) continue;
        covered.add(hit.exemption.id);
        matches.push({ cited_as: hit.cited_as, matched_by: 'meaning', score: hit.score, ...(await describe(j, hit.exemption, null, ctx)) });
      }
      unmatched.push(...meaning.unmatched.map((r) => ({ cited_as: r, kind: 'reason' as const })));
      if (matches.length === 0 && unmatched.length === 0 && input.reasons.trim()) unmatched.push({ cited_as: excerpt(input.reasons, 300), kind: 'reason' });

      const route = appealRoute(request, law, at);
      const decision = decisionOf(request, constructive, facts);
      return deps.users.asUser(userId, async (tx) => {
        const profile = await tx.profile();
        const requester = request.requester ?? { name: profile.name, email: profile.email, phone: profile.phone, address: profile.address, organization: profile.organization };
        const blocks = buildAppealLetter({
          request: { ...request, submitted_on: request.submitted_at ? localDate(new Date(request.submitted_at), request.time_zone) : null },
          requester: Object.values(requester).some((v) => v) ? requester : null,
          law: { lawName: letterLaw.lawName, lawCitation: letterLaw.lawCitation, jurisdictionName: letterLaw.jurisdictionName, recipient: letterLaw.recipient },
          appealTo: route.status === 'stated' && route.body && route.citation ? { body: route.body, citation: route.citation } : null,
          decideWithin: route.reviewer_deadline && route.citation ? { days: route.reviewer_deadline.days, unit: route.reviewer_deadline.unit, citation: route.citation } : null,
          decision,
          reasons: input.reasons,
          exemptions: matches.map((m) => ({ cited_as: m.cited_as, matched_by: m.matched_by, citation: m.exemption.citation, text: m.exemption.text, limits: m.limits })),
          unmatched,
          today: localDate(at, request.time_zone),
        });
        const text = formatLetterText(blocks);
        const subject = blocks.find((b) => b.kind === 'subject');
        const stored = await tx.insertDraft({
          request_id: request.id,
          direction: 'outgoing',
          kind: 'appeal',
          channel: request.agency.email ? 'email' : request.agency.portal_url ? 'portal' : 'mail',
          occurred_at: at.toISOString(),
          subject: subject?.kind === 'subject' ? subject.text.replace(/^Re: /, '') : null,
          body: text,
          to_address: request.agency.email ?? null,
          delivery: 'draft',
        });
        return {
          request_id: request.id,
          appealing: decision.kind === 'constructive' ? 'constructive_denial' : request.status,
          matches,
          unmatched,
          appeal_route: route,
          constructive_denial: constructive.state === 'not_running' ? null : constructive,
          letter: { text, markdown: formatLetterMarkdown(blocks) },
          communication_id: stored.id,
        };
      });
    },
  };
}
