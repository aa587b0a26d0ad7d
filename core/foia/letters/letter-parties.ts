/** The people on a letter: the officer it is addressed to and the requester who signs it. */
import type { FoiaAgency, FoiaRequester } from '../foia-request-fields.js';

/** Longer than this, a "title" is a description ("the individual named in …"): no address line is made of it. */
const MAX_TITLE = 60;
const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

const capitalise = (word: string): string => (/[A-Z]/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1));

/**
 * The officer's title for the address block, from the law's words: parentheses, a trailing
 * "or a person designated by that officer" / "or designee" and a leading "the" dropped, then
 * title case ("officer for public information (…) or a person designated by that officer" →
 * "Officer for Public Information"). Null when nothing title-like is left.
 */
export function officerTitle(lawWords: string | null): string | null {
  if (!lawWords) return null;
  let t = lawWords;
  for (let prev = ''; prev !== t; ) [prev, t] = [t, t.replace(/\s*\([^()]*\)/g, '')];
  t = t
    .replace(/\s+or\s+(?:a\s+person\s+designated|(?:his\s+or\s+her\s+|their\s+|the\s+|a\s+)?designee)\b.*$/i, '')
    .replace(/[,;].*$/, '')
    .replace(/^the\s+/i, '')
    .trim();
  if (!t || t.length > MAX_TITLE) return null;
  return t
    .split(/\s+/)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.split('-').map(capitalise).join('-')))
    .join(' ');
}

/** The address block: the officer (when the law names one), the agency and its contact lines. */
export function addressLines(addressee: string | null, agency: Pick<FoiaAgency, 'name' | 'address' | 'email' | 'portal_url'>): string[] {
  return [
    ...(addressee ? [addressee] : []),
    agency.name,
    ...(agency.address ? agency.address.split(/\r?\n/) : []),
    ...(agency.email ? [agency.email] : []),
    ...(agency.portal_url ? [agency.portal_url] : []),
  ];
}

/** The signature block: the requester's name, organisation, address and contact, or placeholders to fill in. */
export function signatureLines(requester: FoiaRequester | null): string[] {
  const r = requester;
  const contact = [...(r?.address ? r.address.split(/\r?\n/) : []), ...(r?.email ? [r.email] : []), ...(r?.phone ? [r.phone] : [])];
  return [
    r?.name ?? '[Your name]',
    ...(r?.organization ? [r.organization] : []),
    ...(contact.length > 0 ? contact : ['[Your contact details]']),
  ];
}
