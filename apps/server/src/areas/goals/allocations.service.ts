import {
  ALLOCATION_MESSAGES,
  INVOICE_MESSAGES,
  fromCents,
  toCents,
  utcCalendarDate,
  type AllocationRequest,
  type AllocationResponse,
} from '@ledgerleaf/domain';
import {
  deletePaymentAllocations,
  findGoalsByIds,
  findPayment,
  getAllocationPreference,
  insertGoalAllocations,
  listPaymentAllocations,
  listPayments,
  lockInvoice,
  setAllocationPreference,
  type Db,
  type PaymentRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { runIdempotent, type IdempotentResult } from '../../lib/idempotency';
import { awardBadges, changeGoalAmount, goalView, type EngineContext } from './goal-engine';

/**
 * Allocating received payments to financial goals (SPEC.md sections 2, 5, 7). One transaction
 * locks the invoice (so concurrent allocations of the same payment are serialised), checks that
 * the payment belongs to the invoice and the business and that the total fits in what is left of
 * the payment, stores the allocations and raises the goals. Deleting a payment reverses its
 * allocations (`reversePaymentAllocations`, from the `payment.deleted` subscriber).
 */

/** The payment named by the request, or the invoice's latest payment of `payment_amount` when no id is given. */
async function resolvePayment(
  tx: Db,
  businessId: number,
  invoiceId: number,
  input: AllocationRequest,
): Promise<PaymentRow> {
  if (input.payment_id !== null) {
    const payment = await findPayment(tx, { businessId, invoiceId, paymentId: input.payment_id });
    if (!payment) throw notFound(ALLOCATION_MESSAGES.paymentNotFound);
    return payment;
  }
  const amountCents = toCents(input.payment_amount);
  const payments = await listPayments(tx, { businessId, invoiceId });
  const match = [...payments].reverse().find((payment) => Number(payment.amount_cents) === amountCents);
  if (!match) throw validationError({ payment_id: [ALLOCATION_MESSAGES.paymentRequired] });
  return match;
}

export async function allocatePayment(
  deps: Deps,
  params: {
    auth: AuthContext;
    input: AllocationRequest;
    idempotencyKey: string | undefined;
    rawBody: unknown;
    path: string;
  },
): Promise<IdempotentResult> {
  const { businessId, userId } = params.auth;
  const { input } = params;
  return runIdempotent(
    deps,
    { businessId, key: params.idempotencyKey, method: 'POST', path: params.path, body: params.rawBody },
    async (tx) => {
      const ctx: EngineContext = { businessId, userId, now: deps.clock() };
      const invoice = await lockInvoice(tx, { businessId, invoiceId: input.invoice_id });
      if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
      const payment = await resolvePayment(tx, businessId, invoice.id, input);
      const paymentCents = Number(payment.amount_cents);
      if (toCents(input.payment_amount) !== paymentCents)
        throw validationError({ payment_amount: [ALLOCATION_MESSAGES.paymentAmountMismatch] });

      const goals = new Map(
        (await findGoalsByIds(tx, { businessId, goalIds: input.allocations.map((line) => line.goal_id) })).map(
          (goal) => [goal.id, goal],
        ),
      );
      const errors: Record<string, string[]> = {};
      input.allocations.forEach((line, index) => {
        const goal = goals.get(line.goal_id);
        if (!goal || goal.type !== 'financial' || (goal.status !== 'active' && goal.status !== 'in_progress'))
          errors[`allocations.${index}.goal_id`] = [ALLOCATION_MESSAGES.goalNotAllocatable];
      });
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const already = (await listPaymentAllocations(tx, { businessId, paymentId: payment.id })).reduce(
        (sum, row) => sum + Number(row.amount_cents),
        0,
      );
      const requested = input.allocations.reduce((sum, line) => sum + toCents(line.amount), 0);
      const left = paymentCents - already;
      if (requested > left)
        throw validationError({ allocations: [ALLOCATION_MESSAGES.exceedsLeft(Math.max(0, left))] });

      await insertGoalAllocations(tx, {
        businessId,
        rows: input.allocations.map((line) => ({
          goalId: line.goal_id,
          sourceType: 'payment' as const,
          paymentId: payment.id,
          invoiceId: invoice.id,
          amountCents: toCents(line.amount),
          allocatedOn: payment.payment_date,
        })),
        now: ctx.now,
      });
      // In goal id order, so that concurrent writes lock goals in the same order (no deadlock).
      for (const line of [...input.allocations].sort((a, b) => a.goal_id - b.goal_id))
        await changeGoalAmount(tx, ctx, line.goal_id, toCents(line.amount));
      await publish(tx, {
        type: 'payment.allocated',
        businessId,
        userId,
        subject: { type: 'invoice', id: invoice.id },
        data: {
          payment_id: payment.id,
          invoice_number: invoice.invoice_number,
          amount: fromCents(requested),
          goals: input.allocations.map((line) => line.goal_id),
        },
        at: ctx.now,
      });
      await awardBadges(tx, ctx);

      const all = await listPaymentAllocations(tx, { businessId, paymentId: payment.id });
      const touched = await findGoalsByIds(tx, { businessId, goalIds: [...new Set(all.map((row) => row.goal_id))] });
      const titles = new Map(touched.map((goal) => [goal.id, goal.title]));
      const allocated = all.reduce((sum, row) => sum + Number(row.amount_cents), 0);
      const day = utcCalendarDate(ctx.now);
      const requestedGoals = new Set(input.allocations.map((line) => line.goal_id));
      const body: AllocationResponse = {
        data: {
          invoice_id: invoice.id,
          invoice_number: invoice.invoice_number,
          payment_id: payment.id,
          payment_amount: fromCents(paymentCents),
          allocated_amount: fromCents(allocated),
          unallocated_amount: fromCents(paymentCents - allocated),
          allocations: all.map((row) => ({
            id: row.id,
            goal_id: row.goal_id,
            goal_title: titles.get(row.goal_id) ?? '',
            amount: fromCents(Number(row.amount_cents)),
            created_at: row.created_at,
          })),
        },
        goals: touched.filter((goal) => requestedGoals.has(goal.id)).map((goal) => goalView(goal, day)),
        message: ALLOCATION_MESSAGES.allocated,
      };
      return { status: 201, body };
    },
  );
}

/** Takes a deleted payment's allocations off its goals (inside the payment's delete transaction). */
export async function reversePaymentAllocations(tx: Db, ctx: EngineContext, paymentId: number): Promise<number> {
  const removed = await deletePaymentAllocations(tx, { businessId: ctx.businessId, paymentId });
  for (const row of [...removed].sort((a, b) => a.goal_id - b.goal_id))
    await changeGoalAmount(tx, ctx, row.goal_id, -Number(row.amount_cents));
  return removed.length;
}

/**
 * `show_allocation_modal` of the caller (true until they tick "Don't show this again"). The web
 * reads it with `GET /api/goal-allocation-preferences` before opening the modal after a payment.
 */
export async function getPreference(
  deps: Deps,
  params: { auth: AuthContext },
): Promise<{ show_allocation_modal: boolean }> {
  return { show_allocation_modal: await getAllocationPreference(deps.db, { userId: params.auth.userId }) };
}

export async function setPreference(
  deps: Deps,
  params: { auth: AuthContext; show: boolean },
): Promise<{ show_allocation_modal: boolean }> {
  await setAllocationPreference(deps.db, {
    userId: params.auth.userId,
    businessId: params.auth.businessId,
    show: params.show,
    now: deps.clock(),
  });
  return { show_allocation_modal: params.show };
}
