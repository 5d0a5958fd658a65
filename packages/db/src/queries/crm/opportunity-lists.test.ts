import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { listClientOpportunities, listOpportunities, type OpportunityListParams } from './opportunity-lists';
import { crmFixture } from './test-fixtures';

const now = new Date('2026-03-11T15:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('the list', () => {
  it('filters by status, stage, owner, source, client, close dates and search; sorts; sums all matches', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const maple = await f.addClient('Maple Ltd');
    const oak = await f.addClient('Oak Inc');
    const lead = await f.addLead({ person_name: 'Birch Person' });
    await f.addOpportunity({
      title: 'Website',
      client_id: maple.id,
      amount_cents: 500_00,
      expected_close_date: '2026-04-01',
    });
    await f.addOpportunity({
      title: 'Logo',
      client_id: oak.id,
      amount_cents: 200_00,
      stage_id: f.stage('Won').id,
      probability: 100,
      closed_at: now.toISOString(),
      owner_user_id: f.member.id,
    });
    await f.addOpportunity({
      title: 'Shop',
      lead_id: lead.id,
      amount_cents: 900_00,
      source_id: f.sources[0]?.id ?? null,
      expected_close_date: '2026-05-01',
    });
    const base: OpportunityListParams = {
      businessId: f.businessId,
      sort: 'created_at',
      direction: 'desc',
      limit: 25,
      offset: 0,
    };
    const all = await listOpportunities(test.db, base);
    expect(all.total).toBe(3);
    expect(all.summary).toEqual({ count: 3, amount_cents: 1600_00, weighted_cents: 50_00 + 200_00 + 90_00 });
    expect((await listOpportunities(test.db, { ...base, status: 'open' })).rows.map((row) => row.title).sort()).toEqual(
      ['Shop', 'Website'],
    );
    expect((await listOpportunities(test.db, { ...base, status: 'won' })).rows.map((row) => row.title)).toEqual([
      'Logo',
    ]);
    expect((await listOpportunities(test.db, { ...base, ownerId: f.member.id })).total).toBe(1);
    expect((await listOpportunities(test.db, { ...base, sourceId: 'none' })).total).toBe(2);
    expect((await listOpportunities(test.db, { ...base, clientId: maple.id })).rows[0]?.client_name).toBe('Maple Ltd');
    expect(
      (await listOpportunities(test.db, { ...base, closeFrom: '2026-04-15', closeTo: '2026-05-31' })).rows[0]?.title,
    ).toBe('Shop');
    expect(
      (await listOpportunities(test.db, { ...base, search: 'birch' })).rows.map((row) => [row.title, row.lead_name]),
    ).toEqual([['Shop', 'Birch Person']]);
    expect((await listOpportunities(test.db, { ...base, search: 'oak' })).rows[0]?.title).toBe('Logo');
    expect((await listOpportunities(test.db, { ...base, stageId: f.stage('New').id })).total).toBe(2);
    expect(
      (await listOpportunities(test.db, { ...base, sort: 'amount', direction: 'desc' })).rows.map((row) => row.title),
    ).toEqual(['Shop', 'Website', 'Logo']);
    expect(
      (await listOpportunities(test.db, { ...base, sort: 'expected_close_date', direction: 'asc' })).rows.map(
        (row) => row.title,
      ),
    ).toEqual(['Website', 'Shop', 'Logo']);
    expect((await listOpportunities(test.db, { ...base, sort: 'stage', direction: 'desc' })).rows[0]?.title).toBe(
      'Logo',
    );
    expect(
      (await listOpportunities(test.db, { ...base, sort: 'title', direction: 'asc', limit: 1, offset: 1 })).rows[0]
        ?.title,
    ).toBe('Shop');
    expect(
      (await listClientOpportunities(test.db, { businessId: f.businessId, clientId: oak.id })).map((row) => row.title),
    ).toEqual(['Logo']);
  });
});
