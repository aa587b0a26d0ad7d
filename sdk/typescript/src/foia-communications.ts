/** A FOIA request's thread of communications (`read:foia`, `write:foia`): letters sent, replies received, notes. */
import { segment, type CallOptions, type Transport } from './http.js';
import { readLetter, type LetterOptions } from './letters.js';
import type { FoiaCommunication, FoiaCommunicationList, LogCommunicationRequest, LoggedCommunication, TextLetterFormat } from './types.js';

const base = (requestId: string) => `/api/foia/requests/${segment(requestId)}/communications`;

export class FoiaCommunicationsApi {
  constructor(private readonly http: Transport) {}

  /** The request's whole thread, oldest first, each with its attachments (`NotFoundError` for someone else's request). */
  async list(requestId: string, call?: CallOptions): Promise<FoiaCommunicationList> {
    return (await this.http.json<FoiaCommunicationList>({ method: 'GET', path: base(requestId) }, call)).data;
  }

  /** One communication; poll it after `foia.send` to follow its `delivery` (queued → sending → sent or failed). */
  async get(requestId: string, communicationId: string, call?: CallOptions): Promise<FoiaCommunication> {
    return (await this.http.json<FoiaCommunication>({ method: 'GET', path: `${base(requestId)}/${segment(communicationId)}` }, call)).data;
  }

  /**
   * An outgoing letter of the thread (a follow-up, an appeal, a request letter as sent) as text
   * (default: exactly as sent or drafted) or Markdown; replies and notes are no letters (`ConflictError`).
   */
  letter(requestId: string, communicationId: string, options?: LetterOptions<TextLetterFormat>, call?: CallOptions): Promise<string>;
  /** An outgoing letter of the thread as a PDF: its bytes. */
  letter(requestId: string, communicationId: string, options: LetterOptions<'pdf'> & { format: 'pdf' }, call?: CallOptions): Promise<Uint8Array>;
  async letter(requestId: string, communicationId: string, options: LetterOptions = {}, call?: CallOptions): Promise<string | Uint8Array> {
    return readLetter(this.http, `${base(requestId)}/${segment(communicationId)}/letter`, options.format ?? 'text', call);
  }

  /**
   * Logs a communication: the agency's reply (`direction: "incoming"`), a letter sent by other
   * means (`outgoing`, with its `kind`) or a note. With `status`, the request moves as
   * `foia.update` would move it, in the same step (a reply asking for payment pauses the deadline
   * clock); a refused transition is a `ConflictError` and nothing is stored. `attachment_ids`
   * files attachments already uploaded to the request under it.
   */
  async create(requestId: string, body: LogCommunicationRequest, call?: CallOptions): Promise<LoggedCommunication> {
    return (await this.http.json<LoggedCommunication>({ method: 'POST', path: base(requestId), json: body }, call)).data;
  }
}
