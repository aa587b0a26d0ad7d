/** A FOIA request's attachments (`read:foia`, `write:foia`): files streamed into the caller's storage and listed with the request. */
import { segment, type CallOptions, type RawBody, type Transport } from './http.js';
import { contentDigestHeader, openDownload, type DownloadOptions, type ObjectBody, type ObjectDownload } from './storage.js';
import type { FoiaAttachment, FoiaAttachmentKind, FoiaAttachmentList } from './types.js';

export interface UploadAttachmentOptions {
  /** The file name shown with the attachment and given to downloads (1–255 characters). */
  filename: string;
  /** What the file is (default `other`). */
  kind?: FoiaAttachmentKind;
  description?: string;
  /** The file's media type; one object storage allows (PDF, Markdown, text, JSON, CSV, images, office documents, e-mail). */
  contentType: string;
  /**
   * The body's SHA-256 (lower-case hex, or base64), sent as `Content-Digest: sha-256=:…:`; the
   * API verifies it and refuses a mismatch (`ValidationError`, nothing stored). `true` computes
   * it here (not for streams).
   */
  sha256?: string | true;
}

export type DownloadAttachmentOptions = DownloadOptions;

const base = (requestId: string) => `/api/foia/requests/${segment(requestId)}/attachments`;

export class FoiaAttachmentsApi {
  constructor(private readonly http: Transport) {}

  /** Every attachment of the request, oldest first (`NotFoundError` for someone else's request). */
  async list(requestId: string, call?: CallOptions): Promise<FoiaAttachmentList> {
    return (await this.http.json<FoiaAttachmentList>({ method: 'GET', path: base(requestId) }, call)).data;
  }

  /**
   * Attaches `body` to the request: streamed (a `ReadableStream` is sent as it is read, never
   * buffered) into the caller's storage under `foia/{request id}/attachments/…`, with the same
   * types and size limit as `storage.put`. Not retried: a stream cannot be sent twice.
   */
  async upload(requestId: string, body: ObjectBody, options: UploadAttachmentOptions, call: CallOptions = {}): Promise<FoiaAttachment> {
    const { filename, kind, description, contentType, sha256 } = options;
    const headers: Record<string, string> = { ...call.headers, ...(await contentDigestHeader(body, sha256)) };
    const query = { filename, kind, description };
    return (await this.http.json<FoiaAttachment>({ method: 'POST', path: base(requestId), query, body: body as RawBody, contentType, headers }, { ...call, headers })).data;
  }

  /**
   * Opens an attachment's bytes, as `storage.get` does: its headers at once (206 for a
   * `range`, 304 `notModified` when `ifNoneMatch` is current), the body as a stream.
   */
  async download(requestId: string, attachmentId: string, options: DownloadAttachmentOptions = {}, call?: CallOptions): Promise<ObjectDownload> {
    return openDownload(this.http, `${base(requestId)}/${segment(attachmentId)}/content`, options, call);
  }

  /** Removes the attachment and its stored file. */
  async delete(requestId: string, attachmentId: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: `${base(requestId)}/${segment(attachmentId)}` }, call);
  }
}
