import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_MESSAGES, OTHER_INCOME_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { allocate, createGoal, income, issuedInvoice, owner, pay, type Owner } from './goals.test-helpers';

let t: TestApp;
let alice: Owner;
let bob: Owner;

beforeAll(async () => {
  t = await createTestApp();
  alice = await owner(t, 'alice@example.com');
  bob = await owner(t, 'bob@example.com');
});
afterAll(async () => {
  await t.close();
});

/** Every goals-area row of the database, to prove a refused request changed nothing. */
async function snapshot() {
  const db = t.database.db;
  return {
    goals: await db.selectFrom('goals').selectAll().orderBy('id').execute(),
    income: await db.selectFrom('other_income').selectAll().orderBy('id').execute(),
    allocations: await db.selectFrom('goal_allocations').selectAll().orderBy('id').execute(),
    badges: await db.selectFrom('goal_badges').selectAll().orderBy('id').execute(),
  };
}

describe('isolation between businesses', () => {
  it("another business's ids answer 404 on every route and change nothing", async () => {
    const aliceGoal = await createGoal(t, alice, { title: 'Alice goal', target_amount: 1000 });
    const invoice = await issuedInvoice(t, alice, 200);
    const paymentId = await pay(t, alice, invoice.id, 200);
    const recorded = (
      await t.post(
        '/api/other-income/multiple-goals',
        income({ amount: 50, goal_allocations: [{ goal_id: aliceGoal.id, amount: 50 }] }),
        { token: alice.token },
      )
    ).json().data;
    await allocate(t, alice, {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 200,
      allocations: [{ goal_id: aliceGoal.id, amount: 100 }],
    });

    const before = await snapshot();
    const token = bob.token;
    const goalBody = { title: 'Hijack', target_amount: 1, target_date: '2030-01-01' };
    const responses = [
      await t.get(`/api/goals/${aliceGoal.id}`, { token }),
      await t.put(`/api/goals/${aliceGoal.id}`, goalBody, { token }),
      await t.delete(`/api/goals/${aliceGoal.id}`, { token }),
      await t.post(`/api/goals/${aliceGoal.id}/pause`, undefined, { token }),
      await t.post(`/api/goals/${aliceGoal.id}/resume`, undefined, { token }),
      await t.post(`/api/goals/${aliceGoal.id}/complete`, undefined, { token }),
      await t.post(`/api/goals/${aliceGoal.id}/cancel`, undefined, { token }),
      await t.get(`/api/goals/${aliceGoal.id}/contributions`, { token }),
      await t.get(`/api/other-income/${recorded.id}`, { token }),
      await t.put(`/api/other-income/${recorded.id}`, income({ amount: 1 }), { token }),
      await t.delete(`/api/other-income/${recorded.id}`, { token }),
      await allocate(t, bob, {
        invoice_id: invoice.id,
        payment_id: paymentId,
        payment_amount: 200,
        allocations: [{ goal_id: aliceGoal.id, amount: 1 }],
      }),
    ];
    for (const response of responses)
      expect(response.statusCode, `${response.raw.req.method} ${response.raw.req.url} ${response.body}`).toBe(404);

    // Bob's own invoice with Alice's payment id: 404; Alice's goal in Bob's bodies: 422 (not allocatable for him)
    const bobInvoice = await issuedInvoice(t, bob, 30);
    const bobPayment = await pay(t, bob, bobInvoice.id, 30);
    const foreignPayment = await allocate(t, bob, {
      invoice_id: bobInvoice.id,
      payment_id: paymentId,
      payment_amount: 200,
      allocations: [{ goal_id: aliceGoal.id, amount: 1 }],
    });
    expect(foreignPayment.statusCode).toBe(404);
    const foreignGoal = await allocate(t, bob, {
      invoice_id: bobInvoice.id,
      payment_id: bobPayment,
      payment_amount: 30,
      allocations: [{ goal_id: aliceGoal.id, amount: 1 }],
    });
    expect(foreignGoal.statusCode).toBe(422);
    expect(foreignGoal.json().errors).toEqual({ 'allocations.0.goal_id': [ALLOCATION_MESSAGES.goalNotAllocatable] });
    const foreignIncome = await t.post(
      '/api/other-income/multiple-goals',
      income({ goal_allocations: [{ goal_id: aliceGoal.id, amount: 1 }] }),
      { token },
    );
    expect(foreignIncome.statusCode).toBe(422);
    expect(foreignIncome.json().errors).toEqual({
      'goal_allocations.0.goal_id': [OTHER_INCOME_MESSAGES.goalNotAllocatable],
    });

    const after = await snapshot();
    expect(after).toEqual(before);

    // Bob's lists show nothing of Alice's
    expect((await t.get('/api/goals', { token })).json().data).toEqual([]);
    expect((await t.get('/api/other-income', { token })).json().data).toEqual([]);
    const analytics = (await t.get('/api/goals/analytics', { token })).json().data;
    expect(analytics.counts.total).toBe(0);
    expect(analytics.contributions_by_source).toEqual([]);
    expect((await t.get('/api/goal-badges', { token })).json().meta.earned).toBe(0);
    expect((await t.get('/api/goal-badges', { token: alice.token })).json().meta.earned).toBeGreaterThan(0);
  });

  it('self-tracking goals count only their own business', async () => {
    const bobGoal = await createGoal(t, bob, { title: 'Bob revenue', type: 'revenue_collected', target_amount: 10000 });
    const before = bobGoal.current_amount as number;
    const invoice = await issuedInvoice(t, alice, 75);
    await pay(t, alice, invoice.id, 75);
    await t.post('/api/clients', { name: 'Alice new client', contacts: [] }, { token: alice.token });
    const after = (await t.get(`/api/goals/${bobGoal.id}`, { token: bob.token })).json().data;
    expect(after.current_amount).toBe(before);
  });
});
