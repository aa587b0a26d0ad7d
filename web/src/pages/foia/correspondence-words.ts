/**
 * Words for a request's communications: directions, kinds, channels, delivery states, and the
 * API's refusals to send in words a person can act on.
 */
import { ConflictError, SunlightError, type FoiaCommunication as Communication, type LetterKind } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';

export const CHANNEL_LABELS: Readonly<Record<Communication['channel'], string>> = {
  email: 'E-mail',
  portal: 'Records portal',
  mail: 'Post',
  fax: 'Fax',
  phone: 'Phone',
  in_person: 'In person',
  other: 'Other',
};
export const CHANNELS = Object.keys(CHANNEL_LABELS) as Array<Communication['channel']>;

export const LETTER_KIND_LABELS: Readonly<Record<LetterKind, string>> = { request: 'Request letter', follow_up: 'Follow-up', appeal: 'Appeal' };
export const LETTER_KINDS = Object.keys(LETTER_KIND_LABELS) as LetterKind[];

/** What a communication is, in a few words: "Reply from the agency", "Follow-up to the agency", "Note". */
export function communicationTitle(c: Pick<Communication, 'direction' | 'kind'>): string {
  if (c.direction === 'incoming') return 'Reply from the agency';
  if (c.direction === 'note') return 'Note';
  return `${LETTER_KIND_LABELS[c.kind as LetterKind] ?? 'Letter'} to the agency`;
}

/** Where a letter Sunlight sends stands, in words (null for what Sunlight did not send). */
export function deliveryText(c: Pick<Communication, 'delivery' | 'delivery_attempts'>): string | null {
  switch (c.delivery) {
    case 'draft':
      return 'Drafted, not sent';
    case 'queued':
      return c.delivery_attempts > 0 ? `Waiting to try again (attempt ${c.delivery_attempts} failed)` : 'Queued for sending';
    case 'sending':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'failed':
      return 'Not sent: the mail server refused it';
    default:
      return null;
  }
}

export const inFlight = (c: Pick<Communication, 'delivery'>) => c.delivery === 'queued' || c.delivery === 'sending';

/** Why a letter cannot be sent, in words; the API's code says which (its message names API routes). */
export function sendErrorText(err: unknown): string {
  if (err instanceof SunlightError) {
    switch (err.code) {
      case 'SENDING_DISABLED':
        return 'Sending is off on this Sunlight server (no mail server is configured). Send the letter yourself, then log it under “Log a communication”.';
      case 'NO_RECIPIENT':
        return 'The agency has no e-mail address. Give the address to send to, or add it to the request.';
      case 'NO_REPLY_ADDRESS':
        return 'Agencies reply to your own e-mail address, and none is known: add it in Settings (your profile) or to the request’s requester.';
      case 'UNSIGNED_LETTER':
        return 'The letter has no name to sign it with: add your name in Settings (your profile) or to the request’s requester.';
    }
    if (err instanceof ConflictError) return err.message;
  }
  return errorText(err);
}
