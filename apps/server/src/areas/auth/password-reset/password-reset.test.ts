import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_RESET_TTL_MINUTES } from '@ledgerleaf/domain';
import { listOutboxEmails } from '@ledgerleaf/db';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function requestLink(email = 'olive@example.com'): Promise<string> {
  const response = await t.post('/api/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const [mail] = await listOutboxEmails(t.database.db, { to: email.toLowerCase() });
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
  if (!match?.[1]) throw new Error('no reset link mailed');
  return match[1];
}

const newPassword = { password: 'a brand new secret', password_confirmation: 'a brand new secret' };

describe('POST /api/forgot-password', () => {
  it('answers the same whether or not the account exists, and mails a link only to real accounts', async () => {
    await t.register();
    const known = await t.post('/api/forgot-password', { email: 'Olive@Example.com' });
    const unknown = await t.post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());

    const mails = await listOutboxEmails(t.database.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'olive@example.com',
      transport: 'log',
      subject: expect.stringMatching(/reset/i),
    });
    expect(mails[0]?.text_body).toMatch(/http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(mails[0]?.html_body).toContain('/reset-password/');

    // Only the SHA-256 of the token is stored.
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text_body)![1]!;
    const rows = await t.database.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers 422 for a missing or invalid email and unknown fields', async () => {
    expect((await t.post('/api/forgot-password', {})).json().errors).toEqual({ email: [MESSAGES.emailRequired] });
    expect((await t.post('/api/forgot-password', { email: 'nope' })).statusCode).toBe(422);
    expect((await t.post('/api/forgot-password', { email: 5 })).statusCode).toBe(422);
    expect((await t.post('/api/forgot-password', { email: 'a@b.co', extra: 1 })).json().errors).toEqual({
      extra: ['Unknown field: extra'],
    });
  });

  it('is rate limited per IP address', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await t.post('/api/forgot-password', { email: `x${attempt}@example.com` }, { ip: '198.51.100.1' })).statusCode,
      ).toBe(200);
    }
    const limited = await t.post('/api/forgot-password', { email: 'y@example.com' }, { ip: '198.51.100.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, works once, and signs the user out everywhere', async () => {
    const { token: accessToken } = await t.register();
    const resetToken = await requestLink();
    const response = await t.post('/api/reset-password', { token: resetToken, ...newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetDone });

    expect((await t.get('/api/user', { token: accessToken })).statusCode).toBe(401);
    expect(
      (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).statusCode,
    ).toBe(422);
    expect(
      (await t.post('/web-login', { email: 'olive@example.com', password: newPassword.password })).statusCode,
    ).toBe(200);

    const again = await t.post('/api/reset-password', {
      token: resetToken,
      password: 'yet another secret',
      password_confirmation: 'yet another secret',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: MESSAGES.resetInvalid, errors: { token: [MESSAGES.resetInvalid] } });
  });

  it('refuses an expired link', async () => {
    await t.register();
    const resetToken = await requestLink();
    t.clock.advance(PASSWORD_RESET_TTL_MINUTES * 60_000 + 1000);
    const response = await t.post('/api/reset-password', { token: resetToken, ...newPassword });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ token: [MESSAGES.resetInvalid] });
  });

  it('a link used once invalidates the other outstanding links', async () => {
    await t.register();
    const first = await requestLink();
    const second = await requestLink();
    expect(first).not.toBe(second);
    expect((await t.post('/api/reset-password', { token: second, ...newPassword })).statusCode).toBe(200);
    expect((await t.post('/api/reset-password', { token: first, ...newPassword })).statusCode).toBe(422);
  });

  it('refuses unknown tokens and bad input with 422 and changes nothing', async () => {
    const { token: accessToken } = await t.register();
    expect((await t.post('/api/reset-password', { token: 'unknown', ...newPassword })).json().errors).toEqual({
      token: [MESSAGES.resetInvalid],
    });
    const resetToken = await requestLink();
    const mismatch = await t.post('/api/reset-password', {
      token: resetToken,
      password: 'a brand new secret',
      password_confirmation: 'different',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [MESSAGES.confirmationMismatch] });
    const short = await t.post('/api/reset-password', {
      token: resetToken,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().errors).toMatchObject({ password: [MESSAGES.passwordTooShort] });
    expect((await t.post('/api/reset-password', {})).statusCode).toBe(422);
    expect(
      (await t.post('/api/reset-password', { token: 1, password: [], password_confirmation: {} })).statusCode,
    ).toBe(422);
    // The link still works after those failures, and the session was untouched.
    expect((await t.get('/api/user', { token: accessToken })).statusCode).toBe(200);
    expect((await t.post('/api/reset-password', { token: resetToken, ...newPassword })).statusCode).toBe(200);
  });
});
