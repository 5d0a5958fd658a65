import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPeriods } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { client, invoice, otherIncome, payment } from './dashboard.test-helpers';

/* Another business's data never counts in a business's dashboard. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const URLS = ['/api/dashboard/summary', '/api/dashboard/revenue-data', '/api/dashboard/recent-activity'];

async function seed(token: string, amount: number) {
  const today = dashboardPeriods(t.clock(), 'UTC').today;
  const acme = await client(t, token, 'Acme');
  const sent = await invoice(t, token, { client_id: acme.id, issue_date: today, due_date: today, total: amount * 3 });
  await payment(t, token, sent.id, amount, today);
  await otherIncome(t, token, amount, today);
}

describe('dashboard isolation', () => {
  it("a business's figures and feed ignore every other business", async () => {
    const a = await t.register({ email: 'a@example.com', business_name: 'A' });
    const b = await t.register({ email: 'b@example.com', business_name: 'B' });
    await seed(a.token, 100);
    const before = await Promise.all(URLS.map(async (url) => (await t.get(url, { token: a.token })).json()));

    await seed(b.token, 7);
    const after = await Promise.all(URLS.map(async (url) => (await t.get(url, { token: a.token })).json()));
    expect(after).toEqual(before);

    const summaryB = (await t.get('/api/dashboard/summary', { token: b.token })).json();
    expect(summaryB).toMatchObject({ totalRevenue: 14, totalOutstanding: 14, activeClients: 1, topClientRevenue: 7 });
    const feedB = (await t.get('/api/dashboard/recent-activity', { token: b.token })).json().data as Array<{
      userName: string | null;
    }>;
    expect(feedB.length).toBeGreaterThan(0);
    expect(feedB.every((item) => item.userName === 'Olive Owner')).toBe(true);
    const idsA = new Set(
      ((await t.get('/api/dashboard/recent-activity', { token: a.token })).json().data as Array<{ id: number }>).map(
        (item) => item.id,
      ),
    );
    const idsB = (feedB as unknown as Array<{ id: number }>).map((item) => item.id);
    expect(idsB.some((id) => idsA.has(id))).toBe(false);
  });
});
