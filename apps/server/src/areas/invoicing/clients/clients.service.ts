import {
  CATALOG_MESSAGES,
  CLIENT_CSV_COLUMNS,
  CLIENT_CSV_EXPORT_ONLY,
  CLIENT_CSV_REQUIRED,
  CRM_MESSAGES,
  clientCsvRowToRequest,
  clientRequestSchema,
  fromCents,
  pageMeta,
  toFieldErrors,
  type Client,
  type ClientContact,
  type ClientImportPreview,
  type ClientListItem,
  type ClientListQuery,
  type ClientPage,
  type ClientPickerItem,
  type ClientRequest,
  addFieldErrors,
  type FieldErrors,
  type ImportResult,
  type PickerQuery,
} from '@ledgerleaf/domain';
import {
  deleteClient as deleteClientRow,
  findClient,
  findInvoicingSettings,
  insertClient,
  isUniqueViolation,
  listAllClients,
  listClientContacts,
  listClients as listClientRows,
  searchClients as searchClientRows,
  setClientArchived,
  updateClient as updateClientRow,
  type ClientContactRow,
  type ClientFields,
  type ClientWithBalance,
  type ContactFields,
  type Db,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { toCsv, parseCsv } from '../../../lib/csv';
import { AppError, notFound, validationError } from '../../../lib/errors';
import {
  catalogImportPreview,
  deleteCatalogRecord,
  importCatalogRecords,
  saveCatalogRecord,
  setCatalogRecordArchived,
  type CatalogRecordKind,
} from '../../../lib/catalog-record';
import { clientDeletionBlocker } from './client-usage';

function contactView(row: ClientContactRow): ClientContact {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, is_primary: Boolean(row.is_primary) };
}

function listItemView(row: ClientWithBalance, primary: ClientContactRow | undefined): ClientListItem {
  return {
    id: row.id,
    kind: row.kind === 'person' ? 'person' : 'company',
    name: row.name,
    email: row.email,
    phone: row.phone,
    billing_address: {
      line1: row.billing_line1,
      line2: row.billing_line2,
      city: row.billing_city,
      state: row.billing_state,
      postal_code: row.billing_postal_code,
      country: row.billing_country,
    },
    shipping_address: {
      line1: row.shipping_line1,
      line2: row.shipping_line2,
      city: row.shipping_city,
      state: row.shipping_state,
      postal_code: row.shipping_postal_code,
      country: row.shipping_country,
    },
    payment_terms_days: row.payment_terms_days,
    notes: row.notes,
    tax_id: row.tax_id,
    is_active: Boolean(row.is_active),
    status: row.archived_at ? 'archived' : 'active',
    archived_at: row.archived_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    balance_outstanding: fromCents(Number(row.balance_cents ?? 0)),
    has_invoices: Boolean(row.has_invoices),
    primary_contact: primary ? contactView(primary) : null,
  };
}

function clientView(row: ClientWithBalance, contacts: ClientContactRow[]): Client {
  const primary = contacts.find((contact) => Boolean(contact.is_primary));
  return { ...listItemView(row, primary), contacts: contacts.map(contactView) };
}

/** Request to columns; `defaultTerms` fills omitted payment terms. */
function clientFields(input: ClientRequest, defaultTerms: number): ClientFields {
  const billing = input.billing_address;
  const shipping = input.shipping_address;
  return {
    kind: input.kind,
    name: input.name,
    email: input.email,
    phone: input.phone,
    billing_line1: billing?.line1 ?? null,
    billing_line2: billing?.line2 ?? null,
    billing_city: billing?.city ?? null,
    billing_state: billing?.state ?? null,
    billing_postal_code: billing?.postal_code ?? null,
    billing_country: billing?.country ?? null,
    shipping_line1: shipping?.line1 ?? null,
    shipping_line2: shipping?.line2 ?? null,
    shipping_city: shipping?.city ?? null,
    shipping_state: shipping?.state ?? null,
    shipping_postal_code: shipping?.postal_code ?? null,
    shipping_country: shipping?.country ?? null,
    payment_terms_days: input.payment_terms_days ?? defaultTerms,
    notes: input.notes,
    tax_id: input.tax_id,
    is_active: input.is_active,
  };
}

/** Exactly one primary when there are contacts: the one marked, else the first (two marked is refused by the contract). */
export function contactFields(contacts: ClientRequest['contacts']): ContactFields[] {
  const marked = contacts.findIndex((contact) => contact.is_primary);
  const primaryIndex = marked === -1 ? 0 : marked;
  if (contacts.filter((contact) => contact.is_primary).length > 1)
    throw validationError({ contacts: [CATALOG_MESSAGES.twoPrimaries] });
  return contacts.map((contact, index) => ({
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    is_primary: index === primaryIndex,
  }));
}

