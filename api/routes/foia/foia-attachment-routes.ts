import type { Request } from 'express';
import { z } from 'zod';
import { ATTACHMENT_KINDS, type FoiaAttachmentService } from '../../../core/foia/attachments/attachment-service.js';
import { hasControlCharacter } from '../../../core/storage/object-key.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { bytesOf, describeStorageUpload } from '../storage/storage-routes.js';
import { DOWNLOAD_ALSO_ANSWERS, DOWNLOAD_REQUEST_HEADERS, OBJECT_HEADERS, refuseRestOfBody, requestBody, sendObject, uploadOptions } from '../storage/object-streaming.js';
import { callerOf } from '../../http/caller.js';
import { attachmentSchema } from './foia-response-schema.js';
import { requestIdParams } from './foia-route-schemas.js';

const TAGS = ['foia'];
const BASE = '/api/foia/requests/:id/attachments';

/** An attachment upload streams its body (api/app.ts leaves it to the route). */
export function isAttachmentUpload(req: Request): boolean {
  return req.method === 'POST' && /^\/api\/foia\/requests\/[^/]+\/attachments\/?$/.test(req.path);
}

const attachmentListSchema = z.object({ data: z.array(attachmentSchema), total: z.number().int().min(0), next_cursor: z.null() });

const uploadQuery = z
  .object({
    filename: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .refine((s) => !hasControlCharacter(s), 'No control characters')
      .describe('The file name shown with the attachment and used for downloads'),
    kind: z.enum(ATTACHMENT_KINDS).default('other').describe('agency_letter, released_records, our_letter, correspondence or other'),
    description: z.string().trim().min(1).max(2000).optional(),
  })
  .strict();

const attachmentParams = requestIdParams.extend({ attachment_id: z.uuid({ message: 'Not an attachment id' }) });

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266) for a download. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A FOIA request's attachments: upload (streamed into the caller's object storage), list, download, delete. */
export function registerFoiaAttachmentRoutes(routes: RouteRegistry, deps: { attachments: FoiaAttachmentService; limits: { maxBytes: number; allowedTypes: readonly string[] } }): void {
  const { attachments, limits } = deps;

  routes.add({
    method: 'post',
    path: BASE,
    scope: 'write:foia',
    tags: TAGS,
    summary: "Attach a file to a FOIA request (the agency's letter, released records…)",
    description:
      'The body is the file, streamed into your object storage under foia/{request id}/attachments/…, with the same types and size limit as ' +
      '`PUT /api/storage/objects/{key}`; `Content-Digest: sha-256=:<base64>:` is verified. The attachment is listed with the request (GET /api/foia/requests/{id}).',
    params: requestIdParams,
    query: uploadQuery,
    rawBody: { contentTypes: [...limits.allowedTypes], description: describeStorageUpload(limits.allowedTypes, limits.maxBytes) },
    requestHeaders: [{ name: 'Content-Digest', required: false, description: 'sha-256=:<base64 SHA-256 of the body>: (RFC 9530); verified, 400 on mismatch' }],
    success: { status: 201, description: 'The attachment' },
    responseHeaders: { Location: 'URL of the attachment’s content' },
    response: attachmentSchema,
    errors: [415],
    handler: async ({ principal, params, query, req, res }) => {
      const attachment = await attachments
        .attach(callerOf(principal), params.id, { filename: query.filename, kind: query.kind, description: query.description ?? null, body: requestBody(req), ...uploadOptions(req) })
        .catch((err: unknown) => {
          refuseRestOfBody(req, res);
          throw err;
        });
      return { status: 201, body: attachment, headers: { Location: `/api/foia/requests/${params.id}/attachments/${attachment.id}/content`, 'Cache-Control': 'no-store' } };
    },
  });

  routes.add({
    method: 'get',
    path: BASE,
    scope: 'read:foia',
    tags: TAGS,
    summary: "A FOIA request's attachments, oldest first",
    params: requestIdParams,
    response: attachmentListSchema,
    handler: async ({ principal, params }) => {
      const data = await attachments.list(callerOf(principal), params.id);
      return { body: { data, total: data.length, next_cursor: null }, headers: { 'Cache-Control': 'private, no-cache' } };
    },
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:attachment_id/content`,
    scope: 'read:foia',
    tags: TAGS,
    summary: "Download an attachment's bytes",
    description: 'As GET /api/storage/objects/{key}: ETag and If-None-Match (304), single byte ranges (206, 416), and a Content-Disposition with the file name.',
    params: attachmentParams,
    requestHeaders: DOWNLOAD_REQUEST_HEADERS,
    success: { status: 200, description: "The file's bytes, with the Content-Type it was stored with", contentType: 'application/octet-stream' },
    alternatives: bytesOf(limits.allowedTypes),
    alsoAnswers: DOWNLOAD_ALSO_ANSWERS,
    responseHeaders: { ...OBJECT_HEADERS, 'Content-Range': 'On 206: bytes first-last/size', 'Content-Disposition': 'attachment, with the file name' },
    errors: [416],
    handler: async ({ principal, params, req, res }) => {
      const { attachment, object, open } = await attachments.open(callerOf(principal), params.id, params.attachment_id);
      await sendObject(req, res, object, open, { 'Content-Disposition': contentDisposition(attachment.filename) });
      return undefined;
    },
  });

  routes.add({
    method: 'delete',
    path: `${BASE}/:attachment_id`,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Remove an attachment and its stored file',
    params: attachmentParams,
    success: { status: 204, description: 'Removed' },
    handler: async ({ principal, params }) => {
      await attachments.remove(callerOf(principal), params.id, params.attachment_id);
      return { status: 204 };
    },
  });
}
