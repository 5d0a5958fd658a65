import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { listOutboxEmails } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
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
    expect(mail).toMatchObject({ to_address: 'a@example.com', subject: 'Hello', text_body: 'Body', html_body: '<p>Body</p>', transport: 'log', error: null });
    expect(mail?.sent_at).not.toBeNull();
    await mailer.close();
  });

  it('with SMTP records delivery failures without throwing to the caller', async () => {
    // Port 9 on loopback: nothing listens, the connection is refused at once.
    const mailer = createMailer({ db: database.db, logger, clock: () => new Date(), from: 'x@example.com', smtpUrl: 'smtp://127.0.0.1:9' });
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body' })).resolves.toMatchObject({ id: expect.any(Number) });
    await mailer.flush();
    const [mail] = await listOutboxEmails(database.db);
    expect(mail).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(mail?.error).toBeTruthy();
    await mailer.close();
  });
});
