import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../dialect';
import { createTestDatabase, type TestDatabase } from '../../testing';
import {
  bulkAssignLeadOwner,
  bulkSetLeadStatus,
  deleteLeads,
  findClientMatchesForLead,
  findLead,
  findLeadNames,
  findLeadsByEmails,
  insertLeads,
  listAllLeads,
  listClientLeads,
  listLeads,
  lockLead,
  markLeadConverted,
  updateLead,
  type LeadFields,
  type LeadListParams,
} from './leads';
import { findOpportunityRow, insertOpportunity } from './opportunities';
import { crmFixture } from './test-fixtures';

const now = new Date('2026-03-11T15:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

const fields = (extra: Partial<LeadFields> = {}): LeadFields => ({
  person_name: 'Ana',
  company_name: null,
  email: null,
  phone: null,
  source_id: null,
  status: 'new',
  owner_user_id: null,
  estimated_value_cents: null,
  notes: null,
  ...extra,
});

describe('leads', () => {
  it('create, read with names, edit; a duplicate email is refused by the database', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const lead = await f.addLead({
      person_name: 'Ana Silva',
      company_name: 'Silva & Co',
      email: 'ana@silva.co',
      source_id: f.sources[0]?.id ?? null,
      estimated_value_cents: 150_000,
    });
    expect(await findLead(test.db, { businessId: f.businessId, leadId: lead.id })).toMatchObject({
      person_name: 'Ana Silva',
      company_name: 'Silva & Co',
      sort_name: 'ana silva',
      source_name: 'Website',
      owner_name: 'Acme Owner',
      status: 'new',
      estimated_value_cents: 150_000,
      conversion_converted_at: null,
      conversion_client_id: null,
    });
    expect(
      await updateLead(test.db, {
        businessId: f.businessId,
        leadId: lead.id,
        fields: fields({ person_name: 'Ana S.', email: 'ana@silva.co', status: 'contacted' }),
        now,
      }),
    ).toBe('updated');
    const error = await f.addLead({ email: 'ana@silva.co' }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    // Leads without an email never clash.
    await f.addLead({ email: null });
    await f.addLead({ email: null });
    // Another business may have the same email.
    const other = await crmFixture(test.db, 'Other', now);
    await other.addLead({ email: 'ana@silva.co' });
  });

  it('lists with search, filters, sort, pages and a count', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const web = f.sources[0]?.id ?? 0;
    const referral = f.sources[1]?.id ?? 0;
    const day = 86_400_000;
    const made = [];
    for (let index = 0; index < 30; index += 1) {
      made.push(
        await f.addLead(
          {
            person_name: `Person ${String(index).padStart(2, '0')}`,
            company_name: index % 3 === 0 ? `Maple ${index}` : null,
            email: `p${index}@example.com`,
            source_id: index % 2 === 0 ? web : index % 5 === 0 ? null : referral,
            status: index % 4 === 0 ? 'qualified' : 'new',
            owner_user_id: index % 2 === 0 ? f.owner.id : null,
            estimated_value_cents: index % 6 === 0 ? null : index * 1000,
          },
          new Date(now.getTime() - index * day),
        ),
      );
    }
    const base: LeadListParams = {
      businessId: f.businessId,
      sort: 'created_at',
      direction: 'desc',
      limit: 10,
      offset: 0,
    };
    const page1 = await listLeads(test.db, base);
    expect(page1.total).toBe(30);
    expect(page1.rows.map((row) => row.person_name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Person ${String(index).padStart(2, '0')}`),
    );
    const page3 = await listLeads(test.db, { ...base, offset: 20 });
    expect(page3.rows).toHaveLength(10);
    expect(page3.rows[9]?.person_name).toBe('Person 29');
    expect((await listLeads(test.db, { ...base, search: 'MAPLE' })).total).toBe(10);
    expect((await listLeads(test.db, { ...base, search: 'p7@example' })).rows.map((row) => row.id)).toEqual([
      made[7]?.id,
    ]);
    expect((await listLeads(test.db, { ...base, search: '100%_' })).total).toBe(0);
    expect((await listLeads(test.db, { ...base, sourceId: web })).total).toBe(15);
    expect((await listLeads(test.db, { ...base, sourceId: 'none' })).total).toBe(3); // 5, 15, 25
    expect((await listLeads(test.db, { ...base, ownerId: 'none' })).total).toBe(15);
    expect((await listLeads(test.db, { ...base, ownerId: f.owner.id, statuses: ['qualified'] })).total).toBe(8);
    const range = await listLeads(test.db, {
      ...base,
      createdSince: new Date(now.getTime() - 5 * day),
      createdBefore: new Date(now.getTime() - 2 * day + 1),
    });
    expect(range.rows.map((row) => row.person_name)).toEqual(['Person 02', 'Person 03', 'Person 04', 'Person 05']);
    const byName = await listLeads(test.db, { ...base, sort: 'name', direction: 'asc', limit: 3 });
    expect(byName.rows.map((row) => row.person_name)).toEqual(['Person 00', 'Person 01', 'Person 02']);
    const byValue = await listLeads(test.db, { ...base, sort: 'estimated_value', direction: 'desc', limit: 2 });
    expect(byValue.rows.map((row) => row.estimated_value_cents)).toEqual([29_000, 28_000]);
    const byValueAsc = await listLeads(test.db, { ...base, sort: 'estimated_value', direction: 'asc', limit: 2 });
    expect(byValueAsc.rows.map((row) => row.estimated_value_cents)).toEqual([null, null]);
    const byCompany = await listLeads(test.db, { ...base, sort: 'company_name', direction: 'desc', limit: 1 });
    expect(byCompany.rows[0]?.company_name).toBe('Maple 9');
    // Pages never overlap, whatever the sort.
    for (const sort of ['status', 'estimated_value', 'company_name', 'name', 'updated_at'] as const) {
      const seen = new Set<number>();
      for (let offset = 0; offset < 30; offset += 7) {
        for (const row of (await listLeads(test.db, { ...base, sort, limit: 7, offset })).rows) seen.add(row.id);
      }
      expect(seen.size, sort).toBe(30);
    }
    expect(await listAllLeads(test.db, { businessId: f.businessId, statuses: ['qualified'] })).toHaveLength(8);
  });

  it('bulk actions change the business leads, leave converted ones, and ignore other ids', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const other = await crmFixture(test.db, 'Other', now);
    const a = await f.addLead();
    const b = await f.addLead();
    const converted = await f.addLead();
    const client = await f.addClient('Client');
    const opportunity = await f.addOpportunity({ client_id: client.id, lead_id: converted.id });
    await markLeadConverted(test.db, {
      businessId: f.businessId,
      leadId: converted.id,
      clientId: client.id,
      opportunityId: opportunity.id,
      userId: f.owner.id,
      now,
    });
    const foreign = await other.addLead();
    const ids = [a.id, b.id, converted.id, foreign.id];
    expect(
      await bulkAssignLeadOwner(test.db, { businessId: f.businessId, ids, ownerUserId: f.member.id, now }),
    ).toEqual({
      affected: 2,
      skipped: 1,
    });
    expect(await bulkSetLeadStatus(test.db, { businessId: f.businessId, ids, status: 'unqualified', now })).toEqual({
      affected: 2,
      skipped: 1,
    });
    await expect(
      bulkSetLeadStatus(test.db, { businessId: f.businessId, ids, status: 'converted', now }),
    ).rejects.toThrow();
    expect(await findLead(test.db, { businessId: f.businessId, leadId: a.id })).toMatchObject({
      owner_user_id: f.member.id,
      status: 'unqualified',
    });
    expect(await findLead(test.db, { businessId: f.businessId, leadId: converted.id })).toMatchObject({
      owner_user_id: f.owner.id,
      status: 'converted',
    });
    expect(await findLead(test.db, { businessId: other.businessId, leadId: foreign.id })).toMatchObject({
      owner_user_id: other.owner.id,
      status: 'new',
    });
    expect(await deleteLeads(test.db, { businessId: f.businessId, ids })).toBe(3);
    expect(await findLead(test.db, { businessId: other.businessId, leadId: foreign.id })).toBeDefined();
    // The opportunity made from the deleted converted lead stays, without the lead.
    expect(
      await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: opportunity.id }),
    ).toMatchObject({
      client_id: client.id,
      lead_id: null,
    });
  });

  it('import helpers: many leads at once, and existing emails found', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    await f.addLead({ email: 'taken@example.com' });
    const ids = await insertLeads(test.db, {
      businessId: f.businessId,
      rows: Array.from({ length: 450 }, (_, index) =>
        fields({ person_name: `P${index}`, email: `p${index}@example.com` }),
      ),
      userId: f.owner.id,
      now,
    });
    expect(ids).toHaveLength(450);
    expect(new Set(ids).size).toBe(450);
    expect((await findLead(test.db, { businessId: f.businessId, leadId: ids[449] ?? 0 }))?.person_name).toBe('P449');
    const found = await findLeadsByEmails(test.db, {
      businessId: f.businessId,
      emails: ['TAKEN@example.com', 'p3@example.com', 'new@example.com'],
    });
    expect(found.map((row) => row.email).sort()).toEqual(['p3@example.com', 'taken@example.com']);
    // A duplicate inside a batch fails the whole batch (the import runs in one transaction).
    await expect(
      test.db.transaction().execute((tx) =>
        insertLeads(tx, {
          businessId: f.businessId,
          rows: [fields({ email: 'fresh@example.com' }), fields({ email: 'p1@example.com' })],
          userId: null,
          now,
        }),
      ),
    ).rejects.toThrow();
    expect(await findLeadsByEmails(test.db, { businessId: f.businessId, emails: ['fresh@example.com'] })).toEqual([]);
  });
});

describe('conversion', () => {
  it('converts once: links, time, read-only; a second conversion changes nothing', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const lead = await f.addLead({ person_name: 'Ana', company_name: 'Maple Ltd', email: 'ana@maple.io' });
    const client = await f.addClient('Maple Ltd');
    const opportunity = await f.addOpportunity({ title: 'Maple deal', client_id: client.id, lead_id: lead.id });
    const later = new Date(now.getTime() + 60_000);
    const converted = await test.db.transaction().execute(async (tx) => {
      expect(await lockLead(tx, { businessId: f.businessId, leadId: lead.id })).toMatchObject({ status: 'new' });
      return markLeadConverted(tx, {
        businessId: f.businessId,
        leadId: lead.id,
        clientId: client.id,
        opportunityId: opportunity.id,
        userId: f.member.id,
        now: later,
      });
    });
    expect(converted).toBe(true);
    expect(await findLead(test.db, { businessId: f.businessId, leadId: lead.id })).toMatchObject({
      status: 'converted',
      converted_at: later.toISOString(),
      conversion_converted_at: later.toISOString(),
      conversion_user_id: f.member.id,
      conversion_client_id: client.id,
      conversion_client_name: 'Maple Ltd',
      conversion_opportunity_id: opportunity.id,
      conversion_opportunity_title: 'Maple deal',
    });
    expect(
      await markLeadConverted(test.db, {
        businessId: f.businessId,
        leadId: lead.id,
        clientId: client.id,
        opportunityId: opportunity.id,
        userId: null,
        now,
      }),
    ).toBe(false);
    expect(
      await updateLead(test.db, {
        businessId: f.businessId,
        leadId: lead.id,
        fields: fields({ person_name: 'X' }),
        now,
      }),
    ).toBe('read_only');
    expect(
      (await listClientLeads(test.db, { businessId: f.businessId, clientId: client.id })).map((row) => row.id),
    ).toEqual([lead.id]);
    expect(await test.db.selectFrom('crm_lead_conversions').selectAll().execute()).toHaveLength(1);
  });

  it('two conversions of one lead at once: exactly one wins', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const lead = await f.addLead();
    const client = await f.addClient('Client');
    const results = await Promise.all(
      [1, 2].map(() =>
        test.db
          .transaction()
          .execute(async (tx) => {
            const locked = await lockLead(tx, { businessId: f.businessId, leadId: lead.id });
            if (!locked || locked.status === 'converted') return false;
            const opportunity = await insertOpportunity(tx, {
              businessId: f.businessId,
              fields: {
                title: 'Deal',
                client_id: client.id,
                lead_id: lead.id,
                amount_cents: 0,
                stage_id: f.stage('New').id,
                probability: 10,
                expected_close_date: null,
                owner_user_id: null,
                source_id: null,
                notes: null,
                lost_reason_id: null,
                lost_note: null,
                closed_at: null,
              },
              userId: null,
              now,
            });
            const ok = await markLeadConverted(tx, {
              businessId: f.businessId,
              leadId: lead.id,
              clientId: client.id,
              opportunityId: opportunity.id,
              userId: null,
              now,
            });
            if (!ok) throw new Error('already converted');
            return true;
          })
          .catch(() => false),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await test.db.selectFrom('crm_lead_conversions').selectAll().execute()).toHaveLength(1);
  });

  it('offers clients matching the email (or a contact email) first, then the company name', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const byEmail = await f.addClient('Someone Else', { email: 'ana@maple.io' });
    const byName = await f.addClient('Maple Ltd');
    await f.addClient('Maple Ltd Holdings');
    const other = await crmFixture(test.db, 'Other', now);
    await other.addClient('Maple Ltd', { email: 'ana@maple.io' });
    expect(
      await findClientMatchesForLead(test.db, {
        businessId: f.businessId,
        email: 'ANA@maple.io',
        companyName: 'maple ltd',
        limit: 5,
      }),
    ).toEqual([
      { id: byEmail.id, name: 'Someone Else', email: 'ana@maple.io', matched_on: 'email' },
      { id: byName.id, name: 'Maple Ltd', email: null, matched_on: 'company_name' },
    ]);
    expect(
      await findClientMatchesForLead(test.db, { businessId: f.businessId, email: null, companyName: null, limit: 5 }),
    ).toEqual([]);
  });
});

describe('isolation', () => {
  it("another business's lead ids find and change nothing", async () => {
    const a = await crmFixture(test.db, 'Acme', now);
    const b = await crmFixture(test.db, 'Beta', now);
    const theirs = await b.addLead({ person_name: 'Theirs' });
    expect(await findLead(test.db, { businessId: a.businessId, leadId: theirs.id })).toBeUndefined();
    expect(await lockLead(test.db, { businessId: a.businessId, leadId: theirs.id })).toBeUndefined();
    expect(
      await updateLead(test.db, {
        businessId: a.businessId,
        leadId: theirs.id,
        fields: fields({ person_name: 'Mine' }),
        now,
      }),
    ).toBe('not_found');
    expect(await deleteLeads(test.db, { businessId: a.businessId, ids: [theirs.id] })).toBe(0);
    expect(
      (await listLeads(test.db, { businessId: a.businessId, sort: 'name', direction: 'asc', limit: 10, offset: 0 }))
        .total,
    ).toBe(0);
    expect(await findLeadNames(test.db, { businessId: a.businessId, ids: [theirs.id] })).toEqual(new Map());
    expect(
      await markLeadConverted(test.db, {
        businessId: a.businessId,
        leadId: theirs.id,
        clientId: (await a.addClient('X')).id,
        opportunityId: 0,
        userId: null,
        now,
      }),
    ).toBe(false);
    expect(await findLead(test.db, { businessId: b.businessId, leadId: theirs.id })).toMatchObject({
      person_name: 'Theirs',
      status: 'new',
    });
  });
});
