import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutboxCategory } from '@ledgerleaf/domain';
import {
  insertOutboxEmail,
  markOutboxEmailFailed,
  markOutboxEmailSent,
  type Db,
  type OutboxAttachmentMeta,
} from '@ledgerleaf/db';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  /** One address or several (one message to all of them). */
  to: string | readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the business's own address), when it is not the sender. */
  replyTo?: string | null;
  /** Sent with the message; the outbox keeps their names, types and sizes only. */
  attachments?: readonly MailAttachment[];
  businessId?: number | null;
  /** A business's mail to its clients (listed in its outbox); default `system` (account mail, never listed). */
  category?: OutboxCategory | 'system';
  /** The invoice or estimate it is about: the document lists its emails (`GET /api/invoices/:id/emails`). */
  document?: { type: 'invoice' | 'estimate'; id: number } | null;
}

/** How the transport took a message: `ok` once the SMTP server accepted it (at once without SMTP). */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

/** The outbox's record of the attachments. */
export function attachmentMeta(attachments: readonly MailAttachment[] | undefined): OutboxAttachmentMeta[] {
  return (attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    content_type: attachment.contentType,
    size: attachment.content.length,
  }));
}

function recipients(to: MailMessage['to']): string[] {
  return (typeof to === 'string' ? [to] : [...to]).map((address) => address.trim()).filter((address) => address !== '');
}

export interface Mailer {
  /**
   * Records the message in the outbox and hands it to the transport. SMTP delivery happens in the
   * background, so the caller's response time does not depend on the mail server (and does not tell
   * an observer whether a message was sent at all). `delivered` settles (never rejects) when the
   * transport accepted or refused the message, for a caller that wants to know.
   */
  send(message: MailMessage): Promise<{ id: number; delivered: Promise<DeliveryOutcome> }>;
  /** Waits for background deliveries (on shutdown and in tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  logger: FastifyBaseLogger;
  clock: () => Date;
  from: string;
  /** smtp:// or smtps:// URL; without it mail is kept in the outbox and written to the log. */
  smtpUrl?: string | undefined;
}

export function createMailer(options: MailerOptions): Mailer {
  const pending = new Set<Promise<DeliveryOutcome>>();
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  return {
    async send(message) {
      const to = recipients(message.to);
      const attachments = attachmentMeta(message.attachments);
      if (!transport) {
        const now = options.clock();
        const row = await insertOutboxEmail(options.db, {
          businessId: message.businessId ?? null,
          to: to.join(', '),
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          transport: 'log',
          sentAt: now,
          attachments,
          category: message.category ?? 'system',
          document: message.document ?? null,
          now,
        });
        // Without SMTP the log and the outbox table are how a developer reads the mail.
        options.logger.info(
          {
            outboxEmail: {
              id: row.id,
              to: to.join(', '),
              subject: message.subject,
              text: message.text,
              ...(attachments.length > 0 ? { attachments } : {}),
            },
          },
          'email kept in the outbox (SMTP_URL is not set)',
        );
        return { id: row.id, delivered: Promise.resolve({ ok: true }) };
      }
      const row = await insertOutboxEmail(options.db, {
        businessId: message.businessId ?? null,
        to: to.join(', '),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        transport: 'smtp',
        sentAt: null,
        attachments,
        category: message.category ?? 'system',
        document: message.document ?? null,
        now: options.clock(),
      });
      const delivery: Promise<DeliveryOutcome> = transport
        .sendMail({
          from: options.from,
          to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.attachments && message.attachments.length > 0
            ? {
                attachments: message.attachments.map((attachment) => ({
                  filename: attachment.filename,
                  content: attachment.content,
                  contentType: attachment.contentType,
                })),
              }
            : {}),
        })
        .then(async (): Promise<DeliveryOutcome> => {
          await markOutboxEmailSent(options.db, { id: row.id, now: options.clock() });
          return { ok: true };
        })
        .catch(async (error: unknown): Promise<DeliveryOutcome> => {
          const reason = error instanceof Error ? error.message : String(error);
          options.logger.error({ outboxEmailId: row.id, err: reason }, 'email delivery failed');
          await markOutboxEmailFailed(options.db, { id: row.id, error: reason }).catch(() => undefined);
          return { ok: false, error: reason };
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
      return { id: row.id, delivered: delivery };
    },
    async flush() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      transport?.close();
    },
  };
}
