import type { DomainEvent, DomainEventName } from '@ledgerleaf/domain';
import { insertActivity, type Db } from '@ledgerleaf/db';

export type { DomainEvent, DomainEventName } from '@ledgerleaf/domain';

/*
 * Domain events: something that happened to a business's record, written to the activity log in
 * the transaction of the change itself (a rolled-back change leaves no event) and handed to the
 * in-process subscribers inside that same transaction. Names and data are the domain's
 * `DomainEventMap`: `publish` refuses an event that is not in it or carries other data, and a
 * subscriber's `switch (event.type)` narrows `event.data`.
 */

/** Runs inside the publishing transaction (`tx`): a throw rolls the change and its event back. */
export type EventSubscriber = (tx: Db, event: DomainEvent) => Promise<void> | void;

/**
 * Subscribers are process-wide (the publishers hold only a transaction), and several apps may be
 * built in one process (tests, the CLI): each subscriber runs once per event however many apps
 * subscribed it, and stays until the last of them releases it.
 */
const subscribers = new Map<EventSubscriber, number>();

/** Adds a subscriber for every event; answers a function that releases it (once; later calls do nothing). */
export function subscribe(subscriber: EventSubscriber): () => void {
  subscribers.set(subscriber, (subscribers.get(subscriber) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const users = (subscribers.get(subscriber) ?? 1) - 1;
    if (users > 0) subscribers.set(subscriber, users);
    else subscribers.delete(subscriber);
  };
}

/**
 * Records `event` in `activity_log` through `tx` and runs the subscribers with it. Call it with the
 * transaction of the change: an exception here (or later in the transaction) rolls both back.
 */
export async function publish<N extends DomainEventName>(tx: Db, event: DomainEvent<N>): Promise<void> {
  await insertActivity(tx, {
    businessId: event.businessId,
    userId: event.userId,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    event: event.type,
    data: event.data as Record<string, unknown>,
    now: event.at,
  });
  for (const subscriber of [...subscribers.keys()]) await subscriber(tx, event as DomainEvent);
}
