import type { ProfileService } from '../../../core/profile/profile-service.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { profileBody, profileResponseSchema } from './profile-schemas.js';

const TAGS = ['profile'];
const PRIVATE = { 'Cache-Control': 'private, no-cache' };

/** The caller's profile: who signs their letters and how Sunlight reaches them. */
export function registerProfileRoutes(routes: RouteRegistry, deps: { profiles: ProfileService }): void {
  routes.add({
    method: 'get',
    path: '/api/me/profile',
    scope: 'read:foia',
    tags: TAGS,
    summary: "The caller's profile",
    description: 'Every field is null (and every switch off) until the profile is first written.',
    response: profileResponseSchema,
    handler: async ({ principal }) => ({ body: await deps.profiles.get(callerOf(principal)), headers: PRIVATE }),
  });

  routes.add({
    method: 'put',
    path: '/api/me/profile',
    scope: 'write:foia',
    tags: TAGS,
    summary: "Replaces the caller's profile",
    description:
      'Letters of requests that name no requester are signed with name, organization, address, email and phone. notify_email needs email; ' +
      'notify_webhook_url must be a public http(s) URL without credentials (checked like integration webhooks). Fields left out are cleared; ' +
      'the calendar feed token is kept.',
    body: profileBody,
    response: profileResponseSchema,
    examples: {
      body: {
        name: 'Jane Reporter',
        organization: 'The Daily Example',
        email: 'jane@example.org',
        phone: '+1 512 555 0100',
        address: '1 Main St\nAustin, TX 78701',
        follow_up_auto_send: false,
        notify_email: true,
        notify_webhook_url: null,
      },
    },
    handler: async ({ principal, body }) => ({ body: await deps.profiles.put(callerOf(principal), body), headers: PRIVATE }),
  });
}
