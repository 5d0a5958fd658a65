import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { EMAIL_MAX_ATTEMPTS, type OutboxCategory, type SmtpSecurity } from '@ledgerleaf/domain';
import {
  findBusinessEmailSettings,
  insertOutboxEmail,
  markOutboxEmailFailed,
  markOutboxEmailSent,
  type BusinessEmailSettingsRow,
  type Db,
  type OutboxAttachmentMeta,
} from '@ledgerleaf/db';
import { decryptSecret, encryptSecret } from './crypto';

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
  /** Whose mail it is: sent through that business's mail server when it set one up (and SMTP_URL is not set). */
  businessId?: number | null;
  /** A business's mail to its clients (listed in its outbox); default `system` (account mail, never listed). */
  category?: OutboxCategory | 'system';
  /** The invoice or estimate it is about: the document lists its emails (`GET /api/invoices/:id/emails`). */
  document?: { type: 'invoice' | 'estimate'; id: number } | null;
  /** One try only, for a caller that retries on its own (CRM reminders); default: retried. */
  once?: boolean;
}

/**
 * What happened to a message: `outbox` (no mail server: kept in the outbox at once), `delivered`
 * (the SMTP server accepted it) or failed (refused, retried while retrying could help, then given
 * up; `error` is the server's reason).
 */
export type DeliveryOutcome =
  { ok: true; state: 'delivered' | 'outbox' } | { ok: false; state: 'failed'; error: string; attempts: number };

/** How a message leaves: `smtp` through a mail server, `log` kept in the outbox (email is not set up). */
export type MailTransportKind = 'smtp' | 'log';

/** A message given up: the mail server refused it for good, or every try failed. */
export interface MailFailure {
  id: number;
  message: MailMessage;
  error: string;
  attempts: number;
}

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

export const UNREADABLE_PASSWORD =
  'The saved mail server password cannot be read (APP_KEY changed): enter it again in Settings > Email delivery.';

/** The purpose a business's SMTP password is encrypted under (`encryptSecret`). */
export const SMTP_PASSWORD_PURPOSE = 'smtp-password';

export function encryptSmtpPassword(appKey: string, password: string): string {
  return encryptSecret(appKey, SMTP_PASSWORD_PURPOSE, password);
}

