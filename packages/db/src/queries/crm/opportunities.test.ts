import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyStageMove, type StageType, weightedAmountCents } from '@ledgerleaf/domain';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { listStages } from './stages';
import {
  deleteOpportunity,
  findOpportunity,
  findOpportunityRow,
  findOpportunityTitles,
  listStageChanges,
  lockOpportunity,
  moveOpportunity,
  rebalanceColumn,
  updateOpportunity,
} from './opportunities';
import { boardColumnTotals, listBoardCards, listOpportunities } from './opportunity-lists';
import { linkOpportunityDocument } from './opportunity-documents';
import { crmFixture, type CrmFixture } from './test-fixtures';

const now = new Date('2026-03-11T15:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

/** Every column's figures added up from the rows themselves, to compare with the trigger-kept totals. */
async function recomputedTotals(f: CrmFixture) {
  const rows = await test.db
    .selectFrom('crm_opportunities')
    .select(['stage_id', 'amount_cents', 'probability'])
    .where('business_id', '=', f.businessId)
    .execute();
  const totals = new Map<number, { count: number; amount_cents: number; weighted_cents: number }>();
  for (const row of rows) {
    const entry = totals.get(row.stage_id) ?? { count: 0, amount_cents: 0, weighted_cents: 0 };
    entry.count += 1;
    entry.amount_cents += Number(row.amount_cents);
    entry.weighted_cents += weightedAmountCents(Number(row.amount_cents), row.probability);
    totals.set(row.stage_id, entry);
  }
  return totals;
}

async function column(f: CrmFixture, stageName: string) {
  const { cards } = await listBoardCards(test.db, {
    businessId: f.businessId,
    stageId: f.stage(stageName).id,
    limit: 100,
  });
  return cards.map((card) => card.title);
}

/** The move the service makes: the domain's rules, then the query. */
async function move(
  f: CrmFixture,
  opportunityId: number,
  stageName: string,
  neighbours: { previousId?: number | null; nextId?: number | null } = {},
  lostReasonId?: number,
) {
  const current = await findOpportunity(test.db, { businessId: f.businessId, opportunityId });
  if (!current) throw new Error('missing');
  const target = f.stage(stageName);
  const state = applyStageMove(
    { ...current, stage_type: current.stage_type as StageType },
    { id: target.id, type: target.type as StageType, probability: target.probability },
    { now, lostReasonId },
  );
  if (!state.ok) throw new Error(state.message);
  return moveOpportunity(test.db, {
    businessId: f.businessId,
    opportunityId,
    stageId: target.id,
    previousId: neighbours.previousId ?? null,
    nextId: neighbours.nextId ?? null,
    state: {
      probability: state.probability,
      closed_at: state.closed_at,
      lost_reason_id: state.lost_reason_id,
      lost_note: null,
    },
    userId: f.member.id,
    now,
  });
}

describe('the board', () => {
  it('new cards go to the top; a move writes one row between its neighbours and records the stage change', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const a = await f.addOpportunity({ title: 'A', client_id: client.id });
    const b = await f.addOpportunity({ title: 'B', client_id: client.id });
    const c = await f.addOpportunity({ title: 'C', client_id: client.id });
    expect(await column(f, 'New')).toEqual(['C', 'B', 'A']);
    // A between C and B, in the same column.
    expect(await move(f, a.id, 'New', { previousId: c.id, nextId: b.id })).toMatchObject({ status: 'moved' });
    expect(await column(f, 'New')).toEqual(['C', 'A', 'B']);
    // Only the moved row changed.
    const before = await test.db.selectFrom('crm_opportunities').select(['id', 'updated_at', 'position']).execute();
    const later = new Date(now.getTime() + 1000);
    await moveOpportunity(test.db, {
      businessId: f.businessId,
      opportunityId: b.id,
      stageId: f.stage('Qualified').id,
      previousId: null,
      nextId: null,
      state: { probability: 25, closed_at: null, lost_reason_id: null, lost_note: null },
      userId: f.member.id,
      now: later,
    });
    const after = await test.db.selectFrom('crm_opportunities').select(['id', 'updated_at', 'position']).execute();
    const changed = after.filter((row) => {
      const old = before.find((item) => item.id === row.id);
      return old?.updated_at !== row.updated_at || old?.position !== row.position;
    });
    expect(changed.map((row) => row.id)).toEqual([b.id]);
    expect(await column(f, 'Qualified')).toEqual(['B']);
    const history = await listStageChanges(test.db, { businessId: f.businessId, opportunityId: b.id });
    expect(history.map((change) => [change.from_stage_name, change.to_stage_name, change.user_name])).toEqual([
      [null, 'New', 'Acme Owner'],
      ['New', 'Qualified', 'Acme Member'],
    ]);
    expect(await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: b.id })).toMatchObject({
      stage_entered_at: later.toISOString(),
      probability: 25,
    });
    // A reorder within a column keeps the stage entry time and writes no history.
    await move(f, c.id, 'New', { previousId: a.id });
    expect(await column(f, 'New')).toEqual(['A', 'C']);
    expect(await listStageChanges(test.db, { businessId: f.businessId, opportunityId: c.id })).toHaveLength(1);
  });

  it('won, lost and reopen through moves; neighbours must be cards of the target column', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const a = await f.addOpportunity({ title: 'A', client_id: client.id });
    const b = await f.addOpportunity({ title: 'B', client_id: client.id, stage_id: f.stage('Proposal').id });
    await move(f, a.id, 'Won');
    expect(await findOpportunity(test.db, { businessId: f.businessId, opportunityId: a.id })).toMatchObject({
      stage_type: 'won',
      probability: 100,
      closed_at: now.toISOString(),
    });
    await expect(move(f, a.id, 'Lost')).rejects.toThrow('Please choose why the opportunity was lost');
    await move(f, a.id, 'Lost', {}, f.reasons[0]?.id);
    expect(await findOpportunity(test.db, { businessId: f.businessId, opportunityId: a.id })).toMatchObject({
      stage_type: 'lost',
      probability: 0,
      lost_reason_id: f.reasons[0]?.id,
      lost_reason_name: f.reasons[0]?.name,
    });
    await move(f, a.id, 'Negotiation');
    expect(await findOpportunity(test.db, { businessId: f.businessId, opportunityId: a.id })).toMatchObject({
      probability: 75,
      closed_at: null,
      lost_reason_id: null,
    });
    // B is in Proposal, not in Qualified: refused, nothing moved.
    expect(await move(f, a.id, 'Qualified', { previousId: b.id })).toEqual({ status: 'neighbour' });
    expect(await move(f, a.id, 'Qualified', { previousId: a.id })).toEqual({ status: 'neighbour' });
    expect((await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: a.id }))?.stage_id).toBe(
      f.stage('Negotiation').id,
    );
  });

  it('renumbers a column when repeated drops exhaust the gap, keeping the order', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const low = await f.addOpportunity({ title: 'low', client_id: client.id });
    const high = await f.addOpportunity({ title: 'high', client_id: client.id });
    // Column: high, low. Keep dropping a new card right below `high`: the gap halves each time.
    const titles = ['high', 'low'];
    let above = high.id;
    for (let index = 0; index < 70; index += 1) {
      const card = await f.addOpportunity({
        title: `m${index}`,
        client_id: client.id,
        stage_id: f.stage('Qualified').id,
      });
      const result = await move(f, card.id, 'New', { previousId: above, nextId: low.id });
      expect(result.status).toBe('moved');
      titles.splice(titles.length - 1, 0, `m${index}`);
      above = card.id;
    }
    expect(await column(f, 'New')).toEqual(titles);
    const positions = (
      await test.db
        .selectFrom('crm_opportunities')
        .select('position')
        .where('stage_id', '=', f.stage('New').id)
        .orderBy('position')
        .execute()
    ).map((row) => Number(row.position));
    expect(new Set(positions).size).toBe(positions.length);
    expect(await rebalanceColumn(test.db, { businessId: f.businessId, stageId: f.stage('New').id })).toBe(72);
    expect(await column(f, 'New')).toEqual(titles);
  });

  it('pages a column by cursor, and its totals are the sum of its cards', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Maple Client');
    const ids: number[] = [];
    for (let index = 0; index < 45; index += 1)
      ids.unshift(
        (
          await f.addOpportunity({
            title: `Deal ${index}`,
            client_id: client.id,
            amount_cents: 1000 + index * 333,
            probability: (index * 7) % 101,
            owner_user_id: index % 3 === 0 ? f.member.id : f.owner.id,
          })
        ).id,
      );
    const stageId = f.stage('New').id;
    const seen: number[] = [];
    let after: { position: number; id: number } | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listBoardCards>> = await listBoardCards(test.db, {
        businessId: f.businessId,
        stageId,
        after,
        limit: 20,
      });
      seen.push(...page.cards.map((card) => card.id));
      expect(page.cards.every((card) => card.client_name === 'Maple Client' && card.owner_name !== null)).toBe(true);
      after = page.next;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    const totals = await boardColumnTotals(test.db, { businessId: f.businessId });
    expect(totals.get(stageId)).toEqual((await recomputedTotals(f)).get(stageId));
    // Filters apply to the cards and the figures.
    const mine = await boardColumnTotals(test.db, { businessId: f.businessId, ownerId: f.member.id });
    expect(mine.get(stageId)?.count).toBe(15);
    const page = await listBoardCards(test.db, { businessId: f.businessId, stageId, ownerId: f.member.id, limit: 100 });
    expect(page.cards).toHaveLength(15);
    expect((await boardColumnTotals(test.db, { businessId: f.businessId, search: 'maple' })).get(stageId)?.count).toBe(
      45,
    );
    expect((await boardColumnTotals(test.db, { businessId: f.businessId, search: 'deal 4' })).get(stageId)?.count).toBe(
      6,
    );
  });

  it('the trigger-kept column totals follow every insert, edit, move and delete', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const made = [];
    for (let index = 0; index < 12; index += 1)
      made.push(await f.addOpportunity({ client_id: client.id, amount_cents: 12_345 * (index + 1), probability: 33 }));
    const check = async () => {
      const kept = await boardColumnTotals(test.db, { businessId: f.businessId });
      const recomputed = await recomputedTotals(f);
      for (const stage of f.stages)
        expect(kept.get(stage.id) ?? { count: 0, amount_cents: 0, weighted_cents: 0 }, stage.name).toEqual(
          recomputed.get(stage.id) ?? { count: 0, amount_cents: 0, weighted_cents: 0 },
        );
    };
    await check();
    await move(f, made[0]?.id ?? 0, 'Won');
    await move(f, made[1]?.id ?? 0, 'Lost', {}, f.reasons[0]?.id);
    await move(f, made[2]?.id ?? 0, 'Proposal');
    await check();
    const row = await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: made[3]?.id ?? 0 });
    if (!row) throw new Error('missing');
    await updateOpportunity(test.db, {
      businessId: f.businessId,
      opportunityId: row.id,
      fields: { ...row, amount_cents: 999_999, probability: 90, stage_id: f.stage('Negotiation').id },
      userId: f.owner.id,
      now,
    });
    await check();
    await deleteOpportunity(test.db, { businessId: f.businessId, opportunityId: made[4]?.id ?? 0 });
    await check();
    const stages = await listStages(test.db, { businessId: f.businessId });
    expect(stages.find((stage) => stage.name === 'Won')).toMatchObject({
      opportunity_count: 1,
      amount_cents: 12_345,
      weighted_cents: 12_345,
    });
  });

  it('opposite moves at the same time all land, and the totals stay exact', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const left = [];
    const right = [];
    for (let index = 0; index < 12; index += 1) {
      left.push(await f.addOpportunity({ client_id: client.id, amount_cents: 1000 + index }));
      right.push(
        await f.addOpportunity({ client_id: client.id, amount_cents: 2000 + index, stage_id: f.stage('Qualified').id }),
      );
    }
    const moveTo = (id: number, stageName: string) =>
      moveOpportunity(test.db, {
        businessId: f.businessId,
        opportunityId: id,
        stageId: f.stage(stageName).id,
        previousId: null,
        nextId: null,
        state: { probability: f.stage(stageName).probability, closed_at: null, lost_reason_id: null, lost_note: null },
        userId: null,
        now,
      });
    const results = await Promise.all([
      ...left.map((card) => moveTo(card.id, 'Qualified')),
      ...right.map((card) => moveTo(card.id, 'New')),
    ]);
    expect(results.every((result) => result.status === 'moved')).toBe(true);
    const kept = await boardColumnTotals(test.db, { businessId: f.businessId });
    const recomputed = await recomputedTotals(f);
    expect(kept.get(f.stage('New').id)).toEqual(recomputed.get(f.stage('New').id));
    expect(kept.get(f.stage('Qualified').id)).toEqual(recomputed.get(f.stage('Qualified').id));
    expect(kept.get(f.stage('New').id)?.count).toBe(12);
  });

  it('an edit that changes the stage records it and puts the card on top of its new column', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const first = await f.addOpportunity({
      title: 'Already there',
      client_id: client.id,
      stage_id: f.stage('Proposal').id,
    });
    const moving = await f.addOpportunity({ title: 'Moving', client_id: client.id });
    const row = await lockOpportunity(test.db, { businessId: f.businessId, opportunityId: moving.id });
    if (!row) throw new Error('missing');
    const later = new Date(now.getTime() + 5000);
    await updateOpportunity(test.db, {
      businessId: f.businessId,
      opportunityId: moving.id,
      fields: { ...row, title: 'Moved', stage_id: f.stage('Proposal').id, probability: 50 },
      userId: f.member.id,
      now: later,
    });
    expect(await column(f, 'Proposal')).toEqual(['Moved', 'Already there']);
    expect(await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: moving.id })).toMatchObject({
      stage_entered_at: later.toISOString(),
      search_text: 'moved',
    });
    expect(
      (await listStageChanges(test.db, { businessId: f.businessId, opportunityId: moving.id })).map(
        (c) => c.to_stage_name,
      ),
    ).toEqual(['New', 'Proposal']);
    expect(first.id).toBeGreaterThan(0);
  });
});

