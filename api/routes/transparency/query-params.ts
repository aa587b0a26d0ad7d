import { z } from 'zod';

/**
 * Query-string shapes shared by the transparency routers. Express gives a repeated
 * parameter as an array and a single one as a string; list parameters accept both, and
 * comma-separated values, so `?jurisdiction=texas,federal` and
 * `?jurisdiction=texas&jurisdiction=federal` mean the same.
 */

function splitList(value: unknown): unknown {
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
    .map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
    .filter((v) => v !== '');
}

/** A jurisdiction slug as stored: lowercase words joined by hyphens. */
export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]+(?:-[a-z]+)*$/, 'Expected a jurisdiction slug such as "texas" or "district-of-columbia"')
  .max(60);

/** One or more values: repeated parameter or comma-separated. */
export function listParam<T extends z.ZodType<string>>(item: T, description: string) {
  return z.preprocess(splitList, z.array(item).min(1, 'Give at least one value').max(60)).optional().describe(description);
}

/** One or more jurisdiction slugs. */
export const jurisdictionList = listParam(slug, 'Jurisdiction slugs: repeat the parameter or separate with commas (e.g. "federal,texas")');

/** `true` or `false`; anything else is a 400 (not JavaScript truthiness). */
export function booleanParam(description: string) {
  return z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe(description);
}

/** Free text to search for. */
export function searchParam(description: string) {
  return z.string().trim().min(1).max(200).optional().describe(description);
}

/** An opaque record id from another response. */
export const recordId = z.string().min(1).max(300);
