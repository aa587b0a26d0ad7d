/**
 * Which jurisdictions a search query names — "in Texas", "Washington's PRA", "the California
 * Public Records Act", "federal FOIA", "under OPRA" — read from the database's own
 * jurisdiction names and law names, so a jurisdiction added to the database is detected
 * without code changes. Names and full law names are strong evidence; acronyms of law names
 * ("FOIA", "GRAMA", "OPRA") are weak: they count only when no name is mentioned, since
 * "Connecticut's FOIA" means Connecticut's act, not the federal one. For the same reason a
 * law name right after another jurisdiction's name ("Michigan's Freedom of Information
 * Act") belongs to that jurisdiction. A large city names its state when no state is named.
 */
import { CITIES } from './city-names.js';

/** How the database names a jurisdiction and its law. */
export interface JurisdictionNaming {
  slug: string;
  name: string;
  lawName: string | null;
}

/** One mention found in a query; offsets are in the query as given. */
export interface JurisdictionMention {
  slug: string;
  start: number;
  end: number;
  /** The jurisdiction's name, its law's name, an acronym of the law's name, or one of its cities. */
  kind: MentionKind;
  /** The name was given by its initials ("DC"). */
  initials?: true;
}

export type MentionKind = 'jurisdiction' | 'law' | 'acronym' | 'city';

interface Phrase {
  tokens: string[];
  slug: string;
  kind: MentionKind;
  /** Initials of the name ("DC", "D.C."): a name, but only when typed in capitals. */
  initials?: true;
}

/** Phrases by first token, longest first; built once per corpus version. */
export interface MentionIndex {
  byFirst: Map<string, Phrase[]>;
}

