import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { crmOverviewFromFigures, rateWindowStart, startOfZonedMonth } from '@ledgerleaf/domain';
import { createTestDatabase, type TestDatabase } from '../../testing';
import {
  clientCrmFigures,
  clientHasCrmRecords,
  crmOverviewFigures,
  crmPipelineFigures,
  leadAnalyticsFigures,
} from './analytics';
import { markLeadConverted } from './leads';
import { linkOpportunityDocument } from './opportunity-documents';
import { updateEstimateState } from '../invoicing/estimates';
import { insertPayment } from '../invoicing/payments';
import { crmFixture } from './test-fixtures';

const now = new Date('2026-03-11T15:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('crm-overview figures', () => {
  it('an empty business has no data and null rates', async () => {
    const f = await crmFixture(test.db, 'Empty', now);
    const figures = await crmOverviewFigures(test.db, {
      businessId: f.businessId,
      monthStart: startOfZonedMonth(now, 'UTC'),
      windowStart: rateWindowStart(now, 90, 'UTC'),
    });
    expect(crmOverviewFromFigures(figures)).toEqual({
      openOpportunitiesValue: 0,
      openOpportunitiesCount: 0,
      newLeadsThisMonth: 0,
      leadConversionRate: null,
      winRate: null,
      hasData: false,
    });
  });

  it('open value and count, new leads this month, conversion and win rates over the window', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const other = await crmFixture(test.db, 'Other', now);
    const client = await f.addClient('Client');
    // Leads: 3 this month (one converted), 1 earlier in the window (converted), 1 before the window (converted).
    const l1 = await f.addLead({ person_name: 'a' }, daysAgo(1));
    await f.addLead({ person_name: 'b' }, daysAgo(2));
    await f.addLead({ person_name: 'c' }, daysAgo(10));
    const l4 = await f.addLead({ person_name: 'd' }, daysAgo(40));
    const l5 = await f.addLead({ person_name: 'e' }, daysAgo(200));
    // Opportunities: two open, one won in the window, one lost in the window, one won before it.
    await f.addOpportunity({ client_id: client.id, amount_cents: 1_000_00 });
    await f.addOpportunity({
      client_id: client.id,
      amount_cents: 250_50,
      stage_id: f.stage('Proposal').id,
      probability: 50,
    });
    const won = await f.addOpportunity({
      client_id: client.id,
      amount_cents: 5_000_00,
      stage_id: f.stage('Won').id,
      probability: 100,
      closed_at: daysAgo(5).toISOString(),
    });
    await f.addOpportunity({
      client_id: client.id,
      stage_id: f.stage('Lost').id,
      probability: 0,
      lost_reason_id: f.reasons[0]?.id ?? null,
      closed_at: daysAgo(6).toISOString(),
    });
    await f.addOpportunity({
      client_id: client.id,
      stage_id: f.stage('Won').id,
      probability: 100,
      closed_at: daysAgo(300).toISOString(),
    });
    for (const lead of [l1, l4, l5])
      await markLeadConverted(test.db, {
        businessId: f.businessId,
        leadId: lead.id,
        clientId: client.id,
        opportunityId: won.id,
        userId: null,
        now,
      });
    // Noise in another business.
    await other.addLead({}, daysAgo(1));
    await other.addOpportunity({ client_id: (await other.addClient('X')).id, amount_cents: 7_777_00 });

    const figures = await crmOverviewFigures(test.db, {
      businessId: f.businessId,
      monthStart: startOfZonedMonth(now, 'America/New_York'),
      windowStart: rateWindowStart(now, 90, 'America/New_York'),
    });
    expect(figures).toEqual({
      open_count: 2,
      open_amount_cents: 1_250_50,
      new_leads_this_month: 3,
      window_leads_created: 4,
      window_leads_converted: 2,
      window_won: 1,
      window_lost: 1,
      has_data: true,
    });
    expect(crmOverviewFromFigures(figures)).toEqual({
      openOpportunitiesValue: 1250.5,
      openOpportunitiesCount: 2,
      newLeadsThisMonth: 3,
      leadConversionRate: 50,
      winRate: 50,
      hasData: true,
    });
    // The pipeline chart: every stage in order with its figures.
    const pipeline = await crmPipelineFigures(test.db, { businessId: f.businessId });
    expect(pipeline.map((stage) => [stage.name, stage.count, stage.amount_cents, stage.weighted_cents])).toEqual([
      ['New', 1, 1_000_00, 100_00],
      ['Qualified', 0, 0, 0],
      ['Proposal', 1, 250_50, 125_25],
      ['Negotiation', 0, 0, 0],
      ['Won', 2, 5_000_00 + 1_000_00, 5_000_00 + 1_000_00],
      ['Lost', 1, 1_000_00, 0],
    ]);
  });

  it('has data with only an opportunity', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    await f.addOpportunity({ client_id: (await f.addClient('C')).id });
    const figures = await crmOverviewFigures(test.db, { businessId: f.businessId, monthStart: now, windowStart: now });
    expect(figures.has_data).toBe(true);
  });
});

