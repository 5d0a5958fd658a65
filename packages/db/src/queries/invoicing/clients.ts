import { sql, type RawBuilder } from 'kysely';
import { toDbTime } from '../../dialect';
import type { ClientContactRow, ClientRow, ClientsTable } from '../../schema';
import {
  containsLower,
  searchText,
  startsWithLower,
  type ArchiveFilter,
  type PageParams,
  type SortDirection,
} from '../shared/list-helpers';
import type { Db } from '../shared/types';
import { setArchived } from '../shared/archive';

/** A client's own columns as the write queries take them (the search columns and dates are theirs). */
export type ClientFields = Omit<
  ClientsTable,
  'id' | 'business_id' | 'sort_name' | 'search_text' | 'is_active' | 'archived_at' | 'created_at' | 'updated_at'
> & { is_active: boolean };

export interface ContactFields {
  /** An existing contact of this client keeps its id on update; anything else is a new contact. */
  id?: number | undefined;
  name: string;
  email: string | null;
  phone: string | null;
  is_primary: boolean;
}

/** A client row with its balance outstanding (integer cents). */
export type ClientWithBalance = ClientRow & { balance_cents: number; has_invoices: number | boolean };

/** Whether the client has any invoice (then it can be archived, not deleted), as an SQL expression over `clients.id`. */
export function clientHasInvoicesSql() {
  return sql<
    number | boolean
  >`exists (select 1 from invoices i where i.business_id = clients.business_id and i.client_id = clients.id)`;
}

/**
 * The client's balance outstanding in cents, as an SQL expression over `clients.id`: the sum of the
 * balances of its unpaid issued invoices. The list's `balance` sort, the list and the detail use it.
 */
export function clientBalanceSql(): RawBuilder<number> {
  // Issued invoices only (drafts and voids owe nothing); served by invoices (business_id, client_id, status).
  return sql<number>`(select coalesce(sum(i.balance_cents), 0) from invoices i where i.business_id = clients.business_id and i.client_id = clients.id and i.status in ('sent', 'viewed', 'partial', 'overdue'))`;
}

function clientSearchText(fields: ClientFields, contacts: ReadonlyArray<ContactFields>): string {
  return searchText([
    fields.name,
    fields.email,
    fields.phone,
    fields.tax_id,
    ...contacts.flatMap((contact) => [contact.name, contact.email, contact.phone]),
  ]);
}

async function insertContacts(
  db: Db,
  params: { businessId: number; clientId: number; contacts: ReadonlyArray<ContactFields>; now: string },
): Promise<void> {
  if (params.contacts.length === 0) return;
  await db
    .insertInto('client_contacts')
    .values(
      params.contacts.map((contact, position) => ({
        business_id: params.businessId,
        client_id: params.clientId,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        is_primary: contact.is_primary,
        position,
        created_at: params.now,
      })),
    )
    .execute();
}

