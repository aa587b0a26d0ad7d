import type { ProjectService } from '../../../core/projects/project-service.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { registerProjectItemRoutes } from './project-item-routes.js';
import { registerProjectMemberRoutes } from './project-member-routes.js';
import { presentList, presentProject, PRIVATE, PROJECT_TAGS, PROJECTS_BASE, ROLES_NOTE } from './project-presenter.js';
import { createProjectBody, patchProjectBody, projectListQuery, projectListSchema, projectParams, projectSchema } from './project-schemas.js';

/**
 * Research projects (`read:projects`, `write:projects`): the project itself here, its items and
 * members in their own files. Roles are enforced by Postgres row-level security
 * (core/db/migrations/20261128090000_create_projects.ts); the service turns refusals into 403/404.
 */
export function registerProjectRoutes(routes: RouteRegistry, deps: { projects: ProjectService }): void {
  const { projects } = deps;

  routes.add({
    method: 'post',
    path: PROJECTS_BASE,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Create a project (you are its owner)',
    description: 'A project groups your FOIA requests, conversations, compilations, stored objects and saved searches, and can be shared with other users as editors or viewers.',
    body: createProjectBody,
    examples: { body: { name: 'Police body cameras in Texas', description: 'Requests and research for the spring series' } },
    success: { status: 201, description: 'The new project; Location header' },
    responseHeaders: { Location: 'URL of the project' },
    response: projectSchema,
    handler: async ({ principal, body }) => {
      const view = presentProject(await projects.create(callerOf(principal), body));
      return { status: 201, body: view, headers: { Location: view.links.self } };
    },
  });

  routes.add({
    method: 'get',
    path: PROJECTS_BASE,
    scope: 'read:projects',
    tags: PROJECT_TAGS,
    summary: 'Projects you own or are a member of, most recently updated first',
    description: '`role=owner` lists only yours, `role=member` only those shared with you. Cursor pagination.',
    query: projectListQuery,
    response: projectListSchema,
    handler: async ({ principal, query }) => ({ body: presentList(await projects.list(callerOf(principal), query), presentProject), headers: PRIVATE }),
  });

  routes.add({
    method: 'get',
    path: `${PROJECTS_BASE}/:id`,
    scope: 'read:projects',
    tags: PROJECT_TAGS,
    summary: 'One project, with your role in it and its counts',
    description: 'Members and the owner see it; anyone else gets 404.',
    params: projectParams,
    response: projectSchema,
    handler: async ({ principal, params }) => ({ body: presentProject(await projects.get(callerOf(principal), params.id)), headers: PRIVATE }),
  });

  routes.add({
    method: 'patch',
    path: `${PROJECTS_BASE}/:id`,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Rename a project or change its description (owner only; merge patch)',
    description: `\`description: null\` clears it. ${ROLES_NOTE}`,
    params: projectParams,
    body: patchProjectBody,
    bodyContentType: 'application/merge-patch+json',
    errors: [403],
    response: projectSchema,
    handler: async ({ principal, params, body }) => ({ body: presentProject(await projects.update(callerOf(principal), params.id, body)) }),
  });

  routes.add({
    method: 'delete',
    path: `${PROJECTS_BASE}/:id`,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Delete a project, its items and memberships (owner only)',
    description: `The items' records themselves (requests, conversations, objects…) are not touched. ${ROLES_NOTE}`,
    params: projectParams,
    errors: [403],
    success: { status: 204, description: 'Deleted' },
    handler: async ({ principal, params }) => {
      await projects.remove(callerOf(principal), params.id);
      return { status: 204 };
    },
  });

  registerProjectItemRoutes(routes, deps);
  registerProjectMemberRoutes(routes, deps);
}