describe('isolation', () => {
  it("another business's opportunity, stage, neighbour and document ids find and change nothing", async () => {
    const a = await crmFixture(test.db, 'Acme', now);
    const b = await crmFixture(test.db, 'Beta', now);
    const aClient = await a.addClient('A client');
    const bClient = await b.addClient('B client');
    const mine = await a.addOpportunity({ title: 'Mine', client_id: aClient.id });
    const theirs = await b.addOpportunity({ title: 'Theirs', client_id: bClient.id });
    const theirInvoice = await b.addInvoice(bClient.id, 100, { status: 'sent' });
    expect(await findOpportunity(test.db, { businessId: a.businessId, opportunityId: theirs.id })).toBeUndefined();
    expect(await deleteOpportunity(test.db, { businessId: a.businessId, opportunityId: theirs.id })).toBe(false);
    expect(
      await moveOpportunity(test.db, {
        businessId: a.businessId,
        opportunityId: theirs.id,
        stageId: a.stage('Won').id,
        previousId: null,
        nextId: null,
        state: { probability: 100, closed_at: now.toISOString(), lost_reason_id: null, lost_note: null },
        userId: null,
        now,
      }),
    ).toEqual({ status: 'not_found' });
    expect(
      await moveOpportunity(test.db, {
        businessId: a.businessId,
        opportunityId: mine.id,
        stageId: a.stage('New').id,
        previousId: theirs.id,
        nextId: null,
        state: { probability: 10, closed_at: null, lost_reason_id: null, lost_note: null },
        userId: null,
        now,
      }),
    ).toEqual({ status: 'neighbour' });
    expect(
      await linkOpportunityDocument(test.db, {
        businessId: a.businessId,
        opportunityId: mine.id,
        kind: 'invoice',
        documentId: theirInvoice.id,
        now,
      }),
    ).toBe(false);
    expect(
      await linkOpportunityDocument(test.db, {
        businessId: a.businessId,
        opportunityId: theirs.id,
        kind: 'invoice',
        documentId: theirInvoice.id,
        now,
      }),
    ).toBe(false);
    expect(
      (await listBoardCards(test.db, { businessId: a.businessId, stageId: b.stage('New').id, limit: 10 })).cards,
    ).toEqual([]);
    expect(await listStageChanges(test.db, { businessId: a.businessId, opportunityId: theirs.id })).toEqual([]);
    expect(await findOpportunityTitles(test.db, { businessId: a.businessId, ids: [theirs.id, mine.id] })).toEqual(
      new Map([[mine.id, 'Mine']]),
    );
    expect(
      (
        await listOpportunities(test.db, {
          businessId: a.businessId,
          sort: 'title',
          direction: 'asc',
          limit: 10,
          offset: 0,
        })
      ).total,
    ).toBe(1);
    expect(await findOpportunityRow(test.db, { businessId: b.businessId, opportunityId: theirs.id })).toMatchObject({
      stage_id: b.stage('New').id,
      title: 'Theirs',
    });
  });
});
