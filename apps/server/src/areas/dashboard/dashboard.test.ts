import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, addCalendarDays, dashboardPeriods } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { client, invoice, otherIncome, payment } from './dashboard.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('dashboard summary, revenue data and recent activity', () => {
  it('a new business: zeros and the welcome message', async () => {
    const { token } = await t.register({ email: 'new@example.com' });
    const summary = await t.get('/api/dashboard/summary', { token });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({
      totalRevenue: 0,
      totalOutstanding: 0,
      outstandingInvoices: 0,
      dueThisWeek: 0,
      dueThisWeekCount: 0,
      thisMonthRevenue: 0,
      revenueTrend: 0,
      activeClients: 0,
      inactiveClients: 0,
      newClients: 0,
      averageClientRevenue: 0,
      topClientRevenue: 0,
      welcomeMessage: true,
      message: DASHBOARD_MESSAGES.welcome,
    });
    expect(summary.json().revenueLast30Days).toHaveLength(30);
    const revenue = await t.get('/api/dashboard/revenue-data', { token });
    expect(revenue.statusCode).toBe(200);
    expect(revenue.json().series).toHaveLength(12);
    expect(revenue.json().totalRevenue).toBe(0);
  });

  it('hand-computed figures on seeded data, in the business time zone, fresh right after a write', async () => {
    const { token } = await t.register({ email: 'figures@example.com', time_zone: 'Pacific/Kiritimati' });
    const periods = dashboardPeriods(t.clock(), 'Pacific/Kiritimati');
    const today = periods.today;
    const lastMonthDay = `${periods.lastMonth}-15`;
    const acme = await client(t, token, 'Acme');
    const bolt = await client(t, token, 'Bolt');
    await client(t, token, 'Cedar');
    // Acme: 1,000 due in 3 days, 400 paid today (600 owed); a draft of 999 that owes nothing.
    const due = await invoice(t, token, {
      client_id: acme.id,
      issue_date: today,
      due_date: addCalendarDays(today, 3),
      total: 1000,
    });
    await payment(t, token, due.id, 400, today);
    await invoice(t, token, { client_id: acme.id, issue_date: today, due_date: today, total: 999, send: false });
    // Bolt: 500 due in 10 days (outstanding, not this week); 200 issued and paid last month.
    await invoice(t, token, {
      client_id: bolt.id,
      issue_date: today,
      due_date: addCalendarDays(today, 10),
      total: 500,
    });
    const old = await invoice(t, token, {
      client_id: bolt.id,
      issue_date: `${periods.lastMonth}-01`,
      due_date: `${periods.lastMonth}-20`,
      total: 200,
    });
    await payment(t, token, old.id, 200, lastMonthDay);
    await otherIncome(t, token, 50, today);

    const summary = await t.get('/api/dashboard/summary', { token });
    expect(summary.statusCode, summary.body).toBe(200);
    const body = summary.json();
    expect(body).toMatchObject({
      totalRevenue: 650,
      totalOutstanding: 1100,
      outstandingInvoices: 2,
      dueThisWeek: 600,
      dueThisWeekCount: 1,
      thisMonthRevenue: 450,
      revenueTrend: 125,
      activeClients: 2,
      inactiveClients: 1,
      newClients: 3,
      averageClientRevenue: 300,
      topClientRevenue: 400,
      welcomeMessage: false,
      message: null,
    });
    expect(body.revenueLast30Days.at(-1)).toEqual({ date: today, amount: 450 });

    const revenue = (await t.get('/api/dashboard/revenue-data', { token })).json();
    expect(revenue.totalRevenue).toBe(650);
    expect(revenue.revenueTrend).toBe(125);
    expect(revenue.series.at(-1)).toEqual({ month: periods.thisMonth, payments: 400, otherIncome: 50, total: 450 });
    expect(revenue.series.at(-2)).toEqual({ month: periods.lastMonth, payments: 200, otherIncome: 0, total: 200 });

    // Right after a write, without any cache in between.
    await payment(t, token, due.id, 600, today);
    const after = (await t.get('/api/dashboard/summary', { token })).json();
    expect(after).toMatchObject({
      totalRevenue: 1250,
      totalOutstanding: 500,
      outstandingInvoices: 1,
      dueThisWeek: 0,
      dueThisWeekCount: 0,
      thisMonthRevenue: 1050,
      topClientRevenue: 1000,
      averageClientRevenue: 600,
    });

    const activity = await t.get('/api/dashboard/recent-activity', { token });
    expect(activity.statusCode, activity.body).toBe(200);
    const [latest] = activity.json().data;
    expect(latest).toMatchObject({
      event: 'payment.recorded',
      description: 'Payment of $600.00 recorded',
      subjectType: 'invoice',
      subjectId: due.id,
      userName: 'Olive Owner',
      link: `/invoices/${due.id}`,
    });
    expect(activity.json().data.length).toBeLessThanOrEqual(15);
  });

  it('an archived client is neither active nor inactive', async () => {
    const { token } = await t.register({ email: 'archive@example.com' });
    const gone = await client(t, token, 'Gone');
    await client(t, token, 'Kept');
    const archived = await t.post(`/api/clients/${gone.id}/archive`, {}, { token });
    expect(archived.statusCode, archived.body).toBeLessThan(300);
    const body = (await t.get('/api/dashboard/summary', { token })).json();
    expect(body).toMatchObject({ activeClients: 0, inactiveClients: 1, welcomeMessage: false });
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/dashboard/summary', '/api/dashboard/revenue-data', '/api/dashboard/recent-activity']) {
      expect((await t.get(url)).statusCode).toBe(401);
    }
  });
});
