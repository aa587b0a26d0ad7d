/**
 * Research projects (`read:projects`, `write:projects`): a project groups its owner's FOIA
 * requests, conversations, compilations, stored objects and saved searches, shared with other
 * users as editors (add and remove items) or viewers (read). A project the caller is not a
 * member of is a `NotFoundError`; a role that does not allow a change is a `SunlightError` with
 * status 403 and code `PROJECT_FORBIDDEN`.
 */
import { segment, type CallOptions, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import type {
  Project,
  ProjectCreate,
  ProjectItem,
  ProjectItemCreate,
  ProjectItemList,
  ProjectItemListQuery,
  ProjectList,
  ProjectListQuery,
  ProjectMember,
  ProjectMemberList,
  ProjectMemberListQuery,
  ProjectMemberRole,
  ProjectPatch,
  SavedSearchRun,
  SearchResult,
} from './types.js';

const BASE = '/api/projects';
const project = (id: string) => `${BASE}/${segment(id)}`;

/** A project's items. */
export class ProjectItemsApi {
  constructor(private readonly http: Transport) {}

  /** Adds one of the caller's records (by id, or key for a stored object) or a saved search; owner and editors only. */
  async add(projectId: string, item: ProjectItemCreate, call?: CallOptions): Promise<ProjectItem> {
    return (await this.http.json<ProjectItem>({ method: 'POST', path: `${project(projectId)}/items`, json: item }, call)).data;
  }

  /** One page of the project's items, newest first (filter by `kind`). */
  async list(projectId: string, query: ProjectItemListQuery = {}, call?: CallOptions): Promise<ProjectItemList> {
    return (await this.http.json<ProjectItemList>({ method: 'GET', path: `${project(projectId)}/items`, query }, call)).data;
  }

  /** Every item of the project, following `next_cursor`. */
  listAll(projectId: string, query: Omit<ProjectItemListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<ProjectItem, void, undefined> {
    return paginateQuery((q: ProjectItemListQuery) => this.list(projectId, q, call), query);
  }

  async get(projectId: string, itemId: string, call?: CallOptions): Promise<ProjectItem> {
    return (await this.http.json<ProjectItem>({ method: 'GET', path: `${project(projectId)}/items/${segment(itemId)}` }, call)).data;
  }

  /** Removes the item from the project (the record itself is not touched); owner and editors only. */
  async remove(projectId: string, itemId: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: `${project(projectId)}/items/${segment(itemId)}` }, call);
  }

  /** Re-runs a saved search: today's results of `POST /api/v1/search` for its query and filters. */
  async run(projectId: string, itemId: string, options: SavedSearchRun = {}, call?: CallOptions): Promise<SearchResult> {
    return (await this.http.json<SearchResult>({ method: 'POST', path: `${project(projectId)}/items/${segment(itemId)}/run`, json: options }, call)).data;
  }
}

/** A project's owner and members. */
export class ProjectMembersApi {
  constructor(private readonly http: Transport) {}

  /** One page: the owner first (role `owner`), then members in the order they were added. */
  async list(projectId: string, query: ProjectMemberListQuery = {}, call?: CallOptions): Promise<ProjectMemberList> {
    return (await this.http.json<ProjectMemberList>({ method: 'GET', path: `${project(projectId)}/members`, query }, call)).data;
  }

  listAll(projectId: string, query: Omit<ProjectMemberListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<ProjectMember, void, undefined> {
    return paginateQuery((q: ProjectMemberListQuery) => this.list(projectId, q, call), query);
  }

  /** Adds the user (by `sub`) or changes their role; owner only. */
  async put(projectId: string, sub: string, role: ProjectMemberRole, call?: CallOptions): Promise<ProjectMember> {
    return (await this.http.json<ProjectMember>({ method: 'PUT', path: `${project(projectId)}/members/${segment(sub)}`, json: { role } }, call)).data;
  }

  /** Removes a member (owner), or leaves the project (the caller's own `sub`). Access ends at once. */
  async remove(projectId: string, sub: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: `${project(projectId)}/members/${segment(sub)}` }, call);
  }
}

export class ProjectsApi {
  readonly items: ProjectItemsApi;
  readonly members: ProjectMembersApi;

  constructor(private readonly http: Transport) {
    this.items = new ProjectItemsApi(http);
    this.members = new ProjectMembersApi(http);
  }

  /** Creates a project the caller owns. */
  async create(body: ProjectCreate, call?: CallOptions): Promise<Project> {
    return (await this.http.json<Project>({ method: 'POST', path: BASE, json: body }, call)).data;
  }

  /** One page of the projects the caller owns or is a member of (`role: 'owner' | 'member'` to narrow). */
  async list(query: ProjectListQuery = {}, call?: CallOptions): Promise<ProjectList> {
    return (await this.http.json<ProjectList>({ method: 'GET', path: BASE, query }, call)).data;
  }

  /** Every project of the caller's, following `next_cursor`. */
  listAll(query: Omit<ProjectListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<Project, void, undefined> {
    return paginateQuery((q: ProjectListQuery) => this.list(q, call), query);
  }

  async get(id: string, call?: CallOptions): Promise<Project> {
    return (await this.http.json<Project>({ method: 'GET', path: project(id) }, call)).data;
  }

  /** Renames the project or changes its description (merge patch; owner only). */
  async update(id: string, patch: ProjectPatch, call?: CallOptions): Promise<Project> {
    return (await this.http.json<Project>({ method: 'PATCH', path: project(id), json: patch, contentType: 'application/merge-patch+json' }, call)).data;
  }

  /** Deletes the project, its items and memberships (owner only); the records themselves stay. */
  async delete(id: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: project(id) }, call);
  }
}
