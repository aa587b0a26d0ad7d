/** Request and response schemas of `/api/me/profile`. */
import { z } from 'zod';
import type { ProfileView } from '../../../core/profile/profile-service.js';
import { optionalText, phoneText } from '../../../core/foia/foia-request-fields.js';

/** PUT body: the whole profile; what is left out is cleared. */
export const profileBody = z
  .object({
    name: optionalText(200).describe('Who signs letters whose request names no requester'),
    organization: optionalText(300),
    email: z.email().max(320).nullish().transform((v) => v ?? null).describe('Reply-To of letters Sunlight sends, and where notifications are e-mailed'),
    phone: phoneText.nullish().transform((v) => v ?? null),
    address: optionalText(1000).describe('Postal address, one line per line'),
    follow_up_auto_send: z.boolean().default(false).describe('Send the follow-ups drafted on overdue requests without asking (when the agency has an e-mail address)'),
    notify_email: z.boolean().default(false).describe('E-mail notifications to `email` (which must then be set)'),
    notify_webhook_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullish()
      .transform((v) => v ?? null)
      .describe('POST notifications here, signed with notify_webhook_secret; a public http(s) address'),
  })
  .strict();

export const profileResponseSchema = z.object({
  name: z.string().nullable(),
  organization: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  follow_up_auto_send: z.boolean(),
  notify_email: z.boolean(),
  notify_webhook_url: z.string().nullable(),
  notify_webhook_secret: z
    .string()
    .nullable()
    .describe('Verifies the Sunlight-Signature header of webhook deliveries (HMAC-SHA256 over "t.body"); null without a webhook URL'),
  calendar_feed_token_created_at: z.string().nullable().describe('When the calendar feed token was issued (POST /api/foia/calendar/feed-token); null without one. Read-only'),
  updated_at: z.string().nullable().describe('null until the profile is first written'),
});

type Mirrors<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.output<S>] ? true : false) : false;
const _mirrors: Mirrors<typeof profileResponseSchema, ProfileView> = true;
void _mirrors;
