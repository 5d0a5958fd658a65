import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { insertOutboxEmail, markOutboxEmailFailed, markOutboxEmailSent, type Db } from '@ledgerleaf/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  businessId?: number | null;
}

export interface Mailer {
  /**
   * Records the message in the outbox and hands it to the transport. SMTP delivery happens in the
   * background, so the caller's response time does not depend on the mail server (and does not tell
   * an observer whether a message was sent at all).
   */
  send(message: MailMessage): Promise<{ id: number }>;
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
  const pending = new Set<Promise<void>>();
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  return {
    async send(message) {
      if (!transport) {
        const now = options.clock();
        const row = await insertOutboxEmail(options.db, {
          businessId: message.businessId ?? null,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          transport: 'log',
          sentAt: now,
          now,
        });
        // Without SMTP the log and the outbox table are how a developer reads the mail.
        options.logger.info({ outboxEmail: { id: row.id, to: message.to, subject: message.subject, text: message.text } }, 'email kept in the outbox (SMTP_URL is not set)');
        return row;
      }
      const row = await insertOutboxEmail(options.db, {
        businessId: message.businessId ?? null,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        transport: 'smtp',
        sentAt: null,
        now: options.clock(),
      });
      const delivery = transport
        .sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) })
        .then(() => markOutboxEmailSent(options.db, { id: row.id, now: options.clock() }))
        .catch(async (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          options.logger.error({ outboxEmailId: row.id, err: reason }, 'email delivery failed');
          await markOutboxEmailFailed(options.db, { id: row.id, error: reason }).catch(() => undefined);
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
      return row;
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
