import type { ProjectService } from '../../../core/projects/project-service.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { presentList, presentMember, PRIVATE, PROJECT_TAGS, PROJECTS_BASE, ROLES_NOTE } from './project-presenter.js';
import { memberListQuery, memberParams, projectMemberListSchema, projectMemberSchema, projectParams, putMemberBody } from './project-schemas.js';

const MEMBERS = `${PROJECTS_BASE}/:id/members`;

/** A project's members: other users (by `sub`) as editors or viewers, managed by the owner. */
export function registerProjectMemberRoutes(routes: RouteRegistry, deps: { projects: ProjectService }): void {
  const { projects } = deps;

  routes.add({
    method: 'get',
    path: MEMBERS,
    scope: 'read:projects',
    tags: PROJECT_TAGS,
    summary: "A project's owner and members",
    description: 'The owner first (role owner), then members in the order they were added. Every member sees the list.',
    params: projectParams,
    query: memberListQuery,
    response: projectMemberListSchema,
    handler: async ({ principal, params, query }) => ({ body: presentList(await projects.listMembers(callerOf(principal), params.id, query), presentMember), headers: PRIVATE }),
  });

  routes.add({
    method: 'put',
    path: `${MEMBERS}/:sub`,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Add a member or change their role (owner only)',
    description:
      'editor: reads the project and adds and removes items; viewer: reads. The change takes effect on their next request. ' +
      `The owner cannot be a member of their own project (400). ${ROLES_NOTE}`,
    params: memberParams,
    body: putMemberBody,
    examples: { body: { role: 'viewer' } },
    success: { status: 201, description: 'Added' },
    alsoAnswers: [{ status: 200, description: 'Role changed' }],
    errors: [403, 409],
    response: projectMemberSchema,
    handler: async ({ principal, params, body }) => {
      const { member, created } = await projects.putMember(callerOf(principal), params.id, params.sub, body.role);
      return { status: created ? 201 : 200, body: presentMember(member) };
    },
  });

  routes.add({
    method: 'delete',
    path: `${MEMBERS}/:sub`,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Remove a member (owner), or leave a project (your own sub)',
    description: `Access ends at once: their next request answers 404. ${ROLES_NOTE}`,
    params: memberParams,
    errors: [403],
    success: { status: 204, description: 'Removed' },
    handler: async ({ principal, params }) => {
      await projects.removeMember(callerOf(principal), params.id, params.sub);
      return { status: 204 };
    },
  });
}
