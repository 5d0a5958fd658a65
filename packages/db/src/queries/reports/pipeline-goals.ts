import { sql } from 'kysely';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';

/** Per stage of the pipeline, how many opportunities ever entered it (its stage changes). */
/**
 * How many opportunities ever entered each stage (`byStage`), and how many ever entered any stage
 * (`opportunities`, each counted once: the funnel's total, which is not the sum of the stages).
 */
export async function stageReachFigures(
  db: Db,
  params: { businessId: number },
): Promise<{ byStage: Map<number, number>; opportunities: number }> {
  const [result, total] = await Promise.all([
    sql<Record<string, unknown>>`
    select to_stage_id, count(distinct opportunity_id) as n from crm_stage_changes
    where business_id = ${params.businessId} and to_stage_id is not null
    group by to_stage_id`.execute(db),
    sql<Record<string, unknown>>`
    select count(distinct opportunity_id) as n from crm_stage_changes
    where business_id = ${params.businessId} and to_stage_id is not null`.execute(db),
  ]);
  return {
    byStage: new Map(result.rows.map((row) => [Number(row.to_stage_id), num(row.n)])),
    opportunities: num(total.rows[0]?.n ?? 0),
  };
}

export interface GoalFigures {
  id: number;
  title: string;
  type: string;
  status: string;
  target_cents: number;
  current_cents: number;
  start_date: string;
  target_date: string;
  from_payments_cents: number;
  from_income_cents: number;
  allocations: number;
}

/** Every goal with what was allocated to it on dates from..to, from payments and from other income. */
export async function goalFigures(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<GoalFigures[]> {
  const result = await sql<Record<string, unknown>>`
    select g.id, g.title, g.type, g.status, g.target_cents, g.current_cents, g.start_date, g.target_date,
      coalesce(sum(case when a.source_type = 'payment' then a.amount_cents else 0 end), 0) as from_payments,
      coalesce(sum(case when a.source_type = 'other_income' then a.amount_cents else 0 end), 0) as from_income,
      count(a.id) as n
    from goals g
    left join goal_allocations a on a.goal_id = g.id and a.business_id = ${params.businessId}
      and a.allocated_on >= ${params.from} and a.allocated_on <= ${params.to}
    where g.business_id = ${params.businessId}
    group by g.id, g.title, g.type, g.status, g.target_cents, g.current_cents, g.start_date, g.target_date
    order by g.target_date, g.id`.execute(db);
  return result.rows.map((row) => ({
    id: Number(row.id),
    title: String(row.title),
    type: String(row.type),
    status: String(row.status),
    target_cents: num(row.target_cents),
    current_cents: num(row.current_cents),
    start_date: String(row.start_date),
    target_date: String(row.target_date),
    from_payments_cents: num(row.from_payments),
    from_income_cents: num(row.from_income),
    allocations: num(row.n),
  }));
}

/** Allocations on dates from..to by month, per goal: the goals' progress over time. */
export async function goalAllocationsByMonth(
  db: Db,
  params: { businessId: number; from: string; to: string },
): Promise<Array<{ goal_id: number; month: string; cents: number }>> {
  const result = await sql<Record<string, unknown>>`
    select goal_id, substr(allocated_on, 1, 7) as month, sum(amount_cents) as cents from goal_allocations
    where business_id = ${params.businessId} and allocated_on >= ${params.from} and allocated_on <= ${params.to}
    group by goal_id, substr(allocated_on, 1, 7)`.execute(db);
  return result.rows.map((row) => ({ goal_id: Number(row.goal_id), month: String(row.month), cents: num(row.cents) }));
}
