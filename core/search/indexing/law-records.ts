/**
 * The current law records of one jurisdiction, as the indexer reads them from the law
 * database: every section node (statute, summary, process map), right and exemption.
 */
export interface SectionRecord {
  id: string;
  documentId: string;
  documentTitle: string;
  sourceKind: 'statute_text' | 'summary' | 'process_map';
  label: string;
  sectionNumber: string;
  parentLabel: string | null;
  /** Subsection labels below the section (statutes) or the heading trail (summaries, process maps). */
  path: string[];
  heading: string | null;
  /** The node's text, including the text of its subsections. */
  text: string;
  depth: number;
  ordinal: number;
  citation: string | null;
}

export interface RightRecord {
  id: string;
  category: string;
  title: string;
  citation: string | null;
  statutoryText: string;
  conditions: string | null;
  analysis: string;
}

export interface ExemptionRecord {
  id: string;
  category: string;
  categoryLabel: string;
  rawLabel: string;
  citation: string | null;
  description: string;
  scope: string | null;
  notes: string | null;
}

export interface JurisdictionRecords {
  jurisdiction: string;
  /** Display name ("Washington"), written into each chunk's context line. */
  name: string;
  sections: SectionRecord[];
  rights: RightRecord[];
  exemptions: ExemptionRecord[];
}