describe('lead analytics', () => {
  it('follows each source to won opportunities and to the invoices made from them, invoiced and paid', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const web = f.sources[0]?.id ?? 0;
    const referral = f.sources[1]?.id ?? 0;
    const client = await f.addClient('Client');
    await f.addLead({ source_id: web, status: 'qualified' }, daysAgo(3));
    await f.addLead({ source_id: web, status: 'converted' }, daysAgo(4));
    await f.addLead({ source_id: referral }, daysAgo(5));
    await f.addLead({ source_id: null, status: 'unqualified' }, daysAgo(6));
    await f.addLead({ source_id: web }, daysAgo(400));
    const won = (source: number | null, amount: number, closedDaysAgo: number) =>
      f.addOpportunity({
        client_id: client.id,
        source_id: source,
        amount_cents: amount,
        stage_id: f.stage('Won').id,
        probability: 100,
        closed_at: daysAgo(closedDaysAgo).toISOString(),
      });
    const webWon = await won(web, 3_000_00, 2);
    const webOld = await won(web, 9_000_00, 400);
    const refWon = await won(referral, 1_000_00, 1);
    // An open opportunity's invoices do not count (not won).
    const open = await f.addOpportunity({ client_id: client.id, source_id: web, amount_cents: 50_00 });
    // Web: an invoice linked directly (sent, 1,000 paid of 2,000), a draft (not counted), and an
    // estimate converted into an invoice (1,000 fully paid), also linked directly (counted once).
    const direct = await f.addInvoice(client.id, 2_000_00, { status: 'partial', paidCents: 1_000_00 });
    const draft = await f.addInvoice(client.id, 7_000_00, { status: 'draft' });
    const fromEstimate = await f.addInvoice(client.id, 1_000_00, { status: 'paid', paidCents: 1_000_00 });
    const estimate = await f.addEstimate(client.id, 1_000_00);
    await updateEstimateState(test.db, {
      businessId: f.businessId,
      estimateId: estimate.id,
      set: { status: 'converted', invoice_id: fromEstimate.id },
      now,
    });
    const link = (opportunityId: number, kind: 'estimate' | 'invoice', documentId: number) =>
      linkOpportunityDocument(test.db, { businessId: f.businessId, opportunityId, kind, documentId, now });
    await link(webWon.id, 'invoice', direct.id);
    await link(webWon.id, 'invoice', draft.id);
    await link(webWon.id, 'estimate', estimate.id);
    await link(webWon.id, 'invoice', fromEstimate.id);
    // Referral: a void invoice does not count.
    const voided = await f.addInvoice(client.id, 500_00, { status: 'void' });
    await link(refWon.id, 'invoice', voided.id);
    // Old web win (outside the period) with an invoice.
    await link(
      webOld.id,
      'invoice',
      (await f.addInvoice(client.id, 9_000_00, { status: 'paid', paidCents: 9_000_00 })).id,
    );
    await link(open.id, 'invoice', (await f.addInvoice(client.id, 50_00, { status: 'sent' })).id);

    const period = await leadAnalyticsFigures(test.db, { businessId: f.businessId, since: daysAgo(30), before: now });
    expect(period.by_status).toEqual([
      { status: 'new', count: 1 },
      { status: 'contacted', count: 0 },
      { status: 'qualified', count: 1 },
      { status: 'unqualified', count: 1 },
      { status: 'converted', count: 1 },
    ]);
    const bySource = Object.fromEntries(period.by_source.map((row) => [row.name ?? 'none', row]));
    expect(bySource.Website).toEqual({
      source_id: web,
      name: 'Website',
      archived: false,
      leads: 2,
      converted: 1,
      won_count: 1,
      won_cents: 3_000_00,
      invoiced_cents: 3_000_00,
      paid_cents: 2_000_00,
    });
    expect(bySource.Referral).toMatchObject({
      leads: 1,
      won_count: 1,
      won_cents: 1_000_00,
      invoiced_cents: 0,
      paid_cents: 0,
    });
    expect(bySource.none).toMatchObject({ source_id: null, leads: 1, won_count: 0 });
    expect(period.by_source.map((row) => row.name)).toEqual([
      'Website',
      'Referral',
      'Social media',
      'Event',
      'Cold outreach',
      null,
    ]);
    const allTime = await leadAnalyticsFigures(test.db, { businessId: f.businessId });
    expect(allTime.by_source.find((row) => row.source_id === web)).toMatchObject({
      leads: 3,
      won_count: 2,
      won_cents: 12_000_00,
      invoiced_cents: 12_000_00,
      paid_cents: 11_000_00,
    });
    const other = await crmFixture(test.db, 'Other', now);
    const empty = await leadAnalyticsFigures(test.db, { businessId: other.businessId });
    expect(empty.by_source.every((row) => row.leads === 0 && row.invoiced_cents === 0)).toBe(true);
  });
});

