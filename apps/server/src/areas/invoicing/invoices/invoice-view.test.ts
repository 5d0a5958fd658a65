import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { getInvoiceView, getInvoiceViewByToken } from './invoice-view';
import { markInvoiceSent, markInvoiceViewed } from './invoices.service';
import { documentParties } from '../documents/document-view';

/** What the PDF and delivery module builds on: the view, issuing by email, the first view of the public page. */
let t: TestApp;
let token: string;
let businessId = 0;
let userId = 0;
let clientId = 0;
const today = utcCalendarDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.register();
  token = owner.token;
  userId = owner.user.id;
  const user = await t.database.db
    .selectFrom('users')
    .select('business_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  businessId = user.business_id;
  clientId = (
    await t.post(
      '/api/clients',
      {
        name: 'Viewer Inc',
        email: 'ap@viewer.test',
        billing_address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
        contacts: [{ name: 'Vera', email: 'vera@viewer.test', is_primary: true }],
      },
      { token },
    )
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

async function draft(): Promise<number> {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: clientId,
      issue_date: today,
      due_date: today,
      lines: [{ description: 'Poster', quantity: 2, unit_price: 45 }],
    },
    { token },
  );
  return response.json().data.id;
}

describe('invoice view and delivery hooks', () => {
  it('getInvoiceView answers the API invoice, the engine figures, the business and the client details', async () => {
    const id = await draft();
    const view = await getInvoiceView(t.database.db, businessId, id, { appUrl: 'https://app.example' });
    expect(view).toBeDefined();
    const api = (await t.get(`/api/invoices/${id}`, { token })).json().data;
    const { activity: _activity, parties, ...withoutActivity } = api;
    expect(view!.invoice).toEqual(withoutActivity);
    // The page's From and Bill to blocks are the PDF's, from the same business and client.
    expect(parties).toEqual(documentParties(view!.business, view!.client));
    expect(view!.calculation.total_cents).toBe(9000);
    expect(view!.business.name).toBe('Olive Bakery');
    expect(view!.client).toMatchObject({
      name: 'Viewer Inc',
      billing_address: { city: 'Springfield' },
      contacts: [{ name: 'Vera', email: 'vera@viewer.test', is_primary: true }],
    });
    expect(view!.public_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getInvoiceView(t.database.db, businessId + 999, id)).toBeUndefined();
    // A draft has no public page.
    expect(await getInvoiceViewByToken(t.database.db, view!.public_token)).toBeUndefined();
  });

  it('markInvoiceSent by email issues a draft, then records a resend; markInvoiceViewed moves sent to viewed once', async () => {
    const id = await draft();
    const now = new Date();
    const first = await t.database.db.transaction().execute((tx) =>
      markInvoiceSent(tx, {
        businessId,
        userId,
        invoiceId: id,
        now,
        via: 'email',
        data: { to: ['vera@viewer.test'] },
      }),
    );
    expect(first.resent).toBe(false);
    const again = await t.database.db
      .transaction()
      .execute((tx) => markInvoiceSent(tx, { businessId, userId, invoiceId: id, now, via: 'email' }));
    expect(again).toEqual({ invoice_number: first.invoice_number, resent: true });
    const view = await getInvoiceView(t.database.db, businessId, id, { appUrl: 'https://app.example' });
    expect(view!.invoice.public_url).toBe(`https://app.example/i/${view!.public_token}`);
    expect((await getInvoiceViewByToken(t.database.db, view!.public_token))?.invoice.id).toBe(id);
    expect(
      await t.database.db.transaction().execute((tx) => markInvoiceViewed(tx, { businessId, invoiceId: id, now })),
    ).toBe(true);
    expect(
      await t.database.db.transaction().execute((tx) => markInvoiceViewed(tx, { businessId, invoiceId: id, now })),
    ).toBe(false);
    const after = (await t.get(`/api/invoices/${id}`, { token })).json().data;
    expect(after.status).toBe('viewed');
    expect(after.viewed_at).not.toBeNull();
    expect(after.activity.map((entry: { event: string }) => entry.event)).toEqual([
      'invoice.viewed',
      'invoice.sent',
      'invoice.sent',
      'invoice.created',
    ]);
  });
});
