import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { isUniqueViolation } from '../../dialect';
import { createBusiness } from '../account/businesses';
import { createUser, emailExists, findUserByEmail, findUserProfile, normalizeEmail, updateUserPassword } from './users';
import {
  createAccessToken,
  findActiveToken,
  revokeAccessToken,
  revokeUserAccessTokens,
  touchAccessToken,
} from './access-tokens';
import {
  consumePasswordResetToken,
  createPasswordResetToken,
  invalidateUserPasswordResetTokens,
} from './password-resets';
import { addWaitlistEntry, listWaitlistEntries } from './waitlist';
import {
  findBusinessOutboxEmail,
  insertOutboxEmail,
  listBusinessOutboxEmails,
  listOutboxEmails,
  markOutboxEmailFailed,
  markOutboxEmailSent,
  outboxAttachments,
} from '../shared/outbox';
import { clearLoginFailures, loginFailuresSince, pruneLoginFailures, recordLoginFailure } from './login-attempts';
import { pingDatabase } from '../shell/health';

const now = new Date('2025-03-01T10:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

async function seedUser(email = 'Owner@Example.com', businessName = 'Acme') {
  const business = await createBusiness(test.db, { name: businessName, now });
  const user = await createUser(test.db, {
    businessId: business.id,
    name: 'Olive Owner',
    email,
    passwordHash: 'hash',
    role: 'owner',
    now,
  });
  return { business, user };
}

describe('users', () => {
  it('stores emails lowercased and finds them case-insensitively', async () => {
    const { user } = await seedUser('  Owner@Example.COM ');
    expect(user.email).toBe('owner@example.com');
    expect(normalizeEmail(' A@B.C ')).toBe('a@b.c');
    expect((await findUserByEmail(test.db, { email: 'OWNER@example.com' }))?.id).toBe(user.id);
    expect(await emailExists(test.db, { email: 'owner@EXAMPLE.com' })).toBe(true);
    expect(await emailExists(test.db, { email: 'nobody@example.com' })).toBe(false);
  });

  it('refuses a second user with the same email in any case', async () => {
    await seedUser('owner@example.com');
    const other = await createBusiness(test.db, { name: 'Other', now });
    const error = await createUser(test.db, {
      businessId: other.id,
      name: 'X',
      email: 'OWNER@example.com',
      passwordHash: 'h',
      role: 'owner',
      now,
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('reads a profile only within its own business', async () => {
    const a = await seedUser('a@example.com', 'Alpha');
    const b = await seedUser('b@example.com', 'Beta');
    const profile = await findUserProfile(test.db, { businessId: a.business.id, userId: a.user.id });
    expect(profile).toMatchObject({
      id: a.user.id,
      name: 'Olive Owner',
      business_name: 'Alpha',
      role: 'owner',
      company_logo: null,
      date_format: 'mm/dd/yy',
    });
    expect(Number(profile?.first_day_of_week)).toBe(0);
    expect(await findUserProfile(test.db, { businessId: a.business.id, userId: b.user.id })).toBeUndefined();
  });

  it('updates the password hash', async () => {
    const { business, user } = await seedUser();
    await updateUserPassword(test.db, {
      businessId: business.id,
      userId: user.id,
      passwordHash: 'new',
      now: minutes(1),
    });
    const row = await findUserByEmail(test.db, { email: user.email });
    expect(row?.password_hash).toBe('new');
    expect(row?.updated_at).toBe(minutes(1).toISOString());
  });
});

describe('personal access tokens', () => {
  it('finds a live token with its user and business; revoked and expired ones are gone', async () => {
    const { business, user } = await seedUser();
    const live = await createAccessToken(test.db, {
      businessId: business.id,
      userId: user.id,
      name: 'web',
      tokenHash: 'a'.repeat(64),
      expiresAt: minutes(60),
      now,
    });
    await createAccessToken(test.db, {
      businessId: business.id,
      userId: user.id,
      name: 'old',
      tokenHash: 'b'.repeat(64),
      expiresAt: minutes(-1),
      now,
    });
    await createAccessToken(test.db, {
      businessId: business.id,
      userId: user.id,
      name: 'forever',
      tokenHash: 'c'.repeat(64),
      expiresAt: null,
      now,
    });

    const found = await findActiveToken(test.db, { tokenHash: 'a'.repeat(64), now });
    expect(found).toMatchObject({
      tokenId: live.id,
      lastUsedAt: null,
      user: { id: user.id, business_name: 'Acme', email: 'owner@example.com' },
    });
    expect(await findActiveToken(test.db, { tokenHash: 'b'.repeat(64), now })).toBeUndefined();
    expect(await findActiveToken(test.db, { tokenHash: 'c'.repeat(64), now: minutes(60 * 24 * 365) })).toBeDefined();
    expect(await findActiveToken(test.db, { tokenHash: 'd'.repeat(64), now })).toBeUndefined();

    await touchAccessToken(test.db, { tokenId: live.id, now: minutes(5) });
    expect((await findActiveToken(test.db, { tokenHash: 'a'.repeat(64), now }))?.lastUsedAt).toBe(
      minutes(5).toISOString(),
    );

    await revokeAccessToken(test.db, { businessId: business.id, tokenId: live.id, now });
    expect(await findActiveToken(test.db, { tokenHash: 'a'.repeat(64), now })).toBeUndefined();
    expect(await revokeUserAccessTokens(test.db, { businessId: business.id, userId: user.id, now })).toBe(2);
    expect(await findActiveToken(test.db, { tokenHash: 'c'.repeat(64), now })).toBeUndefined();
  });

  it('does not revoke another business token', async () => {
    const a = await seedUser('a@example.com');
    const b = await seedUser('b@example.com');
    const token = await createAccessToken(test.db, {
      businessId: b.business.id,
      userId: b.user.id,
      name: 'web',
      tokenHash: 'e'.repeat(64),
      expiresAt: null,
      now,
    });
    await revokeAccessToken(test.db, { businessId: a.business.id, tokenId: token.id, now });
    expect(await findActiveToken(test.db, { tokenHash: 'e'.repeat(64), now })).toBeDefined();
  });

  it('keeps token hashes unique', async () => {
    const { business, user } = await seedUser();
    await createAccessToken(test.db, {
      businessId: business.id,
      userId: user.id,
      name: 'web',
      tokenHash: 'f'.repeat(64),
      expiresAt: null,
      now,
    });
    const error = await createAccessToken(test.db, {
      businessId: business.id,
      userId: user.id,
      name: 'web',
      tokenHash: 'f'.repeat(64),
      expiresAt: null,
      now,
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('password reset tokens', () => {
  it('can be consumed once, before expiry', async () => {
    const { business, user } = await seedUser();
    await createPasswordResetToken(test.db, {
      businessId: business.id,
      userId: user.id,
      tokenHash: '1'.repeat(64),
      expiresAt: minutes(60),
      now,
    });
    expect(await consumePasswordResetToken(test.db, { tokenHash: '1'.repeat(64), now: minutes(59) })).toEqual({
      userId: user.id,
      businessId: business.id,
    });
    expect(await consumePasswordResetToken(test.db, { tokenHash: '1'.repeat(64), now: minutes(59) })).toBeUndefined();

    await createPasswordResetToken(test.db, {
      businessId: business.id,
      userId: user.id,
      tokenHash: '2'.repeat(64),
      expiresAt: minutes(60),
      now,
    });
    expect(await consumePasswordResetToken(test.db, { tokenHash: '2'.repeat(64), now: minutes(60) })).toBeUndefined();
    expect(await consumePasswordResetToken(test.db, { tokenHash: '3'.repeat(64), now })).toBeUndefined();
  });

  it('invalidates the other outstanding links of the user', async () => {
    const { business, user } = await seedUser();
    await createPasswordResetToken(test.db, {
      businessId: business.id,
      userId: user.id,
      tokenHash: '4'.repeat(64),
      expiresAt: minutes(60),
      now,
    });
    await invalidateUserPasswordResetTokens(test.db, { businessId: business.id, userId: user.id, now });
    expect(await consumePasswordResetToken(test.db, { tokenHash: '4'.repeat(64), now })).toBeUndefined();
  });
});

describe('waiting list', () => {
  it('adds an email once, whatever its case', async () => {
    expect(
      await addWaitlistEntry(test.db, { email: 'Early@Example.com', ip: '127.0.0.1', userAgent: 'ua', now }),
    ).toEqual({ created: true });
    expect(await addWaitlistEntry(test.db, { email: 'early@example.com', now })).toEqual({ created: false });
    const entries = await listWaitlistEntries(test.db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ email: 'early@example.com', ip: '127.0.0.1' });
  });
});

describe('outbox', () => {
  it('stores mail and its delivery state, newest first', async () => {
    const first = await insertOutboxEmail(test.db, {
      to: 'a@example.com',
      subject: 'One',
      text: 'body',
      transport: 'log',
      sentAt: now,
      now,
    });
    const second = await insertOutboxEmail(test.db, {
      to: 'a@example.com',
      subject: 'Two',
      text: 'body',
      html: '<p>body</p>',
      transport: 'smtp',
      now,
    });
    await markOutboxEmailFailed(test.db, { id: second.id, error: 'connection refused' });
    let emails = await listOutboxEmails(test.db, { to: 'a@example.com' });
    expect(emails.map((email) => email.subject)).toEqual(['Two', 'One']);
    expect(emails[0]).toMatchObject({ error: 'connection refused', sent_at: null });
    await markOutboxEmailSent(test.db, { id: second.id, now: minutes(1) });
    emails = await listOutboxEmails(test.db);
    expect(emails[0]).toMatchObject({ error: null, sent_at: minutes(1).toISOString() });
    expect(first.id).toBeLessThan(second.id);
  });

  it('keeps attachment metadata and pages the mail of one business', async () => {
    const [own, other] = await Promise.all([
      createBusiness(test.db, { name: 'Own', now }),
      createBusiness(test.db, { name: 'Other', now }),
    ]);
    const attachments = [{ filename: 'INV-2026-0001.pdf', content_type: 'application/pdf', size: 1234 }];
    const recipients = Array.from(
      { length: 20 },
      (_, index) => `recipient-number-${index}@a-long-domain-name.example.com`,
    ).join(', ');
    const invoiceMail = { transport: 'log', sentAt: now, category: 'invoice', now } as const;
    const mail = await insertOutboxEmail(test.db, {
      businessId: own.id,
      to: recipients,
      subject: 'Invoice',
      text: 'body',
      attachments,
      ...invoiceMail,
    });
    await insertOutboxEmail(test.db, {
      businessId: own.id,
      to: 'b@example.com',
      subject: 'Second',
      text: 'body',
      ...invoiceMail,
    });
    const reset = await insertOutboxEmail(test.db, {
      businessId: own.id,
      to: 'owner@example.com',
      subject: 'Reset your password',
      text: 'secret link',
      transport: 'log',
      sentAt: now,
      now,
    });
    const theirs = await insertOutboxEmail(test.db, {
      businessId: other.id,
      to: 'c@example.com',
      subject: 'Not yours',
      text: 'body',
      ...invoiceMail,
    });
    const page = await listBusinessOutboxEmails(test.db, {
      businessId: own.id,
      categories: ['invoice'],
      limit: 1,
      offset: 0,
    });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.subject)).toEqual(['Second']);
    expect(
      (
        await listBusinessOutboxEmails(test.db, { businessId: own.id, categories: ['system'], limit: 10, offset: 0 })
      ).rows.map((row) => row.subject),
    ).toEqual(['Reset your password']);
    expect(
      (await listBusinessOutboxEmails(test.db, { businessId: own.id, categories: [], limit: 10, offset: 0 })).total,
    ).toBe(0);
    const next = await listBusinessOutboxEmails(test.db, {
      businessId: own.id,
      categories: ['invoice'],
      limit: 1,
      offset: 1,
    });
    expect(next.rows[0]).toMatchObject({ id: mail.id, to_address: recipients });
    expect(outboxAttachments(next.rows[0]!)).toEqual(attachments);
    expect(outboxAttachments({ attachments: null })).toEqual([]);
    expect(outboxAttachments({ attachments: 'not json' })).toEqual([]);
    // One message: only the business's own, only of the listed categories.
    expect(
      await findBusinessOutboxEmail(test.db, { businessId: own.id, id: mail.id, categories: ['invoice'] }),
    ).toMatchObject({ subject: 'Invoice' });
    expect(
      await findBusinessOutboxEmail(test.db, { businessId: own.id, id: theirs.id, categories: ['invoice'] }),
    ).toBeUndefined();
    expect(
      await findBusinessOutboxEmail(test.db, { businessId: own.id, id: reset.id, categories: ['invoice'] }),
    ).toBeUndefined();
    expect(await findBusinessOutboxEmail(test.db, { businessId: own.id, id: mail.id, categories: [] })).toBeUndefined();
  });
});

describe('login attempts', () => {
  it('counts failures per key inside the window and clears them', async () => {
    await recordLoginFailure(test.db, { keys: ['email:a', 'ip:1'], now: minutes(-20) });
    await recordLoginFailure(test.db, { keys: ['email:a', 'ip:1'], now: minutes(-10) });
    await recordLoginFailure(test.db, { keys: ['email:a', 'ip:1'], now: minutes(-5) });
    const [email, ip, other] = await loginFailuresSince(test.db, {
      keys: ['email:a', 'ip:1', 'ip:2'],
      since: minutes(-15),
    });
    expect(email).toEqual({ key: 'email:a', failures: 2, oldest: minutes(-10).toISOString() });
    expect(ip?.failures).toBe(2);
    expect(other).toEqual({ key: 'ip:2', failures: 0, oldest: null });

    await clearLoginFailures(test.db, { key: 'email:a' });
    expect((await loginFailuresSince(test.db, { keys: ['email:a'], since: minutes(-60) }))[0]?.failures).toBe(0);
    await pruneLoginFailures(test.db, { before: minutes(-15) });
    expect((await loginFailuresSince(test.db, { keys: ['ip:1'], since: minutes(-60) }))[0]?.failures).toBe(2);
  });
});

describe('health', () => {
  it('pings', async () => {
    await expect(pingDatabase(test.db)).resolves.toBeUndefined();
  });
});
