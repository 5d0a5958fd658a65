import type { Db } from '@ledgerleaf/db';
import {
  CATALOG_MESSAGES,
  type DomainEvent,
  type DomainEventData,
  type FieldErrors,
  type ImportResult,
} from '@ledgerleaf/domain';
import type { AuthContext, Deps } from './context';
import { notFound } from './errors';
import { publish } from './events';
import { importError } from './catalog-routes';

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
export interface CatalogRecordKind<View, Subject extends CatalogSubject = CatalogSubject> {
  subject: Subject;
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

/** The catalog records with a CSV import (and events that carry just the name): clients, products. */
export type ImportableSubject = Exclude<CatalogSubject, 'tax_rate'>;

/**
 * Creates or updates a record in one transaction: `write` inserts or updates the row and answers its
 * id, then `<subject>.created` or `.updated` is published with the record's name and the answer is the
 * record as saved. `onError` turns a unique-index race into the field error the caller knows.
 */
export async function saveCatalogRecord<View>(
  deps: Deps,
  kind: { subject: ImportableSubject; load(tx: Db, businessId: number, id: number): Promise<View> },
  params: {
    auth: AuthContext;
    change: 'created' | 'updated';
    name: string;
    write(tx: Db, context: { businessId: number; now: Date }): Promise<number>;
    onError(error: unknown): never;
  },
): Promise<View> {
  const { businessId, userId } = params.auth;
  return deps.db
    .transaction()
    .execute(async (tx) => {
      const now = deps.clock();
      const id = await params.write(tx, { businessId, now });
      await publish(tx, {
        type: `${kind.subject}.${params.change}`,
        businessId,
        userId,
        subject: { type: kind.subject, id },
        data: { name: params.name },
        at: now,
      } as DomainEvent<`${ImportableSubject}.${'created' | 'updated'}`>);
      return kind.load(tx, businessId, id);
    })
    .catch(params.onError);
}

/** A CSV import's preview from the parsed file and its checked rows: the counts of valid and invalid rows. */
export function catalogImportPreview<Row extends { errors: FieldErrors }>(
  parsed: { columns: string[]; errors: FieldErrors },
  rows: Row[],
) {
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return {
    columns: parsed.columns,
    rows,
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    errors: parsed.errors,
  };
}

/**
 * All or nothing: any file or row error answers 422 with every error and writes nothing; else
 * `insertAll` writes every row in one transaction and `<subject>.imported` is published with the count.
 */
export async function importCatalogRecords<Preview extends Parameters<typeof importError>[0] & { invalid: number }>(
  deps: Deps,
  subject: ImportableSubject,
  params: {
    auth: AuthContext;
    preview: Preview;
    insertAll(tx: Db, context: { businessId: number; now: Date }): Promise<number[]>;
    onError?(error: unknown): never;
  },
): Promise<ImportResult> {
  const { preview } = params;
  if (Object.keys(preview.errors).length > 0 || preview.invalid > 0) throw importError(preview);
  const { businessId, userId } = params.auth;
  const ids = await deps.db
    .transaction()
    .execute(async (tx) => {
      const now = deps.clock();
      const created = await params.insertAll(tx, { businessId, now });
      await publish(tx, {
        type: `${subject}.imported`,
        businessId,
        userId,
        subject: { type: subject, id: null },
        data: { count: created.length },
        at: now,
      } as DomainEvent<`${ImportableSubject}.imported`>);
      return created;
    })
    .catch(params.onError ?? rethrow);
  return { message: CATALOG_MESSAGES.imported(ids.length), imported: ids.length, ids };
}

function rethrow(error: unknown): never {
  throw error;
}