async function defaultTermsOf(db: Db, businessId: number): Promise<number> {
  return (await findInvoicingSettings(db, { businessId }))?.default_payment_terms_days ?? 30;
}

async function loadClient(db: Db, businessId: number, clientId: number): Promise<Client> {
  const row = await findClient(db, { businessId, clientId });
  if (!row) throw notFound(CATALOG_MESSAGES.clientNotFound);
  const contacts = await listClientContacts(db, { businessId, clientIds: [clientId] });
  return clientView(row, contacts);
}

function primaryDuplicate(error: unknown): never {
  // The partial unique index is the last line of defence; the service never writes two primaries.
  if (isUniqueViolation(error)) throw validationError({ contacts: [CATALOG_MESSAGES.twoPrimaries] });
  throw error;
}

export async function listClients(
  deps: Deps,
  params: { auth: AuthContext; query: ClientListQuery },
): Promise<ClientPage> {
  const { query } = params;
  const businessId = params.auth.businessId;
  const { rows, total } = await listClientRows(deps.db, {
    businessId,
    search: query.search,
    status: query.status,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const primaries = await listClientContacts(deps.db, {
    businessId,
    clientIds: rows.map((row) => row.id),
    primaryOnly: true,
  });
  const byClient = new Map(primaries.map((contact) => [contact.client_id, contact]));
  return {
    data: rows.map((row) => listItemView(row, byClient.get(row.id))),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function searchClients(
  deps: Deps,
  params: { auth: AuthContext; query: PickerQuery },
): Promise<{ data: ClientPickerItem[] }> {
  const rows = await searchClientRows(deps.db, {
    businessId: params.auth.businessId,
    q: params.query.q,
    limit: params.query.limit,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      payment_terms_days: row.payment_terms_days,
    })),
  };
}

export async function getClient(deps: Deps, params: { auth: AuthContext; clientId: number }): Promise<Client> {
  return loadClient(deps.db, params.auth.businessId, params.clientId);
}

export async function createClient(deps: Deps, params: { auth: AuthContext; input: ClientRequest }): Promise<Client> {
  const contacts = contactFields(params.input.contacts);
  return saveCatalogRecord(deps, CLIENT_RECORD, {
    auth: params.auth,
    change: 'created',
    name: params.input.name,
    write: async (tx, { businessId, now }) =>
      (
        await insertClient(tx, {
          businessId,
          fields: clientFields(params.input, await defaultTermsOf(tx, businessId)),
          contacts,
          now,
        })
      ).id,
    onError: primaryDuplicate,
  });
}

export async function updateClient(
  deps: Deps,
  params: { auth: AuthContext; clientId: number; input: ClientRequest },
): Promise<Client> {
  const contacts = contactFields(params.input.contacts);
  return saveCatalogRecord(deps, CLIENT_RECORD, {
    auth: params.auth,
    change: 'updated',
    name: params.input.name,
    async write(tx, { businessId, now }) {
      const before = await findClient(tx, { businessId, clientId: params.clientId });
      if (!before) throw notFound(CATALOG_MESSAGES.clientNotFound);
      await updateClientRow(tx, {
        businessId,
        clientId: params.clientId,
        fields: clientFields(params.input, before.payment_terms_days),
        contacts,
        now,
      });
      return params.clientId;
    },
    onError: primaryDuplicate,
  });
}

/** Clients as catalog records: archived, restored and deleted the way products and tax rates are. */
const CLIENT_RECORD: CatalogRecordKind<Client, 'client'> = {
  subject: 'client',
  notFoundMessage: CATALOG_MESSAGES.clientNotFound,
  find: (tx, businessId, clientId) => findClient(tx, { businessId, clientId }),
  setArchived: (tx, { businessId, id, archivedAt, now }) =>
    setClientArchived(tx, { businessId, clientId: id, archivedAt, now }),
  load: loadClient,
  deleteRow: (tx, businessId, clientId) => deleteClientRow(tx, { businessId, clientId }),
  async assertDeletable(tx, businessId, clientId) {
    const blocker = await clientDeletionBlocker(tx, { businessId, clientId });
    if (blocker !== null)
      throw new AppError(
        409,
        blocker === 'invoices'
          ? CATALOG_MESSAGES.clientHasInvoices
          : blocker === 'crm'
            ? CRM_MESSAGES.clientHasCrmRecords
            : CATALOG_MESSAGES.clientHasDocuments,
      );
  },
};

export function setArchived(
  deps: Deps,
  params: { auth: AuthContext; clientId: number; archived: boolean },
): Promise<Client> {
  return setCatalogRecordArchived(deps, CLIENT_RECORD, {
    auth: params.auth,
    id: params.clientId,
    archived: params.archived,
  });
}

export function deleteClient(deps: Deps, params: { auth: AuthContext; clientId: number }): Promise<void> {
  return deleteCatalogRecord(deps, CLIENT_RECORD, { auth: params.auth, id: params.clientId });
}

export async function exportClientsCsv(deps: Deps, params: { auth: AuthContext }): Promise<string> {
  const businessId = params.auth.businessId;
  const rows = await listAllClients(deps.db, { businessId });
  const primaries = new Map<number, ClientContactRow>();
  // In chunks: an IN list of 20,000 ids is past SQLite's parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((row) => row.id);
    for (const contact of await listClientContacts(deps.db, { businessId, clientIds: chunk, primaryOnly: true }))
      primaries.set(contact.client_id, contact);
  }
  return toCsv(
    CLIENT_CSV_COLUMNS,
    rows.map((row) => {
      const primary = primaries.get(row.id);
      return {
        id: row.id,
        kind: row.kind,
        name: row.name,
        email: row.email,
        phone: row.phone,
        contact_name: primary?.name ?? null,
        contact_email: primary?.email ?? null,
        contact_phone: primary?.phone ?? null,
        billing_line1: row.billing_line1,
        billing_line2: row.billing_line2,
        billing_city: row.billing_city,
        billing_state: row.billing_state,
        billing_postal_code: row.billing_postal_code,
        billing_country: row.billing_country,
        shipping_line1: row.shipping_line1,
        shipping_line2: row.shipping_line2,
        shipping_city: row.shipping_city,
        shipping_state: row.shipping_state,
        shipping_postal_code: row.shipping_postal_code,
        shipping_country: row.shipping_country,
        payment_terms_days: row.payment_terms_days,
        tax_id: row.tax_id,
        notes: row.notes,
        is_active: Boolean(row.is_active),
        status: row.archived_at ? 'archived' : 'active',
        balance_outstanding: fromCents(Number(row.balance_cents ?? 0)).toFixed(2),
        created_at: row.created_at,
      };
    }),
  );
}

/** Field keys of the contract (`contacts.0.email`, `billing_address.city`) as CSV columns (`contact_email`, `billing_city`). */
function toCsvField(key: string): string {
  const contact = /^contacts(?:\.\d+)?(?:\.(\w+))?$/.exec(key);
  if (contact) return `contact_${contact[1] ?? 'name'}`;
  const address = /^(billing|shipping)_address\.(\w+)$/.exec(key);
  if (address) return `${address[1]}_${address[2]}`;
  return key;
}

function mergeErrors(
  target: FieldErrors,
  source: FieldErrors,
  mapKey: (key: string) => string = (key) => key,
): FieldErrors {
  for (const [key, messages] of Object.entries(source)) addFieldErrors(target, mapKey(key), ...messages);
  return target;
}

/** Reads and validates every row; writes nothing. */
export async function previewClientImport(_deps: Deps, params: { csv: string }): Promise<ClientImportPreview> {
  const parsed = parseCsv(params.csv, { known: CLIENT_CSV_COLUMNS, required: CLIENT_CSV_REQUIRED });
  const rows = parsed.rows.map(({ row, values }) => {
    for (const column of CLIENT_CSV_EXPORT_ONLY) delete values[column];
    const mapped = clientCsvRowToRequest(values);
    const errors = { ...mapped.errors };
    const result = clientRequestSchema.safeParse(mapped.input);
    if (!result.success) mergeErrors(errors, toFieldErrors(result.error), toCsvField);
    const valid = Object.keys(errors).length === 0 && result.success;
    return { row, values, data: valid ? result.data : null, errors };
  });
  return catalogImportPreview(parsed, rows);
}

/** All or nothing: any file or row error answers 422 with every error and writes nothing. */
export async function importClients(deps: Deps, params: { auth: AuthContext; csv: string }): Promise<ImportResult> {
  const preview = await previewClientImport(deps, params);
  return importCatalogRecords(deps, 'client', {
    auth: params.auth,
    preview,
    async insertAll(tx, { businessId, now }) {
      const defaultTerms = await defaultTermsOf(tx, businessId);
      const created: number[] = [];
      for (const row of preview.rows) {
        const input = row.data as ClientRequest;
        const { id } = await insertClient(tx, {
          businessId,
          fields: clientFields(input, defaultTerms),
          contacts: contactFields(input.contacts),
          now,
        });
        created.push(id);
      }
      return created;
    },
  });
}
