import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';
import { findUserByEmail } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { PasswordHasher } from '../../lib/password';
import { TEST_PASSWORD_PARAMS } from '../../test/harness';
import { seedDemo } from '../../demo/demo.seed';

let database: TestDatabase;
let businessId: number;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo({ db: database.db, hasher: new PasswordHasher(TEST_PASSWORD_PARAMS), clock: () => now });
  businessId = (await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email }))!.business_id;
});
afterAll(async () => {
  await database.cleanup();
});

describe('the demo business’s CRM', () => {
  it('has about 40 leads across sources and statuses, 25 opportunities across the pipeline, won ones on real invoices', async () => {
    const db = database.db;
    const leads = await db.selectFrom('crm_leads').selectAll().where('business_id', '=', businessId).execute();
    expect(leads).toHaveLength(40);
    expect(new Set(leads.map((lead) => lead.status))).toEqual(
      new Set(['new', 'contacted', 'qualified', 'unqualified', 'converted']),
    );
    expect(new Set(leads.map((lead) => lead.source_id)).size).toBeGreaterThan(4);
    const conversions = await db
      .selectFrom('crm_lead_conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    expect(conversions).toHaveLength(8);
    const opportunities = await db
      .selectFrom('crm_opportunities as o')
      .innerJoin('crm_pipeline_stages as s', 's.id', 'o.stage_id')
      .select(['o.id', 's.type', 's.name', 'o.lost_reason_id', 'o.closed_at', 'o.client_id'])
      .where('o.business_id', '=', businessId)
      .execute();
    expect(opportunities).toHaveLength(25);
    expect(new Set(opportunities.map((row) => row.name)).size).toBe(6);
    const won = opportunities.filter((row) => row.type === 'won');
    const lost = opportunities.filter((row) => row.type === 'lost');
    expect(won.length).toBeGreaterThanOrEqual(4);
    expect(lost.every((row) => row.lost_reason_id !== null && row.closed_at !== null)).toBe(true);
    const links = await db
      .selectFrom('crm_opportunity_documents as d')
      .innerJoin('invoices as i', 'i.id', 'd.invoice_id')
      .innerJoin('crm_opportunities as o', 'o.id', 'd.opportunity_id')
      .select(['i.client_id as invoice_client', 'o.client_id as opportunity_client'])
      .where('d.business_id', '=', businessId)
      .execute();
    expect(links.length).toBe(won.length);
    expect(links.every((link) => link.invoice_client === link.opportunity_client)).toBe(true);
  });

  it('has activities overdue, due today, upcoming and done', async () => {
    const activities = await database.db
      .selectFrom('crm_activities')
      .select(['due_at', 'done_at'])
      .where('business_id', '=', businessId)
      .execute();
    const open = activities.filter((activity) => activity.done_at === null);
    const due = (activity: { due_at: string }) => new Date(activity.due_at).getTime() - now.getTime();
    expect(open.filter((activity) => due(activity) < 0).length).toBeGreaterThanOrEqual(5);
    expect(
      open.filter((activity) => due(activity) > 0 && due(activity) <= 4 * 3_600_000).length,
    ).toBeGreaterThanOrEqual(3);
    expect(open.filter((activity) => due(activity) > 86_400_000 - 1).length).toBeGreaterThanOrEqual(6);
    expect(activities.filter((activity) => activity.done_at !== null).length).toBeGreaterThanOrEqual(5);
  });

  it('seeds once', async () => {
    await seedDemo({ db: database.db, hasher: new PasswordHasher(TEST_PASSWORD_PARAMS), clock: () => now });
    const leads = await database.db
      .selectFrom('crm_leads')
      .select('id')
      .where('business_id', '=', businessId)
      .execute();
    expect(leads).toHaveLength(40);
  });
});
