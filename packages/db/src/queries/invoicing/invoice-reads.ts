import type { InvoiceLineRow, InvoiceLineTaxRow, InvoiceRow } from '../../schema';
import type { Db } from '../shared/types';

/** An invoice row with its client's name (lists, detail). */
export type InvoiceWithClient = InvoiceRow & { client_name: string };

function withClientName(db: Db) {
  return db
    .selectFrom('invoices')
    .innerJoin('clients', (join) =>
      join.onRef('clients.id', '=', 'invoices.client_id').onRef('clients.business_id', '=', 'invoices.business_id'),
    )
    .selectAll('invoices')
    .select('clients.name as client_name');
}

export async function findInvoice(
  db: Db,
  params: { businessId: number; invoiceId: number },
): Promise<InvoiceWithClient | undefined> {
  return withClientName(db)
    .where('invoices.business_id', '=', params.businessId)
    .where('invoices.id', '=', params.invoiceId)
    .executeTakeFirst();
}

export async function findInvoiceByPublicToken(
  db: Db,
  params: { token: string },
): Promise<InvoiceWithClient | undefined> {
  return withClientName(db).where('invoices.public_token', '=', params.token).executeTakeFirst();
}

export async function listInvoiceLines(
  db: Db,
  params: { businessId: number; invoiceId: number },
): Promise<{ lines: InvoiceLineRow[]; taxes: InvoiceLineTaxRow[] }> {
  const lines = await db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .orderBy('position')
    .execute();
  const taxes = await db
    .selectFrom('invoice_line_taxes')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .orderBy('line_id')
    .orderBy('position')
    .execute();
  return { lines, taxes };
}

/**
 * The business's invoice data version: advanced by database triggers on every change to its
 * invoices and to its clients' names (migration 0011), so equal versions mean equal list results.
 */
export async function findInvoiceDataVersion(db: Db, params: { businessId: number }): Promise<number | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select('invoice_data_version')
    .where('id', '=', params.businessId)
    .executeTakeFirst();
  return row ? Number(row.invoice_data_version) : undefined;
}

export async function countClientInvoices(db: Db, params: { businessId: number; clientId: number }): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('client_id', '=', params.clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The client's estimates and recurring invoices: they name the client (no cascade), as invoices do. */
export async function countClientEstimatesAndRecurring(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<number> {
  const [estimates, recurring] = await Promise.all(
    (['estimates', 'recurring_invoices'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', params.businessId)
        .where('client_id', '=', params.clientId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return Number(estimates?.n ?? 0) + Number(recurring?.n ?? 0);
}

export async function countProductInvoiceLines(
  db: Db,
  params: { businessId: number; productId: number },
): Promise<number> {
  const row = await db
    .selectFrom('invoice_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('product_id', '=', params.productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTaxRateInvoiceLines(
  db: Db,
  params: { businessId: number; taxRateId: number },
): Promise<number> {
  const row = await db
    .selectFrom('invoice_line_taxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('tax_rate_id', '=', params.taxRateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
