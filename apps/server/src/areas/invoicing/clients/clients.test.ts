import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivity } from '@ledgerleaf/db';
import { CATALOG_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let token: string;
let businessId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  businessId = (await t.database.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

const auth = () => ({ token });
const acme = (overrides: Record<string, unknown> = {}) => ({
  kind: 'company',
  name: 'Acme Corporation',
  email: 'ap@acme.test',
  phone: '(512) 555-0100',
  billing_address: {
    line1: '100 Congress Ave',
    line2: 'Suite 400',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
  shipping_address: null,
  payment_terms_days: 15,
  notes: 'Pays by ACH',
  tax_id: '12-3456789',
  contacts: [
    { name: 'Wile E. Coyote', email: 'wile@acme.test', phone: '512-555-0101', is_primary: true },
    { name: 'Road Runner', email: 'beep@acme.test' },
  ],
  ...overrides,
});

async function create(body: Record<string, unknown>) {
  const response = await t.post('/api/clients', body, auth());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; [key: string]: unknown };
}

describe('clients CRUD', () => {
  it('creates a client with contacts and reads it back', async () => {
    const client = await create(acme());
    expect(client).toMatchObject({
      kind: 'company',
      name: 'Acme Corporation',
      email: 'ap@acme.test',
      payment_terms_days: 15,
      is_active: true,
      status: 'active',
      archived_at: null,
      balance_outstanding: 0,
      billing_address: { city: 'Austin', state: 'TX', postal_code: '78701', line1: '100 Congress Ave' },
      shipping_address: { line1: null, city: null },
      primary_contact: { name: 'Wile E. Coyote', is_primary: true },
    });
    expect((client.contacts as unknown[]).length).toBe(2);
    const read = await t.get(`/api/clients/${client.id}`, auth());
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(client);
  });

  it('takes payment terms from the business default and makes the first contact primary', async () => {
    await t.put('/api/settings/invoicing', { default_payment_terms_days: 45, prices_include_tax: false }, auth());
    const client = await create({ name: 'Person Pat', kind: 'person', contacts: [{ name: 'Pat' }, { name: 'Sam' }] });
    expect(client.payment_terms_days).toBe(45);
    expect((client.contacts as Array<{ is_primary: boolean }>).map((c) => c.is_primary)).toEqual([true, false]);
    await t.put('/api/settings/invoicing', { default_payment_terms_days: 30, prices_include_tax: false }, auth());
  });

  it('PUT replaces the contact list in one transaction and keeps a single primary', async () => {
    const client = await create(acme({ name: 'Replace Me' }));
    const response = await t.put(
      `/api/clients/${client.id}`,
      acme({
        name: 'Replaced',
        contacts: [
          { name: 'Only One', email: 'one@x.test' },
          { name: 'Second', is_primary: true },
        ],
      }),
      auth(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.name).toBe('Replaced');
    expect(data.contacts.map((c: { name: string; is_primary: boolean }) => [c.name, c.is_primary])).toEqual([
      ['Only One', false],
      ['Second', true],
    ]);
    const rows = await t.database.db
      .selectFrom('client_contacts')
      .select('name')
      .where('client_id', '=', client.id)
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['Only One', 'Second']);
    // Two primaries: refused, nothing changed.
    const bad = await t.put(
      `/api/clients/${client.id}`,
      acme({
        contacts: [
          { name: 'a', is_primary: true },
          { name: 'b', is_primary: true },
        ],
      }),
      auth(),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.contacts).toEqual([CATALOG_MESSAGES.twoPrimaries]);
    expect((await t.get(`/api/clients/${client.id}`, auth())).json().data.contacts).toHaveLength(2);
    // Empty list removes every contact.
    const none = await t.put(`/api/clients/${client.id}`, acme({ name: 'Replaced', contacts: [] }), auth());
    expect(none.json().data).toMatchObject({ contacts: [], primary_contact: null });
  });

  it('PUT keeps the ids of contacts sent back with their id; others are new, missing ones deleted', async () => {
    const client = await create(acme({ name: 'Stable Ids' }));
    const other = await create(acme({ name: 'Other Client' }));
    const [wile, road] = client.contacts as Array<{ id: number; name: string }>;
    const foreignId = (other.contacts as Array<{ id: number }>)[0]!.id;
    const response = await t.put(
      `/api/clients/${client.id}`,
      acme({
        name: 'Stable Ids',
        contacts: [
          { id: road!.id, name: 'Road Runner Jr.', is_primary: true },
          { id: foreignId, name: 'Not stolen' },
          { name: 'Brand New' },
        ],
      }),
      auth(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const contacts = response.json().data.contacts as Array<{ id: number; name: string; is_primary: boolean }>;
    expect(contacts.map((c) => [c.name, c.is_primary])).toEqual([
      ['Road Runner Jr.', true],
      ['Not stolen', false],
      ['Brand New', false],
    ]);
    expect(contacts[0]!.id).toBe(road!.id);
    expect(contacts[1]!.id).not.toBe(foreignId);
    expect(contacts.map((c) => c.id)).not.toContain(wile!.id);
    // The other client's contact is untouched.
    expect((await t.get(`/api/clients/${other.id}`, auth())).json().data.contacts[0]).toMatchObject({
      id: foreignId,
      name: 'Wile E. Coyote',
    });
    const dup = await t.put(
      `/api/clients/${client.id}`,
      acme({
        contacts: [
          { id: road!.id, name: 'a' },
          { id: road!.id, name: 'b' },
        ],
      }),
      auth(),
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.contacts).toEqual([CATALOG_MESSAGES.duplicateContact]);
  });

  it('answers 422 field-keyed for bad input, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['name']],
      [{ name: 5 }, ['name']],
      [{ name: 'x', kind: 'robot' }, ['kind']],
      [{ name: 'x', email: 'not-an-email' }, ['email']],
      [{ name: 'x', unknown_field: 1 }, ['unknown_field']],
      [{ name: 'x', payment_terms_days: -1 }, ['payment_terms_days']],
      [{ name: 'x', payment_terms_days: '30' }, ['payment_terms_days']],
      [{ name: 'x', contacts: Array.from({ length: 21 }, (_, i) => ({ name: `c${i}` })) }, ['contacts']],
      [{ name: 'x', contacts: [{ name: '' }] }, ['contacts.0.name']],
      [
        {
          name: 'x',
          contacts: [
            { name: 'a', is_primary: true },
            { name: 'b', is_primary: true },
          ],
        },
        ['contacts'],
      ],
      [{ name: 'x', billing_address: { city: 5 } }, ['billing_address.city']],
      [{ name: 'x', billing_address: { planet: 'Mars' } }, ['billing_address.planet']],
      [{ name: 'x'.repeat(256) }, ['name']],
      [{ name: 'x', is_active: 'yes' }, ['is_active']],
    ];
    for (const [body, fields] of cases) {
      const response = await t.post('/api/clients', body, auth());
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(response.json().errors).sort(), JSON.stringify(body).slice(0, 80)).toEqual(fields);
    }
    for (const payload of ['null', '[]', '"x"', '{"name":{}}', '{"contacts":null,"name":"a"}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });

  it('needs a bearer token', async () => {
    expect((await t.get('/api/clients')).statusCode).toBe(401);
    expect((await t.post('/api/clients', acme(), { csrf: true })).statusCode).toBe(401);
  });

  it('archives, restores and deletes; unknown ids answer 404', async () => {
    const client = await create(acme({ name: 'Archivable' }));
    const archived = await t.post(`/api/clients/${client.id}/archive`, undefined, auth());
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ status: 'archived', archived_at: expect.any(String) });
    const listed = await t.get('/api/clients?search=archivable', auth());
    expect(listed.json().meta.total).toBe(0);
    expect((await t.get('/api/clients?search=archivable&status=archived', auth())).json().meta.total).toBe(1);
    expect((await t.get('/api/clients/search?q=archivable', auth())).json().data).toEqual([]);
    const restored = await t.post(`/api/clients/${client.id}/restore`, undefined, auth());
    expect(restored.json().data).toMatchObject({ status: 'active', archived_at: null });
    const deleted = await t.delete(`/api/clients/${client.id}`, auth());
    expect(deleted.statusCode).toBe(200);
    expect((await t.get(`/api/clients/${client.id}`, auth())).statusCode).toBe(404);
    expect((await t.delete(`/api/clients/${client.id}`, auth())).statusCode).toBe(404);
    for (const url of [
      '/api/clients/999999',
      '/api/clients/abc',
      '/api/clients/0',
      '/api/clients/-1',
      '/api/clients/1.5',
      '/api/clients/99999999999999999999',
    ]) {
      expect((await t.get(url, auth())).statusCode, url).toBe(404);
    }
    const events = (await listActivity(t.database.db, { businessId, subjectType: 'client', subjectId: client.id })).map(
      (row) => row.event,
    );
    expect(events).toEqual(['client.deleted', 'client.restored', 'client.archived', 'client.created']);
  });
});

describe('clients list, search, sort and pagination', () => {
  let u: TestApp;
  let tok: string;
  beforeAll(async () => {
    u = await createTestApp();
    tok = (await u.register({ email: 'list@example.com' })).token;
    const names = ['delta', 'alpha', 'charlie', 'bravo', 'echo', 'foxtrot', 'golf'];
    for (const [index, name] of names.entries()) {
      u.clock.advance(1000);
      const body = {
        name,
        email: `${name}@mail.test`,
        contacts: index === 3 ? [{ name: 'Zelda Contact', email: 'zelda@elsewhere.test' }] : [],
      };
      expect((await u.post('/api/clients', body, { token: tok })).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await u.close();
  });
  const names = (response: { json(): { data: Array<{ name: string }> } }) => response.json().data.map((c) => c.name);

  it('reports has_invoices in the list and the detail; a client with an invoice cannot be deleted', async () => {
    const client = await create(acme({ name: 'Has Invoices Ltd', email: 'hi@invoices.test' }));
    const find = async () =>
      (await t.get('/api/clients?search=has%20invoices', auth()))
        .json()
        .data.find((row: { id: number }) => row.id === client.id);
    expect((await find()).has_invoices).toBe(false);
    expect((await t.get(`/api/clients/${client.id}`, auth())).json().data.has_invoices).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    const invoice = await t.post(
      '/api/invoices',
      {
        client_id: client.id,
        issue_date: today,
        due_date: today,
        lines: [{ description: 'Work', quantity: 1, unit_price: 10, tax_rate_ids: [] }],
      },
      auth(),
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect((await find()).has_invoices).toBe(true);
    expect((await t.get(`/api/clients/${client.id}`, auth())).json().data.has_invoices).toBe(true);
    expect((await t.delete(`/api/clients/${client.id}`, auth())).statusCode).toBe(409);
  });

  it('a client named only by an estimate or a recurring invoice cannot be deleted either: 409, never 500', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const lines = [{ description: 'Work', quantity: 1, unit_price: 10, tax_rate_ids: [] }];
    const quoted = await create(acme({ name: 'Quoted Only Ltd', email: 'q@quoted.test' }));
    const estimate = await t.post(
      '/api/estimates',
      { client_id: quoted.id, issue_date: today, expiry_date: today, lines },
      auth(),
    );
    expect(estimate.statusCode, estimate.body).toBe(201);
    const recurs = await create(acme({ name: 'Recurring Only Ltd', email: 'r@recurring.test' }));
    const recurring = await t.post(
      '/api/recurring-invoices',
      { client_id: recurs.id, lines, frequency: 'monthly', start_date: today },
      auth(),
    );
    expect(recurring.statusCode, recurring.body).toBe(201);
    for (const client of [quoted, recurs]) {
      const response = await t.delete(`/api/clients/${client.id}`, auth());
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(CATALOG_MESSAGES.clientHasDocuments);
      expect((await t.get(`/api/clients/${client.id}`, auth())).statusCode).toBe(200);
    }
  });

  it('sorts by name and created_at both ways', async () => {
    expect(names(await u.get('/api/clients?sort=name', { token: tok }))).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
      'golf',
    ]);
    expect(names(await u.get('/api/clients?sort=name&direction=desc', { token: tok }))).toEqual([
      'golf',
      'foxtrot',
      'echo',
      'delta',
      'charlie',
      'bravo',
      'alpha',
    ]);
    expect(names(await u.get('/api/clients?sort=created_at', { token: tok }))).toEqual([
      'delta',
      'alpha',
      'charlie',
      'bravo',
      'echo',
      'foxtrot',
      'golf',
    ]);
    expect(names(await u.get('/api/clients?sort=created_at&direction=desc', { token: tok }))[0]).toBe('golf');
    // Balance is 0 for all until invoices exist: ties fall back to the name.
    const byBalance = await u.get('/api/clients?sort=balance&direction=desc', { token: tok });
    expect(names(byBalance)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']);
    expect(byBalance.json().data[0].balance_outstanding).toBe(0);
  });

  it('paginates without overlap and reports meta', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const response = await u.get(`/api/clients?per_page=3&page=${page}`, { token: tok });
      expect(response.json().meta).toEqual({ page, per_page: 3, total: 7, last_page: 3 });
      seen.push(...names(response));
    }
    expect(seen).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']);
    expect(names(await u.get('/api/clients?per_page=3&page=9', { token: tok }))).toEqual([]);
  });

  it('searches name, contact names and emails, case-insensitively; LIKE wildcards are literal', async () => {
    expect(names(await u.get('/api/clients?search=ALPH', { token: tok }))).toEqual(['alpha']);
    expect(names(await u.get('/api/clients?search=zelda', { token: tok }))).toEqual(['bravo']);
    expect(names(await u.get('/api/clients?search=elsewhere.test', { token: tok }))).toEqual(['bravo']);
    expect(names(await u.get('/api/clients?search=echo%40mail', { token: tok }))).toEqual(['echo']);
    expect(names(await u.get('/api/clients?search=%25', { token: tok }))).toEqual([]);
    expect(names(await u.get('/api/clients?search=_', { token: tok }))).toEqual([]);
  });

  it('picker: prefix matches first, at most 20 rows, id/name/email/payment terms', async () => {
    const response = await u.get('/api/clients/search?q=a&limit=3', { token: tok });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: 'alpha',
      email: 'alpha@mail.test',
      payment_terms_days: 30,
    });
    expect(data).toHaveLength(3);
    expect((await u.get('/api/clients/search?q=a&limit=21', { token: tok })).statusCode).toBe(422);
    expect((await u.get('/api/clients/search', { token: tok })).json().data).toHaveLength(7);
  });

  it('refuses unknown sort fields, statuses and page sizes with 422', async () => {
    for (const query of ['sort=email', 'direction=up', 'status=deleted', 'per_page=101', 'page=0', 'page=abc']) {
      const response = await u.get(`/api/clients?${query}`, { token: tok });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors).toBeDefined();
    }
  });
});

