import { insertActivity, type Db } from '@ledgerleaf/db';

/**
 * A domain event: something that happened to a business's record, written to the activity log in
 * the transaction of the change itself (a rolled-back change leaves no event) and handed to the
 * in-process subscribers inside that same transaction (later issues subscribe notifications).
 */
export interface DomainEvent {
  /** `client.created`, `product.archived`, `tax_rate.deleted`, `settings.invoicing_updated`, … */
  type: string;
  businessId: number;
  /** Who did it; null for the system (seed, scheduler). */
  userId: number | null;
  subject: { type: string; id: number | null };
  /** Small JSON-serialisable facts for the timeline (names, changed fields); never secrets. */
  data?: Record<string, unknown>;
  at: Date;
}

export type EventSubscriber = (tx: Db, event: DomainEvent) => Promise<void> | void;

const subscribers = new Set<EventSubscriber>();

/** Adds a subscriber for every event; answers a function that removes it. */
export function subscribe(subscriber: EventSubscriber): () => void {
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
  };
}

/**
 * Records `event` in `activity_log` through `tx` and runs the subscribers with it. Call it with the
 * transaction of the change: an exception here (or later in the transaction) rolls both back.
 */
export async function publish(tx: Db, event: DomainEvent): Promise<void> {
  await insertActivity(tx, {
    businessId: event.businessId,
    userId: event.userId,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    event: event.type,
    data: event.data ?? {},
    now: event.at,
  });
  for (const subscriber of [...subscribers]) await subscriber(tx, event);
}
