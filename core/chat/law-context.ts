import { buildMentionIndex, type MentionIndex } from '../search/query-understanding/jurisdiction-mentions.js';
import type { TransparencyService } from '../transparency/transparency-service.js';

/** A jurisdiction as answers name it. */
export interface Place {
  slug: string;
  name: string;
  type: 'federal' | 'state' | 'district';
  lawName: string | null;
}

/** What reading questions and writing answers need to know about the database, loaded once and kept. */
export interface LawContextSnapshot {
  places: Place[];
  bySlug: ReadonlyMap<string, Place>;
  mentionIndex: MentionIndex;
  /** Exemption category key → label. */
  categories: ReadonlyMap<string, string>;
}

export interface LawContext {
  current(): Promise<LawContextSnapshot>;
}

async function load(t: TransparencyService): Promise<LawContextSnapshot> {
  const [jurisdictions, categories] = await Promise.all([t.listJurisdictions({}, { limit: 100 }), t.listExemptionCategories({}, { limit: 100 })]);
  const places: Place[] = jurisdictions.data.map((j) => ({ slug: j.slug, name: j.name, type: j.type, lawName: j.law?.name ?? null }));
  return {
    places,
    bySlug: new Map(places.map((p) => [p.slug, p])),
    mentionIndex: buildMentionIndex(places.map((p) => ({ slug: p.slug, name: p.name, lawName: p.lawName }))),
    categories: new Map(categories.data.map((c) => [c.key, c.label])),
  };
}

/**
 * The snapshot, reloaded after `ttlMs` so a re-ingestion that adds or renames a
 * jurisdiction shows up without a restart. An empty database is not cached (the API may
 * start before the first ingestion).
 */
export function createLawContext(transparency: TransparencyService, opts: { ttlMs: number; now?: () => number }): LawContext {
  const now = opts.now ?? Date.now;
  let cached: { at: number; value: Promise<LawContextSnapshot> } | undefined;
  return {
    current() {
      if (!cached || now() - cached.at > opts.ttlMs) {
        const value = load(transparency);
        cached = { at: now(), value };
        value.then(
          (s) => {
            if (s.places.length === 0) cached = undefined;
          },
          () => (cached = undefined),
        );
      }
      return cached.value;
    },
  };
}
