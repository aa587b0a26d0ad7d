/**
 * The directory entries one jurisdiction's data gives (pure): the agencies the dataset lists
 * (`agencies[]`, empty in today's corpus), the request portal (`official_resources.request_portal_url`)
 * and the oversight bodies. Records entries carry the officer the law names to receive requests,
 * from the reviewed facts, as the letters use it; where the law names none the title stays null.
 */
import { z } from 'zod';
import type { DerivedJurisdiction, DerivedOversightBody } from '../../law-model/law-model.js';
import type { AgencyKind } from './agency-types.js';

/** One directory row as ingestion writes it. */
export interface DirectoryEntry {
  jurisdiction: string;
  name: string;
  kind: AgencyKind;
  email: string | null;
  portal_url: string | null;
  postal_address: string | null;
  phone: string | null;
  records_officer_title: string | null;
  records_officer_citation: string | null;
  notes: string | null;
  source_ref: string;
}

export interface DirectoryEntries {
  entries: DirectoryEntry[];
  /** `agencies[]` items that could not be read (no name), by index. */
  skipped: number[];
}

/** What the directory needs of a derived jurisdiction. */
export type DirectorySource = Pick<DerivedJurisdiction, 'jurisdiction' | 'law' | 'oversightBodies' | 'facts'>;

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
// "Phone: (515) 281-…", "Phone: 1-877-299-FOIA": a label, then the number up to the next separator.
const PHONE_LABEL = /\b(?:phone|tel(?:ephone)?)\s*:?\s*([+0-9A-Z().\-/ ]{7,30}?)(?=\s*(?:[;,]|\.\s|$|email|fax|website))/i;
const ZIP = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
const isEmail = (v: string): boolean => z.email().safeParse(v).success;

/** A URL as an http(s) link: a bare domain gets https://; anything else is not a link. */
export function asLink(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^https?:\/\/\S+$/i.test(v)) return v;
  if (/^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/\S*)?$/i.test(v)) return `https://${v}`;
  return null;
}

/** E-mail, phone and postal address found in a free-text contact line; what was not recognised stays in `rest`. */
export function parseContact(contact: string | null): { email: string | null; phone: string | null; postal_address: string | null; rest: string | null } {
  if (!contact || /^(not specified|none\b|n\/a)/i.test(contact.trim())) return { email: null, phone: null, postal_address: null, rest: null };
  const email = contact.match(EMAIL)?.[0] ?? null;
  const phone = contact.match(PHONE_LABEL)?.[1]?.trim() ?? null;
  // The address is the part before the first "Phone:", "Email:" or "Website:" label, when it has a ZIP code.
  const head = contact.split(/[;.]?\s*\b(?:phone|tel|email|e-mail|website|fax)\s*:/i)[0]!.trim().replace(/[;.,]\s*$/, '');
  const postal = ZIP.test(head) ? head : null;
  // Words that are neither (a department's name before its phone number) stay as a note.
  const used = email !== null || phone !== null || postal !== null;
  const rest = !used ? contact.trim() : !postal && head ? head : null;
  return { email: email && isEmail(email) ? email : null, phone, postal_address: postal, rest };
}

/** The officer the law names to receive every request (not one limited to some requests or requesters), with its citation. */
export function recordsOfficer(facts: DirectorySource['facts']): { title: string; citation: string } | null {
  for (const f of facts) {
    if (f.field === 'request_recipient' && f.requesterClass === null && f.appliesTo === null) {
      return { title: (f.value as { title: string }).title, citation: f.citation };
    }
  }
  return null;
}

/** Not a body at all ("No centralized oversight - Direct court enforcement"). */
const NOT_A_BODY = /^no\b/i;

function oversightEntry(slug: string, body: DerivedOversightBody, sourceRef: string): DirectoryEntry | null {
  if (NOT_A_BODY.test(body.name.trim())) return null;
  const contact = parseContact(body.contact);
  const notes = [body.role, contact.rest].filter((v): v is string => Boolean(v && v.trim())).join('\n') || null;
  return {
    jurisdiction: slug,
    name: body.name.trim(),
    kind: 'oversight',
    email: contact.email,
    portal_url: asLink(body.url),
    postal_address: contact.postal_address,
    phone: contact.phone,
    // The officer who receives requests is an agency's, not the oversight body's role.
    records_officer_title: null,
    records_officer_citation: null,
    notes,
    source_ref: sourceRef,
  };
}

const str = (item: Record<string, unknown>, keys: readonly string[]): string | null => {
  for (const k of keys) {
    const v = item[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
};

/** One item of the dataset's `agencies[]`, read leniently (its shape is not fixed upstream); null without a name. */
function datasetAgencyEntry(slug: string, item: unknown, sourceRef: string, officer: { title: string; citation: string } | null): DirectoryEntry | null {
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  const name = str(o, ['name', 'agency_name', 'agency']);
  if (!name) return null;
  const email = str(o, ['foia_email', 'records_email', 'email', 'contact_email']);
  return {
    jurisdiction: slug,
    name: name.slice(0, 300),
    kind: 'records',
    email: email && isEmail(email) ? email : null,
    portal_url: asLink(str(o, ['portal_url', 'request_portal_url', 'foia_portal_url', 'portal'])),
    postal_address: str(o, ['postal_address', 'mailing_address', 'address']),
    phone: str(o, ['foia_phone', 'phone', 'telephone']),
    records_officer_title: officer?.title ?? null,
    records_officer_citation: officer?.citation ?? null,
    notes: str(o, ['notes', 'description']),
    source_ref: sourceRef,
  };
}

/**
 * Every directory entry of one jurisdiction, one per name (case-insensitive; the first wins:
 * the dataset's own agencies, then the portal, then the oversight bodies).
 */
export function directoryEntriesFor(derived: DirectorySource, agencies: readonly unknown[]): DirectoryEntries {
  const slug = derived.jurisdiction.slug;
  const record = derived.law.provenance.sourcePath;
  const officer = recordsOfficer(derived.facts);
  const entries: DirectoryEntry[] = [];
  const skipped: number[] = [];
  agencies.forEach((item, i) => {
    const entry = datasetAgencyEntry(slug, item, `${record}#agencies[${i}]`, officer);
    if (entry) entries.push(entry);
    else skipped.push(i);
  });
  // A link without its scheme is kept as a note by ingestion ("archives.utah.gov/…").
  const resource = derived.law.officialResources.find((r) => r.key === 'request_portal_url');
  const portal = asLink(resource?.url ?? resource?.note ?? null);
  if (portal) {
    entries.push({
      jurisdiction: slug,
      name: `${derived.jurisdiction.name} records request portal`,
      kind: 'records',
      email: null,
      portal_url: portal,
      postal_address: null,
      phone: null,
      records_officer_title: officer?.title ?? null,
      records_officer_citation: officer?.citation ?? null,
      notes: null,
      source_ref: `${record}#transparency_law.official_resources.request_portal_url`,
    });
  }
  derived.oversightBodies.forEach((body, i) => {
    const entry = oversightEntry(slug, body, `${body.provenance.sourcePath}#oversight_bodies[${i}]`);
    if (entry) entries.push(entry);
  });
  const seen = new Set<string>();
  return { entries: entries.filter((e) => !seen.has(e.name.toLowerCase()) && Boolean(seen.add(e.name.toLowerCase()))), skipped };
}