describe('client 360 figures', () => {
  it('outstanding balance, lifetime revenue, average days to pay and opportunity values', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    expect(await clientHasCrmRecords(test.db, { businessId: f.businessId, clientId: client.id })).toBe(false);
    // Issued 2026-02-01 (fixture). Paid in two payments, last on 2026-02-11: 10 days.
    const a = await f.addInvoice(client.id, 300_00, { status: 'paid', paidCents: 300_00 });
    const b = await f.addInvoice(client.id, 200_00, { status: 'paid', paidCents: 200_00 });
    const c = await f.addInvoice(client.id, 400_00, { status: 'partial', paidCents: 100_00 });
    await f.addInvoice(client.id, 999_00, { status: 'draft' });
    const pay = (invoiceId: number, cents: number, date: string) =>
      insertPayment(test.db, {
        businessId: f.businessId,
        invoiceId,
        userId: null,
        fields: { amount_cents: cents, payment_date: date, method: 'card', reference: null, note: null },
        now,
      });
    await pay(a.id, 100_00, '2026-02-05');
    await pay(a.id, 200_00, '2026-02-11');
    await pay(b.id, 200_00, '2026-02-04'); // 3 days
    await pay(c.id, 100_00, '2026-02-20');
    await f.addOpportunity({ client_id: client.id, amount_cents: 700_00 });
    await f.addOpportunity({
      client_id: client.id,
      amount_cents: 1_500_00,
      stage_id: f.stage('Won').id,
      probability: 100,
      closed_at: now.toISOString(),
    });
    expect(await clientCrmFigures(test.db, { businessId: f.businessId, clientId: client.id })).toEqual({
      outstanding_cents: 300_00,
      lifetime_revenue_cents: 600_00,
      average_days_to_pay: 6.5,
      open_opportunities_cents: 700_00,
      won_cents: 1_500_00,
    });
    expect(await clientHasCrmRecords(test.db, { businessId: f.businessId, clientId: client.id })).toBe(true);
    const other = await crmFixture(test.db, 'Other', now);
    expect(await clientCrmFigures(test.db, { businessId: other.businessId, clientId: client.id })).toEqual({
      outstanding_cents: 0,
      lifetime_revenue_cents: 0,
      average_days_to_pay: null,
      open_opportunities_cents: 0,
      won_cents: 0,
    });
    expect(await clientHasCrmRecords(test.db, { businessId: other.businessId, clientId: client.id })).toBe(false);
  });
});