/** The nodemailer options of a business's mail server (its password decrypted with APP_KEY). */
export function businessTransportOptions(settings: BusinessEmailSettingsRow, appKey: string) {
  const security = settings.security as SmtpSecurity;
  const password = settings.password_encrypted
    ? decryptSecret(appKey, SMTP_PASSWORD_PURPOSE, settings.password_encrypted)
    : null;
  return {
    host: settings.host,
    port: settings.port,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none',
    ...(settings.username ? { auth: { user: settings.username, pass: password ?? '' } } : {}),
    // A server that does not answer is reported within a minute, not after nodemailer's two.
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
}

/**
 * Whether retrying could help: a 4xx answer (try later), or no answer at all (connection refused or
 * cut, time-out, DNS). A 5xx answer (a refused login, a refused recipient) and a TLS mismatch are
 * given up at once: the same message would be refused again.
 */
export function isTransientFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  if (code === 'EAUTH' || code === 'ETLS' || code === 'EENVELOPE' || code === 'EMESSAGE') return false;
  return true;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Where a message goes: a transport and the address it is sent from, or null (kept in the outbox). */
interface Route {
  transport: Transporter;
  from: string;
  /** Closed after the message (a business's transport is made for it). */
  disposable: boolean;
}

export interface Mailer {
  /**
   * Records the message in the outbox and hands it to the transport. SMTP delivery happens in the
   * background, so the caller's response time does not depend on the mail server (and does not tell
   * an observer whether a message was sent at all). `delivered` settles (never rejects) once the
   * message was delivered, kept in the outbox, or given up after its retries, for a caller that
   * wants to know; `transport` says at once whether it goes to a mail server at all.
   */
  send(
    message: MailMessage,
  ): Promise<{ id: number; transport: MailTransportKind; delivered: Promise<DeliveryOutcome> }>;
  /** How a business's mail leaves now: through a mail server (SMTP_URL or its own), or kept in the outbox. */
  transportFor(businessId: number | null | undefined): Promise<MailTransportKind>;
  /**
   * Sends one message now, once, through the business's mail server (SMTP_URL when set), without
   * the outbox: the "Send a test email" button. `outbox` when email is not set up.
   */
  sendTest(businessId: number, message: { to: string; subject: string; text: string }): Promise<DeliveryOutcome>;
  /** Waits for background deliveries and their retries (on shutdown and in tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  logger: FastifyBaseLogger;
  clock: () => Date;
  from: string;
  /** smtp:// or smtps:// URL: all mail goes through it (it wins over every business's own settings). */
  smtpUrl?: string | undefined;
  /** Decrypts the businesses' SMTP passwords; without it only SMTP_URL is used. */
  appKey?: string | undefined;
  /** The waits before the 2nd, 3rd... tries of a message refused for a reason retrying can fix. */
  retryDelaysMs?: readonly number[];
  /** Told once about each message given up (the document's timeline, a notification). */
  onFailure?: (failure: MailFailure) => Promise<void> | void;
}

/** 30 s, then 5 min: three tries in all (`EMAIL_MAX_ATTEMPTS`). */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [30_000, 300_000];

export function createMailer(options: MailerOptions): Mailer {
  const pending = new Set<Promise<unknown>>();
  /** Retries waiting: each timer and the wake-up that ends its wait (at once on close). */
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closing = false;
  const retryDelays = (options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).slice(0, EMAIL_MAX_ATTEMPTS - 1);
  const environment = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise)).catch(() => undefined);
    return promise;
  };

  // A password saved under another APP_KEY cannot be read: say so rather than log in without it.
  const unreadablePassword = {
    sendMail: () => Promise.reject(Object.assign(new Error(UNREADABLE_PASSWORD), { code: 'EAUTH' })),
    close: () => undefined,
  } as unknown as Transporter;

  async function route(businessId: number | null | undefined): Promise<Route | null> {
    if (environment) return { transport: environment, from: options.from, disposable: false };
    if (businessId == null || !options.appKey) return null;
    const settings = await findBusinessEmailSettings(options.db, { businessId });
    if (!settings) return null;
    if (
      settings.password_encrypted &&
      decryptSecret(options.appKey, SMTP_PASSWORD_PURPOSE, settings.password_encrypted) === null
    )
      return { transport: unreadablePassword, from: settings.from_address, disposable: false };
    return {
      transport: nodemailer.createTransport(businessTransportOptions(settings, options.appKey)),
      from: settings.from_address,
      disposable: true,
    };
  }

  function mailOf(message: MailMessage, to: string[], from: string) {
    return {
      from,
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
    };
  }

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });

  /** Tries the message until it is accepted, refused for good, or out of tries; records each step. */
  async function deliver(id: number, message: MailMessage, to: string[], first: Route): Promise<DeliveryOutcome> {
    let current: Route | null = first;
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!current) throw new Error('Email is no longer set up for this business.');
        await current.transport.sendMail(mailOf(message, to, current.from));
        await markOutboxEmailSent(options.db, { id, now: options.clock(), attempts: attempt });
        return { ok: true, state: 'delivered' };
      } catch (error) {
        const reason = reasonOf(error);
        const delay = retryDelays[attempt - 1];
        const retry = !message.once && !closing && delay !== undefined && isTransientFailure(error);
        options.logger.error(
          { outboxEmailId: id, err: reason, attempt, retry },
          retry ? 'email delivery failed, trying again' : 'email delivery failed',
        );
        await markOutboxEmailFailed(options.db, {
          id,
          error: reason,
          attempts: attempt,
          retryAt: retry ? new Date(options.clock().getTime() + delay) : null,
        }).catch(() => undefined);
        if (!retry) {
          const failure = { id, message, error: reason, attempts: attempt };
          await Promise.resolve(options.onFailure?.(failure)).catch((hookError: unknown) =>
            options.logger.error({ err: hookError, outboxEmailId: id }, 'email failure not recorded'),
          );
          return { ok: false, state: 'failed', error: reason, attempts: attempt };
        }
        await wait(delay);
        if (closing) {
          // Shutting down: the retry it waited for will not happen.
          const error = `The server stopped before trying again (${reason})`;
          await markOutboxEmailFailed(options.db, { id, error, attempts: attempt, retryAt: null }).catch(
            () => undefined,
          );
          await Promise.resolve(options.onFailure?.({ id, message, error, attempts: attempt })).catch(() => undefined);
          return { ok: false, state: 'failed', error, attempts: attempt };
        }
      } finally {
        if (current?.disposable) current.transport.close();
      }
      // The settings may have changed while it waited (a password corrected): read them again.
      current = await route(message.businessId).catch(() => null);
    }
  }

  return {
    async send(message) {
      const to = recipients(message.to);
      const attachments = attachmentMeta(message.attachments);
      const via = await route(message.businessId);
      const now = options.clock();
      const row = await insertOutboxEmail(options.db, {
        businessId: message.businessId ?? null,
        to: to.join(', '),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        transport: via ? 'smtp' : 'log',
        sentAt: via ? null : now,
        attachments,
        category: message.category ?? 'system',
        document: message.document ?? null,
        now,
      });
      if (!via) {
        // Without a mail server the log and the outbox table are how a developer reads the mail.
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
          'email kept in the outbox (email is not set up: no SMTP_URL and no Email delivery settings)',
        );
        return { id: row.id, transport: 'log', delivered: Promise.resolve({ ok: true, state: 'outbox' }) };
      }
      const delivered = track(deliver(row.id, message, to, via));
      return { id: row.id, transport: 'smtp', delivered };
    },
    async transportFor(businessId) {
      if (environment) return 'smtp';
      if (businessId == null || !options.appKey) return 'log';
      return (await findBusinessEmailSettings(options.db, { businessId })) ? 'smtp' : 'log';
    },
    async sendTest(businessId, message) {
      const via = await route(businessId);
      if (!via) return { ok: true, state: 'outbox' };
      try {
        await via.transport.sendMail({ from: via.from, to: message.to, subject: message.subject, text: message.text });
        return { ok: true, state: 'delivered' };
      } catch (error) {
        return { ok: false, state: 'failed', error: reasonOf(error), attempts: 1 };
      } finally {
        if (via.disposable) via.transport.close();
      }
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      // Retries waiting are given up: the outbox and the document's timeline say so.
      closing = true;
      for (const [timer, wake] of timers) {
        clearTimeout(timer);
        timers.delete(timer);
        wake();
      }
      await this.flush();
      environment?.close();
    },
  };
}
