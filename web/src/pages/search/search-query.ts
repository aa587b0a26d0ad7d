/**
 * The search as it lives in the route (`#/search?q=…&jurisdiction=texas,federal&type=…&category=…`),
 * so that a search is a link and survives a reload.
 */
import type { SearchHit, SearchRequest } from '../../../../sdk/typescript/src/index.js';

export type HitType = SearchHit['type'];

/** The record types, in the order the filter lists them, with their names (singular, plural). */
export const HIT_TYPES: ReadonlyArray<{ key: HitType; one: string; many: string }> = [
  { key: 'statute_section', one: 'Statute section', many: 'Statute sections' },
  { key: 'right', one: 'Right', many: 'Rights' },
  { key: 'exemption', one: 'Exemption', many: 'Exemptions' },
  { key: 'summary', one: 'Summary', many: 'Summaries' },
  { key: 'process_map', one: 'Process map', many: 'Process maps' },
];

export const typeName = (t: string): string => HIT_TYPES.find((h) => h.key === t)?.one ?? t.replace(/_/g, ' ');

export interface SearchState {
  q: string;
  jurisdictions: string[];
  types: HitType[];
  categories: string[];
}

const list = (value: string | null, pattern: RegExp): string[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => pattern.test(v)),
  ),
];

export function readSearch(query: URLSearchParams): SearchState {
  const types = list(query.get('type'), /^[a-z_]+$/).filter((t): t is HitType => HIT_TYPES.some((h) => h.key === t));
  return {
    q: (query.get('q') ?? '').trim().slice(0, 500),
    jurisdictions: list(query.get('jurisdiction'), /^[a-z]+(?:-[a-z]+)*$/).slice(0, 60),
    types,
    categories: list(query.get('category'), /^[a-z_]+$/).slice(0, 60),
  };
}

/** The route query of a search (empty parts left out). */
export function searchQuery(s: SearchState): Record<string, string | undefined> {
  return {
    q: s.q || undefined,
    jurisdiction: s.jurisdictions.join(',') || undefined,
    type: s.types.join(',') || undefined,
    category: s.categories.join(',') || undefined,
  };
}

/** The API request of a search's first page (or the page at `cursor`). */
export function searchRequest(s: SearchState, cursor?: string): SearchRequest {
  const filters: NonNullable<SearchRequest['filters']> = {};
  if (s.jurisdictions.length > 0) filters.jurisdictions = s.jurisdictions;
  if (s.types.length > 0) filters.types = s.types;
  if (s.categories.length > 0) filters.categories = s.categories;
  return {
    query: s.q,
    limit: 10,
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

export const hasFilters = (s: SearchState): boolean => s.jurisdictions.length + s.types.length + s.categories.length > 0;
