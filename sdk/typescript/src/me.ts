/** `client.me`: the caller's own settings. */
import type { CallOptions, Transport } from './http.js';
import type { Profile, ProfileUpdate } from './types.js';

const PROFILE = '/api/me/profile';

export class MeApi {
  constructor(private readonly http: Transport) {}

  readonly profile = {
    /** The caller's profile (`read:foia`): every field null and every switch off until it is first written. */
    get: async (call?: CallOptions): Promise<Profile> => (await this.http.json<Profile>({ method: 'GET', path: PROFILE }, call)).data,
    /**
     * Replaces the caller's profile (`write:foia`): who signs letters of requests that name no
     * requester, their Reply-To, and how notifications reach them. Fields left out are cleared
     * (read, change and send the whole profile to change one field); the calendar feed token is kept.
     */
    update: async (profile: ProfileUpdate, call?: CallOptions): Promise<Profile> =>
      (await this.http.json<Profile>({ method: 'PUT', path: PROFILE, json: profile }, call)).data,
  };
}
