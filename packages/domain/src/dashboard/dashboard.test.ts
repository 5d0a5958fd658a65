import { describe, expect, it } from 'vitest';
import {
  activityLink,
  addMonths,
  averageClientRevenueCents,
  dashboardPeriods,
  dashboardSummaryFromFigures,
  describeActivity,
  isNewBusiness,
  revenueDataFromFigures,
  revenueTrend,
  trendLineCacheSize,
  trendLinePath,
  TREND_LINE_CACHE_LIMIT,
  DASHBOARD_MESSAGES,
  type DashboardSummaryFigures,
} from './index';

const EMPTY: DashboardSummaryFigures = {
  total_revenue_cents: 0,
  this_month_revenue_cents: 0,
  last_month_revenue_cents: 0,
  outstanding_cents: 0,
  outstanding_count: 0,
  due_this_week_cents: 0,
  due_this_week_count: 0,
  clients: 0,
  active_clients: 0,
  new_clients: 0,
  client_revenue_cents: 0,
  paying_clients: 0,
  top_client_revenue_cents: 0,
  has_invoices: false,
  has_other_income: false,
  daily: [],
};

describe('dashboard periods (business time zone)', () => {
  it('takes this month in a zone far ahead of UTC', () => {
    // 2026-03-31T10:30Z is already April 1st in Kiritimati (UTC+14).
    const periods = dashboardPeriods(new Date('2026-03-31T10:30:00Z'), 'Pacific/Kiritimati');
    expect(periods.today).toBe('2026-04-01');
    expect(periods.thisMonth).toBe('2026-04');
    expect(periods.lastMonth).toBe('2026-03');
    expect(periods.monthStartInstant.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('takes this month in a zone far behind UTC', () => {
    // 2026-04-01T05:00Z is still March 31st in Honolulu (UTC-10).
    const periods = dashboardPeriods(new Date('2026-04-01T05:00:00Z'), 'Pacific/Honolulu');
    expect(periods.today).toBe('2026-03-31');
    expect(periods.thisMonth).toBe('2026-03');
    expect(periods.lastMonth).toBe('2026-02');
  });

  it('counts the last second of a month in that month', () => {
    // 23:59:59 on January 31st in New York is 04:59:59Z on February 1st.
    const periods = dashboardPeriods(new Date('2026-02-01T04:59:59Z'), 'America/New_York');
    expect(periods.thisMonth).toBe('2026-01');
    expect(dashboardPeriods(new Date('2026-02-01T05:00:00Z'), 'America/New_York').thisMonth).toBe('2026-02');
  });

  it('due this week is 7 days including today; active is 90 days; the trend line 30', () => {
    const periods = dashboardPeriods(new Date('2026-12-29T12:00:00Z'), 'UTC');
    expect(periods.dueUntil).toBe('2027-01-04');
    expect(periods.activeSince).toBe('2026-10-01');
    expect(periods.trendSince).toBe('2026-11-30');
    expect(periods.seriesMonths).toHaveLength(12);
    expect(periods.seriesMonths[0]).toBe('2026-01');
    expect(periods.seriesMonths.at(-1)).toBe('2026-12');
  });

  it('adds months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });
});

describe('figure definitions', () => {
  it('revenue trend: percent with one decimal, null after a zero month, 0 with no money', () => {
    expect(revenueTrend(150_00, 100_00)).toBe(50);
    expect(revenueTrend(50_00, 100_00)).toBe(-50);
    expect(revenueTrend(100_00, 300_00)).toBe(-66.7);
    expect(revenueTrend(100_00, 0)).toBeNull();
    expect(revenueTrend(0, 0)).toBe(0);
  });

  it('average client revenue is per paying client; 0 without one', () => {
    expect(averageClientRevenueCents(1000_00, 3)).toBe(33333);
    expect(averageClientRevenueCents(0, 0)).toBe(0);
  });

  it('welcome only with no invoice, client or income', () => {
    expect(isNewBusiness({ hasInvoices: false, hasClients: false, hasOtherIncome: false })).toBe(true);
    expect(isNewBusiness({ hasInvoices: false, hasClients: true, hasOtherIncome: false })).toBe(false);
    expect(isNewBusiness({ hasInvoices: false, hasClients: false, hasOtherIncome: true })).toBe(false);
  });

  it('summary: dollars, inactive = the rest, the 30 days filled with zeros', () => {
    const periods = dashboardPeriods(new Date('2026-11-24T12:00:00Z'), 'UTC');
    const summary = dashboardSummaryFromFigures(
      {
        ...EMPTY,
        total_revenue_cents: 12345_67,
        this_month_revenue_cents: 300_00,
        last_month_revenue_cents: 200_00,
        clients: 10,
        active_clients: 4,
        client_revenue_cents: 900_00,
        paying_clients: 2,
        top_client_revenue_cents: 600_00,
        has_invoices: true,
        daily: [{ day: '2026-11-24', cents: 12_50 }],
      },
      periods,
    );
    expect(summary).toMatchObject({
      totalRevenue: 12345.67,
      thisMonthRevenue: 300,
      revenueTrend: 50,
      activeClients: 4,
      inactiveClients: 6,
      averageClientRevenue: 450,
      topClientRevenue: 600,
      welcomeMessage: false,
      message: null,
    });
    expect(summary.revenueLast30Days).toHaveLength(30);
    expect(summary.revenueLast30Days.at(-1)).toEqual({ date: '2026-11-24', amount: 12.5 });
    expect(summary.revenueLast30Days[0]).toEqual({ date: '2026-10-26', amount: 0 });
    expect([summary.dueThisWeekFrom, summary.dueThisWeekTo]).toEqual(['2026-11-24', '2026-11-30']);
  });

  it('a new business gets the welcome message', () => {
    const summary = dashboardSummaryFromFigures(EMPTY, dashboardPeriods(new Date(), 'UTC'));
    expect(summary.welcomeMessage).toBe(true);
    expect(summary.message).toBe(DASHBOARD_MESSAGES.welcome);
  });

  it('revenue data: 12 months, gaps are 0, the trend of the last two', () => {
    const periods = dashboardPeriods(new Date('2026-03-15T12:00:00Z'), 'UTC');
    const data = revenueDataFromFigures(
      {
        total_revenue_cents: 500_00,
        months: [
          { month: '2026-02', payments_cents: 0, other_income_cents: 0 },
          { month: '2026-03', payments_cents: 100_00, other_income_cents: 25_00 },
        ],
      },
      periods,
    );
    expect(data.series).toHaveLength(12);
    expect(data.series.at(-1)).toEqual({ month: '2026-03', payments: 100, otherIncome: 25, total: 125 });
    expect(data.series[0]).toEqual({ month: '2025-04', payments: 0, otherIncome: 0, total: 0 });
    expect(data.revenueTrend).toBeNull();
  });
});

describe('recent activity words', () => {
  it('describes known events and reads unknown ones', () => {
    expect(describeActivity('payment.recorded', { amount: 120 })).toBe('Payment of $120.00 recorded');
    // An email kept in the outbox (email not set up) or given up is never called emailed or sent.
    expect(describeActivity('invoice.sent', { via: 'email' })).toBe('Invoice emailed');
    // Issued without email is "issued", never "sent" (issue 29 item 6).
    expect(describeActivity('invoice.sent', { via: 'manual' })).toBe('Invoice marked as issued');
    expect(describeActivity('estimate.sent', { via: 'manual' })).toBe('Estimate marked as issued');
    expect(describeActivity('invoice.sent', { via: 'email', kept_in_outbox: true })).toBe(
      'Invoice kept in the outbox, not emailed (email is not set up)',
    );
    expect(describeActivity('estimate.sent', { via: 'email', kept_in_outbox: true })).toBe(
      'Estimate kept in the outbox, not emailed (email is not set up)',
    );
    expect(describeActivity('payment.receipt_sent', { kept_in_outbox: true })).toBe(
      'Payment receipt kept in the outbox, not emailed (email is not set up)',
    );
    expect(describeActivity('invoice.reminder_sent', { kept_in_outbox: true })).toBe(
      'Payment reminder kept in the outbox, not emailed (email is not set up)',
    );
    expect(describeActivity('invoice.email_failed', { reason: 'Invalid login: 535' })).toBe(
      'Email not delivered: Invalid login: 535',
    );
    expect(describeActivity('settings.business_updated', {})).toBe('Settings business updated');
  });

  it('links to the record unless the event removed it', () => {
    expect(activityLink('invoice', 7, 'payment.deleted')).toBe('/invoices/7');
    expect(activityLink('invoice', 7, 'invoice.deleted')).toBeNull();
    expect(activityLink('client', 3, 'client.created')).toBe('/clients/3/edit');
    expect(activityLink('business', null, 'settings.business_updated')).toBeNull();
  });
});

describe('trend line (SPEC.md section 9)', () => {
  it('draws the figures it is given', () => {
    expect(trendLinePath([0, 10, 5], 100, 20)).toBe('M0 20 L50 0 L100 10');
    expect(trendLinePath([3, 3], 10, 10)).toBe('M0 0 L10 0');
  });

  it('caches at most 100 paths', () => {
    for (let index = 0; index < 250; index += 1) trendLinePath([index, index + 1], 40, 10);
    expect(trendLineCacheSize()).toBe(TREND_LINE_CACHE_LIMIT);
  });
});
