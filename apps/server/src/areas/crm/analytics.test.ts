import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES, NO_SOURCE_LABEL } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { createClient, createLead, createOpportunity, crmOwner, stages, type CrmOwner } from './crm.test-helpers';

let t: TestApp;
let owner: CrmOwner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await crmOwner(t, 'owner@example.com');
});
afterAll(async () => {
  await t.close();
});

const today = () => t.clock().toISOString().slice(0, 10);

async function issuedInvoice(token: string, clientId: number, total: number) {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: clientId,
      issue_date: today(),
      due_date: today(),
      lines: [{ description: 'Work', quantity: 1, unit_price: total }],
      send: true,
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

async function pay(token: string, invoiceId: number, amount: number) {
  const response = await t.post(
    `/api/invoices/${invoiceId}/payments`,
    { amount, payment_date: today(), method: 'bank_transfer' },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
}

describe('dashboard figures', () => {
  it('an empty CRM: no data, null rates', async () => {
    const empty = await crmOwner(t, 'empty@example.com');
    const overview = await t.get('/api/dashboard/crm-overview', { token: empty.token });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toEqual({
      openOpportunitiesValue: 0,
      openOpportunitiesCount: 0,
      newLeadsThisMonth: 0,
      leadConversionRate: null,
      winRate: null,
      hasData: false,
    });
  });

  it('overview, pipeline and lead analytics: a source followed to won value, invoiced and paid', async () => {
    const token = owner.token;
    const s = await stages(t, token);
    const sources = (await t.get('/api/crm/lead-sources', { token })).json().data;
    const referral = sources.find((source: { name: string }) => source.name === 'Referral');
    const reasons = (await t.get('/api/crm/lost-reasons', { token })).json().data;
    // Four leads this month, one converted (from Referral).
    const converted = await createLead(t, token, {
      person_name: 'Rita',
      email: 'rita@example.com',
      source_id: referral.id,
    });
    await createLead(t, token, { person_name: 'Sam', source_id: referral.id, status: 'contacted' });
    await createLead(t, token, { person_name: 'Tom' });
    await createLead(t, token, { person_name: 'Uma', status: 'unqualified' });
    const conversion = (
      await t.post(
        `/api/crm/leads/${converted.id}/convert`,
        { client: { mode: 'new', name: 'Rita Ltd' }, opportunity: { title: 'Rita deal', amount: 2000 } },
        { token },
      )
    ).json().data;
    // Rita's deal is won and invoiced (1,500 + 500), 1,200 paid.
    await t.post(`/api/crm/opportunities/${conversion.opportunity_id}/move`, { stage_id: s.Won!.id }, { token });
    const first = await issuedInvoice(token, conversion.client_id, 1500);
    const second = await issuedInvoice(token, conversion.client_id, 500);
    await pay(token, first.id, 1200);
    for (const invoice of [first, second])
      await t.post(
        `/api/crm/opportunities/${conversion.opportunity_id}/documents`,
        { kind: 'invoice', id: invoice.id },
        { token },
      );
    const client = await createClient(t, token, { name: 'Open Co', email: 'open@example.com' });
    await createOpportunity(t, token, { client_id: client.id, amount: 1000, stage_id: s.Proposal!.id });
    await createOpportunity(t, token, { client_id: client.id, amount: 333.33, stage_id: s.New!.id });
    await createOpportunity(t, token, {
      client_id: client.id,
      amount: 50,
      stage_id: s.Lost!.id,
      lost_reason_id: reasons[0].id,
    });

    const overview = (await t.get('/api/dashboard/crm-overview', { token })).json();
    expect(overview).toEqual({
      openOpportunitiesValue: 1333.33,
      openOpportunitiesCount: 2,
      newLeadsThisMonth: 4,
      leadConversionRate: 25,
      winRate: 50,
      hasData: true,
    });

    const pipeline = (await t.get('/api/dashboard/crm-pipeline', { token })).json();
    expect(
      pipeline.stages.map((stage: { name: string; count: number; value: number }) => [
        stage.name,
        stage.count,
        stage.value,
      ]),
    ).toEqual([
      ['New', 1, 333.33],
      ['Qualified', 0, 0],
      ['Proposal', 1, 1000],
      ['Negotiation', 0, 0],
      ['Won', 1, 2000],
      ['Lost', 1, 50],
    ]);
    expect(pipeline.open).toEqual({ count: 2, value: 1333.33, weighted_value: 533.33 });

    const analytics = (await t.get('/api/dashboard/lead-analytics', { token })).json();
    expect(analytics.by_status).toEqual([
      { status: 'new', count: 1 },
      { status: 'contacted', count: 1 },
      { status: 'qualified', count: 0 },
      { status: 'unqualified', count: 1 },
      { status: 'converted', count: 1 },
    ]);
    const referralRow = analytics.by_source.find((row: { source_id: number | null }) => row.source_id === referral.id);
    expect(referralRow).toEqual({
      source_id: referral.id,
      name: 'Referral',
      archived: false,
      leads: 2,
      converted: 1,
      won_count: 1,
      won_value: 2000,
      invoiced: 2000,
      paid: 1200,
    });
    const none = analytics.by_source.at(-1);
    expect(none).toMatchObject({ source_id: null, name: NO_SOURCE_LABEL, leads: 2, won_count: 0 });
    const past = (await t.get('/api/dashboard/lead-analytics?from=2000-01-01&to=2000-12-31', { token })).json();
    expect(past.by_status.every((row: { count: number }) => row.count === 0)).toBe(true);
    expect((await t.get('/api/dashboard/lead-analytics?from=2001-01-01&to=2000-01-01', { token })).statusCode).toBe(
      422,
    );

    // Client 360 of Rita Ltd.
    const view = await t.get(`/api/crm/client-360/${conversion.client_id}`, { token });
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    expect(data.client).toMatchObject({ id: conversion.client_id, name: 'Rita Ltd', status: 'active' });
    expect(data.figures).toEqual({
      outstanding_balance: 800,
      lifetime_revenue: 1200,
      average_days_to_pay: null,
      open_opportunities_value: 0,
      won_value: 2000,
    });
    expect(data.open_opportunities).toEqual([]);
    expect(data.closed_opportunities.map((o: { title: string }) => o.title)).toEqual(['Rita deal']);
    expect(data.leads.map((lead: { id: number }) => lead.id)).toEqual([converted.id]);
    expect(data.invoices).toHaveLength(2);
    expect(data.payments).toEqual([expect.objectContaining({ invoice_id: first.id, amount: 1200 })]);
    expect(data.timeline.map((item: { kind: string }) => item.kind)).toEqual(
      expect.arrayContaining(['conversion', 'stage_change']),
    );
    expect((await t.get('/api/crm/client-360/999999', { token })).statusCode).toBe(404);
  });
});

describe('clients linked by the CRM', () => {
  it('a client with CRM records is archived, never deleted (409); without them it may be deleted', async () => {
    const token = owner.token;
    const linked = await createClient(t, token, { name: 'Linked', email: 'linked@example.com' });
    const opportunity = await createOpportunity(t, token, { client_id: linked.id });
    const refused = await t.delete(`/api/clients/${linked.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CRM_MESSAGES.clientHasCrmRecords);
    expect((await t.get(`/api/crm/opportunities/${opportunity.id}`, { token })).json().data.client_id).toBe(linked.id);
    const noted = await createClient(t, token, { name: 'Noted', email: 'noted@example.com' });
    await t.post('/api/crm/notes', { body: 'Hello', client_id: noted.id }, { token });
    expect((await t.delete(`/api/clients/${noted.id}`, { token })).statusCode).toBe(409);
    const free = await createClient(t, token, { name: 'Free', email: 'free@example.com' });
    expect((await t.delete(`/api/clients/${free.id}`, { token })).statusCode).toBe(200);
  });
});
