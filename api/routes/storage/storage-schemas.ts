import { z } from 'zod';
import { MAX_KEY_LENGTH } from '../../../core/storage/object-key.js';

export const objectKeyParams = z.object({
  key: z
    .string()
    .min(1)
    .max(MAX_KEY_LENGTH)
    .describe('The object key, percent-encoded as one path segment (`letters/2025/reply.pdf` → `letters%2F2025%2Freply.pdf`): 1–1024 characters, no leading `/`, no empty, `.` or `..` segment, no control character'),
});

export const listObjectsQuery = z
  .object({
    prefix: z.string().max(MAX_KEY_LENGTH).optional().describe('Only keys that start with this text (e.g. `letters/2025/`)'),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    cursor: z.string().max(8192).optional().describe('next_cursor of the previous page'),
  })
  .strict();

export const storedObjectSchema = z.object({
  key: z.string(),
  size: z.number().int().min(0).describe('Bytes'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).describe('SHA-256 of the bytes, lower-case hex'),
  etag: z.string().describe('Strong entity tag (the SHA-256, quoted), as sent in ETag'),
  content_type: z.string().describe('The media type stored with the object, sent back as Content-Type'),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601: when the current bytes were stored (Last-Modified)'),
});

export const storedObjectListSchema = z.object({
  data: z.array(storedObjectSchema),
  total: z.number().int().min(0),
  next_cursor: z.string().nullable(),
});
