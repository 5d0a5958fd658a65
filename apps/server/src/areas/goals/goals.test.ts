import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { count, createGoal, goal, inDays, issuedInvoice, owner, pay, today, type Owner } from './goals.test-helpers';

let t: TestApp;
let me: Owner;

beforeAll(async () => {
  t = await createTestApp();
  me = await owner(t, 'goals@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('goals CRUD', () => {
  it('creates a goal with derived progress, remaining amount and pace', async () => {
    const response = await t.post(
      '/api/goals',
      {
        title: '  New van ',
        description: 'Delivery van',
        target_amount: 20000,
        current_amount: 5000,
        start_date: today(),
        target_date: inDays(365),
        category: 'Equipment',
        color: '#12AB34',
      },
      { token: me.token },
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(GOAL_MESSAGES.created);
    expect(body.data).toMatchObject({
      title: 'New van',
      type: 'financial',
      unit: 'money',
      tracks_automatically: false,
      target_amount: 20000,
      current_amount: 5000,
      progress: 25,
      remaining_amount: 15000,
      status: 'active',
      is_active: true,
      category: 'Equipment',
      color: '#12ab34',
      completed_at: null,
    });
    expect(body.data.pace.days_left).toBe(365);
    expect(body.data.pace.required_per_month).toBeCloseTo((15000 / 365) * 30.4375, 1);
    expect((await goal(t, me, body.data.id)).title).toBe('New van');
  });

  it('start date defaults to today; bad input answers 422 field-keyed and stores nothing', async () => {
    const created = await createGoal(t, me, { title: 'Default start' });
    expect(created.start_date).toBe(today());
    const before = await count(t, 'goals');
    const bad = await t.post(
      '/api/goals',
      { title: '', target_amount: 0, target_date: 'soon', type: 'savings', color: 'blue' },
      { token: me.token },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      title: [GOAL_MESSAGES.titleRequired],
      target_amount: [GOAL_MESSAGES.targetRequired],
      target_date: ['Please enter a valid date (YYYY-MM-DD)'],
      type: [GOAL_MESSAGES.typeInvalid],
      color: [GOAL_MESSAGES.colorInvalid],
    });
    const early = await t.post(
      '/api/goals',
      { title: 'x', target_amount: 10, target_date: '2000-01-01' },
      { token: me.token },
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.target_date).toEqual([GOAL_MESSAGES.targetDateBeforeStart]);
    const completed = await t.post(
      '/api/goals',
      { title: 'x', target_amount: 10, target_date: inDays(3), status: 'completed' },
      { token: me.token },
    );
    expect(completed.statusCode).toBe(422);
    expect(completed.json().errors.status).toEqual([GOAL_MESSAGES.statusInvalid]);
    expect(await count(t, 'goals')).toBe(before);
  });

  it('edits a goal; the type cannot change; a completed goal whose target is raised opens again', async () => {
    const created = await createGoal(t, me, { title: 'Laptop', target_amount: 2000 });
    const updated = await t.put(
      `/api/goals/${created.id}`,
      { title: 'Laptop Pro', target_amount: 2500, current_amount: 500, target_date: inDays(90), status: 'in_progress' },
      { token: me.token },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Laptop Pro',
      target_amount: 2500,
      current_amount: 500,
      progress: 20,
      status: 'in_progress',
    });
    const typeChange = await t.put(
      `/api/goals/${created.id}`,
      { title: 'Laptop', type: 'new_clients', target_amount: 3, target_date: inDays(90) },
      { token: me.token },
    );
    expect(typeChange.statusCode).toBe(422);
    expect(typeChange.json().errors.type).toEqual([GOAL_MESSAGES.typeLocked]);
    // reaching the target completes it
    const reached = await t.put(
      `/api/goals/${created.id}`,
      { title: 'Laptop Pro', target_amount: 2500, current_amount: 2500, target_date: inDays(90) },
      { token: me.token },
    );
    expect(reached.json().data).toMatchObject({ status: 'completed', progress: 100 });
    expect(reached.json().data.completed_at).not.toBeNull();
    const raised = await t.put(
      `/api/goals/${created.id}`,
      { title: 'Laptop Pro', target_amount: 3000, target_date: inDays(90) },
      { token: me.token },
    );
    expect(raised.json().data).toMatchObject({ status: 'active', current_amount: 2500, completed_at: null });
    expect(Math.round(raised.json().data.progress * 100) / 100).toBeCloseTo(83.33, 2);
    // A cent short of the target reads 99.99 %, never 100 %.
    const almost = await t.put(
      `/api/goals/${created.id}`,
      { title: 'Laptop Pro', target_amount: 3000, current_amount: 2999.99, target_date: inDays(90) },
      { token: me.token },
    );
    expect(almost.json().data).toMatchObject({ status: 'active', progress: 99.99 });
  });

  it('pause, resume, complete, cancel follow the allowed transitions (409 otherwise)', async () => {
    const created = await createGoal(t, me, { title: 'Transitions' });
    const post = (action: string) => t.post(`/api/goals/${created.id}/${action}`, undefined, { token: me.token });
    expect((await post('resume')).statusCode).toBe(409);
    const paused = await post('pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      data: { status: 'paused', is_active: false },
      message: GOAL_MESSAGES.paused,
    });
    const again = await post('pause');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A paused goal cannot be paused.');
    expect((await post('resume')).json().data.status).toBe('active');
    const completed = await post('complete');
    expect(completed.json().data.status).toBe('completed');
    expect((await post('complete')).statusCode).toBe(409);
    expect((await post('cancel')).statusCode).toBe(409);
    const other = await createGoal(t, me, { title: 'To cancel' });
    expect((await t.post(`/api/goals/${other.id}/cancel`, undefined, { token: me.token })).json().data.status).toBe(
      'cancelled',
    );
    expect((await t.post(`/api/goals/${other.id}/resume`, undefined, { token: me.token })).json().data.status).toBe(
      'active',
    );
    expect((await t.post(`/api/goals/${other.id}/unknown`, undefined, { token: me.token })).statusCode).toBe(404);
  });

  it('deletes a goal (its invoices are unlinked); unknown ids answer 404', async () => {
    const created = await createGoal(t, me, { title: 'To delete' });
    const linked = await issuedInvoice(t, me, 10, { goal_id: created.id });
    expect((await t.get(`/api/invoices/${linked.id}`, { token: me.token })).json().data.goal_id).toBe(created.id);
    const removed = await t.delete(`/api/goals/${created.id}`, { token: me.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(GOAL_MESSAGES.deleted);
    expect((await t.get(`/api/goals/${created.id}`, { token: me.token })).statusCode).toBe(404);
    expect((await t.delete(`/api/goals/${created.id}`, { token: me.token })).statusCode).toBe(404);
    expect((await t.get(`/api/invoices/${linked.id}`, { token: me.token })).json().data.goal_id).toBeNull();
    expect((await t.get('/api/goals/abc', { token: me.token })).statusCode).toBe(404);
    expect((await t.get('/api/goals', {})).statusCode).toBe(401);
  });
});

describe('goal list', () => {
  it('filters by status (active = active or in_progress) and type, searches, sorts and pages', async () => {
    const fresh = await owner(t, 'list@example.com');
    const a = await createGoal(t, fresh, { title: 'Alpha', target_amount: 100, current_amount: 10 });
    const b = await createGoal(t, fresh, {
      title: 'Bravo',
      target_amount: 100,
      current_amount: 50,
      status: 'in_progress',
      category: 'Savings',
    });
    const c = await createGoal(t, fresh, { title: 'Charlie', target_amount: 100, status: 'paused' });
    const d = await createGoal(t, fresh, { title: 'Delta clients', type: 'new_clients', target_amount: 5 });
    const list = async (query: string) => {
      const response = await t.get(`/api/goals?${query}`, { token: fresh.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const active = await list('type=financial&status=active');
    expect(active.data.map((goal: { id: number }) => goal.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list('status=paused')).data.map((goal: { id: number }) => goal.id)).toEqual([c.id]);
    expect((await list('type=new_clients')).data.map((goal: { id: number }) => goal.id)).toEqual([d.id]);
    expect((await list('search=savings')).data.map((goal: { id: number }) => goal.id)).toEqual([b.id]);
    expect(
      (await list('sort=progress&direction=desc&type=financial')).data.map((goal: { title: string }) => goal.title),
    ).toEqual(['Bravo', 'Alpha', 'Charlie']);
    const page = await list('sort=title&direction=asc&per_page=2&page=2');
    expect(page.data.map((goal: { title: string }) => goal.title)).toEqual(['Charlie', 'Delta clients']);
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 4, last_page: 2 });
    const bad = await t.get('/api/goals?status=done', { token: fresh.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([GOAL_MESSAGES.statusFilterInvalid]);
  });
});

describe('self-tracking goals', () => {
  it('revenue collected, amount invoiced and new clients recompute when the data changes', async () => {
    const fresh = await owner(t, 'tracked@example.com');
    const revenue = await createGoal(t, fresh, {
      title: 'Collect 300',
      type: 'revenue_collected',
      target_amount: 300,
      start_date: today(),
      target_date: inDays(30),
    });
    const invoiced = await createGoal(t, fresh, {
      title: 'Invoice 1000',
      type: 'amount_invoiced',
      target_amount: 1000,
      start_date: today(),
      target_date: inDays(30),
    });
    const clients = await createGoal(t, fresh, {
      title: 'Two new clients',
      type: 'new_clients',
      target_amount: 2,
      start_date: today(),
      target_date: inDays(30),
    });
    // the client made by owner() today already counts
    expect(clients).toMatchObject({ current_amount: 1, unit: 'count', progress: 50 });
    const invoice = await issuedInvoice(t, fresh, 400);
    expect((await goal(t, fresh, invoiced.id)).current_amount).toBe(400);
    const paymentId = await pay(t, fresh, invoice.id, 250);
    expect((await goal(t, fresh, revenue.id)).current_amount).toBe(250);
    await t.post(
      '/api/other-income/multiple-goals',
      { amount: 60, income_date: today(), source: 'Grant', goal_allocations: [] },
      { token: fresh.token },
    );
    const completed = await goal(t, fresh, revenue.id);
    expect(completed).toMatchObject({ current_amount: 310, status: 'completed', progress: 100 });
    expect(
      (await t.delete(`/api/invoices/${invoice.id}/payments/${paymentId}`, { token: fresh.token })).statusCode,
    ).toBe(200);
    expect((await goal(t, fresh, revenue.id)).current_amount).toBe(60);
    await t.post('/api/invoices/' + invoice.id + '/void', {}, { token: fresh.token });
    expect((await goal(t, fresh, invoiced.id)).current_amount).toBe(0);
    await t.post('/api/clients', { name: 'Second client', contacts: [] }, { token: fresh.token });
    expect(await goal(t, fresh, clients.id)).toMatchObject({ current_amount: 2, status: 'completed' });
    // the contribution history of a tracked goal lists what it counts
    const history = (await t.get(`/api/goals/${clients.id}/contributions`, { token: fresh.token })).json();
    expect(history.data.map((entry: { source_type: string; label: string }) => entry.source_type)).toEqual([
      'client',
      'client',
    ]);
    expect(history.data.some((entry: { label: string }) => entry.label === 'New client Second client')).toBe(true);
    expect(history.meta.total).toBe(2);
    const revenueHistory = (await t.get(`/api/goals/${revenue.id}/contributions`, { token: fresh.token })).json();
    expect(revenueHistory.data).toEqual([
      expect.objectContaining({ source_type: 'other_income', label: 'Other income from Grant', amount: 60 }),
    ]);
  });
});

describe('completion, notifications and badges', () => {
  it('reaching a target completes the goal once, stores a Goal notification, awards badges exactly once', async () => {
    const fresh = await owner(t, 'badges@example.com');
    const businessId = Number(
      (
        await t.database.db
          .selectFrom('users')
          .select('business_id')
          .where('email', '=', 'badges@example.com')
          .executeTakeFirstOrThrow()
      ).business_id,
    );
    const before = await t.get('/api/goal-badges', { token: fresh.token });
    expect(before.statusCode).toBe(200);
    expect(before.json().meta).toEqual({ earned: 0, total: 12 });
    expect(before.json().data[0]).toMatchObject({
      code: 'first_goal_created',
      earned: false,
      earned_at: null,
      how_to_earn: 'Create your first goal.',
    });

    const target = await createGoal(t, fresh, { title: 'Fund', target_amount: 1000, target_date: inDays(10) });
    const afterCreate = (await t.get('/api/goal-badges', { token: fresh.token })).json();
    expect(
      afterCreate.data
        .filter((badge: { earned: boolean }) => badge.earned)
        .map((badge: { code: string }) => badge.code),
    ).toEqual(['first_goal_created']);

    const invoice = await issuedInvoice(t, fresh, 1200);
    const paymentId = await pay(t, fresh, invoice.id, 1200);
    const allocated = await t.post(
      '/api/invoice-payments/allocate-to-goals',
      {
        invoice_id: invoice.id,
        payment_id: paymentId,
        payment_amount: 1200,
        allocations: [{ goal_id: target.id, amount: 1000 }],
      },
      { token: fresh.token },
    );
    expect(allocated.statusCode, allocated.body).toBe(201);
    expect(allocated.json().goals[0]).toMatchObject({ id: target.id, status: 'completed', current_amount: 1000 });

    const badges = (await t.get('/api/goal-badges', { token: fresh.token })).json();
    const earned = badges.data
      .filter((badge: { earned: boolean }) => badge.earned)
      .map((badge: { code: string }) => badge.code);
    expect(earned).toEqual([
      'first_goal_created',
      'first_goal_achieved',
      'milestone_25',
      'milestone_50',
      'milestone_75',
      'milestone_100',
      'allocated_1000',
      'achieved_before_deadline',
    ]);
    expect(badges.data.find((badge: { code: string }) => badge.code === 'first_goal_achieved')).toMatchObject({
      goal_id: target.id,
      goal_title: 'Fund',
    });
    expect(badges.data.find((badge: { code: string }) => badge.code === 'goals_achieved_3')).toMatchObject({
      earned: false,
      earned_at: null,
    });

    const notifications = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('type', '=', 'Goal')
      .execute();
    const achieved = notifications.filter((row) => JSON.parse(row.data).event === 'goal.completed');
    expect(achieved).toHaveLength(1);
    expect(JSON.parse(achieved[0]!.data)).toMatchObject({
      title: GOAL_MESSAGES.achievedTitle,
      message: GOAL_MESSAGES.achievedMessage('Fund'),
      goal_id: target.id,
    });
    const events = await t.database.db
      .selectFrom('activity_log')
      .select('event')
      .where('business_id', '=', businessId)
      .where('event', '=', 'goal.completed')
      .execute();
    expect(events).toHaveLength(1);

    // more money and a second completion: no badge twice, the unique index holds
    const second = await createGoal(t, fresh, { title: 'Second', target_amount: 100 });
    await t.post(
      '/api/invoice-payments/allocate-to-goals',
      {
        invoice_id: invoice.id,
        payment_id: paymentId,
        payment_amount: 1200,
        allocations: [{ goal_id: second.id, amount: 100 }],
      },
      { token: fresh.token },
    );
    const codes = await t.database.db
      .selectFrom('goal_badges')
      .select('code')
      .where('business_id', '=', businessId)
      .execute();
    expect(codes.length).toBe(new Set(codes.map((row) => row.code)).size);
    expect(codes.filter((row) => row.code === 'first_goal_achieved')).toHaveLength(1);
    await expect(
      t.database.db
        .insertInto('goal_badges')
        .values({
          business_id: businessId,
          code: 'first_goal_created',
          goal_id: null,
          earned_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('badges under concurrency', () => {
  it('goals created at the same time award "first goal created" once, with one notification', async () => {
    const fresh = await owner(t, 'race-badges@example.com');
    const businessId = Number(
      (
        await t.database.db
          .selectFrom('users')
          .select('business_id')
          .where('email', '=', 'race-badges@example.com')
          .executeTakeFirstOrThrow()
      ).business_id,
    );
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        t.post(
          '/api/goals',
          { title: `Race ${index}`, target_amount: 100, target_date: inDays(30) },
          { token: fresh.token },
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const rows = await t.database.db
      .selectFrom('goal_badges')
      .select('code')
      .where('business_id', '=', businessId)
      .execute();
    expect(rows.map((row) => row.code)).toEqual(['first_goal_created']);
    const notifications = await t.database.db
      .selectFrom('notifications')
      .select('data')
      .where('business_id', '=', businessId)
      .where('type', '=', 'Goal')
      .execute();
    expect(notifications.filter((row) => JSON.parse(row.data).badge === 'first_goal_created')).toHaveLength(1);
  });
});

describe('contributions and analytics', () => {
  it('lists a financial goal’s history with its source and links, and the analytics series', async () => {
    const fresh = await owner(t, 'history@example.com');
    const target = await createGoal(t, fresh, {
      title: 'Reserve',
      target_amount: 5000,
      start_date: inDays(-30),
      target_date: inDays(30),
    });
    const invoice = await issuedInvoice(t, fresh, 300);
    const paymentId = await pay(t, fresh, invoice.id, 300);
    await t.post(
      '/api/invoice-payments/allocate-to-goals',
      {
        invoice_id: invoice.id,
        payment_id: paymentId,
        payment_amount: 300,
        allocations: [{ goal_id: target.id, amount: 120.5 }],
      },
      { token: fresh.token },
    );
    const recorded = await t.post(
      '/api/other-income/multiple-goals',
      { amount: 80, income_date: today(), source: 'Royalties', goal_allocations: [{ goal_id: target.id, amount: 80 }] },
      { token: fresh.token },
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    const history = (await t.get(`/api/goals/${target.id}/contributions`, { token: fresh.token })).json();
    expect(history.goal).toMatchObject({ id: target.id, current_amount: 200.5 });
    expect(history.meta.total).toBe(2);
    const payment = history.data.find((entry: { source_type: string }) => entry.source_type === 'payment');
    expect(payment).toMatchObject({
      label: `Payment on invoice ${invoice.invoice_number}`,
      amount: 120.5,
      invoice_id: invoice.id,
      invoice_number: invoice.invoice_number,
      payment_id: paymentId,
    });
    const other = history.data.find((entry: { source_type: string }) => entry.source_type === 'other_income');
    expect(other).toMatchObject({
      label: 'Other income from Royalties',
      amount: 80,
      other_income_id: recorded.json().data.id,
      other_income_source: 'Royalties',
    });

    const behind = await createGoal(t, fresh, {
      title: 'Late',
      target_amount: 1000,
      start_date: inDays(-100),
      target_date: inDays(1),
    });
    await createGoal(t, fresh, { title: 'Done', target_amount: 10, current_amount: 10 });
    const analytics = (await t.get('/api/goals/analytics', { token: fresh.token })).json().data;
    expect(analytics.counts).toMatchObject({ total: 3, achieved: 1, active: 2, behind_schedule: 2 });
    expect(analytics.status_breakdown).toEqual([
      { key: 'achieved', label: 'Achieved', count: 1 },
      { key: 'active', label: 'Active (on schedule)', count: 0 },
      { key: 'behind_schedule', label: 'Behind schedule', count: 2 },
    ]);
    expect(analytics.progress_over_time).toHaveLength(12);
    expect(analytics.progress_over_time[11]).toEqual({
      month: today().slice(0, 7),
      contributed: 200.5,
      cumulative: 200.5,
    });
    expect(analytics.contributions_by_source).toEqual([
      { source_type: 'payment', label: 'Invoice payments', amount: 120.5, count: 1 },
      { source_type: 'other_income', label: 'Royalties', amount: 80, count: 1 },
    ]);
    const series = analytics.goal_series.find((entry: { goal_id: number }) => entry.goal_id === target.id);
    expect(series.points[11]).toMatchObject({ month: today().slice(0, 7), amount: 200.5 });
    expect(
      analytics.goal_series.find((entry: { goal_id: number }) => entry.goal_id === behind.id).points[11].amount,
    ).toBe(0);
    expect((await t.get('/api/goals/999999/contributions', { token: fresh.token })).statusCode).toBe(404);
  });
});

describe('openapi', () => {
  it('documents every goals route', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    for (const path of [
      '/api/goals',
      '/api/goals/analytics',
      '/api/goals/{id}',
      '/api/goals/{id}/pause',
      '/api/goals/{id}/resume',
      '/api/goals/{id}/complete',
      '/api/goals/{id}/cancel',
      '/api/goals/{id}/contributions',
      '/api/goal-badges',
      '/api/other-income',
      '/api/other-income/{id}',
      '/api/other-income/multiple-goals',
      '/api/invoice-payments/allocate-to-goals',
      '/api/goal-allocation-preferences',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
