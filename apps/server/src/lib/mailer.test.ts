import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import { findBusinessEmailSettings, listOutboxEmails, saveBusinessEmailSettings } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { startTestSmtpServer } from '../test/smtp';
import { TEST_APP_KEY } from '../test/harness';
import { UNREADABLE_PASSWORD, createMailer, encryptSmtpPassword, type MailFailure } from './mailer';
import { decryptSecret } from './crypto';

/** A loopback port nothing listens on: the mail server is down, every connection is refused. */
async function downPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });
    const [mail] = await listOutboxEmails(database.db);
    expect(await sent.delivered).toEqual({ ok: true, state: 'outbox' });
    expect(sent.transport).toBe('log');
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
    const failures: MailFailure[] = [];
    const mailer = createMailer({
      db: database.db,
      logger,
      clock: () => new Date(),
      from: 'x@example.com',
      smtpUrl: 'smtp://127.0.0.1:9',
      retryDelaysMs: [5, 5],
      onFailure: (failure) => void failures.push(failure),
    });
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body' });
    expect(sent).toMatchObject({ id: expect.any(Number), transport: 'smtp' });
    // The caller may wait for the outcome: it settles as a refusal, never as a rejection.
    const outcome = await sent.delivered;
    expect(outcome.ok).toBe(false);
    await mailer.flush();
    const [mail] = await listOutboxEmails(database.db);
    // Connection refused: retrying could help, so it was tried three times, then given up.
    expect(mail).toMatchObject({ transport: 'smtp', sent_at: null, attempts: 3, retry_at: null });
    expect(mail?.error).toMatch(/ECONNREFUSED/);
    expect(outcome).toEqual({ ok: false, state: 'failed', error: mail?.error, attempts: 3 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ id: mail?.id, error: mail?.error, attempts: 3 });
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

  it('retries a refusal that retrying can fix (451) and delivers on the next try', async () => {
    const smtp = await startTestSmtpServer({ refuseFirst: 1 });
    const mailer = createMailer({
      db: database.db,
      logger,
      clock: () => new Date(),
      from: 'x@example.com',
      smtpUrl: smtp.url,
      retryDelaysMs: [5, 5],
    });
    try {
      const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body' });
      expect(await sent.delivered).toEqual({ ok: true, state: 'delivered' });
      expect(smtp.received).toHaveLength(1);
      const [row] = await listOutboxEmails(database.db);
      expect(row).toMatchObject({ attempts: 2, error: null, retry_at: null });
      expect(row?.sent_at).not.toBeNull();
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('keeps a message waiting for its retry as sending (reason and next try stored); on shutdown it is given up', async () => {
    const port = await downPort();
    const failures: MailFailure[] = [];
    const mailer = createMailer({
      db: database.db,
      logger,
      clock: () => new Date(),
      from: 'x@example.com',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      retryDelaysMs: [60_000, 60_000],
      onFailure: (failure) => void failures.push(failure),
    });
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body' });
    await expect.poll(async () => (await listOutboxEmails(database.db))[0]?.retry_at ?? null).not.toBeNull();
    const [waiting] = await listOutboxEmails(database.db);
    expect(waiting).toMatchObject({ attempts: 1, sent_at: null });
    expect(waiting?.error).toMatch(/ECONNREFUSED/);
    await mailer.close();
    const outcome = await sent.delivered;
    expect(outcome).toMatchObject({ ok: false, state: 'failed', attempts: 1 });
    const [given] = await listOutboxEmails(database.db);
    expect(given).toMatchObject({ retry_at: null, attempts: 1 });
    expect(given?.error).toMatch(/^The server stopped before trying again \(.*ECONNREFUSED/);
    expect(failures).toHaveLength(1);
  });

  describe("a business's own mail server (Settings > Email delivery)", () => {
    async function businessWith(settings: { port: number; username?: string; password?: string }) {
      const business = await database.db
        .insertInto('businesses')
        .values({ name: 'Bakery', created_at: new Date().toISOString(), updated_at: new Date().toISOString() } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveBusinessEmailSettings(database.db, {
        businessId: business.id,
        host: '127.0.0.1',
        port: settings.port,
        security: 'none',
        username: settings.username ?? null,
        passwordEncrypted: settings.password ? encryptSmtpPassword(TEST_APP_KEY, settings.password) : null,
        fromAddress: 'billing@bakery.example',
        now: new Date(),
      });
      return business.id;
    }

    it('sends through it with its login, from its address; the password is stored encrypted', async () => {
      const smtp = await startTestSmtpServer({ auth: { user: 'bakery', pass: 's3cret pass' } });
      const mailer = createMailer({
        db: database.db,
        logger,
        clock: () => new Date(),
        from: 'Ledgerleaf <no-reply@ledgerleaf.test>',
        appKey: TEST_APP_KEY,
      });
      try {
        const businessId = await businessWith({ port: smtp.port, username: 'bakery', password: 's3cret pass' });
        const stored = await findBusinessEmailSettings(database.db, { businessId });
        expect(stored?.password_encrypted).not.toContain('s3cret');
        expect(decryptSecret(TEST_APP_KEY, 'smtp-password', stored!.password_encrypted!)).toBe('s3cret pass');
        expect(await mailer.transportFor(businessId)).toBe('smtp');
        expect(await mailer.transportFor(null)).toBe('log');

        const sent = await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Body', businessId });
        expect(sent.transport).toBe('smtp');
        expect(await sent.delivered).toEqual({ ok: true, state: 'delivered' });
        const [mail] = smtp.received;
        expect(mail!.parsed.from).toMatchObject({ address: 'billing@bakery.example' });
        expect(smtp.logins).toEqual(['bakery']);
        // Another business's (or account) mail without settings stays in the outbox.
        const other = await mailer.send({ to: 'b@example.com', subject: 'Reset', text: 'Body' });
        expect(other.transport).toBe('log');
        expect(await mailer.sendTest(businessId, { to: 'o@example.com', subject: 'T', text: 'T' })).toEqual({
          ok: true,
          state: 'delivered',
        });
      } finally {
        await mailer.close();
        await smtp.close();
      }
    });

    it("a refused login is given up at once with the server's reason (retrying cannot fix it)", async () => {
      const smtp = await startTestSmtpServer({ auth: { user: 'bakery', pass: 'right' } });
      const failures: MailFailure[] = [];
      const mailer = createMailer({
        db: database.db,
        logger,
        clock: () => new Date(),
        from: 'x@example.com',
        appKey: TEST_APP_KEY,
        retryDelaysMs: [5, 5],
        onFailure: (failure) => void failures.push(failure),
      });
      try {
        const businessId = await businessWith({ port: smtp.port, username: 'bakery', password: 'wrong' });
        const sent = await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Body', businessId });
        const outcome = await sent.delivered;
        expect(outcome).toMatchObject({ ok: false, state: 'failed', attempts: 1 });
        expect(!outcome.ok && outcome.error).toMatch(/Invalid login: 535 Authentication credentials invalid/);
        const [row] = await listOutboxEmails(database.db);
        expect(row).toMatchObject({ attempts: 1, retry_at: null, sent_at: null });
        expect(smtp.received).toHaveLength(0);
        expect(failures).toHaveLength(1);
        const test = await mailer.sendTest(businessId, { to: 'o@example.com', subject: 'T', text: 'T' });
        expect(test).toMatchObject({ ok: false, state: 'failed' });
      } finally {
        await mailer.close();
        await smtp.close();
      }
    });

    it('a password saved under another APP_KEY is reported, not sent empty', async () => {
      const smtp = await startTestSmtpServer({ auth: { user: 'bakery', pass: 'right' } });
      const mailer = createMailer({
        db: database.db,
        logger,
        clock: () => new Date(),
        from: 'x@example.com',
        appKey: 'another-app-key-0123456789abcdefghijklmnop',
      });
      try {
        const businessId = await businessWith({ port: smtp.port, username: 'bakery', password: 'right' });
        const sent = await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Body', businessId });
        expect(await sent.delivered).toMatchObject({ ok: false, error: UNREADABLE_PASSWORD, attempts: 1 });
        expect(smtp.logins).toEqual([]);
      } finally {
        await mailer.close();
        await smtp.close();
      }
    });

    it("SMTP_URL wins over the business's settings", async () => {
      const environment = await startTestSmtpServer();
      const own = await startTestSmtpServer();
      const mailer = createMailer({
        db: database.db,
        logger,
        clock: () => new Date(),
        from: 'Ledgerleaf <no-reply@ledgerleaf.test>',
        smtpUrl: environment.url,
        appKey: TEST_APP_KEY,
      });
      try {
        const businessId = await businessWith({ port: own.port });
        const sent = await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Body', businessId });
        expect(await sent.delivered).toEqual({ ok: true, state: 'delivered' });
        expect(environment.received).toHaveLength(1);
        expect(own.received).toHaveLength(0);
      } finally {
        await mailer.close();
        await environment.close();
        await own.close();
      }
    });
  });
});
