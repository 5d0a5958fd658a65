import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_INCOME_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { count, createGoal, goal, income, owner, today, type Owner } from './goals.test-helpers';

let t: TestApp;
let me: Owner;

beforeAll(async () => {
  t = await createTestApp();
  me = await owner(t, 'income@example.com');
});
afterAll(async () => {
  await t.close();
});

const record = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.post('/api/other-income/multiple-goals', body, { token: me.token, headers });

describe('POST /api/other-income/multiple-goals', () => {
  it('stores the income and its allocations and raises the goals in one go', async () => {
    const a = await createGoal(t, me, { title: 'A', target_amount: 1000 });
    const b = await createGoal(t, me, { title: 'B', target_amount: 1000, current_amount: 100 });
    const response = await record(
      income({
        amount: 500,
        goal_allocations: [
          { goal_id: a.id, amount: 200.25 },
          { goal_id: b.id, amount: 99.75 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(OTHER_INCOME_MESSAGES.recorded);
    expect(body.data).toMatchObject({
      amount: 500,
      income_date: today(),
      source: 'Consulting',
      reference_number: 'REF-1',
      description: 'Side work',
      allocated_amount: 300,
      unallocated_amount: 200,
      goal_allocations: [
        { goal_id: a.id, goal_title: 'A', amount: 200.25 },
        { goal_id: b.id, goal_title: 'B', amount: 99.75 },
      ],
    });
    expect(body.goals.map((entry: { current_amount: number }) => entry.current_amount)).toEqual([200.25, 199.75]);
    expect((await goal(t, me, a.id)).current_amount).toBe(200.25);
    const notification = await t.database.db
      .selectFrom('notifications')
      .select('data')
      .where('type', '=', 'OtherIncome')
      .executeTakeFirst();
    expect(JSON.parse(notification!.data).message).toBe('$500.00 from Consulting was recorded.');
  });

  it('answers the modal’s messages field-keyed (422) and stores nothing', async () => {
    const target = await createGoal(t, me, { title: 'Validation', target_amount: 100 });
    const before = { income: await count(t, 'other_income'), allocations: await count(t, 'goal_allocations') };
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ amount: 0 }, { amount: [OTHER_INCOME_MESSAGES.amountInvalid] }],
      [{ amount: -5 }, { amount: [OTHER_INCOME_MESSAGES.amountInvalid] }],
      [{ amount: 'ten' }, { amount: [OTHER_INCOME_MESSAGES.amountInvalid] }],
      [{ amount: null }, { amount: [OTHER_INCOME_MESSAGES.amountInvalid] }],
      [{ income_date: '' }, { income_date: [OTHER_INCOME_MESSAGES.dateRequired] }],
      [{ source: '   ' }, { source: [OTHER_INCOME_MESSAGES.sourceRequired] }],
      [
        { amount: 100, goal_allocations: [{ goal_id: target.id, amount: 100.01 }] },
        { goal_allocations: [OTHER_INCOME_MESSAGES.allocationsExceed] },
      ],
      [
        { goal_allocations: [{ goal_id: target.id, amount: 0 }] },
        { goal_allocations: [OTHER_INCOME_MESSAGES.allocationsZero] },
      ],
      [
        { goal_allocations: [{ goal_id: 999999, amount: 5 }] },
        { 'goal_allocations.0.goal_id': [OTHER_INCOME_MESSAGES.goalNotAllocatable] },
      ],
    ];
    for (const [override, errors] of cases) {
      const response = await record(income(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(422);
      expect(response.json().errors, JSON.stringify(override)).toEqual(errors);
      expect(response.json().message).toBe(Object.values(errors)[0]![0]);
    }
    // paused and tracked goals are not allocatable
    const paused = await createGoal(t, me, { title: 'Paused', status: 'paused' });
    const tracked = await createGoal(t, me, { title: 'Tracked', type: 'revenue_collected' });
    const refused = await record(
      income({
        goal_allocations: [
          { goal_id: paused.id, amount: 1 },
          { goal_id: tracked.id, amount: 1 },
        ],
      }),
    );
    expect(refused.json().errors).toEqual({
      'goal_allocations.0.goal_id': [OTHER_INCOME_MESSAGES.goalNotAllocatable],
      'goal_allocations.1.goal_id': [OTHER_INCOME_MESSAGES.goalNotAllocatable],
    });
    expect({ income: await count(t, 'other_income'), allocations: await count(t, 'goal_allocations') }).toEqual(before);
    expect((await goal(t, me, target.id)).current_amount).toBe(0);
  });

  it('honours an Idempotency-Key: a retry replays, nothing is stored twice', async () => {
    const target = await createGoal(t, me, { title: 'Idempotent', target_amount: 1000 });
    const body = income({ amount: 40, goal_allocations: [{ goal_id: target.id, amount: 40 }] });
    const first = await record(body, { 'idempotency-key': 'income-1' });
    const again = await record(body, { 'idempotency-key': 'income-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await goal(t, me, target.id)).current_amount).toBe(40);
    const reused = await record({ ...body, amount: 41 }, { 'idempotency-key': 'income-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors['Idempotency-Key']).toBeDefined();
  });
});

describe('other income list, edit and delete', () => {
  it('lists with pages and a summary, edits (re-validated, allocations replaced) and deletes (allocations reversed)', async () => {
    const fresh = await owner(t, 'income-list@example.com');
    const a = await createGoal(t, fresh, { title: 'A', target_amount: 1000 });
    const b = await createGoal(t, fresh, { title: 'B', target_amount: 1000 });
    const post = (body: Record<string, unknown>) =>
      t.post('/api/other-income/multiple-goals', income(body), { token: fresh.token });
    const first = (
      await post({
        amount: 100,
        source: 'Grant',
        income_date: '2026-01-05',
        goal_allocations: [{ goal_id: a.id, amount: 100 }],
      })
    ).json().data;
    await post({ amount: 50, source: 'Interest', income_date: '2026-02-01' });
    await post({ amount: 25, source: 'Refund', income_date: '2026-03-01' });
    const list = (await t.get('/api/other-income?per_page=2', { token: fresh.token })).json();
    expect(list.data.map((row: { source: string }) => row.source)).toEqual(['Refund', 'Interest']);
    expect(list.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(list.summary).toEqual({ count: 3, total: 175 });
    const searched = (
      await t.get('/api/other-income?search=gra&date_from=2026-01-01&date_to=2026-01-31', { token: fresh.token })
    ).json();
    expect(searched.data).toHaveLength(1);
    expect(searched.data[0].goal_allocations).toEqual([{ goal_id: a.id, goal_title: 'A', amount: 100 }]);
    expect(
      (await t.get('/api/other-income?date_from=2026-02-01&date_to=2026-01-01', { token: fresh.token })).statusCode,
    ).toBe(422);

    const edited = await t.put(
      `/api/other-income/${first.id}`,
      income({
        amount: 120,
        source: 'Grant',
        income_date: '2026-01-05',
        goal_allocations: [{ goal_id: b.id, amount: 70 }],
      }),
      { token: fresh.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      amount: 120,
      allocated_amount: 70,
      goal_allocations: [{ goal_id: b.id, amount: 70 }],
    });
    expect((await goal(t, fresh, a.id)).current_amount).toBe(0);
    expect((await goal(t, fresh, b.id)).current_amount).toBe(70);
    const invalid = await t.put(
      `/api/other-income/${first.id}`,
      income({ amount: 10, goal_allocations: [{ goal_id: b.id, amount: 70 }] }),
      { token: fresh.token },
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ goal_allocations: [OTHER_INCOME_MESSAGES.allocationsExceed] });
    expect((await goal(t, fresh, b.id)).current_amount).toBe(70);

    const removed = await t.delete(`/api/other-income/${first.id}`, { token: fresh.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().goals).toEqual([expect.objectContaining({ id: b.id, current_amount: 0 })]);
    expect((await t.get(`/api/other-income/${first.id}`, { token: fresh.token })).statusCode).toBe(404);
    expect((await t.delete(`/api/other-income/${first.id}`, { token: fresh.token })).statusCode).toBe(404);
  });

  it('an edit may keep an allocation to a goal the income completed', async () => {
    const fresh = await owner(t, 'income-complete@example.com');
    const target = await createGoal(t, fresh, { title: 'Small', target_amount: 50 });
    const recorded = (
      await t.post(
        '/api/other-income/multiple-goals',
        income({ amount: 50, goal_allocations: [{ goal_id: target.id, amount: 50 }] }),
        { token: fresh.token },
      )
    ).json();
    expect(recorded.goals[0].status).toBe('completed');
    const edited = await t.put(
      `/api/other-income/${recorded.data.id}`,
      income({ amount: 50, description: 'typo fixed', goal_allocations: [{ goal_id: target.id, amount: 50 }] }),
      { token: fresh.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().goals[0]).toMatchObject({ current_amount: 50, status: 'completed' });
  });
});
