import type { Db } from '@ledgerleaf/db';
import type { DomainEvent, DomainEventName } from '../../lib/events';
import { reversePaymentAllocations } from './allocations.service';
import { recomputeTrackedGoals, trackedTypesFor } from './goal-engine';

/** Events after which self-tracking goals are recomputed (their figures may have moved). */
const TRACKED_EVENTS: ReadonlySet<DomainEventName> = new Set<DomainEventName>([
  'payment.recorded',
  'payment.deleted',
  'invoice.created',
  'invoice.updated',
  'invoice.sent',
  'invoice.voided',
  'invoice.deleted',
  'client.created',
  'client.deleted',
  'client.imported',
  'other_income.recorded',
  'other_income.updated',
  'other_income.deleted',
]);

/**
 * Runs inside the transaction of the change that published the event: a deleted payment's
 * allocations are reversed (the event's `data.payment_id` names it), then the business's
 * self-tracking goals that the event can move are recomputed (and completed, badges awarded).
 */
export async function onGoalsEvent(tx: Db, event: DomainEvent): Promise<void> {
  const ctx = { businessId: event.businessId, userId: event.userId, now: event.at };
  if (event.type === 'payment.deleted') {
    const paymentId = Number(event.data.payment_id);
    if (Number.isSafeInteger(paymentId) && paymentId > 0) await reversePaymentAllocations(tx, ctx, paymentId);
  }
  if (TRACKED_EVENTS.has(event.type)) await recomputeTrackedGoals(tx, ctx, trackedTypesFor(event.type));
}
