/**
 * Outgoing mail through the configured SMTP server (nodemailer). Letters to agencies,
 * follow-ups, appeals and reminders all go through one `Mailer`; tests point it at a real
 * SMTP server on loopback (test/support/smtp-sink.ts), never a mocked transport.
 */
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

/** One message. `messageId` is chosen by the caller, so a retry of the same letter carries the same id. */
export interface OutgoingMail {
  from: string;
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /** The server's last reply, e.g. `250 OK: queued as …`. */
  response: string;
}

export interface Mailer {
  readonly enabled: boolean;
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** Thrown when sending is asked for but no SMTP server is configured. */
export class MailDisabledError extends Error {
  constructor() {
    super('Sending is off: no SMTP server is configured (SMTP_URL)');
    this.name = 'MailDisabledError';
  }
}

/** The SMTP mailer for `smtpUrl` (smtp:// or smtps://, credentials in the URL); disabled when empty. */
export function createMailer(config: { smtpUrl: string }): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      send: () => Promise.reject(new MailDisabledError()),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    enabled: true,
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        cc: mail.cc,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      const addresses = (list: unknown): string[] =>
        (Array.isArray(list) ? list : []).map((a) => (typeof a === 'string' ? a : String((a as { address?: string }).address ?? '')));
      return { messageId: info.messageId, accepted: addresses(info.accepted), rejected: addresses(info.rejected), response: String(info.response ?? '') };
    },
    close: () => transport.close(),
  };
}

/** A message id under the sender's domain for a communication: the same letter always gets the same id. */
export function messageIdFor(communicationId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'sunlight.localhost';
  return `<${communicationId}@${domain}>`;
}
