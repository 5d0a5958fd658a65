import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KINDS, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';

/** One business never sees another's figures or records, also when it names the other's client. */
let t: TestApp;
let alpha: string;
let beta: string;
let alphaClient = 0;
const today = utcCalendarDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  alpha = (await t.register({ email: 'alpha@example.com', business_name: 'Alpha' })).token;
  beta = (await t.register({ email: 'beta@example.com', business_name: 'Beta' })).token;
  alphaClient = (await t.post('/api/clients', { name: 'Alpha Client', contacts: [] }, { token: alpha })).json().data.id;
  const invoice = await t.post(
    '/api/invoices',
    {
      client_id: alphaClient,
      issue_date: today,
      due_date: today,
      lines: [{ description: 'Work', quantity: 1, unit_price: 99 }],
      send: true,
    },
    { token: alpha },
  );
  await t.post(
    `/api/invoices/${invoice.json().data.id}/payments`,
    { amount: 9, payment_date: today, method: 'cash' },
    { token: alpha },
  );
  await t.post('/api/other-income', { amount: 5, income_date: today, source: 'Grant' }, { token: alpha });
});
afterAll(async () => {
  await t.close();
});

describe('reports isolation', () => {
  it('another business’s reports are empty of the first one’s money', async () => {
    for (const report of REPORT_KINDS) {
      const mine = (await t.get(`/api/reports/${report}`, { token: alpha })).json();
      const theirs = (await t.get(`/api/reports/${report}`, { token: beta })).json();
      for (const column of theirs.columns)
        if (column.kind === 'money') expect(theirs.totals[column.key] ?? 0, `${report}.${column.key}`).toBe(0);
      if (['aging', 'sales_by_client', 'income_statement', 'payments_received'].includes(report))
        expect(
          mine.columns.some(
            (column: { key: string; kind: string }) => column.kind === 'money' && mine.totals[column.key] > 0,
          ),
        ).toBe(true);
    }
  });

  it('naming another business’s client finds none of its records', async () => {
    for (const kind of ['invoices', 'payments']) {
      const page = await t.get(
        `/api/reports/records/${kind}?client_id=${alphaClient}&as_of=${today}`.replace(
          kind === 'payments' ? `&as_of=${today}` : '',
          '',
        ),
        {
          token: beta,
        },
      );
      expect(page.statusCode).toBe(200);
      expect(page.json().meta.total).toBe(0);
      const csv = await t.get(`/api/reports/records/${kind}/export.csv?client_id=${alphaClient}`, {
        token: beta,
      });
      expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    }
  });

  it('another business’s saved dynamic report answers 404 on every route, and is not listed', async () => {
    const definition = { source: 'invoices', columns: ['invoice_number', 'total'] };
    const saved = await t.post('/api/dynamic-reports', { name: 'Alpha only', definition }, { token: alpha });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id as number;
    const answers = [
      await t.get(`/api/dynamic-reports/${id}`, { token: beta }),
      await t.put(`/api/dynamic-reports/${id}`, { name: 'Taken', definition }, { token: beta }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/dynamic-reports/${id}`,
        payload: { name: 'Taken' },
        headers: { authorization: `Bearer ${beta}` },
      }),
      await t.post(`/api/dynamic-reports/${id}/duplicate`, {}, { token: beta }),
      await t.delete(`/api/dynamic-reports/${id}`, { token: beta }),
      ...(await Promise.all(
        ['csv', 'xlsx', 'pdf'].map((format) => t.get(`/api/dynamic-reports/${id}/export.${format}`, { token: beta })),
      )),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(404);
    expect((await t.get('/api/dynamic-reports', { token: beta })).json().data).toEqual([]);
    // Untouched for its own business.
    const mine = await t.get(`/api/dynamic-reports/${id}`, { token: alpha });
    expect(mine.json().data.name).toBe('Alpha only');
    // The other business's exports of the same definition hold none of the first one's invoices.
    const csv = await t.post('/api/dynamic-reports/export.csv', definition, { token: beta });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('99.00');
    expect((await t.post('/api/dynamic-reports/export.csv', definition, { token: alpha })).body).toContain('99.00');
  });

  it('unknown reports and record kinds answer 404', async () => {
    for (const url of ['/api/reports/nope', '/api/reports/nope/export.csv', '/api/reports/records/clients'])
      expect((await t.get(url, { token: beta })).statusCode).toBe(404);
  });

  it('needs a sign-in', async () => {
    expect((await t.get('/api/reports/aging')).statusCode).toBe(401);
    expect((await t.get('/api/reports/records/invoices/export.csv')).statusCode).toBe(401);
    expect((await t.get('/api/dynamic-reports')).statusCode).toBe(401);
    expect((await t.get('/api/dynamic-reports/1/export.csv')).statusCode).toBe(401);
  });
});
