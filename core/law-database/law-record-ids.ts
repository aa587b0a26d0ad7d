/**
 * Stable ids of law records: the same source text gets the same id on every ingestion, so
 * links, bookmarks and search chunks survive re-ingestion.
 */
export const sectionId = (jurisdiction: string, label: string): string => `sec:${jurisdiction}:${label}`;

export const documentId = (jurisdiction: string, kind: string, sourcePath: string): string => {
  const base = sourcePath.split('/').pop()!.replace(/\.[a-z]+$/i, '');
  return `doc:${jurisdiction}:${kind}:${base}`;
};
