import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let token: string;
let invoiceId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
  const client = (await t.post('/api/clients', { name: 'Dated Co', email: 'ap@dated.test' }, { token })).json().data;
  const invoice = await t.post(
    '/api/invoices',
    {
      client_id: client.id,
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      lines: [{ description: 'Work', quantity: 1, unit_price: 100 }],
      send: true,
    },
    { token },
  );
  invoiceId = invoice.json().data.id;
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on JSON answers', () => {
  it('is no-store on signed-in answers, errors included', async () => {
    for (const url of ['/api/user', '/api/invoices', `/api/invoices/${invoiceId}`, '/api/clients?per_page=1000']) {
      const response = await t.get(url, { token });
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const unauthenticated = await t.get('/api/user');
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
  });

  it('leaves a download its own header', async () => {
    const pdf = await t.get(`/api/invoices/${invoiceId}/pdf`, { token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['cache-control']).not.toBe('no-store');
  });
});

describe('dates outside 1900-2200', () => {
  const out = ['1899-12-31', '2201-01-01', '0001-01-01'];

  it('refuses them for invoice dates, payment dates and other income with 422', async () => {
    for (const date of out) {
      const invoice = await t.post(
        '/api/invoices',
        {
          client_id: 1,
          issue_date: date,
          due_date: '2026-12-01',
          lines: [{ description: 'x', quantity: 1, unit_price: 1 }],
        },
        { token },
      );
      expect(invoice.statusCode, date).toBe(422);
      expect(invoice.json().errors.issue_date).toEqual([COMMON_MESSAGES.dateOutOfRange]);

      const payment = await t.post(
        `/api/invoices/${invoiceId}/payments`,
        { amount: 10, payment_date: date },
        { token },
      );
      expect(payment.statusCode, date).toBe(422);
      expect(payment.json().errors.payment_date).toEqual([COMMON_MESSAGES.dateOutOfRange]);

      const income = await t.post(
        '/api/other-income/multiple-goals',
        { amount: 10, income_date: date, source: 'Grant' },
        { token },
      );
      expect(income.statusCode, date).toBe(422);
      expect(income.json().errors.income_date).toEqual([COMMON_MESSAGES.dateOutOfRange]);
    }
    const payments = await t.get(`/api/invoices/${invoiceId}/payments`, { token });
    expect(payments.json().data).toEqual([]);
  });
});