/** Inserts a client and its contacts (run inside a transaction). `createdAt` lets imports and the demo seed date it. */
export async function insertClient(
  db: Db,
  params: {
    businessId: number;
    fields: ClientFields;
    contacts: ReadonlyArray<ContactFields>;
    now: Date;
    createdAt?: Date;
    archivedAt?: Date | null;
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  const created = params.createdAt ? toDbTime(params.createdAt) : now;
  const row = await db
    .insertInto('clients')
    .values({
      business_id: params.businessId,
      ...params.fields,
      sort_name: params.fields.name.toLowerCase(),
      search_text: clientSearchText(params.fields, params.contacts),
      archived_at: params.archivedAt ? toDbTime(params.archivedAt) : null,
      created_at: created,
      updated_at: created > now ? created : now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertContacts(db, { businessId: params.businessId, clientId: row.id, contacts: params.contacts, now });
  return row;
}

/**
 * Replaces a client's fields and its whole contact list (run inside a transaction): contacts given
 * with the id of one of this client's contacts are updated in place (ids stay stable), the others are
 * inserted, and contacts not given are deleted. False when no such client in the business.
 */
export async function updateClient(
  db: Db,
  params: {
    businessId: number;
    clientId: number;
    fields: ClientFields;
    contacts: ReadonlyArray<ContactFields>;
    now: Date;
  },
): Promise<boolean> {
  const now = toDbTime(params.now);
  const result = await db
    .updateTable('clients')
    .set({
      ...params.fields,
      sort_name: params.fields.name.toLowerCase(),
      search_text: clientSearchText(params.fields, params.contacts),
      updated_at: now,
    })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.clientId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const scope = { businessId: params.businessId, clientId: params.clientId };
  const existing = new Set(
    (
      await db
        .selectFrom('client_contacts')
        .select('id')
        .where('business_id', '=', scope.businessId)
        .where('client_id', '=', scope.clientId)
        .execute()
    ).map((row) => row.id),
  );
  const kept = params.contacts.filter((contact) => contact.id !== undefined && existing.has(contact.id));
  const keptIds = kept.map((contact) => contact.id as number);
  let removal = db
    .deleteFrom('client_contacts')
    .where('business_id', '=', scope.businessId)
    .where('client_id', '=', scope.clientId);
  if (keptIds.length > 0) removal = removal.where('id', 'not in', keptIds);
  await removal.execute();
  // Clear the primary flag first, so that moving it between kept contacts never trips the one-primary index.
  await db
    .updateTable('client_contacts')
    .set({ is_primary: false })
    .where('business_id', '=', scope.businessId)
    .where('client_id', '=', scope.clientId)
    .execute();
  for (const [position, contact] of params.contacts.entries()) {
    const values = {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      is_primary: contact.is_primary,
      position,
    };
    if (contact.id !== undefined && existing.has(contact.id)) {
      await db
        .updateTable('client_contacts')
        .set(values)
        .where('business_id', '=', scope.businessId)
        .where('id', '=', contact.id)
        .execute();
    } else {
      await db
        .insertInto('client_contacts')
        .values({ ...values, business_id: scope.businessId, client_id: scope.clientId, created_at: now })
        .execute();
    }
  }
  return true;
}

/**
 * Adds one person to a client's contacts (run inside a transaction; a lead's person when it converts
 * into an existing client): nothing when the client already has that person (the same email, or the
 * same name, case and spaces aside). The person becomes the primary contact when the client has
 * none. The client's search text takes the new contact in. Answers whether a contact was added.
 */
export async function addClientContact(
  db: Db,
  params: {
    businessId: number;
    clientId: number;
    contact: { name: string; email: string | null; phone: string | null };
    now: Date;
  },
): Promise<boolean> {
  const client = await db
    .selectFrom('clients')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.clientId)
    .executeTakeFirst();
  if (!client) return false;
  const contacts = await listClientContacts(db, { businessId: params.businessId, clientIds: [params.clientId] });
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    Boolean(a && b && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase());
  const { contact } = params;
  if (contacts.some((existing) => same(existing.email, contact.email) || same(existing.name, contact.name)))
    return false;
  const all: ContactFields[] = [
    ...contacts.map((existing) => ({
      name: existing.name,
      email: existing.email,
      phone: existing.phone,
      is_primary: Boolean(existing.is_primary),
    })),
    { ...contact, is_primary: !contacts.some((existing) => Boolean(existing.is_primary)) },
  ];
  await db
    .insertInto('client_contacts')
    .values({
      business_id: params.businessId,
      client_id: params.clientId,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      is_primary: all[all.length - 1]!.is_primary,
      position: contacts.reduce((last, existing) => Math.max(last, existing.position + 1), 0),
      created_at: toDbTime(params.now),
    })
    .execute();
  await db
    .updateTable('clients')
    .set({ search_text: clientSearchText(client as unknown as ClientFields, all), updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.clientId)
    .execute();
  return true;
}

export async function findClient(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<ClientWithBalance | undefined> {
  return db
    .selectFrom('clients')
    .selectAll('clients')
    .select(clientBalanceSql().as('balance_cents'))
    .select(clientHasInvoicesSql().as('has_invoices'))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.clientId)
    .executeTakeFirst() as Promise<ClientWithBalance | undefined>;
}

export async function listClientContacts(
  db: Db,
  params: { businessId: number; clientIds: ReadonlyArray<number>; primaryOnly?: boolean },
): Promise<ClientContactRow[]> {
  if (params.clientIds.length === 0) return [];
  let query = db
    .selectFrom('client_contacts')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('client_id', 'in', [...params.clientIds]);
  if (params.primaryOnly) query = query.where('is_primary', '=', true);
  return query.orderBy('client_id').orderBy('position').orderBy('id').execute();
}

export interface ClientListParams extends PageParams {
  businessId: number;
  search?: string | undefined;
  status: ArchiveFilter;
  sort: 'name' | 'created_at' | 'balance';
  direction: SortDirection;
}

/** One page of clients and the total matching; ties are broken by name then id so pages never overlap. */
export async function listClients(
  db: Db,
  params: ClientListParams,
): Promise<{ rows: ClientWithBalance[]; total: number }> {
  let base = db.selectFrom('clients').where('business_id', '=', params.businessId);
  if (params.status === 'active') base = base.where('archived_at', 'is', null);
  if (params.status === 'archived') base = base.where('archived_at', 'is not', null);
  const search = params.search?.trim();
  if (search) base = base.where(({ ref }) => containsLower(ref('search_text'), search));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const balance = clientBalanceSql();
  let query = base
    .selectAll('clients')
    .select(balance.as('balance_cents'))
    .select(clientHasInvoicesSql().as('has_invoices'));
  const direction = params.direction;
  if (params.sort === 'created_at') query = query.orderBy('created_at', direction);
  // By the output column's name: a bare constant (`order by 0`) would mean a column position to SQLite.
  if (params.sort === 'balance') query = query.orderBy(sql.ref('balance_cents'), direction);
  query = query
    .orderBy('sort_name', params.sort === 'name' ? direction : 'asc')
    .orderBy('id', params.sort === 'name' ? direction : 'asc');
  const rows = (await query.limit(params.limit).offset(params.offset).execute()) as ClientWithBalance[];
  return { rows, total: Number(count.total) };
}

/**
 * The client picker: active, non-archived clients whose name starts with `q` first (a range over the
 * (business_id, sort_name) index), then others whose name, email or contacts contain it; at most `limit`.
 */
export async function searchClients(
  db: Db,
  params: { businessId: number; q: string; limit: number },
): Promise<Array<Pick<ClientRow, 'id' | 'name' | 'email' | 'payment_terms_days'>>> {
  const base = db
    .selectFrom('clients')
    .select(['id', 'name', 'email', 'payment_terms_days'])
    .where('business_id', '=', params.businessId)
    .where('archived_at', 'is', null)
    .where('is_active', '=', true);
  const q = params.q.trim();
  if (!q) return base.orderBy('sort_name').orderBy('id').limit(params.limit).execute();
  const prefix = await base
    .where(({ ref }) => startsWithLower(ref('sort_name'), q))
    .orderBy('sort_name')
    .orderBy('id')
    .limit(params.limit)
    .execute();
  if (prefix.length >= params.limit) return prefix;
  const seen = prefix.map((row) => row.id);
  let rest = base.where(({ ref }) => containsLower(ref('search_text'), q));
  if (seen.length > 0) rest = rest.where('id', 'not in', seen);
  const more = await rest
    .orderBy('sort_name')
    .orderBy('id')
    .limit(params.limit - prefix.length)
    .execute();
  return [...prefix, ...more];
}

/** Every client of the business by name (CSV export). */
export async function listAllClients(db: Db, params: { businessId: number }): Promise<ClientWithBalance[]> {
  return (await db
    .selectFrom('clients')
    .selectAll('clients')
    .select(clientBalanceSql().as('balance_cents'))
    .select(clientHasInvoicesSql().as('has_invoices'))
    .where('business_id', '=', params.businessId)
    .orderBy('sort_name')
    .orderBy('id')
    .execute()) as ClientWithBalance[];
}

/** Archives (a date) or restores (null). False when no such client in the business. */
export function setClientArchived(
  db: Db,
  params: { businessId: number; clientId: number; archivedAt: Date | null; now: Date },
): Promise<boolean> {
  return setArchived(db, 'clients', { ...params, id: params.clientId });
}

export async function deleteClient(db: Db, params: { businessId: number; clientId: number }): Promise<boolean> {
  await db
    .deleteFrom('client_contacts')
    .where('business_id', '=', params.businessId)
    .where('client_id', '=', params.clientId)
    .execute();
  const result = await db
    .deleteFrom('clients')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countClients(db: Db, params: { businessId: number }): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', params.businessId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
