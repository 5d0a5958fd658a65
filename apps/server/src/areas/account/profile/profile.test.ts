import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { ACCOUNT_MESSAGES, MESSAGES, UPLOAD_MAX_BYTES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { tinyPng } from '../../../test/png';
import { addMember, upload } from '../../../test/members';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields
type Json = Record<string, any>;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const webp = () =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 0)]);

describe('profile', () => {
  it('shows the profile and changes email and phone only (name and business name are read-only)', async () => {
    const { token } = await t.register();
    const profile = (await t.get('/api/profile', { token })).json().data;
    expect(profile).toMatchObject({
      name: 'Olive Owner',
      business_name: 'Olive Bakery',
      email: 'olive@example.com',
      phone: '(415) 555-0100',
      role: 'owner',
      roles: [{ name: 'owner' }],
    });

    const saved = await t.put('/api/profile', { email: 'New@Example.com', phone: '2125550199' }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.profileSaved,
      data: { email: 'new@example.com', phone: '(212) 555-0199', name: 'Olive Owner' },
    });

    const renamed = await t.put('/api/profile', { email: 'new@example.com', name: 'Someone Else' }, { token });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toHaveProperty('name');
    const badPhone = await t.put('/api/profile', { email: 'new@example.com', phone: '123' }, { token });
    expect(badPhone.json().errors).toEqual({ phone: [MESSAGES.phoneInvalid] });
    expect((await t.get('/api/user', { token })).json()).toMatchObject({
      name: 'Olive Owner',
      email: 'new@example.com',
    });
  });

  it('refuses an email that another account uses', async () => {
    const { token } = await t.register();
    await t.register({ email: 'taken@example.com', business_name: 'Other' });
    const response = await t.put('/api/profile', { email: 'TAKEN@example.com', phone: null }, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
  });

  it('changes the password with the current one and revokes every other token (ASVS 7.4.3)', async () => {
    const { token } = await t.register();
    const other = (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).json()
      .token as string;
    expect((await t.get('/api/user', { token: other })).statusCode).toBe(200);

    const wrong = await t.post(
      '/api/profile/password',
      { current_password: 'nope nope', password: 'a brand new secret', password_confirmation: 'a brand new secret' },
      { token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const mismatch = await t.post(
      '/api/profile/password',
      { current_password: 'correct horse battery', password: 'a brand new secret', password_confirmation: 'different' },
      { token },
    );
    expect(mismatch.json().errors).toEqual({ password_confirmation: [MESSAGES.confirmationMismatch] });
    expect((await t.get('/api/user', { token: other })).statusCode).toBe(200);

    const changed = await t.post(
      '/api/profile/password',
      {
        current_password: 'correct horse battery',
        password: 'a brand new secret',
        password_confirmation: 'a brand new secret',
      },
      { token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ revoked: 1, message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await t.get('/api/user', { token })).statusCode).toBe(200);
    expect((await t.get('/api/user', { token: other })).statusCode).toBe(401);
    expect(
      (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).statusCode,
    ).toBe(422);
    expect(
      (await t.post('/web-login', { email: 'olive@example.com', password: 'a brand new secret' })).statusCode,
    ).toBe(200);
  });

  it('signs out of the other devices only', async () => {
    const { token } = await t.register();
    const others = [];
    for (let i = 0; i < 2; i += 1)
      others.push(
        (await t.post('/web-login', { email: 'olive@example.com', password: 'correct horse battery' })).json()
          .token as string,
      );
    const response = await t.post('/api/profile/sign-out-others', undefined, { token });
    expect(response.json()).toEqual({ revoked: 2, message: ACCOUNT_MESSAGES.otherDevicesSignedOut(2) });
    expect((await t.get('/api/user', { token })).statusCode).toBe(200);
    for (const other of others) expect((await t.get('/api/user', { token: other })).statusCode).toBe(401);
  });
});

describe('uploads', () => {
  it('stores an avatar and a logo under /storage/ and serves them; a replaced file is removed', async () => {
    const { token } = await t.register();
    const first = await upload(t, '/api/profile/avatar', token, {
      name: 'me.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstPath = first.json().data.avatar_path as string;
    expect(firstPath).toMatch(/^avatars\/\d+\/[A-Za-z0-9_-]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/storage/${firstPath}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    const second = await upload(t, '/api/profile/avatar', token, {
      name: 'me.webp',
      type: 'image/webp',
      bytes: webp(),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.avatar_path).toMatch(/\.webp$/);
    expect(existsSync(join(t.dataDir, 'uploads', firstPath))).toBe(false);

    const logo = await upload(t, '/api/settings/business/logo', token, {
      name: 'logo.jpg',
      type: 'image/jpeg',
      bytes: jpeg(),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json().data.company_logo).toMatch(/^logos\/\d+\/.+\.jpg$/);
    expect((await t.get('/api/user', { token })).json().company_logo).toBe(logo.json().data.company_logo);

    const removed = await t.delete('/api/profile/avatar', { token });
    expect(removed.json().data.avatar_path).toBeNull();
  });

  it('checks the content, not the declared type or name, and the size', async () => {
    const { token } = await t.register();
    const html = await upload(t, '/api/profile/avatar', token, {
      name: 'evil.png',
      type: 'image/png',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(html.statusCode).toBe(422);
    expect(html.json().errors).toEqual({ file: [ACCOUNT_MESSAGES.uploadType] });
    const svg = await upload(t, '/api/profile/avatar', token, {
      name: 'a.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(svg.statusCode).toBe(422);
    const webpLogo = await upload(t, '/api/settings/business/logo', token, {
      name: 'logo.webp',
      type: 'image/webp',
      bytes: webp(),
    });
    expect(webpLogo.json().errors).toEqual({ file: [ACCOUNT_MESSAGES.logoType] });
    const big = await upload(t, '/api/profile/avatar', token, {
      name: 'big.png',
      type: 'image/png',
      bytes: Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES)]),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ file: [ACCOUNT_MESSAGES.uploadTooLarge] });
    const empty = await upload(t, '/api/profile/avatar', token, {
      name: 'empty.png',
      type: 'image/png',
      bytes: Buffer.alloc(0),
    });
    expect(empty.json().errors).toEqual({ file: [ACCOUNT_MESSAGES.uploadMissing] });
    const json = await t.post('/api/profile/avatar', { file: 'x' }, { token });
    expect(json.statusCode).toBe(415);
    // Nothing was stored.
    expect((await t.get('/api/profile', { token })).json().data.avatar_path).toBeNull();
    // Other routes still refuse multipart.
    const elsewhere = await upload(t, '/api/clients', token, { name: 'a.png', type: 'image/png', bytes: tinyPng() });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('export', () => {
  it("zips every table of the caller's business without secrets or another business's rows", async () => {
    const { token } = await t.register();
    await t.post('/api/clients', { name: 'Acme Studio' }, { token });
    await upload(t, '/api/settings/business/logo', token, { name: 'logo.png', type: 'image/png', bytes: tinyPng() });
    const other = await t.register({ email: 'mallory@example.com', business_name: 'Mallory Goods' });
    await t.post('/api/clients', { name: 'Mallory Client' }, { token: other.token });

    const response = await t.get('/api/profile/export', { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="ledgerleaf-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const data = JSON.parse(strFromU8(files['data.json']!)) as Json;
    expect(data.tables.businesses).toHaveLength(1);
    expect(data.tables.businesses[0].name).toBe('Olive Bakery');
    expect(data.tables.clients.map((client: Json) => client.name)).toEqual(['Acme Studio']);
    expect(data.tables.users[0]).not.toHaveProperty('password_hash');
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain('Mallory');
    expect(everything).not.toContain('$argon2');
    expect(strFromU8(files['csv/clients.csv']!)).toContain('Acme Studio');
    const logoPath = data.tables.businesses[0].company_logo as string;
    expect(Buffer.from(files[`files/${logoPath}`]!).equals(tinyPng())).toBe(true);
  });
});

describe('account deletion', () => {
  it('needs the password and the word DELETE', async () => {
    const { token } = await t.register();
    expect(
      (
        await t.post('/api/profile/delete', { current_password: 'wrong password', confirmation: 'DELETE' }, { token })
      ).json().errors,
    ).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    expect(
      (
        await t.post(
          '/api/profile/delete',
          { current_password: 'correct horse battery', confirmation: 'delete it' },
          { token },
        )
      ).json().errors,
    ).toEqual({ confirmation: [ACCOUNT_MESSAGES.deleteConfirmationWrong] });
    expect((await t.get('/api/user', { token })).statusCode).toBe(200);
  });

  it('the last owner deletes the business and everything of it, members included; other businesses stay', async () => {
    const { token } = await t.register();
    const client = (await t.post('/api/clients', { name: 'Acme Studio', email: 'ap@acme.test' }, { token })).json().data
      .id as number;
    const product = (
      await t.post('/api/products', { name: 'Workshop', type: 'service', unit: 'hour', unit_price: 100 }, { token })
    ).json().data.id as number;
    const invoice = await t.post(
      '/api/invoices',
      {
        client_id: client,
        issue_date: '2026-01-05',
        due_date: '2026-02-04',
        lines: [{ product_id: product, description: 'Workshop', quantity: 1, unit_price: 100 }],
      },
      { token },
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const sent = await t.post(`/api/invoices/${invoice.json().data.id}/send`, {}, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    const paid = await t.post(
      `/api/invoices/${invoice.json().data.id}/payments`,
      { amount: 40, payment_date: '2026-01-10', method: 'cash' },
      { token },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const logo = await upload(t, '/api/settings/business/logo', token, {
      name: 'logo.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    const logoFile = join(t.dataDir, 'uploads', logo.json().data.company_logo as string);
    const member = await addMember(t, token, 'mate@example.com', 'member');
    const other = await t.register({ email: 'mallory@example.com', business_name: 'Mallory Goods' });
    await t.post('/api/clients', { name: 'Mallory Client' }, { token: other.token });

    const response = await t.post(
      '/api/profile/delete',
      { current_password: 'correct horse battery', confirmation: 'DELETE' },
      { token },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ business_deleted: true, message: ACCOUNT_MESSAGES.businessDeleted });
    expect((await t.get('/api/user', { token })).statusCode).toBe(401);
    expect((await t.get('/api/user', { token: member.token })).statusCode).toBe(401);
    expect(existsSync(logoFile)).toBe(false);
    const db = t.database.db;
    expect(await db.selectFrom('businesses').select('name').execute()).toEqual([{ name: 'Mallory Goods' }]);
    expect(await db.selectFrom('clients').select('name').execute()).toEqual([{ name: 'Mallory Client' }]);
    expect(await db.selectFrom('invoices').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('payments').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('products').select('id').execute()).toEqual([]);
    expect(
      (await db.selectFrom('outbox_emails').select('to_address').execute()).map((row) => row.to_address),
    ).not.toContain('ap@acme.test');
    expect(
      (await db.selectFrom('outbox_emails').select('to_address').execute()).map((row) => row.to_address),
    ).not.toContain('mate@example.com');
    expect((await t.get('/api/clients', { token: other.token })).json().data).toHaveLength(1);
  });

  it('a member deleting their account leaves the business, which keeps its data', async () => {
    const { token } = await t.register();
    const member = await addMember(t, token, 'mate@example.com', 'member');
    const created = await t.post('/api/clients', { name: 'Made By Mate' }, { token: member.token });
    expect(created.statusCode).toBe(201);
    const response = await t.post(
      '/api/profile/delete',
      { current_password: 'member password 1', confirmation: 'DELETE' },
      { token: member.token },
    );
    expect(response.json()).toEqual({ business_deleted: false, message: ACCOUNT_MESSAGES.accountDeleted });
    expect((await t.get('/api/user', { token: member.token })).statusCode).toBe(401);
    expect((await t.get('/api/clients', { token })).json().data.map((client: Json) => client.name)).toEqual([
      'Made By Mate',
    ]);
    expect((await t.get('/api/team', { token })).json().members).toHaveLength(1);
  });
});
