import type { z } from 'zod';
import type { ListEnvelope } from '../../../core/http/list-envelope.js';
import type { ProjectItemRecord, ProjectMemberRecord, ProjectRecord } from '../../../core/projects/project-types.js';
import type { projectItemSchema, projectMemberSchema, projectSchema } from './project-schemas.js';

export const PROJECTS_BASE = '/api/projects';
export const PROJECT_TAGS = ['projects'];
export const PRIVATE = { 'Cache-Control': 'private, no-cache' };

/** Who may do what, as the project routes' descriptions state it (row-level security enforces it). */
export const ROLES_NOTE =
  'A project you are not a member of answers 404; a member whose role does not allow the change answers 403 PROJECT_FORBIDDEN.';

type ProjectView = z.infer<typeof projectSchema>;
type ItemView = z.infer<typeof projectItemSchema>;
type MemberView = z.infer<typeof projectMemberSchema>;

export function presentProject(p: ProjectRecord): ProjectView {
  const self = `${PROJECTS_BASE}/${p.id}`;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    owner: p.owner,
    role: p.role,
    item_count: p.itemCount,
    member_count: p.memberCount,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    links: { self, items: `${self}/items`, members: `${self}/members` },
  };
}

/** Where the item lives in its own API; only the member who added it (its owner) can read it there. */
function itemLink(item: ProjectItemRecord): string | null {
  if (typeof item.ref !== 'string') return null;
  switch (item.kind) {
    case 'foia_request':
      return `/api/foia/requests/${item.ref}`;
    case 'conversation':
      return `/api/chat/conversations/${item.ref}`;
    case 'compilation':
      return `/api/documents/compile/${item.ref}`;
    case 'stored_object':
      return `/api/storage/objects/${encodeURIComponent(item.ref)}`;
    case 'collection':
      return `/api/vectors/collections/${item.ref}`;
    default:
      return null;
  }
}

export function presentItem(item: ProjectItemRecord): ItemView {
  const self = `${PROJECTS_BASE}/${item.projectId}/items/${item.id}`;
  return {
    id: item.id,
    project_id: item.projectId,
    kind: item.kind,
    ref: item.ref,
    label: item.label,
    added_by: item.addedBy,
    added_at: item.addedAt,
    links: { self, item: itemLink(item), run: item.kind === 'saved_search' ? `${self}/run` : null },
  };
}

export function presentMember(m: ProjectMemberRecord): MemberView {
  return { sub: m.sub, role: m.role, added_by: m.addedBy, added_at: m.addedAt };
}

export function presentList<T, V>(page: ListEnvelope<T>, present: (row: T) => V): ListEnvelope<V> {
  return { data: page.data.map(present), total: page.total, next_cursor: page.next_cursor };
}
