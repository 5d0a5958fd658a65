import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { listOutboxEmails } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { startTestSmtpServer } from '../test/smtp';
import { createMailer } from './mailer';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.cleanup();
});

const logger = Fastify({ logger: { level: 'silent' } }).log;

describe('mailer', () => {
  it('without SMTP keeps the mail in the outbox as sent through the log', async () => {
    const mailer = createMailer({ db: database.db, logger, clock: () => new Date(), from: 'x@example.com' });
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });
    const [mail] = await listOutboxEmails(database.db);
    expect(mail).toMatchObject({
      to_address: 'a@example.com',
      subject: 'Hello',
      text_body: 'Body',
      html_body: '<p>Body</p>',
      transport: 'log',
      error: null,
    });
    expect(mail?.sent_at).not.toBeNull();
    await mailer.close();
  });

  it('with SMTP records delivery failures without throwing to the caller', async () => {
    // Port 9 on loopback: nothing listens, the connection is refused at once.
    const mailer = createMailer({
      db: database.db,
      logger,
      clock: () => new Date(),
      from: 'x@example.com',
      smtpUrl: 'smtp://127.0.0.1:9',
    });
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body' });
    expect(sent.id).toEqual(expect.any(Number));
    // The caller may wait for the outcome: it settles as a refusal, never as a rejection.
    const outcome = await sent.delivered;
    expect(outcome.ok).toBe(false);
    await mailer.flush();
    const [mail] = await listOutboxEmails(database.db);
    expect(mail).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(mail?.error).toBeTruthy();
    expect(outcome).toEqual({ ok: false, error: mail?.error });
    await mailer.close();
  });

  it('delivers to several recipients with an attachment through a real SMTP server, keeping only metadata', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createMailer({
      db: database.db,
      logger,
      clock: () => new Date(),
      from: 'Ledgerleaf <mail@ledgerleaf.test>',
      smtpUrl: smtp.url,
    });
    try {
      const pdf = Buffer.from('%PDF-1.3\n% a tiny stand-in\n');
      await mailer.send({
        to: ['a@example.com', 'b@example.com'],
        subject: 'Invoice INV-2026-0001',
        text: 'See https://app.example/i/abc',
        replyTo: 'owner@bakery.example',
        attachments: [{ filename: 'INV-2026-0001.pdf', content: pdf, contentType: 'application/pdf' }],
        businessId: null,
      });
      const [mail] = await smtp.waitFor(1);
      await mailer.flush();
      expect(mail!.envelopeTo).toEqual(['a@example.com', 'b@example.com']);
      expect(mail!.parsed.subject).toBe('Invoice INV-2026-0001');
      expect(mail!.parsed.replyTo?.[0]).toMatchObject({ address: 'owner@bakery.example' });
      expect(mail!.parsed.attachments).toHaveLength(1);
      const attachment = mail!.parsed.attachments[0]!;
      expect(attachment).toMatchObject({ filename: 'INV-2026-0001.pdf', mimeType: 'application/pdf' });
      expect(Buffer.from(attachment.content as ArrayBuffer).equals(pdf)).toBe(true);

      const [row] = await listOutboxEmails(database.db);
      expect(row).toMatchObject({ to_address: 'a@example.com, b@example.com', transport: 'smtp', error: null });
      expect(row?.sent_at).not.toBeNull();
      expect(JSON.parse(row!.attachments!)).toEqual([
        { filename: 'INV-2026-0001.pdf', content_type: 'application/pdf', size: pdf.length },
      ]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('without SMTP records the attachment metadata in the outbox', async () => {
    const mailer = createMailer({ db: database.db, logger, clock: () => new Date(), from: 'x@example.com' });
    await mailer.send({
      to: ['a@example.com'],
      subject: 'Hi',
      text: 'Body',
      attachments: [{ filename: 'a.pdf', content: Buffer.alloc(10), contentType: 'application/pdf' }],
    });
    const [mail] = await listOutboxEmails(database.db);
    expect(mail).toMatchObject({ to_address: 'a@example.com', transport: 'log' });
    expect(JSON.parse(mail!.attachments!)).toEqual([{ filename: 'a.pdf', content_type: 'application/pdf', size: 10 }]);
    await mailer.close();
  });
});
