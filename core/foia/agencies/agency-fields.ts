/**
 * The fields of a user's own directory entry (create and merge patch), with their validation.
 * A create with `based_on` adapts a directory entry: what the body leaves out is copied from it.
 */
import { z } from 'zod';
import { jurisdictionField, phoneText } from '../foia-request-fields.js';

const name = z.string().trim().min(1, 'Must not be empty').max(300);
/** Text where blank means "none". */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));
const email = z.email().max(320).nullable();
const portalUrl = z.url({ protocol: /^https?$/, message: 'An http(s) URL' }).max(2000).nullable();
const phone = phoneText.nullable();

const contactShape = {
  email: email.optional(),
  portal_url: portalUrl.optional(),
  postal_address: text(1000).optional(),
  phone: phone.optional(),
  records_officer_title: text(300).optional(),
  notes: text(5000).optional(),
};

/** Body of POST /api/foia/agencies: `name` and `jurisdiction` are required unless `based_on` gives them. */
export const createAgencySchema = z
  .object({
    name: name.optional(),
    jurisdiction: jurisdictionField.optional(),
    ...contactShape,
    based_on: z.uuid({ message: 'The id of a directory entry' }).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.based_on) return;
    if (b.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Required (or give based_on, a directory entry to adapt)' });
    if (b.jurisdiction === undefined) ctx.addIssue({ code: 'custom', path: ['jurisdiction'], message: 'Required (or give based_on, a directory entry to adapt)' });
  });
export type CreateAgencyInput = z.output<typeof createAgencySchema>;

/** Body of PATCH /api/foia/agencies/{id}: a merge patch of the contact fields (null clears one). */
export const patchAgencySchema = z
  .object({ name: name.optional(), ...contactShape })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change: give at least one field' });
export type PatchAgencyInput = z.output<typeof patchAgencySchema>;
