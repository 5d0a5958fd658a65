import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, validRegistration, type TestApp } from '../../test/harness';
import { seedDemo } from '../../demo/demo.seed';
import { PasswordHasher } from '../../lib/password';
import { TEST_PASSWORD_PARAMS } from '../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('POST /api/register', () => {
  it('creates the business and its owner and answers 201 with a working token', async () => {
    const response = await t.post('/api/register', validRegistration({ email: 'Olive@Example.com' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Olive Owner',
      email: 'olive@example.com',
      business_name: 'Olive Bakery',
      company_logo: null,
      avatar_path: null,
      roles: [{ name: 'owner' }],
      preferences: { date_format: 'mm/dd/yy', first_day_of_week: 0 },
    });
    const me = await t.get('/api/user', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);

    const business = await t.database.db.selectFrom('businesses').selectAll().execute();
    expect(business).toHaveLength(1);
    expect(business[0]).toMatchObject({ name: 'Olive Bakery', phone: '(415) 555-0100' });
    const tokens = await t.database.db.selectFrom('personal_access_tokens').selectAll().execute();
    expect(tokens).toHaveLength(1);
    // Only the SHA-256 of the token is stored.
    expect(tokens[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(tokens)).not.toContain(body.token);
    const user = await t.database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("takes the business's time zone from the browser, UTC when it is missing or unknown", async () => {
    const zoneOf = async (time_zone: unknown, email: string) => {
      const response = await t.post('/api/register', validRegistration({ email, time_zone }));
      expect(response.statusCode, response.body).toBe(201);
      const config = await t.get('/api/recurring-invoices/config', { token: response.json().token });
      return config.json().data.time_zone as string;
    };
    expect(await zoneOf('America/Chicago', 'tz1@example.com')).toBe('America/Chicago');
    expect(await zoneOf('Mars/Olympus_Mons', 'tz2@example.com')).toBe('UTC');
    expect(await zoneOf(undefined, 'tz3@example.com')).toBe('UTC');
    expect(await zoneOf(null, 'tz4@example.com')).toBe('UTC');
    const wrongType = await t.post('/api/register', validRegistration({ email: 'tz5@example.com', time_zone: 42 }));
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['time_zone']);
  });

  it('accepts a missing phone', async () => {
    const { phone: _phone, ...withoutPhone } = validRegistration();
    const response = await t.post('/api/register', withoutPhone);
    expect(response.statusCode).toBe(201);
  });

  it('answers 422 with field-keyed errors for missing fields and changes nothing', async () => {
    const response = await t.post('/api/register', {});
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors).toMatchObject({
      name: [MESSAGES.nameRequired],
      business_name: [MESSAGES.businessNameRequired],
      email: [MESSAGES.emailRequired],
      password: [MESSAGES.passwordRequired],
      password_confirmation: [MESSAGES.confirmationRequired],
    });
    expect(typeof body.message).toBe('string');
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('answers 422 for wrong types, bad values and unknown fields', async () => {
    const wrongTypes = await t.post('/api/register', validRegistration({ name: 42, email: ['x'], password: true }));
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(wrongTypes.json().errors)).toEqual(expect.arrayContaining(['name', 'email', 'password']));

    const badValues = await t.post(
      '/api/register',
      validRegistration({ email: 'not-an-email', phone: '123', password: 'short', password_confirmation: 'other' }),
    );
    expect(badValues.statusCode).toBe(422);
    expect(badValues.json().errors).toMatchObject({
      email: [MESSAGES.emailInvalid],
      phone: [MESSAGES.phoneInvalid],
      password: [MESSAGES.passwordTooShort],
    });

    const mismatch = await t.post('/api/register', validRegistration({ password_confirmation: 'different password' }));
    expect(mismatch.json().errors).toEqual({ password_confirmation: [MESSAGES.confirmationMismatch] });

    const tooLong = await t.post(
      '/api/register',
      validRegistration({ name: 'x'.repeat(256), password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) }),
    );
    expect(tooLong.json().errors).toMatchObject({ name: [MESSAGES.nameTooLong], password: [MESSAGES.passwordTooLong] });

    const unknown = await t.post('/api/register', validRegistration({ is_admin: true }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ is_admin: ['Unknown field: is_admin'] });

    const notAnObject = await t.post('/api/register', ['a']);
    expect(notAnObject.statusCode).toBe(422);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses a taken email in any case with errors.email', async () => {
    await t.register();
    const response = await t.post(
      '/api/register',
      validRegistration({ email: 'OLIVE@example.com', business_name: 'Other' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: MESSAGES.emailTaken, errors: { email: [MESSAGES.emailTaken] } });
    expect(await t.database.db.selectFrom('businesses').select('id').execute()).toHaveLength(1);
  });

  it('keeps one account when two registrations race for one email', async () => {
    const responses = await Promise.all([
      t.post('/api/register', validRegistration()),
      t.post('/api/register', validRegistration({ business_name: 'Twin' })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    // The loser's business was rolled back with its user.
    expect(await t.database.db.selectFrom('businesses').select('id').execute()).toHaveLength(1);
  });
});

describe('transport errors on a JSON endpoint', () => {
  it('malformed JSON answers 400 with a message', async () => {
    const xsrf = await t.xsrf();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: '{"name": "x",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.invalidJson });
  });

  it('an oversized body answers 413', async () => {
    const response = await t.post('/api/register', validRegistration({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: MESSAGES.payloadTooLarge });
  });

  it('a non-JSON content type answers 415', async () => {
    const xsrf = await t.xsrf();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/web-login',
        headers: { 'content-type': type, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        payload: 'email=a@b.c&password=x',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().message).toMatch(/content type/i);
    }
  });

  it('prototype-poisoning JSON is refused, not applied', async () => {
    const xsrf = await t.xsrf();
    const response = await t.app.inject({
      method: 'POST',
      url: '/web-login',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.invalidJson });
  });
});

describe('POST /web-login', () => {
  beforeEach(async () => {
    await t.register();
  });

  it('answers the token and user for the right password, in any email case', async () => {
    const response = await t.post('/web-login', {
      email: 'OLIVE@example.com',
      password: 'correct horse battery',
      remember: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: 'olive@example.com',
      business_name: 'Olive Bakery',
      roles: [{ name: 'owner' }],
    });
    expect((await t.get('/api/user', { token: body.token })).statusCode).toBe(200);
  });

  it('remember me makes a 30-day token, otherwise it lasts a day', async () => {
    const remembered = (
      await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery', remember: true })
    ).json();
    const session = (
      await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })
    ).json();
    t.clock.advance(25 * 60 * 60_000);
    expect((await t.get('/api/user', { token: session.token })).statusCode).toBe(401);
    expect((await t.get('/api/user', { token: remembered.token })).statusCode).toBe(200);
    t.clock.advance(30 * 24 * 60 * 60_000);
    expect((await t.get('/api/user', { token: remembered.token })).statusCode).toBe(401);
  });

  it('answers the same 422 for a wrong password and an unknown email (no enumeration)', async () => {
    const wrongPassword = await t.post('/web-login', { email: 'olive@example.com', password: 'wrong password' });
    const unknownEmail = await t.post('/web-login', { email: 'nobody@example.com', password: 'wrong password' });
    const expected = { message: MESSAGES.invalidCredentials, errors: { email: [MESSAGES.invalidCredentials] } };
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.statusCode).toBe(422);
    expect(unknownEmail.json()).toEqual(expected);
  });

  it('spends one argon2 verification on an unknown email too (equal timing)', async () => {
    const hasher = t.app.deps.hasher;
    const calls: string[] = [];
    const verify = hasher.verify.bind(hasher);
    hasher.verify = async (hash: string, password: string) => {
      calls.push(hash);
      return verify(hash, password);
    };
    await t.post('/web-login', { email: 'nobody@example.com', password: 'wrong password' });
    await t.post('/web-login', { email: 'olive@example.com', password: 'wrong password' });
    expect(calls).toHaveLength(2);
    expect(calls.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
  });

  it('upgrades a password hash made with older parameters on sign-in', async () => {
    const weak = await new PasswordHasher({ memoryCost: 512, timeCost: 1, parallelism: 1 }).hash(
      'correct horse battery',
    );
    await t.database.db.updateTable('users').set({ password_hash: weak }).execute();
    expect(
      (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).statusCode,
    ).toBe(200);
    const { password_hash: upgraded } = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(upgraded).toMatch(/\$m=1024,t=1,p=1\$/);
    expect(
      (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).statusCode,
    ).toBe(200);
  });

  it('answers 422 field errors for missing or mistyped fields and unknown fields', async () => {
    const missing = await t.post('/web-login', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: [MESSAGES.emailRequired], password: [MESSAGES.passwordRequired] });
    const mistyped = await t.post('/web-login', { email: 1, password: null, remember: 'yes' });
    expect(mistyped.statusCode).toBe(422);
    expect(Object.keys(mistyped.json().errors).sort()).toEqual(['email', 'password', 'remember']);
    const unknown = await t.post('/web-login', {
      email: 'olive@example.com',
      password: 'correct horse battery',
      role: 'admin',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ role: ['Unknown field: role'] });
    const noBody = await t.post('/web-login');
    expect(noBody.statusCode).toBe(422);
  });

  it('locks an address out of an email after 5 failures (429, Retry-After), never the owner elsewhere', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await t.post(
        '/web-login',
        { email: 'olive@example.com', password: 'wrong password' },
        { ip: '10.0.0.1' },
      );
      expect(response.statusCode).toBe(422);
    }
    // That address may not try this email again, not even with the right password...
    const throttled = await t.post(
      '/web-login',
      { email: 'Olive@example.com', password: 'correct horse battery' },
      { ip: '10.0.0.1' },
    );
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(throttled.json()).toEqual({ message: MESSAGES.tooManyAttempts(retryAfter) });

    // ...but the owner, from any other address, signs in: an attacker cannot lock the account.
    expect(
      (
        await t.post(
          '/web-login',
          { email: 'olive@example.com', password: 'correct horse battery' },
          { ip: '10.0.0.99' },
        )
      ).statusCode,
    ).toBe(200);

    // Another account from the same address is not affected (one person's typos lock nobody else).
    await t.register({ email: 'other@example.com', business_name: 'Other' });
    expect(
      (
        await t.post(
          '/web-login',
          { email: 'other@example.com', password: 'correct horse battery' },
          { ip: '10.0.0.1' },
        )
      ).statusCode,
    ).toBe(200);

    // The window passes.
    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (
        await t.post(
          '/web-login',
          { email: 'olive@example.com', password: 'correct horse battery' },
          { ip: '10.0.0.1' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('counts an address across emails: one person retyping one email never locks the address', async () => {
    // Forty typos on one email from an office's address: only that pair is locked.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await t.post('/web-login', { email: 'typo@example.com', password: 'wrong password' }, { ip: '198.51.100.4' });
    }
    const colleague = await t.post(
      '/web-login',
      { email: 'olive@example.com', password: 'correct horse battery' },
      { ip: '198.51.100.4' },
    );
    expect(colleague.statusCode).toBe(200);
  });

  it('throttles an IP after 20 failures across emails', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await t.post(
        '/web-login',
        { email: `guess${attempt}@example.com`, password: 'wrong password' },
        { ip: '203.0.113.7' },
      );
      expect(response.statusCode).toBe(422);
    }
    const throttled = await t.post(
      '/web-login',
      { email: 'olive@example.com', password: 'correct horse battery' },
      { ip: '203.0.113.7' },
    );
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    // Another address still gets in.
    expect(
      (
        await t.post(
          '/web-login',
          { email: 'olive@example.com', password: 'correct horse battery' },
          { ip: '203.0.113.8' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a successful sign-in clears the email counter', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await t.post(
        '/web-login',
        { email: 'olive@example.com', password: 'wrong password' },
        { ip: `10.1.0.${attempt}` },
      );
    }
    expect(
      (
        await t.post(
          '/web-login',
          { email: 'olive@example.com', password: 'correct horse battery' },
          { ip: '10.1.1.1' },
        )
      ).statusCode,
    ).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await t.post(
        '/web-login',
        { email: 'olive@example.com', password: 'wrong password' },
        { ip: `10.2.0.${attempt}` },
      );
      expect(response.statusCode).toBe(422);
    }
    expect(
      (
        await t.post(
          '/web-login',
          { email: 'olive@example.com', password: 'correct horse battery' },
          { ip: '10.2.1.1' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('slows a guess spread over many addresses with a growing delay, tells the owner once, and never locks', async () => {
    const waits: number[] = [];
    const slow = await createTestApp({ build: { throttle: { sleep: async (ms) => void waits.push(ms) } } });
    try {
      await slow.register();
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const response = await slow.post(
          '/web-login',
          { email: 'olive@example.com', password: `guess ${attempt}` },
          { ip: `192.0.2.${attempt + 1}` },
        );
        expect(response.statusCode).toBe(422);
      }
      // No wait for the first 10 failures, then 250 ms doubling up to 8 s.
      expect(waits.slice(0, 7)).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
      expect(waits).toHaveLength(20);
      // The owner's right password still gets in (after its wait).
      const owner = await slow.post(
        '/web-login',
        { email: 'olive@example.com', password: 'correct horse battery' },
        { ip: '192.0.2.200' },
      );
      expect(owner.statusCode).toBe(200);
      expect(waits.at(-1)).toBe(8000);
      // One alert email for the window, to the account's own address.
      const alerts = await slow.database.db
        .selectFrom('outbox_emails')
        .selectAll()
        .where('subject', '=', 'Many failed sign-in attempts on your Ledgerleaf account')
        .execute();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.to_address).toContain('olive@example.com');
      // A successful sign-in resets the email's counter: the next attempt waits no more.
      waits.length = 0;
      await slow.post('/web-login', { email: 'olive@example.com', password: 'nope' }, { ip: '192.0.2.201' });
      expect(waits).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('shares the throttle between two app instances on one database', async () => {
    const { buildApp } = await import('../../app');
    const second = await buildApp({
      ...t.app.deps,
      config: t.app.deps.config,
      database: { ...t.database, destroy: async () => undefined },
      logger: false,
      passwordHashing: TEST_PASSWORD_PARAMS,
    });
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await t.post('/web-login', { email: 'olive@example.com', password: 'wrong password' });
      }
      const xsrf = await t.xsrf();
      const response = await second.inject({
        method: 'POST',
        url: '/web-login',
        headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        payload: { email: 'olive@example.com', password: 'correct horse battery' },
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('GET /api/user', () => {
  it('answers 401 without, with a malformed and with an unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer nope' },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
    }
  });

  it('shows each business only its own user (tenant separation)', async () => {
    const alpha = await t.register({ email: 'alpha@example.com', business_name: 'Alpha Co', name: 'Alice Alpha' });
    const beta = await t.register({ email: 'beta@example.com', business_name: 'Beta LLC', name: 'Bob Beta' });
    const alphaMe = (await t.get('/api/user', { token: alpha.token })).json();
    const betaMe = (await t.get('/api/user', { token: beta.token })).json();
    expect(alphaMe).toMatchObject({
      id: alpha.user.id,
      name: 'Alice Alpha',
      email: 'alpha@example.com',
      business_name: 'Alpha Co',
    });
    expect(betaMe).toMatchObject({
      id: beta.user.id,
      name: 'Bob Beta',
      email: 'beta@example.com',
      business_name: 'Beta LLC',
    });
    expect(alphaMe.id).not.toBe(betaMe.id);
  });

  it('refuses a token whose row was moved to another business', async () => {
    const alpha = await t.register({ email: 'alpha@example.com', business_name: 'Alpha Co' });
    const beta = await t.register({ email: 'beta@example.com', business_name: 'Beta LLC' });
    const betaBusiness = await t.database.db
      .selectFrom('users')
      .select('business_id')
      .where('id', '=', beta.user.id)
      .executeTakeFirstOrThrow();
    // A token row must never bridge two businesses: the join requires the user's own business.
    await t.database.db
      .updateTable('personal_access_tokens')
      .set({ business_id: betaBusiness.business_id })
      .where('user_id', '=', alpha.user.id)
      .execute();
    expect((await t.get('/api/user', { token: alpha.token })).statusCode).toBe(401);
  });

  it('records last use at most once a minute', async () => {
    const { token } = await t.register();
    const lastUsed = async () =>
      (await t.database.db.selectFrom('personal_access_tokens').select('last_used_at').executeTakeFirstOrThrow())
        .last_used_at;
    expect(await lastUsed()).toBeNull();
    await t.get('/api/user', { token });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(30_000);
    await t.get('/api/user', { token });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31_000);
    await t.get('/api/user', { token });
    expect(await lastUsed()).not.toBe(first);
  });
});

describe('POST /api/logout', () => {
  it('revokes only the token used, on the server', async () => {
    const { token } = await t.register();
    const other = (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).json()
      .token as string;
    const response = await t.post('/api/logout', undefined, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await t.get('/api/user', { token })).statusCode).toBe(401);
    expect((await t.post('/api/logout', undefined, { token })).statusCode).toBe(401);
    expect((await t.get('/api/user', { token: other })).statusCode).toBe(200);
    const revoked = await t.database.db
      .selectFrom('personal_access_tokens')
      .select('revoked_at')
      .where('revoked_at', 'is not', null)
      .execute();
    expect(revoked).toHaveLength(1);
  });

  it('accepts an empty JSON body (clients send the JSON content type without a body)', async () => {
    const { token } = await t.register();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.post('/api/logout');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
  });
});

describe('POST /api/debug/demo-login', () => {
  it('signs in as the demo account when DEMO is on', async () => {
    await seedDemo({ db: t.database.db, hasher: new PasswordHasher(TEST_PASSWORD_PARAMS), clock: t.clock });
    const response = await t.post('/api/debug/demo-login', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: MESSAGES.demoSuccess,
      user: { email: DEMO_ACCOUNT.email, name: DEMO_ACCOUNT.name, business_name: DEMO_ACCOUNT.business_name },
    });
    expect((await t.get('/api/user', { token: body.token })).statusCode).toBe(200);
  });

  it('refuses other accounts and wrong passwords with the login answer', async () => {
    await seedDemo({ db: t.database.db, hasher: new PasswordHasher(TEST_PASSWORD_PARAMS), clock: t.clock });
    await t.register();
    const other = await t.post('/api/debug/demo-login', {
      email: 'olive@example.com',
      password: 'correct horse battery',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(MESSAGES.invalidCredentials);
    const wrong = await t.post('/api/debug/demo-login', { email: DEMO_ACCOUNT.email, password: 'nope' });
    expect(wrong.statusCode).toBe(422);
    const bad = await t.post('/api/debug/demo-login', { email: DEMO_ACCOUNT.email });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ password: [MESSAGES.passwordRequired] });
  });

  it('accepts REGISTER_RATE_LIMIT sign-ups per IP in 10 minutes, then answers 429', async () => {
    const limited = await createTestApp({ env: { REGISTER_RATE_LIMIT: '2' } });
    try {
      for (const email of ['limit1@example.com', 'limit2@example.com']) {
        expect((await limited.post('/api/register', validRegistration({ email }))).statusCode).toBe(201);
      }
      const third = await limited.post('/api/register', validRegistration({ email: 'limit3@example.com' }));
      expect(third.statusCode).toBe(429);
      expect(third.json()).toHaveProperty('message');
    } finally {
      await limited.close();
    }
  });

  it('answers 404 when DEMO is off, whatever the body', async () => {
    const off = await createTestApp({ env: { DEMO: '0' } });
    try {
      await seedDemo({ db: off.database.db, hasher: new PasswordHasher(TEST_PASSWORD_PARAMS), clock: off.clock });
      for (const body of [{ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }, {}, undefined]) {
        const response = await off.post('/api/debug/demo-login', body);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGES.demoDisabled });
      }
    } finally {
      await off.close();
    }
  });
});
