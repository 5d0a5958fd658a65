import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * Files are built in worker threads (lib/files/file-pool.ts): while eight large PDFs are drawn,
 * /healthz keeps answering at once; past the per-business bound a download answers 429 with
 * Retry-After instead of waiting.
 */

const today = () => utcCalendarDate(new Date());

async function bigInvoice(t: TestApp, token: string, lines: number): Promise<number> {
  const client = await t.post('/api/clients', { name: 'Harbor Dental', email: 'ap@harbor.test' }, { token });
  expect(client.statusCode, client.body).toBe(201);
  const response = await t.post(
    '/api/invoices',
    {
      client_id: client.json().data.id,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: Array.from({ length: lines }, (_, index) => ({
        description: `Line ${index + 1}: consulting on the quarterly ledger, with notes long enough to wrap onto a second line`,
        quantity: (index % 7) + 1,
        unit_price: 12.5 + index,
      })),
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const dynamic = {
  source: 'products',
  columns: ['name', 'sku', 'unit', 'unit_price'],
  filters: { match: 'all', conditions: [] },
  sort: null,
  group_by: null,
  chart: 'table',
};

describe('files built off the event loop', () => {
  let t: TestApp;
  let token: string;
  let invoiceId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { FILE_WORKERS: '2', FILE_JOBS_PER_BUSINESS: '8', FILE_QUEUE: '16' } });
    token = (await t.register({ email: 'files@example.com', business_name: 'Files Studio' })).token;
    invoiceId = await bigInvoice(t, token, 500);
    // 200 products: a dynamic report PDF of 200 rows (5 pages).
    const { business_id: businessId } = await t.database.db
      .selectFrom('users')
      .select('business_id')
      .where('email', '=', 'files@example.com')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const products = Array.from({ length: 200 }, (_, index) => ({
      business_id: businessId,
      name: `Product ${index}`,
      sort_name: `product ${index}`,
      type: 'service',
      unit: 'hour',
      unit_price_cents: 100 + index,
      sku: `SKU-${index}`,
      is_active: true,
      search_text: `product ${index}`,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < products.length; start += 200)
      await t.database.db
        .insertInto('products')
        .values(products.slice(start, start + 200) as never)
        .execute();
    // The pool's threads started and their code loaded (what a running server has long done).
    await Promise.all([
      t.get(`/api/invoices/${invoiceId}/pdf`, { token }),
      t.post('/api/dynamic-reports/export.pdf', dynamic, { token }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps /healthz answering within 200 ms while eight PDFs are drawn: 500-line invoices and 200-row dynamic reports', async () => {
    let running = true;
    const exports = Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? t.get(`/api/invoices/${invoiceId}/pdf`, { token })
          : t.post('/api/dynamic-reports/export.pdf', dynamic, { token }),
      ),
    ).finally(() => {
      running = false;
    });
    const waits: number[] = [];
    while (running) {
      const started = performance.now();
      const health = await t.get('/healthz');
      waits.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const answers = await exports;
    for (const answer of answers) {
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(answer.headers['cache-control']).toContain('no-store');
    }
    // Polled throughout: the exports lasted long enough for several answers, each prompt.
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(200);
    // Eight files of real work on a shared machine: the timeout only catches a hang.
  }, 60_000);
});

describe('the per-business bound', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let invoiceId: number;
  let otherInvoiceId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { FILE_WORKERS: '1', FILE_JOBS_PER_BUSINESS: '2', FILE_QUEUE: '16' } });
    token = (await t.register({ email: 'bound@example.com', business_name: 'Bound Studio' })).token;
    otherToken = (await t.register({ email: 'bound-other@example.com', business_name: 'Other Studio' })).token;
    invoiceId = await bigInvoice(t, token, 200);
    otherInvoiceId = await bigInvoice(t, otherToken, 5);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After past the bound, at once; another business and later downloads are served', async () => {
    const first = [
      t.get(`/api/invoices/${invoiceId}/pdf`, { token }),
      t.get(`/api/invoices/${invoiceId}/pdf`, { token }),
    ];
    // Both places of the business are taken (the requests reached the pool): a third is refused at once.
    while (t.app.deps.files.busy < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    const refused = await t.get(`/api/invoices/${invoiceId}/pdf`, { token });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ message: 'Too many requests. Please slow down and try again shortly.' });
    // Another business is not refused for this one's files.
    const other = await t.get(`/api/invoices/${otherInvoiceId}/pdf`, { token: otherToken });
    expect(other.statusCode).toBe(200);
    for (const answer of await Promise.all(first)) expect(answer.statusCode).toBe(200);
    // Once they are done, the business may download again.
    expect((await t.get(`/api/invoices/${invoiceId}/pdf`, { token })).statusCode).toBe(200);
  });
});
