/**
 * What query understanding and the keyword side know about the corpus — jurisdiction and
 * law names, how codes are cited, statute labels, term statistics, the known slugs and
 * categories — read from the database once per corpus version rather than on every query.
 * The version (a fingerprint of the jurisdictions' versions) is rechecked at most every
 * `recheckMs`, so a re-ingestion shows up within that time without a restart.
 */
import type { CodeName } from '../../transparency/detect-jurisdiction.js';
import type { SectionKey } from '../../transparency/transparency-store.js';
import type { TermStatistics } from '../keyword/ranking.js';
import type { LabelIndex } from './citation-resolution.js';
import { buildMentionIndex, type JurisdictionNaming, type MentionIndex } from './jurisdiction-mentions.js';

/** Where the knowledge comes from (the database, or a fake in unit tests). */
export interface CorpusKnowledgeSource {
  /** Changes whenever any jurisdiction is re-ingested. */
  fingerprint(): Promise<string>;
  namings(): Promise<JurisdictionNaming[]>;
  codeNames(): Promise<CodeName[]>;
  statuteJurisdictions(): Promise<string[]>;
  statuteLabels(jurisdiction: string): Promise<SectionKey[]>;
  termStatistics(): Promise<TermStatistics>;
  exemptionCategoryKeys(): Promise<string[]>;
  /** The legal terms (lexemes) distinctive of each exemption category's exemptions; none when absent. */
  exemptionCategoryTerms?(): Promise<Map<string, string[]>>;
}

/** The knowledge of one corpus version. Labels and statistics load on first use. */
export interface CorpusSnapshot {
  fingerprint: string;
  slugs: readonly string[];
  mentionIndex: MentionIndex;
  codeNames: readonly CodeName[];
  statuteJurisdictions: readonly string[];
  exemptionCategories: readonly string[];
  labelsOf(jurisdiction: string): Promise<LabelIndex | null>;
  statistics(): Promise<TermStatistics>;
  /** Legal terms of each exemption category, for reading everyday words ("police") as the law's ("law enforcement"). */
  categoryTerms(): Promise<ReadonlyMap<string, readonly string[]>>;
}

/** The current snapshot, reloaded when the corpus changes. */
export interface CorpusKnowledge {
  current(): Promise<CorpusSnapshot>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((err: unknown) => {
      value = undefined;
      throw err;
    });
    return value;
  };
}

async function loadSnapshot(source: CorpusKnowledgeSource, fingerprint: string): Promise<CorpusSnapshot> {
  const [namings, codeNames, statuteJurisdictions, exemptionCategories] = await Promise.all([
    source.namings(),
    source.codeNames(),
    source.statuteJurisdictions(),
    source.exemptionCategoryKeys(),
  ]);
  const labels = new Map<string, () => Promise<LabelIndex>>();
  const statuteSet = new Set(statuteJurisdictions);
  return {
    fingerprint,
    slugs: namings.map((n) => n.slug).sort(),
    mentionIndex: buildMentionIndex(namings),
    codeNames,
    statuteJurisdictions,
    exemptionCategories,
    statistics: once(() => source.termStatistics()),
    categoryTerms: once(async () => (source.exemptionCategoryTerms ? await source.exemptionCategoryTerms() : new Map<string, string[]>())),
    async labelsOf(jurisdiction) {
      if (!statuteSet.has(jurisdiction)) return null;
      let load = labels.get(jurisdiction);
      if (!load) {
        load = once(async () => {
          const keys = await source.statuteLabels(jurisdiction);
          return { labels: new Set(keys.map((k) => k.label)), idByLabel: new Map(keys.map((k) => [k.label, k.id])) };
        });
        labels.set(jurisdiction, load);
      }
      return load();
    },
  };
}

/** Caches the snapshot; `now` is injectable for tests. */
export function createCorpusKnowledge(source: CorpusKnowledgeSource, opts: { recheckMs: number; now?: () => number }): CorpusKnowledge {
  const now = opts.now ?? Date.now;
  let snapshot: CorpusSnapshot | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<CorpusSnapshot> | undefined;

  const refresh = async (): Promise<CorpusSnapshot> => {
    const fingerprint = await source.fingerprint();
    if (snapshot?.fingerprint !== fingerprint) snapshot = await loadSnapshot(source, fingerprint);
    checkedAt = now();
    return snapshot;
  };

  return {
    current() {
      if (snapshot && now() - checkedAt < opts.recheckMs) return Promise.resolve(snapshot);
      // Concurrent requests share one check (and one reload).
      checking ??= refresh().finally(() => {
        checking = undefined;
      });
      return checking;
    },
  };
}