describe('clients CSV', () => {
  let u: TestApp;
  let tok: string;
  beforeAll(async () => {
    u = await createTestApp();
    tok = (await u.register({ email: 'csv@example.com' })).token;
  });
  afterAll(async () => {
    await u.close();
  });

  it('exports every client as text/csv with formula cells guarded', async () => {
    await u.post(
      '/api/clients',
      {
        name: '=HYPERLINK("http://evil.test","x")',
        notes: '+1 call back',
        contacts: [{ name: '@boss', email: 'b@x.test' }],
      },
      { token: tok },
    );
    await u.post('/api/clients', { name: 'Plain, "Quoted" Co', email: 'p@q.test' }, { token: tok });
    const response = await u.get('/api/clients/export.csv', { token: tok });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('clients.csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,kind,name,email,phone,contact_name,contact_email,contact_phone,billing_line1,billing_line2,billing_city,billing_state,billing_postal_code,billing_country,shipping_line1,shipping_line2,shipping_city,shipping_state,shipping_postal_code,shipping_country,payment_terms_days,tax_id,notes,is_active,status,balance_outstanding,created_at',
    );
    expect(lines).toHaveLength(3);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(response.body).toContain("'@boss");
    expect(response.body).toContain("'+1 call back");
    expect(response.body).toContain('"Plain, ""Quoted"" Co"');
    expect(response.body).not.toMatch(/(^|,)[=+@]/m);
  });

  it('an exported file imports again unchanged (round trip)', async () => {
    const exported = (await u.get('/api/clients/export.csv', { token: tok })).body;
    const preview = await u.post('/api/clients/import/preview', { csv: exported }, { token: tok });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total: 2, valid: 2, invalid: 0, errors: {} });
    expect(preview.json().rows.map((r: { data: { name: string } }) => r.data.name)).toContain(
      '=HYPERLINK("http://evil.test","x")',
    );
  });

  it('preview reports per-row errors and writes nothing', async () => {
    const before = await u.database.db.selectFrom('clients').select('id').execute();
    const csv = [
      'Name,Email,Payment Terms Days,Is Active,Contact Email',
      'Good Co,good@x.test,30,yes,',
      ',missing@name.test,,,',
      'Bad Email,nope,400,maybe,also-bad',
    ].join('\n');
    const response = await u.post('/api/clients/import/preview', { csv }, { token: tok });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      total: 3,
      valid: 1,
      invalid: 2,
      columns: ['name', 'email', 'payment_terms_days', 'is_active', 'contact_email'],
    });
    expect(body.rows[0]).toMatchObject({
      row: 2,
      errors: {},
      data: { name: 'Good Co', email: 'good@x.test', payment_terms_days: 30 },
    });
    expect(body.rows[1]).toMatchObject({ row: 3, data: null });
    expect(Object.keys(body.rows[1].errors)).toEqual(['name']);
    expect(Object.keys(body.rows[2].errors).sort()).toEqual([
      'contact_email',
      'contact_name',
      'email',
      'is_active',
      'payment_terms_days',
    ]);
    expect(await u.database.db.selectFrom('clients').select('id').execute()).toHaveLength(before.length);
  });

  it('import is all-or-nothing: any row error answers 422 and imports nothing', async () => {
    const before = (await u.database.db.selectFrom('clients').select('id').execute()).length;
    const csv = 'name,email\nFirst Ok,first@x.test\nSecond Ok,second@x.test\nThird Bad,not-an-email\n';
    const response = await u.post('/api/clients/import', { csv }, { token: tok });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: CATALOG_MESSAGES.importHasErrors,
      errors: { 'rows.4.email': [expect.any(String)] },
      rows: [{ row: 4 }],
    });
    expect((await u.database.db.selectFrom('clients').select('id').execute()).length).toBe(before);
    expect(
      await u.database.db.selectFrom('activity_log').select('id').where('event', '=', 'client.imported').execute(),
    ).toHaveLength(0);
  });

  it('imports valid files in one go, with contacts and addresses', async () => {
    const csv =
      'name,kind,contact_name,contact_email,billing_city,billing_state,payment_terms_days\r\nImported One,company,Ann Lee,ann@one.test,Denver,CO,10\r\nImported Two,person,,,,,\r\n';
    const response = await u.post('/api/clients/import', { csv }, { token: tok });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ imported: 2, ids: [expect.any(Number), expect.any(Number)] });
    const one = (await u.get(`/api/clients/${response.json().ids[0]}`, { token: tok })).json().data;
    expect(one).toMatchObject({
      name: 'Imported One',
      payment_terms_days: 10,
      billing_address: { city: 'Denver', state: 'CO' },
      primary_contact: { name: 'Ann Lee', email: 'ann@one.test' },
    });
    const two = (await u.get(`/api/clients/${response.json().ids[1]}`, { token: tok })).json().data;
    expect(two).toMatchObject({ kind: 'person', payment_terms_days: 30, contacts: [] });
  });

  it('file-level problems: unknown and missing columns, empty and unreadable files, too large', async () => {
    const unknown = await u.post('/api/clients/import/preview', { csv: 'name,planet\nA,Mars\n' }, { token: tok });
    expect(unknown.json().errors.csv).toEqual([CATALOG_MESSAGES.csvUnknownColumn('planet')]);
    const missing = await u.post('/api/clients/import', { csv: 'email\na@b.test\n' }, { token: tok });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.csv).toEqual([CATALOG_MESSAGES.csvMissingColumn('name')]);
    expect((await u.post('/api/clients/import/preview', { csv: 'name\n' }, { token: tok })).json().errors.csv).toEqual([
      CATALOG_MESSAGES.csvEmpty,
    ]);
    expect(
      (await u.post('/api/clients/import/preview', { csv: 'name\n"unterminated' }, { token: tok })).json().errors.csv,
    ).toEqual([CATALOG_MESSAGES.csvUnreadable]);
    expect((await u.post('/api/clients/import/preview', { csv: '' }, { token: tok })).statusCode).toBe(422);
    expect((await u.post('/api/clients/import/preview', {}, { token: tok })).json().errors.csv).toBeDefined();
    expect(
      (await u.post('/api/clients/import/preview', { csv: 'name\n'.repeat(1) + 'x'.repeat(2_000_001) }, { token: tok }))
        .statusCode,
    ).toBe(422);
  });

  it('accepts a CSV body over the 1 MB default limit (up to about 2 MB)', async () => {
    const rows = Array.from(
      { length: 9000 },
      (_, i) => `Bulk client number ${i} with a long enough name,bulk${i}@bulk.test,${'x'.repeat(80)}`,
    );
    const csv = `name,email,notes\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(1_100_000);
    expect(csv.length).toBeLessThan(2_000_000);
    const response = await u.post('/api/clients/import/preview', { csv }, { token: tok });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toMatchObject({ total: 9000, valid: 9000 });
  });
});