interface Token {
  text: string;
  /** As typed, for acronyms, which must be typed in capitals ("FOIL" the law, not "foil"). */
  raw: string;
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(/[A-Za-z0-9]+/g)].map((m) => ({
    text: m[0].toLowerCase(),
    raw: m[0],
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

const words = (text: string): string[] => tokenize(text).map((t) => t.text);

/** "New Jersey Open Public Records Act (OPRA)" → the name without the parenthesis, and "OPRA". */
function splitLawName(lawName: string): { name: string; acronyms: string[] } {
  const acronyms = [...lawName.matchAll(/\(([A-Z]{3,})\)/g)].map((m) => m[1] as string);
  const name = lawName.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  const initials = words(name).map((w) => w[0]!.toUpperCase()).join('');
  if (initials.length >= 3) acronyms.push(initials);
  return { name, acronyms };
}

/**
 * The initials of a name of several capitalised words ("District of Columbia" → DC, "New
 * York" → NY), typed plain or dotted ("D.C."): how people abbreviate those jurisdictions.
 * One-word names have none (a single letter names nothing).
 */
function initialsOf(name: string): string[][] {
  const capitals = tokenize(name).filter((t) => /^[A-Z]/.test(t.raw)).map((t) => t.text[0]!);
  return capitals.length >= 2 ? [[capitals.join('')], capitals] : [];
}

function phrasesOf(j: JurisdictionNaming): Phrase[] {
  const out: Phrase[] = [{ tokens: words(j.name), slug: j.slug, kind: 'jurisdiction' }];
  for (const tokens of initialsOf(j.name)) out.push({ tokens, slug: j.slug, kind: 'jurisdiction', initials: true });
  if (j.lawName) {
    const { name, acronyms } = splitLawName(j.lawName);
    out.push({ tokens: words(name), slug: j.slug, kind: 'law' });
    for (const a of acronyms) out.push({ tokens: [a.toLowerCase()], slug: j.slug, kind: 'acronym' });
  }
  // A city, typed with its capital, names its state when nothing else does ("Providence police").
  for (const city of CITIES[j.slug] ?? []) out.push({ tokens: words(city), slug: j.slug, kind: 'city' });
  return out.filter((p) => p.tokens.length > 0);
}

/**
 * Indexes every jurisdiction's name, law name and law-name acronyms. A phrase two
 * jurisdictions share (an acronym such as "CPRA" could be either) names neither and is left out.
 */
export function buildMentionIndex(namings: readonly JurisdictionNaming[]): MentionIndex {
  const owners = new Map<string, Phrase>();
  const clashes = new Set<string>();
  for (const p of namings.flatMap(phrasesOf)) {
    const key = `${p.kind === 'acronym' || p.initials ? 'a' : 'n'}:${p.tokens.join(' ')}`;
    const seen = owners.get(key);
    if (seen && seen.slug !== p.slug) clashes.add(key);
    else owners.set(key, p);
  }
  const byFirst = new Map<string, Phrase[]>();
  for (const [key, p] of owners) {
    if (clashes.has(key)) continue;
    const list = byFirst.get(p.tokens[0]!) ?? [];
    list.push(p);
    byFirst.set(p.tokens[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { byFirst };
}

function matchesAt(tokens: Token[], i: number, p: Phrase): boolean {
  if (i + p.tokens.length > tokens.length) return false;
  const capitals = p.kind === 'acronym' || p.initials;
  if (capitals && p.tokens.some((_, k) => tokens[i + k]!.raw !== tokens[i + k]!.raw.toUpperCase())) return false;
  if (p.kind === 'city' && !/^[A-Z]/.test(tokens[i]!.raw)) return false;
  // "Houston County" is a county of Georgia or Alabama as well as of Texas: a city's name before "County" names no state
  // (the counties whose name one state alone has are entries of their own).
  const next = tokens[i + p.tokens.length];
  if (p.kind === 'city' && !/^(?:county|parish|borough)$/.test(p.tokens[p.tokens.length - 1]!) && next && /^(?:county|parish|borough)$/.test(next.text)) return false;
  return p.tokens.every((t, k) => tokens[i + k]!.text === t);
}

/** The end of a mention, taking a possessive along ("Washington's"). */
function mentionEnd(query: string, end: number): number {
  const possessive = /^['’]s\b/.exec(query.slice(end));
  return possessive ? end + possessive[0].length : end;
}

/** Every mention, left to right, the longest phrase winning where phrases overlap. */
export function findMentions(query: string, index: MentionIndex): JurisdictionMention[] {
  const tokens = tokenize(query);
  const out: JurisdictionMention[] = [];
  for (let i = 0; i < tokens.length; ) {
    const p = (index.byFirst.get(tokens[i]!.text) ?? []).find((c) => matchesAt(tokens, i, c));
    if (!p) {
      i++;
      continue;
    }
    const last = tokens[i + p.tokens.length - 1]!;
    // "D.C." ends with its dot.
    const end = p.initials && query[last.end] === '.' ? last.end + 1 : last.end;
    out.push({ slug: p.slug, start: tokens[i]!.start, end: mentionEnd(query, end), kind: p.kind, ...(p.initials ? { initials: true as const } : {}) });
    i += p.tokens.length;
  }
  return out;
}

/** What a query says about jurisdictions: the ones it names, and the query without those words. */
export interface JurisdictionReading {
  jurisdictions: string[];
  mentions: JurisdictionMention[];
  /** The query with the counted mentions cut out, for matching the rest of its words. */
  rest: string;
}

/** A law name right after another jurisdiction's name is that jurisdiction's law. */
function attributeLawNames(query: string, mentions: JurisdictionMention[]): JurisdictionMention[] {
  return mentions.map((m, i) => {
    const before = mentions[i - 1];
    const adjacent = before?.kind === 'jurisdiction' && /^\s*$/.test(query.slice(before.end, m.start));
    return m.kind === 'law' && adjacent && before ? { ...m, slug: before.slug } : m;
  });
}

/** "Washington, D.C.": a name right before initials qualifies them; the initials name the jurisdiction. */
function dropQualifiedNames(query: string, mentions: JurisdictionMention[]): JurisdictionMention[] {
  return mentions.filter((m, i) => {
    const next = mentions[i + 1];
    return !(next?.initials && m.kind === 'jurisdiction' && !m.initials && /^[\s,]*$/.test(query.slice(m.end, next.start)));
  });
}

/** Names (of jurisdictions or laws) when there are any, else cities, else acronyms; the rest of the query without them. */
export function readJurisdictions(query: string, index: MentionIndex): JurisdictionReading {
  const all = dropQualifiedNames(query, attributeLawNames(query, findMentions(query, index)));
  const strong = all.filter((m) => m.kind === 'jurisdiction' || m.kind === 'law');
  const cities = all.filter((m) => m.kind === 'city');
  const counted = strong.length > 0 ? strong : cities.length > 0 ? cities : all;
  let rest = query;
  for (const m of [...counted].sort((a, b) => b.start - a.start)) rest = `${rest.slice(0, m.start)} ${rest.slice(m.end)}`;
  return {
    jurisdictions: [...new Set(counted.map((m) => m.slug))],
    mentions: counted,
    rest: rest.replace(/\s+/g, ' ').trim(),
  };
}
