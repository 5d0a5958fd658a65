import { sql } from 'kysely';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { openOnDate } from './report-sql';

export interface AgingFigures {
  client_id: number;
  client_name: string;
  invoices: number;
  /** Cents per bucket, in AGING_BUCKETS order: current, 1-30, 31-60, 61-90, 91-120, over 120. */
  buckets: [number, number, number, number, number, number];
}

/**
 * Open balances on `asOf` by client and bucket. `bounds` are the due dates that start each past-due
 * bucket: [asOf - 30, asOf - 60, asOf - 90, asOf - 120] (domain `agingBucketDueRange`).
 */
export async function agingFigures(
  db: Db,
  params: { businessId: number; asOf: string; cutoff: string; bounds: [string, string, string, string] },
): Promise<AgingFigures[]> {
  const [d30, d60, d90, d120] = params.bounds;
  const a = params.asOf;
  // Added up per client first, then named: the invoices are read from their aging covering index
  // (business, client, due date, status and the figures; migration 0020) in client order, so the
  // grouping streams without a temporary b-tree and no table row is read.
  const result = await sql<Record<string, unknown>>`
    select s.*, c.name as client_name from (
      select o.client_id, count(*) as n,
        sum(case when o.due_date >= ${a} then o.balance else 0 end) as b0,
        sum(case when o.due_date < ${a} and o.due_date >= ${d30} then o.balance else 0 end) as b1,
        sum(case when o.due_date < ${d30} and o.due_date >= ${d60} then o.balance else 0 end) as b2,
        sum(case when o.due_date < ${d60} and o.due_date >= ${d90} then o.balance else 0 end) as b3,
        sum(case when o.due_date < ${d90} and o.due_date >= ${d120} then o.balance else 0 end) as b4,
        sum(case when o.due_date < ${d120} then o.balance else 0 end) as b5
      from (${openOnDate(params)}) o
      where o.balance > 0
      group by o.client_id
    ) s
    join clients c on c.id = s.client_id
    order by c.sort_name, s.client_id`.execute(db);
  return result.rows.map((row) => ({
    client_id: Number(row.client_id),
    client_name: String(row.client_name),
    invoices: num(row.n),
    buckets: [num(row.b0), num(row.b1), num(row.b2), num(row.b3), num(row.b4), num(row.b5)],
  }));
}
