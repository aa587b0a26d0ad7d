/**
 * The agency directory (issue 18): shared entries seeded from the corpus (`source: 'corpus'`,
 * no owner) and each user's own entries (`source: 'user'`), which only their owner sees.
 */

/** Who receives requests (`records`), or who reviews disputes about them (`oversight`). */
export const AGENCY_KINDS = ['records', 'oversight'] as const;
export type AgencyKind = (typeof AGENCY_KINDS)[number];

export type AgencySource = 'corpus' | 'user';

/** One directory entry as stored and shown. The owner is never shown: a user entry is always the caller's. */
export interface AgencyRecord {
  id: string;
  jurisdiction: string;
  name: string;
  kind: AgencyKind;
  email: string | null;
  portal_url: string | null;
  postal_address: string | null;
  phone: string | null;
  /** The officer the law names to receive requests, in the law's words; null when the law states none. */
  records_officer_title: string | null;
  /** Pinpoint citation of that title; null for a title a user wrote. */
  records_officer_citation: string | null;
  notes: string | null;
  /** The directory entry a user's entry adapts, if any. */
  based_on: string | null;
  source: AgencySource;
  /** Where a directory entry comes from (corpus file and field); null for a user's. */
  source_ref: string | null;
  created_at: string;
  updated_at: string;
}

/** What a user writes on their own entry. */
export interface AgencyValues {
  jurisdiction: string;
  name: string;
  email: string | null;
  portal_url: string | null;
  postal_address: string | null;
  phone: string | null;
  records_officer_title: string | null;
  records_officer_citation: string | null;
  notes: string | null;
  based_on: string | null;
}

/**
 * Aggregates of every user's requests addressed to one directory entry, as of a date.
 * Medians and shares are null below three requests, so no figure describes one person's request.
 */
export interface AgencyStatistics {
  as_of: string;
  requests: number;
  answered: number;
  completed: number;
  median_days_to_first_response: number | null;
  median_days_to_completion: number | null;
  share_overdue: number | null;
  share_fully_granted: number | null;
}

export interface AgencyListQuery {
  jurisdiction?: string;
  kind?: AgencyKind;
  q?: string;
  limit: number;
  /** Keyset position: the lower-cased name and id of the last row of the previous page. */
  after?: { name: string; id: string };
}
