/** What changed between two versions of a jurisdiction's law records. */
export interface ChangeSummary {
  previousVersion: number | null;
  sourceFiles: { added: string[]; removed: string[]; changed: string[] };
  rights: KeyDiff;
  exemptions: KeyDiff;
  sections: KeyDiff;
  /** Reviewed facts (data/legal-facts) added, removed or changed. */
  facts: KeyDiff;
  initialDeadline: { from: string | null; to: string | null } | null;
}

export interface KeyDiff {
  added: number;
  removed: number;
  changed: number;
  /** Up to 20 keys of each kind, for a reader to look at. */
  examples: { added: string[]; removed: string[]; changed: string[] };
}

/** Compares two key → fingerprint maps. */
export function diffKeys(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): KeyDiff {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k));
  return {
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    examples: { added: added.slice(0, 20), removed: removed.slice(0, 20), changed: changed.slice(0, 20) },
  };
}

/** Compares two lists of `[path, hash]`. */
export function diffFiles(before: ReadonlyArray<readonly [string, string]>, after: ReadonlyArray<readonly [string, string]>): ChangeSummary['sourceFiles'] {
  const b = new Map(before);
  const a = new Map(after);
  return {
    added: [...a.keys()].filter((k) => !b.has(k)),
    removed: [...b.keys()].filter((k) => !a.has(k)),
    changed: [...a.keys()].filter((k) => b.has(k) && b.get(k) !== a.get(k)),
  };
}
