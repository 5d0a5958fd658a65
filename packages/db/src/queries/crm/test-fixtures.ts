import { createBusiness } from '../account/businesses';
import { insertClient, type ClientFields } from '../invoicing/clients';
import { seedCrmDefaults } from './config';
import { listStages } from './stages';
import { listLeadSources, listLostReasons } from './sources-and-reasons';
import { listActivityTypes } from './activity-types';
import { insertLead, type LeadFields } from './leads';
import { insertOpportunity, type OpportunityFields } from './opportunities';
import { insertEstimate } from '../invoicing/estimates';
import { insertInvoice } from '../invoicing/invoices';
import { createUser } from '../auth/users';
import type { Db } from '../shared/types';

/*
 * Test fixtures of the CRM query tests (not exported from the package): a business with two team
 * members and its CRM defaults, and short ways to add clients, leads, opportunities and invoices.
 */

export type CrmFixture = Awaited<ReturnType<typeof crmFixture>>;

/** A company client with only a name (and an email when given). */
export function clientFields(name: string, extra: { email?: string | null } = {}): ClientFields {
  return {
    kind: 'company',
    name,
    email: extra.email ?? null,
    phone: null,
    billing_line1: null,
    billing_line2: null,
    billing_city: null,
    billing_state: null,
    billing_postal_code: null,
    billing_country: null,
    shipping_line1: null,
    shipping_line2: null,
    shipping_city: null,
    shipping_state: null,
    shipping_postal_code: null,
    shipping_country: null,
    payment_terms_days: 30,
    notes: null,
    tax_id: null,
    is_active: true,
  };
}

export async function crmFixture(db: Db, name: string, now: Date) {
  const business = await createBusiness(db, { name, now });
  const owner = await createUser(db, {
    businessId: business.id,
    name: `${name} Owner`,
    email: `owner@${name.toLowerCase().replace(/\W/g, '')}.test`,
    passwordHash: 'x',
    role: 'owner',
    now,
  });
  const member = await createUser(db, {
    businessId: business.id,
    name: `${name} Member`,
    email: `member@${name.toLowerCase().replace(/\W/g, '')}.test`,
    passwordHash: 'x',
    role: 'member',
    now,
  });
  await seedCrmDefaults(db, { businessId: business.id, now });
  const stages = await listStages(db, { businessId: business.id });
  const stage = (stageName: string) => {
    const found = stages.find((row) => row.name === stageName);
    if (!found) throw new Error(`No stage ${stageName}`);
    return found;
  };
  const sources = await listLeadSources(db, { businessId: business.id });
  const reasons = await listLostReasons(db, { businessId: business.id });
  const types = await listActivityTypes(db, { businessId: business.id });
  const businessId = business.id;

  async function addClient(clientName: string, extra: { email?: string | null } = {}) {
    return insertClient(db, { businessId, fields: clientFields(clientName, extra), contacts: [], now });
  }

  async function addLead(fields: Partial<LeadFields> = {}, createdAt?: Date) {
    return insertLead(db, {
      businessId,
      fields: {
        person_name: 'Ana Lead',
        company_name: null,
        email: null,
        phone: null,
        source_id: null,
        status: 'new',
        owner_user_id: owner.id,
        estimated_value_cents: null,
        notes: null,
        ...fields,
      },
      userId: owner.id,
      now,
      ...(createdAt ? { createdAt } : {}),
    });
  }

  async function addOpportunity(fields: Partial<OpportunityFields> & { client_id?: number | null }, at: Date = now) {
    const stageRow = stages.find((row) => row.id === (fields.stage_id ?? stage('New').id));
    return insertOpportunity(db, {
      businessId,
      fields: {
        title: 'Deal',
        client_id: null,
        lead_id: null,
        amount_cents: 100_000,
        stage_id: stage('New').id,
        probability: stageRow?.probability ?? 10,
        expected_close_date: null,
        owner_user_id: owner.id,
        source_id: null,
        notes: null,
        lost_reason_id: null,
        lost_note: null,
        closed_at: null,
        ...fields,
      },
      userId: owner.id,
      now: at,
      createdAt: at,
    });
  }

  let token = 0;
  async function addInvoice(clientId: number, totalCents: number, state: { status: string; paidCents?: number }) {
    token += 1;
    const paid = state.paidCents ?? 0;
    return insertInvoice(db, {
      businessId,
      fields: {
        client_id: clientId,
        issue_date: '2026-02-01',
        due_date: '2026-03-03',
        discount_type: null,
        discount_value: null,
        notes: null,
        terms: null,
        currency: 'USD',
        goal_id: null,
        prices_include_tax: false,
        subtotal_cents: totalCents,
        line_discount_cents: 0,
        discount_cents: 0,
        tax_cents: 0,
        total_cents: totalCents,
        paid_cents: paid,
        balance_cents: totalCents - paid,
      },
      lines: [],
      publicToken: `${name}-${token}-${Math.random().toString(36).slice(2)}`,
      now,
      state: {
        status: state.status,
        invoice_number: state.status === 'draft' ? null : `INV-${name}-${token}`,
        sent_at: state.status === 'draft' ? null : now,
        viewed_at: null,
        voided_at: null,
        created_at: now,
      },
    });
  }

  /** A draft estimate dated 2026-03-01 (the state is changed with `updateEstimateState`). */
  async function addEstimate(clientId: number, totalCents: number) {
    token += 1;
    return insertEstimate(db, {
      businessId,
      fields: {
        client_id: clientId,
        issue_date: '2026-03-01',
        expiry_date: '2026-03-31',
        discount_type: null,
        discount_value: null,
        notes: null,
        terms: null,
        currency: 'USD',
        prices_include_tax: false,
        content: '{}',
        subtotal_cents: totalCents,
        tax_cents: 0,
        total_cents: totalCents,
      },
      publicToken: `${name}-estimate-${token}-${Math.random().toString(36).slice(2)}`,
      now,
    });
  }

  return {
    businessId,
    owner,
    member,
    stages,
    stage,
    sources,
    reasons,
    types,
    addClient,
    addLead,
    addOpportunity,
    addInvoice,
    addEstimate,
  };
}
