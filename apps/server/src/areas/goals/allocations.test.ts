import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_MESSAGES, INVOICE_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { allocate, count, createGoal, goal, issuedInvoice, owner, pay, type Owner } from './goals.test-helpers';

let t: TestApp;
let me: Owner;

beforeAll(async () => {
  t = await createTestApp();
  me = await owner(t, 'alloc@example.com');
});
afterAll(async () => {
  await t.close();
});

async function paidInvoice(amount: number) {
  const invoice = await issuedInvoice(t, me, amount);
  const paymentId = await pay(t, me, invoice.id, amount);
  return { invoice, paymentId };
}

describe('POST /api/invoice-payments/allocate-to-goals', () => {
  it('allocates a payment to goals, several times up to what is left of it', async () => {
    const a = await createGoal(t, me, { title: 'A', target_amount: 1000 });
    const b = await createGoal(t, me, { title: 'B', target_amount: 1000 });
    const { invoice, paymentId } = await paidInvoice(300);
    const first = await allocate(t, me, {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 300,
      allocations: [
        { goal_id: a.id, amount: 100.01 },
        { goal_id: b.id, amount: 99.99 },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: ALLOCATION_MESSAGES.allocated,
      data: {
        invoice_id: invoice.id,
        invoice_number: invoice.invoice_number,
        payment_id: paymentId,
        payment_amount: 300,
        allocated_amount: 200,
        unallocated_amount: 100,
      },
      goals: [
        { id: a.id, current_amount: 100.01 },
        { id: b.id, current_amount: 99.99 },
      ],
    });
    const over = await allocate(t, me, {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 300,
      allocations: [{ goal_id: a.id, amount: 100.01 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ allocations: [ALLOCATION_MESSAGES.exceedsLeft(10000)] });
    expect(over.json().message).toBe('Only $100.00 of this payment is left to allocate');
    const rest = await allocate(t, me, {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 300,
      allocations: [{ goal_id: a.id, amount: 100 }],
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ allocated_amount: 300, unallocated_amount: 0 });
    expect((await goal(t, me, a.id)).current_amount).toBe(200.01);
  });

  it('without payment_id the invoice’s latest payment of that amount is used', async () => {
    const target = await createGoal(t, me, { title: 'No id', target_amount: 1000 });
    const invoice = await issuedInvoice(t, me, 100);
    await pay(t, me, invoice.id, 40);
    const latest = await pay(t, me, invoice.id, 60);
    const response = await allocate(t, me, {
      invoice_id: invoice.id,
      payment_amount: 60,
      allocations: [{ goal_id: target.id, amount: 60 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.payment_id).toBe(latest);
    const none = await allocate(t, me, {
      invoice_id: invoice.id,
      payment_amount: 61,
      allocations: [{ goal_id: target.id, amount: 1 }],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ payment_id: [ALLOCATION_MESSAGES.paymentRequired] });
  });

  it('refuses bad input with 422 or 404 and changes nothing', async () => {
    const target = await createGoal(t, me, { title: 'Refusals', target_amount: 1000 });
    const { invoice, paymentId } = await paidInvoice(50);
    const other = await paidInvoice(70);
    const before = await count(t, 'goal_allocations');
    const base = {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 50,
      allocations: [{ goal_id: target.id, amount: 10 }],
    };
    const expect422 = async (body: Record<string, unknown>, errors: Record<string, string[]>) => {
      const response = await allocate(t, me, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual(errors);
    };
    await expect422({ ...base, allocations: [] }, { allocations: [ALLOCATION_MESSAGES.allocationsRequired] });
    await expect422(
      { ...base, allocations: [{ goal_id: target.id, amount: 0 }] },
      { 'allocations.0.amount': [ALLOCATION_MESSAGES.allocationAmountPositive] },
    );
    await expect422(
      { ...base, allocations: [{ goal_id: target.id, amount: -1 }] },
      { 'allocations.0.amount': [ALLOCATION_MESSAGES.allocationAmountPositive] },
    );
    await expect422(
      { ...base, allocations: [{ goal_id: target.id, amount: 'x' }] },
      { 'allocations.0.amount': [ALLOCATION_MESSAGES.allocationAmountInvalid] },
    );
    await expect422(
      { ...base, allocations: [{ goal_id: target.id, amount: 50.01 }] },
      { allocations: [ALLOCATION_MESSAGES.exceedsPayment] },
    );
    await expect422({ ...base, payment_amount: 49 }, { payment_amount: [ALLOCATION_MESSAGES.paymentAmountMismatch] });
    await expect422(
      { ...base, allocations: [{ goal_id: 999999, amount: 1 }] },
      { 'allocations.0.goal_id': [ALLOCATION_MESSAGES.goalNotAllocatable] },
    );
    const paused = await createGoal(t, me, { title: 'Paused', status: 'paused' });
    await expect422(
      { ...base, allocations: [{ goal_id: paused.id, amount: 1 }] },
      { 'allocations.0.goal_id': [ALLOCATION_MESSAGES.goalNotAllocatable] },
    );
    // a payment of another invoice, an unknown invoice: 404
    const wrongInvoice = await allocate(t, me, { ...base, payment_id: other.paymentId });
    expect(wrongInvoice.statusCode).toBe(404);
    expect(wrongInvoice.json().message).toBe(ALLOCATION_MESSAGES.paymentNotFound);
    const unknown = await allocate(t, me, { ...base, invoice_id: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVOICE_MESSAGES.notFound);
    expect(await count(t, 'goal_allocations')).toBe(before);
    expect((await goal(t, me, target.id)).current_amount).toBe(0);
  });

  it('an Idempotency-Key retry replays the first answer and allocates once', async () => {
    const target = await createGoal(t, me, { title: 'Retry', target_amount: 1000 });
    const { invoice, paymentId } = await paidInvoice(90);
    const body = {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 90,
      allocations: [{ goal_id: target.id, amount: 90 }],
    };
    const first = await allocate(t, me, body, { 'idempotency-key': 'alloc-1' });
    const again = await allocate(t, me, body, { 'idempotency-key': 'alloc-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await goal(t, me, target.id)).current_amount).toBe(90);
  });

  it('concurrent allocations of one payment never exceed it', async () => {
    const target = await createGoal(t, me, { title: 'Race', target_amount: 100000 });
    const { invoice, paymentId } = await paidInvoice(100);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        allocate(t, me, {
          invoice_id: invoice.id,
          payment_id: paymentId,
          payment_amount: 100,
          allocations: [{ goal_id: target.id, amount: 30 }],
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422]);
    const rows = await t.database.db
      .selectFrom('goal_allocations')
      .select('amount_cents')
      .where('payment_id', '=', paymentId)
      .execute();
    expect(rows.reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(9000);
    expect((await goal(t, me, target.id)).current_amount).toBe(90);
  });

  it('deleting a payment reverses its allocations', async () => {
    const target = await createGoal(t, me, { title: 'Reversal', target_amount: 1000, current_amount: 10 });
    const { invoice, paymentId } = await paidInvoice(120);
    await allocate(t, me, {
      invoice_id: invoice.id,
      payment_id: paymentId,
      payment_amount: 120,
      allocations: [{ goal_id: target.id, amount: 120 }],
    });
    expect((await goal(t, me, target.id)).current_amount).toBe(130);
    const removed = await t.delete(`/api/invoices/${invoice.id}/payments/${paymentId}`, { token: me.token });
    expect(removed.statusCode).toBe(200);
    expect((await goal(t, me, target.id)).current_amount).toBe(10);
    const left = await t.database.db
      .selectFrom('goal_allocations')
      .select('id')
      .where('payment_id', '=', paymentId)
      .execute();
    expect(left).toEqual([]);
    const history = (await t.get(`/api/goals/${target.id}/contributions`, { token: me.token })).json();
    expect(history.data).toEqual([]);
  });
});

describe('allocation preference', () => {
  it('defaults to showing the modal, stores false and reads it back', async () => {
    const initial = await t.get('/api/goal-allocation-preferences', { token: me.token });
    expect(initial.json().data).toEqual({ show_allocation_modal: true });
    const saved = await t.post(
      '/api/goal-allocation-preferences',
      { show_allocation_modal: false },
      { token: me.token },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ show_allocation_modal: false });
    expect((await t.get('/api/goal-allocation-preferences', { token: me.token })).json().data).toEqual({
      show_allocation_modal: false,
    });
    const bad = await t.post(
      '/api/goal-allocation-preferences',
      { show_allocation_modal: 'nope' },
      { token: me.token },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.show_allocation_modal).toEqual([ALLOCATION_MESSAGES.preferenceInvalid]);
    const otherUser = await owner(t, 'pref-other@example.com');
    expect((await t.get('/api/goal-allocation-preferences', { token: otherUser.token })).json().data).toEqual({
      show_allocation_modal: true,
    });
  });
});
