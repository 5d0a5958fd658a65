import type { Db } from '@ledgerleaf/db';
import type { DomainEvent, DomainEventData } from '@ledgerleaf/domain';
import type { AuthContext, Deps } from './context';
import { notFound } from './errors';
import { publish } from './events';

/** The catalog's records: a business's clients, products and tax rates. */
export type CatalogSubject = 'client' | 'product' | 'tax_rate';

type CatalogEventName = `${CatalogSubject}.${'archived' | 'restored' | 'deleted'}`;

/** Compile-time: every catalog event exists, is about its record and carries just the record's name. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const catalogEventsCarryTheName: Same<DomainEventData<CatalogEventName>, { name: string }> = true;
void catalogEventsCarryTheName;

/** One catalog event; the subject's name picks the event name, which TypeScript cannot correlate itself. */
function catalogEvent(
  subject: CatalogSubject,
  change: 'archived' | 'restored' | 'deleted',
  event: { businessId: number; userId: number | null; id: number; name: string; at: Date },
): DomainEvent<CatalogEventName> {
  return {
    type: `${subject}.${change}`,
    businessId: event.businessId,
    userId: event.userId,
    subject: { type: subject, id: event.id },
    data: { name: event.name },
    at: event.at,
  } as DomainEvent<CatalogEventName>;
}

/**
 * What archiving, restoring and deleting a catalog record needs to know about its kind. Each is
 * the business's own (`businessId` comes from the caller, never from the request), and every change
 * publishes `<subject>.archived`, `.restored` or `.deleted` with the record's name.
 */
export interface CatalogRecordKind<View> {
  subject: CatalogSubject;
  /** The 404 message for an id this business does not have. */
  notFoundMessage: string;
  find(tx: Db, businessId: number, id: number): Promise<{ name: string; archived_at: unknown } | undefined>;
  setArchived(tx: Db, params: { businessId: number; id: number; archivedAt: Date | null; now: Date }): Promise<unknown>;
  load(tx: Db, businessId: number, id: number): Promise<View>;
  deleteRow(tx: Db, businessId: number, id: number): Promise<unknown>;
  /** Throws when something still uses the record (a 409 that says what); it is then not deleted. */
  assertDeletable(tx: Db, businessId: number, id: number): Promise<void>;
  /** Throws when the archived record may not come back (a tax rate whose name an active one took). */
  assertRestorable?(tx: Db, businessId: number, record: { name: string }): Promise<void>;
}

/**
 * Archives or restores a record. Archiving an archived record keeps its first archive date (and
 * publishes nothing); either way the answer is the record as it now is.
 */
export async function setCatalogRecordArchived<View>(
  deps: Deps,
  kind: CatalogRecordKind<View>,
  params: { auth: AuthContext; id: number; archived: boolean },
): Promise<View> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const before = await kind.find(tx, businessId, params.id);
    if (!before) throw notFound(kind.notFoundMessage);
    if (Boolean(before.archived_at) !== params.archived) {
      if (!params.archived) await kind.assertRestorable?.(tx, businessId, before);
      await kind.setArchived(tx, { businessId, id: params.id, archivedAt: params.archived ? now : null, now });
      await publish(
        tx,
        catalogEvent(kind.subject, params.archived ? 'archived' : 'restored', {
          businessId,
          userId,
          id: params.id,
          name: before.name,
          at: now,
        }),
      );
    }
    return kind.load(tx, businessId, params.id);
  });
}

/** Deletes a record that nothing uses (else the kind's 409), publishing `<subject>.deleted`. */
export async function deleteCatalogRecord<View>(
  deps: Deps,
  kind: CatalogRecordKind<View>,
  params: { auth: AuthContext; id: number },
): Promise<void> {
  const { businessId, userId } = params.auth;
  await deps.db.transaction().execute(async (tx) => {
    const before = await kind.find(tx, businessId, params.id);
    if (!before) throw notFound(kind.notFoundMessage);
    await kind.assertDeletable(tx, businessId, params.id);
    await kind.deleteRow(tx, businessId, params.id);
    await publish(
      tx,
      catalogEvent(kind.subject, 'deleted', { businessId, userId, id: params.id, name: before.name, at: deps.clock() }),
    );
  });
}
