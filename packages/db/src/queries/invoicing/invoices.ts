import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';

/** Columns an invoice's content sets (create and update); amounts from domain's `calculateInvoice`. */
export interface InvoiceContentFields {
  client_id: number;
  issue_date: string;
  due_date: string;
  discount_type: string | null;
  /** Thousandths of a percent, or cents. */
  discount_value: number | null;
  notes: string | null;
  terms: string | null;
  currency: string;
  goal_id: number | null;
  prices_include_tax: boolean;
  subtotal_cents: number;
  line_discount_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
}

export interface InvoiceLineTaxWrite {
  tax_rate_id: number | null;
  name: string;
  rate_thousandths: number;
  is_compound: boolean;
  base_cents: number;
  amount_cents: number;
}

export interface InvoiceLineWrite {
  product_id: number | null;
  description: string;
  quantity_thousandths: number;
  unit: string | null;
  unit_price_cents: number;
  discount_type: string | null;
  discount_value: number | null;
  subtotal_cents: number;
  discount_cents: number;
  invoice_discount_cents: number;
  taxable_cents: number;
  tax_cents: number;
  total_cents: number;
  taxes: InvoiceLineTaxWrite[];
}

const CHUNK = 400;

async function insertLines(
  db: Db,
  params: { businessId: number; invoiceId: number; lines: ReadonlyArray<InvoiceLineWrite> },
): Promise<void> {
  for (let start = 0; start < params.lines.length; start += CHUNK) {
    const chunk = params.lines.slice(start, start + CHUNK);
    const inserted = await db
      .insertInto('invoice_lines')
      .values(
        chunk.map(({ taxes: _taxes, ...line }, index) => ({
          ...line,
          invoice_id: params.invoiceId,
          business_id: params.businessId,
          position: start + index,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    const idByPosition = new Map(inserted.map((row) => [Number(row.position), row.id]));
    const taxes = chunk.flatMap((line, index) =>
      line.taxes.map((tax, position) => ({
        ...tax,
        line_id: idByPosition.get(start + index) as number,
        invoice_id: params.invoiceId,
        business_id: params.businessId,
        position,
      })),
    );
    for (let offset = 0; offset < taxes.length; offset += CHUNK)
      await db
        .insertInto('invoice_line_taxes')
        .values(taxes.slice(offset, offset + CHUNK))
        .execute();
  }
}

/** Inserts a draft with its lines and their taxes (run inside a transaction). */
export async function insertInvoice(
  db: Db,
  params: {
    businessId: number;
    fields: InvoiceContentFields;
    lines: ReadonlyArray<InvoiceLineWrite>;
    publicToken: string;
    now: Date;
    /** The demo seed writes issued invoices directly. */
    state?: {
      status: string;
      invoice_number: string | null;
      sent_at: Date | null;
      viewed_at: Date | null;
      voided_at: Date | null;
      created_at: Date;
    };
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  const state = params.state;
  const row = await db
    .insertInto('invoices')
    .values({
      business_id: params.businessId,
      ...params.fields,
      status: state?.status ?? 'draft',
      invoice_number: state?.invoice_number ?? null,
      public_token: params.publicToken,
      sent_at: state?.sent_at ? toDbTime(state.sent_at) : null,
      viewed_at: state?.viewed_at ? toDbTime(state.viewed_at) : null,
      voided_at: state?.voided_at ? toDbTime(state.voided_at) : null,
      created_at: state ? toDbTime(state.created_at) : now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(db, { businessId: params.businessId, invoiceId: row.id, lines: params.lines });
  return row;
}

export interface InvoiceSeedState {
  status: string;
  invoice_number: string | null;
  sent_at: Date | null;
  viewed_at: Date | null;
  voided_at: Date | null;
  created_at: Date;
}

/**
 * Many invoices in a few statements (the demo seed): the invoices in one insert, their lines and taxes
 * in chunks. Answers the new ids in the order given.
 */
export async function insertInvoiceBatch(
  db: Db,
  params: {
    businessId: number;
    now: Date;
    invoices: ReadonlyArray<{
      fields: InvoiceContentFields;
      lines: ReadonlyArray<InvoiceLineWrite>;
      publicToken: string;
      state: InvoiceSeedState;
    }>;
  },
): Promise<number[]> {
  if (params.invoices.length === 0) return [];
  const now = toDbTime(params.now);
  const idByToken = new Map<string, number>();
  for (let start = 0; start < params.invoices.length; start += 200) {
    const rows = await db
      .insertInto('invoices')
      .values(
        params.invoices.slice(start, start + 200).map(({ fields, publicToken, state }) => ({
          business_id: params.businessId,
          ...fields,
          status: state.status,
          invoice_number: state.invoice_number,
          public_token: publicToken,
          sent_at: state.sent_at ? toDbTime(state.sent_at) : null,
          viewed_at: state.viewed_at ? toDbTime(state.viewed_at) : null,
          voided_at: state.voided_at ? toDbTime(state.voided_at) : null,
          created_at: toDbTime(state.created_at),
          updated_at: now,
        })),
      )
      .returning(['id', 'public_token'])
      .execute();
    for (const row of rows) idByToken.set(row.public_token, row.id);
  }
  const ids = params.invoices.map((invoice) => idByToken.get(invoice.publicToken) as number);
  const lines = params.invoices.flatMap((invoice, index) =>
    invoice.lines.map((line, position) => ({ line, position, invoiceId: ids[index] as number })),
  );
  const lineIds = new Map<string, number>();
  for (let start = 0; start < lines.length; start += CHUNK) {
    const rows = await db
      .insertInto('invoice_lines')
      .values(
        lines.slice(start, start + CHUNK).map(({ line: { taxes: _taxes, ...line }, position, invoiceId }) => ({
          ...line,
          invoice_id: invoiceId,
          business_id: params.businessId,
          position,
        })),
      )
      .returning(['id', 'invoice_id', 'position'])
      .execute();
    for (const row of rows) lineIds.set(`${row.invoice_id}:${Number(row.position)}`, row.id);
  }
  const taxes = lines.flatMap(({ line, position, invoiceId }) =>
    line.taxes.map((tax, taxPosition) => ({
      ...tax,
      line_id: lineIds.get(`${invoiceId}:${position}`) as number,
      invoice_id: invoiceId,
      business_id: params.businessId,
      position: taxPosition,
    })),
  );
  for (let start = 0; start < taxes.length; start += CHUNK)
    await db
      .insertInto('invoice_line_taxes')
      .values(taxes.slice(start, start + CHUNK))
      .execute();
  return ids;
}

/** The dated timeline of seeded invoices, straight into the activity log (history: no subscribers run). */
export async function insertInvoiceTimeline(
  db: Db,
  params: {
    businessId: number;
    userId: number | null;
    events: ReadonlyArray<{ event: string; invoiceId: number; data: Record<string, unknown>; at: Date }>;
  },
): Promise<void> {
  for (let start = 0; start < params.events.length; start += CHUNK) {
    await db
      .insertInto('activity_log')
      .values(
        params.events.slice(start, start + CHUNK).map((event) => ({
          business_id: params.businessId,
          user_id: params.userId,
          subject_type: 'invoice',
          subject_id: event.invoiceId,
          event: event.event,
          data: JSON.stringify(event.data),
          created_at: toDbTime(event.at),
        })),
      )
      .execute();
  }
}

/** Replaces an invoice's content and its whole line list (run inside a transaction). */
export async function replaceInvoiceContent(
  db: Db,
  params: {
    businessId: number;
    invoiceId: number;
    fields: InvoiceContentFields;
    status: string;
    lines: ReadonlyArray<InvoiceLineWrite>;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...params.fields, status: params.status, updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('invoice_line_taxes')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await db
    .deleteFrom('invoice_lines')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .execute();
  await insertLines(db, { businessId: params.businessId, invoiceId: params.invoiceId, lines: params.lines });
}
