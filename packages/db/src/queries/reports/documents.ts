import type { Db } from '../shared/types';

export interface EstimateFigures {
  id: number;
  status: string;
  expiry_date: string;
  total_cents: number;
  sent_at: string;
  accepted_at: string | null;
  invoice_id: number | null;
}

/** Estimates sent in [since, before) (instants: the business's dates as its time zone's days). */
export async function estimatesSentFigures(
  db: Db,
  params: { businessId: number; since: string; before: string },
): Promise<EstimateFigures[]> {
  const rows = await db
    .selectFrom('estimates')
    .select(['id', 'status', 'expiry_date', 'total_cents', 'sent_at', 'accepted_at', 'invoice_id'])
    .where('business_id', '=', params.businessId)
    .where('sent_at', '>=', params.since)
    .where('sent_at', '<', params.before)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    expiry_date: row.expiry_date,
    total_cents: Number(row.total_cents),
    sent_at: new Date(row.sent_at as string).toISOString(),
    accepted_at: row.accepted_at === null ? null : new Date(row.accepted_at).toISOString(),
    invoice_id: row.invoice_id,
  }));
}

/** The business's active recurring invoices with their client's name. */
export async function activeRecurringFigures(db: Db, params: { businessId: number }) {
  return db
    .selectFrom('recurring_invoices as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .selectAll('r')
    .select('c.name as client_name')
    .where('r.business_id', '=', params.businessId)
    .where('r.status', '=', 'active')
    .orderBy('c.sort_name')
    .orderBy('r.id')
    .execute();
}
