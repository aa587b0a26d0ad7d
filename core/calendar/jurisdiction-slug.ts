/**
 * Normalising the many spellings of a jurisdiction found in data ("Ohio", "ohio",
 * "new_york", "New York", "NY", "US", "Federal", "Washington, D.C.") to its slug.
 */
import { allJurisdictionRules } from './holiday-rules.js';

const ALIASES: Readonly<Record<string, string>> = {
  'us': 'federal',
  'usa': 'federal',
  'united-states': 'federal',
  'federal-government': 'federal',
  'fed': 'federal',
  'dc': 'district-of-columbia',
  'd-c': 'district-of-columbia',
  'washington-dc': 'district-of-columbia',
  'washington-d-c': 'district-of-columbia',
};

function buildIndex(): Map<string, string> {
  const index = new Map<string, string>(Object.entries(ALIASES));
  for (const j of allJurisdictionRules()) {
    index.set(j.slug, j.slug);
    index.set(normalise(j.name), j.slug);
    index.set(j.code.toLowerCase(), j.slug);
  }
  return index;
}

const INDEX: ReadonlyMap<string, string> = buildIndex();

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug (`federal`, `new-york`, `district-of-columbia`, …) of a jurisdiction name,
 * slug, snake_case key or USPS code, or null when it is none of the 52.
 * A leading "State of" is ignored.
 */
export function toJurisdictionSlug(nameOrCode: string): string | null {
  const key = normalise(nameOrCode).replace(/^(state|commonwealth)-of-/, '');
  return INDEX.get(key) ?? null;
}
