import { describe, expect, it } from 'vitest';
import { asLink, directoryEntriesFor, parseContact, type DirectorySource } from './directory-entries.js';

/** An invented jurisdiction shaped like a derived one (only what the directory reads). */
function source(overrides: Partial<{ oversight: Array<{ name: string; contact?: string | null; url?: string | null; role?: string | null }>; portal: string | null; recipient: Array<{ title: string; appliesTo?: string | null }> }> = {}): DirectorySource {
  const provenance = { sourcePath: 'hole-tld/jurisdictions/freedonia.json', sourceKind: 'structured' as const, verifiedDate: null };
  return {
    jurisdiction: { slug: 'freedonia', name: 'Freedonia', type: 'state' },
    law: { officialResources: overrides.portal ? [{ key: 'request_portal_url', url: null, note: overrides.portal }] : [], provenance } as unknown as DirectorySource['law'],
    oversightBodies: (overrides.oversight ?? []).map((o) => ({ name: o.name, role: o.role ?? null, url: o.url ?? null, contact: o.contact ?? null, powers: [], citation: null, provenance })),
    facts: (overrides.recipient ?? []).map((r, i) => ({
      key: `freedonia:fact:request_recipient:${i}`, field: 'request_recipient', requesterClass: null, appliesTo: r.appliesTo ?? null, value: { title: r.title },
      display: r.title, citation: `Fr. Code § ${i + 1}`, quote: null, sourceKind: 'citation_only', sectionLabel: null, verified: false, reviewed: '2026-11-24', notes: null, sourcePath: 'x',
    })) as unknown as DirectorySource['facts'],
  };
}

describe('parseContact', () => {
  it('splits an address, a phone number and an e-mail address', () => {
    expect(parseContact('1 Invented Way, Suite 2, Fredville, FR 12345; Phone: (555) 010-0000; Email: board@example.gov')).toEqual({
      email: 'board@example.gov', phone: '(555) 010-0000', postal_address: '1 Invented Way, Suite 2, Fredville, FR 12345', rest: null,
    });
  });

  it('keeps what it does not recognise as a note, and reads "Not specified" as nothing', () => {
    expect(parseContact('Invented Board Office. Phone: 555-010-0000')).toEqual({ email: null, phone: '555-010-0000', postal_address: null, rest: 'Invented Board Office' });
    expect(parseContact('a nine-member board')).toEqual({ email: null, phone: null, postal_address: null, rest: 'a nine-member board' });
    expect(parseContact('Not specified')).toEqual({ email: null, phone: null, postal_address: null, rest: null });
  });
});

describe('asLink', () => {
  it('keeps http(s) links, completes bare domains, refuses the rest', () => {
    expect(asLink('https://example.gov/x')).toBe('https://example.gov/x');
    expect(asLink('records.example.gov/portal')).toBe('https://records.example.gov/portal');
    expect(asLink('See the clerk')).toBeNull();
    expect(asLink(null)).toBeNull();
  });
});

describe('directoryEntriesFor', () => {
  it('gives the dataset’s agencies, the portal and the oversight bodies, the officer the law names on records entries only', () => {
    const { entries, skipped } = directoryEntriesFor(
      source({ portal: 'portal.example.gov', oversight: [{ name: 'Invented Records Board', role: 'Hears complaints' }], recipient: [{ title: 'the speaker', appliesTo: 'the legislature' }, { title: 'records custodian' }] }),
      [{ name: 'Invented Clerk', email: 'clerk@example.gov' }, { email: 'nameless@example.gov' }],
    );
    expect(skipped).toEqual([1]);
    expect(entries.map((e) => [e.kind, e.name, e.records_officer_title, e.records_officer_citation])).toEqual([
      ['records', 'Invented Clerk', 'records custodian', 'Fr. Code § 2'],
      ['records', 'Freedonia records request portal', 'records custodian', 'Fr. Code § 2'],
      ['oversight', 'Invented Records Board', null, null],
    ]);
    expect(entries[1]!.portal_url).toBe('https://portal.example.gov');
    expect(entries[2]!.notes).toBe('Hears complaints');
  });

  it('names no officer where the law states none, drops non-bodies and keeps one entry per name', () => {
    const { entries } = directoryEntriesFor(source({ oversight: [{ name: 'No centralized oversight - courts only' }, { name: 'Invented Board' }, { name: 'invented board' }] }), [{ name: 'Invented Board' }]);
    expect(entries.map((e) => [e.kind, e.name, e.records_officer_title])).toEqual([['records', 'Invented Board', null]]);
  });
});
