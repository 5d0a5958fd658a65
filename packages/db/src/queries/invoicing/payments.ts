import { toDbTime } from '../../dialect';
import type { PaymentRow } from '../../schema';
import type { Db } from '../shared/types';

export interface PaymentFields {
  amount_cents: number;
  payment_date: string;
  method: string;
  reference: string | null;
  note: string | null;
}

export async function insertPayment(
  db: Db,
  params: { businessId: number; invoiceId: number; userId: number | null; fields: PaymentFields; now: Date },
): Promise<PaymentRow> {
  return db
    .insertInto('payments')
    .values({
      business_id: params.businessId,
      invoice_id: params.invoiceId,
      user_id: params.userId,
      ...params.fields,
      created_at: toDbTime(params.now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Many payments at once (the demo seed). */
export async function insertPayments(
  db: Db,
  rows: ReadonlyArray<{ businessId: number; invoiceId: number; fields: PaymentFields; createdAt: Date }>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 400) {
    await db
      .insertInto('payments')
      .values(
        rows.slice(start, start + 400).map((row) => ({
          business_id: row.businessId,
          invoice_id: row.invoiceId,
          user_id: null,
          ...row.fields,
          created_at: toDbTime(row.createdAt),
        })),
      )
      .execute();
  }
}

/** An invoice's payments, oldest first. */
export async function listPayments(db: Db, params: { businessId: number; invoiceId: number }): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .orderBy('payment_date')
    .orderBy('id')
    .execute();
}

export async function findPayment(
  db: Db,
  params: { businessId: number; invoiceId: number; paymentId: number },
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .where('id', '=', params.paymentId)
    .executeTakeFirst();
}

export async function deletePayment(
  db: Db,
  params: { businessId: number; invoiceId: number; paymentId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('payments')
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .where('id', '=', params.paymentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The sum of an invoice's payments in cents. */
export async function sumPayments(db: Db, params: { businessId: number; invoiceId: number }): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.val(0)).as('paid'))
    .where('business_id', '=', params.businessId)
    .where('invoice_id', '=', params.invoiceId)
    .executeTakeFirstOrThrow();
  return Number(row.paid);
}
