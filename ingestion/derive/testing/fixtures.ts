import type { JurisdictionRecord } from '../../records/jurisdiction-record-types.js';
import { normaliseJurisdictionRecord } from '../../records/normalise-jurisdiction-record.js';
import type { ParsedDocument, ParsedSection, SourceKind } from '../../../core/law-model/source-types.js';

/*
 * Small invented fixtures for the derivation unit tests: a record of the fictional
 * jurisdiction "Freedonia" in the corpus's shape, and parsed documents built from text.
 */

/** One node of a fixture document: label, e.g. "10-2" or "10-2(b)", and its verbatim text. */
export interface FixtureNode {
  label: string;
  text: string;
  heading?: string;
}

function splitLabel(label: string): { sectionNumber: string; path: string[] } {
  const m = /^([^(]+)((?:\([^)]+\))*)$/.exec(label);
  const sectionNumber = (m?.[1] ?? label).trim();
  const path = [...(m?.[2] ?? '').matchAll(/\(([^)]+)\)/g)].map((x) => x[1] as string);
  return { sectionNumber, path };
}

/**
 * A parsed document from nodes given in document order. Subsection texts must be verbatim
 * substrings of their section's text, as the real parsers produce.
 */
export function fixtureDocument(kind: Exclude<SourceKind, 'structured'>, sourcePath: string, nodes: FixtureNode[], citationPrefix = 'Frd. Code §'): ParsedDocument {
  const sections: ParsedSection[] = nodes.map((n, ordinal) => {
    const { sectionNumber, path } = splitLabel(n.label);
    const parentLabel = path.length === 0 ? null : `${sectionNumber}${path.slice(0, -1).map((p) => `(${p})`).join('')}`;
    return {
      label: n.label,
      sectionNumber,
      path,
      parentLabel,
      heading: n.heading ?? null,
      text: n.text,
      depth: path.length,
      ordinal,
      citation: `${citationPrefix} ${n.label}`,
    };
  });
  return {
    jurisdiction: 'freedonia',
    kind,
    title: sourcePath,
    citation: null,
    sourcePath,
    contentHash: 'fixture',
    retrievedDate: '2025-01-01',
    completeness: kind === 'statute_text' ? 'full' : null,
    header: {},
    sections,
  };
}

/** A one-section summary or process map holding `text`. */
export function fixtureText(kind: 'summary' | 'process_map', sourcePath: string, text: string): ParsedDocument {
  return fixtureDocument(kind, sourcePath, [{ label: 'body', text }]);
}

type Json = Record<string, unknown>;

/** The invented base record; `patch` replaces whole blocks of `transparency_law`. */
export function fixtureRecordJson(patch: Json = {}): Json {
  return {
    jurisdiction: 'Freedonia',
    transparency_law: {
      name: 'Freedonia Open Files Act',
      statute_citation: 'Frd. Code §§ 10-1 to 10-9',
      effective_date: '1975-07-01',
      last_amended: '2020-03-01',
      response_requirements: { initial_response_time: null, initial_response_unit: 'variable', initial_response_description: null },
      fee_structure: {},
      exemptions: [
        { category: 'Trade Secrets', citation: 'Frd. Code § 10-3(a)', description: 'Secret formulas of businesses', scope: 'narrow' },
        { category: 'Pupil Files', citation: 'Frd. Code § 10-3(b)', description: 'School records of pupils', scope: 'narrow' },
      ],
      appeal_process: {},
      requester_requirements: {},
      agency_obligations: {},
      oversight_body: {},
      official_resources: { primary_statute_url: 'https://example.org/frd/10' },
      validation_metadata: { parsed_date: '2025-02-01' },
      ...patch,
    },
    agencies: [],
  };
}

/** The invented record, normalised. */
export function fixtureRecord(patch: Json = {}): JurisdictionRecord {
  return normaliseJurisdictionRecord(fixtureRecordJson(patch), { slug: 'freedonia', sourcePath: 'hole-tld/jurisdictions/freedonia.json' }).record;
}
