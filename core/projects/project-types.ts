import type { SearchFilter } from '../search/search-contracts.js';

/**
 * What a project may hold. A `collection` kind (the caller's vector collections) joins when
 * the vector store's collections land (issue 19): it needs their table and its own ref check.
 */
export const PROJECT_ITEM_KINDS = ['foia_request', 'conversation', 'compilation', 'stored_object', 'collection', 'saved_search'] as const;
export type ProjectItemKind = (typeof PROJECT_ITEM_KINDS)[number];

/** Roles of members; the owner is not a member but has every right. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type ProjectRole = 'owner' | MemberRole;

/** A saved search: the query and filters of `POST /api/v1/search`. */
export interface SavedSearch {
  query: string;
  filters?: SearchFilter;
}

/** An item's ref: the id (or stored object key) of one of the adder's own things, or a saved search. */
export type ItemRef = string | SavedSearch;

export interface ProjectRecord {
  id: string;
  owner: string;
  name: string;
  description: string | null;
  /** The caller's role in it. */
  role: ProjectRole;
  itemCount: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectItemRecord {
  id: string;
  projectId: string;
  kind: ProjectItemKind;
  ref: ItemRef;
  label: string;
  addedBy: string;
  addedAt: string;
}

export interface ProjectMemberRecord {
  sub: string;
  role: ProjectRole;
  addedBy: string | null;
  addedAt: string;
}
