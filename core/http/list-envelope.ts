import { z } from 'zod';
import { ValidationError } from '../errors/app-error.js';

/** The body of every list endpoint. */
export interface ListEnvelope<T> {
  data: T[];
  total: number;
  next_cursor: string | null;
}

export const MAX_PAGE_SIZE = 100;

/** `limit` (1..100, default 20) and an opaque `cursor`, for every list endpoint's query schema. */
export const paginationShape = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  cursor: z.string().max(512).optional(),
};

/** Cursors are opaque to clients: base64url JSON of whatever position the store needs. */
export function encodeCursor(position: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** Decodes a cursor made by `encodeCursor`, checking it against `schema`; a bad cursor is a 400. */
export function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the validation error
  }
  throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'Not a cursor this endpoint issued' }]);
}

/** Offset pagination helper for stores whose lists are small and stable in order. */
export const offsetCursor = z.object({ o: z.number().int().min(0) });

export function pageFromOffset<T>(rows: T[], total: number, offset: number, limit: number): ListEnvelope<T> {
  const next = offset + rows.length < total && rows.length === limit ? encodeCursor({ o: offset + limit }) : null;
  return { data: rows, total, next_cursor: next };
}
