import { randomUUID } from 'node:crypto';
import { isUuid } from '../../http/uuid.js';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import { NotFoundError } from '../../errors/app-error.js';
import type { Logger } from '../../logger/logger.js';
import { asKeySegment } from '../../storage/object-key.js';
import type { ByteRange } from '../../storage/object-store.js';
import type { StorageService, StoredObjectView } from '../../storage/storage-service.js';

/** What an attachment is, as the requester files it. */
export const ATTACHMENT_KINDS = ['agency_letter', 'released_records', 'our_letter', 'correspondence', 'other'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** One attachment of a FOIA request, as the API shows it. */
export interface FoiaAttachmentView {
  id: string;
  request_id: string;
  filename: string;
  kind: AttachmentKind;
  description: string | null;
  /** The object in the caller's storage (`/api/storage/objects/{key}`). */
  object_key: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

export interface AttachInput {
  filename: string;
  kind: AttachmentKind;
  description: string | null;
  body: Readable;
  contentType: string | undefined;
  contentLength?: number;
  expectedSha256?: string;
}

export interface FoiaAttachmentService {
  /** Streams the file into the caller's storage and lists it with the request (404 when the request is not theirs). */
  attach(userId: string, requestId: string, input: AttachInput): Promise<FoiaAttachmentView>;
  /** The request's attachments, oldest first (404 when the request is not the caller's). */
  list(userId: string, requestId: string): Promise<FoiaAttachmentView[]>;
  /** One attachment, its stored object, and a way to open its bytes (or a range of them). */
  open(userId: string, requestId: string, attachmentId: string): Promise<{ attachment: FoiaAttachmentView; object: StoredObjectView; open(range?: ByteRange): Promise<Readable> }>;
  /** Removes the attachment and its stored object. */
  remove(userId: string, requestId: string, attachmentId: string): Promise<void>;
}

interface Row {
  id: string;
  request_id: string;
  filename: string;
  kind: AttachmentKind;
  description: string | null;
  object_key: string;
  content_type: string;
  size: string | number;
  sha256: string;
  created_at: Date;
}

const present = (r: Row): FoiaAttachmentView => ({
  id: r.id,
  request_id: r.request_id,
  filename: r.filename,
  kind: r.kind,
  description: r.description,
  object_key: r.object_key,
  content_type: r.content_type,
  size: Number(r.size),
  sha256: r.sha256,
  created_at: r.created_at.toISOString(),
});

/** The storage key of an attachment: under the request, with a readable (safe) file name last. */
export function attachmentKey(requestId: string, attachmentId: string, filename: string): string {
  const safe = asKeySegment(filename.normalize('NFC')).replace(/^\.+/, '_').slice(0, 200);
  return `foia/${requestId}/attachments/${attachmentId}/${safe || 'file'}`;
}

/**
 * FOIA request attachments: bytes in object storage (the caller's own objects, so the
 * storage API and its limits apply), described in `foia_request_attachments` under
 * row-level security. The object is written first; if the request vanished meanwhile, or
 * the row cannot be written, the object is removed again.
 */
export function createFoiaAttachmentService(deps: { db: Knex; storage: StorageService; logger?: Logger }): FoiaAttachmentService {
  const { db, storage, logger } = deps;
  const SELECT = ['a.id', 'a.request_id', 'a.filename', 'a.kind', 'a.description', 'a.object_key', 'o.content_type', 'o.size', 'o.sha256', 'a.created_at'];
  const rows = (trx: Knex.Transaction) => trx('foia_request_attachments as a').join('stored_objects as o', function () {
    this.on('o.user_id', '=', 'a.user_id').andOn('o.key', '=', 'a.object_key');
  });
  const requestExists = async (trx: Knex.Transaction, requestId: string): Promise<void> => {
    const found = isUuid(requestId) ? await trx('foia_requests').where({ id: requestId }).first('id') : undefined;
    if (!found) throw new NotFoundError('FOIA request not found', { id: requestId });
  };
  const findOne = async (trx: Knex.Transaction, requestId: string, attachmentId: string): Promise<Row> => {
    await requestExists(trx, requestId);
    const row = isUuid(attachmentId) ? ((await rows(trx).where({ 'a.id': attachmentId, 'a.request_id': requestId }).first(SELECT)) as Row | undefined) : undefined;
    if (!row) throw new NotFoundError('Attachment not found', { id: attachmentId });
    return row;
  };

  return {
    async attach(userId, requestId, input) {
      await inUserTransaction(db, userId, (trx) => requestExists(trx, requestId));
      const id = randomUUID();
      const key = attachmentKey(requestId, id, input.filename);
      const { object } = await storage.put(userId, key, input.body, {
        contentType: input.contentType,
        ...(input.contentLength !== undefined ? { contentLength: input.contentLength } : {}),
        ...(input.expectedSha256 ? { expectedSha256: input.expectedSha256 } : {}),
      });
      try {
        return await inUserTransaction(db, userId, async (trx) => {
          await requestExists(trx, requestId);
          const [row] = (await trx('foia_request_attachments')
            .insert({ id, user_id: userId, request_id: requestId, object_key: key, filename: input.filename, kind: input.kind, description: input.description })
            .returning('created_at')) as Array<{ created_at: Date }>;
          return present({ ...rowOf(object), id, request_id: requestId, filename: input.filename, kind: input.kind, description: input.description, created_at: row!.created_at });
        });
      } catch (err) {
        await storage.delete(userId, key).catch((e: unknown) => logger?.warn({ err: { message: (e as Error).message } }, 'could not remove the object of a failed attachment'));
        throw err;
      }
    },
    async list(userId, requestId) {
      return inUserTransaction(db, userId, async (trx) => {
        await requestExists(trx, requestId);
        const found = (await rows(trx).where('a.request_id', requestId).orderBy([{ column: 'a.created_at' }, { column: 'a.id' }]).select(SELECT)) as Row[];
        return found.map(present);
      });
    },
    async open(userId, requestId, attachmentId) {
      const row = await inUserTransaction(db, userId, (trx) => findOne(trx, requestId, attachmentId));
      return { ...(await storage.get(userId, row.object_key)), attachment: present(row) };
    },
    async remove(userId, requestId, attachmentId) {
      const row = await inUserTransaction(db, userId, (trx) => findOne(trx, requestId, attachmentId));
      // Deleting the object deletes the attachment row with it (foreign key, ON DELETE CASCADE).
      await storage.delete(userId, row.object_key);
    },
  };
}

function rowOf(object: StoredObjectView): Pick<Row, 'object_key' | 'content_type' | 'size' | 'sha256'> {
  return { object_key: object.key, content_type: object.content_type, size: object.size, sha256: object.sha256 };
}
