import { sql } from 'kysely';
import type { CrmOverviewFigures } from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';

/*
 * The CRM's figures (issue 14): the dashboard's crm-overview, its pipeline chart, the lead
 * analytics (a lead's source followed to won opportunities and to the invoices made from them,
 * invoiced and paid), and the client 360 money figures. Counts and cents; the domain turns them
 * into the API's answers (`crmOverviewFromFigures`). Each figure is served by an index range or
 * by the trigger-kept `crm_stage_totals`, never by adding up every row of the business.
 */

/**
 * The crm-overview's figures (definitions in domain `crmOverviewSchema`):
 * - open count and amount: the `crm_stage_totals` rows of the business's open-type stages;
 * - new leads this month: leads created at or after `monthStart` (domain `startOfZonedMonth`);
 * - leads created at or after `windowStart` (domain `rateWindowStart`) and how many of them are
 *   converted now;
 * - opportunities closed at or after `windowStart` that are now in a won stage / a lost stage;
 * - whether the business has any lead or opportunity.
 */
export async function crmOverviewFigures(
  db: Db,
  params: { businessId: number; monthStart: Date; windowStart: Date },
): Promise<CrmOverviewFigures> {
  const open = await db
    .selectFrom('crm_stage_totals as t')
    .innerJoin('crm_pipeline_stages as s', 's.id', 't.stage_id')
    .select((eb) => [
      eb.fn.sum<number>('t.opportunity_count').as('count'),
      eb.fn.sum<number>('t.amount_cents').as('amount'),
    ])
    .where('t.business_id', '=', params.businessId)
    .where('s.type', '=', 'open')
    .executeTakeFirst();
  const month = await db
    .selectFrom('crm_leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', params.businessId)
    .where('created_at', '>=', toDbTime(params.monthStart))
    .executeTakeFirstOrThrow();
  const windowStart = toDbTime(params.windowStart);
  const cohort = await db
    .selectFrom('crm_leads')
    .select([
      sql<number>`count(*)`.as('created'),
      sql<number>`sum(case when status = 'converted' then 1 else 0 end)`.as('converted'),
    ])
    .where('business_id', '=', params.businessId)
    .where('created_at', '>=', windowStart)
    .executeTakeFirstOrThrow();
  const closed = await db
    .selectFrom('crm_opportunities as o')
    .innerJoin('crm_pipeline_stages as s', 's.id', 'o.stage_id')
    .select([
      sql<number>`sum(case when s.type = 'won' then 1 else 0 end)`.as('won'),
      sql<number>`sum(case when s.type = 'lost' then 1 else 0 end)`.as('lost'),
    ])
    .where('o.business_id', '=', params.businessId)
    .where('o.closed_at', '>=', windowStart)
    .executeTakeFirstOrThrow();
  const anyLead = await db
    .selectFrom('crm_leads')
    .select('id')
    .where('business_id', '=', params.businessId)
    .limit(1)
    .executeTakeFirst();
  const anyOpportunity = anyLead
    ? undefined
    : await db
        .selectFrom('crm_opportunities')
        .select('id')
        .where('business_id', '=', params.businessId)
        .limit(1)
        .executeTakeFirst();
  return {
    open_count: num(open?.count),
    open_amount_cents: num(open?.amount),
    new_leads_this_month: num(month.n),
    window_leads_created: num(cohort.created),
    window_leads_converted: num(cohort.converted),
    window_won: num(closed.won),
    window_lost: num(closed.lost),
    has_data: anyLead !== undefined || anyOpportunity !== undefined,
  };
}

export interface PipelineStageFigures {
  stage_id: number;
  name: string;
  color: string;
  type: string;
  position: number;
  count: number;
  amount_cents: number;
  weighted_cents: number;
}

/** Every stage in pipeline order with its count, amount and weighted amount (the pipeline chart). */
export async function crmPipelineFigures(db: Db, params: { businessId: number }): Promise<PipelineStageFigures[]> {
  const rows = await db
    .selectFrom('crm_pipeline_stages as s')
    .leftJoin('crm_stage_totals as t', (join) =>
      join.onRef('t.stage_id', '=', 's.id').onRef('t.business_id', '=', 's.business_id'),
    )
    .select([
      's.id as stage_id',
      's.name',
      's.color',
      's.type',
      's.position',
      't.opportunity_count',
      't.amount_cents',
      't.weighted_cents',
    ])
    .where('s.business_id', '=', params.businessId)
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({
    stage_id: row.stage_id,
    name: row.name,
    color: row.color,
    type: row.type,
    position: row.position,
    count: num(row.opportunity_count),
    amount_cents: num(row.amount_cents),
    weighted_cents: num(row.weighted_cents),
  }));
}

export interface LeadSourceFigures {
  /** Null: leads and opportunities without a source. */
  source_id: number | null;
  name: string | null;
  archived: boolean;
  leads: number;
  converted: number;
  won_count: number;
  won_cents: number;
  invoiced_cents: number;
  paid_cents: number;
}

export interface LeadAnalyticsFigures {
  by_status: Array<{ status: string; count: number }>;
  by_source: LeadSourceFigures[];
  /** Opportunities in a lost stage closed in the period (with `won_count` of the sources: the win rate). */
  lost_count: number;
}

/**
 * Lead analytics over a period (`since` inclusive, `before` exclusive; either may be open):
 * - leads created in the period by status and by source (with how many of them are converted);
 * - per source, the opportunities of that source in a won stage closed in the period: their count
 *   and amount, and the issued, non-void invoices linked to them (directly, or converted from an
 *   estimate linked to them; each invoice counted once): total invoiced and paid.
 * Every source of the business is listed (also with zeros), in the sources' order, then "no source".
 */
export async function leadAnalyticsFigures(
  db: Db,
  params: { businessId: number; since?: Date | undefined; before?: Date | undefined },
): Promise<LeadAnalyticsFigures> {
  const since = params.since ? toDbTime(params.since) : null;
  const before = params.before ? toDbTime(params.before) : null;
  let leads = db
    .selectFrom('crm_leads')
    .select(['source_id', 'status', sql<number>`count(*)`.as('n')])
    .where('business_id', '=', params.businessId);
  if (since) leads = leads.where('created_at', '>=', since);
  if (before) leads = leads.where('created_at', '<', before);
  const leadRows = await leads.groupBy(['source_id', 'status']).execute();

  let closed = db
    .selectFrom('crm_opportunities as o')
    .innerJoin('crm_pipeline_stages as s', 's.id', 'o.stage_id')
    .select([
      'o.source_id',
      's.type',
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(o.amount_cents), 0)`.as('amount'),
    ])
    .where('o.business_id', '=', params.businessId)
    .where('s.type', 'in', ['won', 'lost']);
  if (since) closed = closed.where('o.closed_at', '>=', since);
  if (before) closed = closed.where('o.closed_at', '<', before);
  const closedRows = await closed.groupBy(['o.source_id', 's.type']).execute();
  const wonRows = closedRows.filter((row) => row.type === 'won');
  const lostCount = closedRows.filter((row) => row.type === 'lost').reduce((total, row) => total + num(row.n), 0);

  // The invoices of the won opportunities: linked directly, or converted from a linked estimate.
  const range = sql.join(
    [
      sql`o.business_id = ${params.businessId}`,
      sql`s.type = 'won'`,
      ...(since ? [sql`o.closed_at >= ${since}`] : []),
      ...(before ? [sql`o.closed_at < ${before}`] : []),
    ],
    sql` and `,
  );
  const invoiceRows = await sql<{ source_id: number | null; invoiced: number; paid: number }>`
    select links.source_id, coalesce(sum(i.total_cents), 0) as invoiced, coalesce(sum(i.paid_cents), 0) as paid
    from (
      select o.source_id, d.invoice_id as invoice_id
      from crm_opportunities o
      join crm_pipeline_stages s on s.id = o.stage_id
      join crm_opportunity_documents d on d.opportunity_id = o.id and d.invoice_id is not null
      where ${range}
      union
      select o.source_id, e.invoice_id as invoice_id
      from crm_opportunities o
      join crm_pipeline_stages s on s.id = o.stage_id
      join crm_opportunity_documents d on d.opportunity_id = o.id and d.estimate_id is not null
      join estimates e on e.id = d.estimate_id and e.invoice_id is not null
      where ${range}
    ) links
    join invoices i on i.id = links.invoice_id
    where i.business_id = ${params.businessId} and i.status not in ('draft', 'void')
    group by links.source_id`.execute(db);

  const sources = await db
    .selectFrom('crm_lead_sources')
    .select(['id', 'name', 'archived_at'])
    .where('business_id', '=', params.businessId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const figures = new Map<number | null, LeadSourceFigures>();
  const blank = (source_id: number | null, name: string | null, archived: boolean): LeadSourceFigures => ({
    source_id,
    name,
    archived,
    leads: 0,
    converted: 0,
    won_count: 0,
    won_cents: 0,
    invoiced_cents: 0,
    paid_cents: 0,
  });
  for (const source of sources) figures.set(source.id, blank(source.id, source.name, source.archived_at !== null));
  const entry = (sourceId: number | null) => {
    let found = figures.get(sourceId);
    if (!found) {
      found = blank(sourceId, null, false);
      figures.set(sourceId, found);
    }
    return found;
  };
  const byStatus = new Map<string, number>();
  for (const row of leadRows) {
    const source = entry(row.source_id);
    source.leads += num(row.n);
    if (row.status === 'converted') source.converted += num(row.n);
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + num(row.n));
  }
  for (const row of wonRows) {
    const source = entry(row.source_id);
    source.won_count += num(row.n);
    source.won_cents += num(row.amount);
  }
  for (const row of invoiceRows.rows) {
    const source = entry(row.source_id === null ? null : Number(row.source_id));
    source.invoiced_cents += num(row.invoiced);
    source.paid_cents += num(row.paid);
  }
  const noSource = figures.get(null);
  figures.delete(null);
  return {
    by_status: ['new', 'contacted', 'qualified', 'unqualified', 'converted'].map((status) => ({
      status,
      count: byStatus.get(status) ?? 0,
    })),
    by_source: [...figures.values(), ...(noSource ? [noSource] : [])],
    lost_count: lostCount,
  };
}

export interface ClientCrmFigures {
  outstanding_cents: number;
  lifetime_revenue_cents: number;
  /** One decimal; null when no invoice of the client is fully paid. */
  average_days_to_pay: number | null;
  open_opportunities_cents: number;
  won_cents: number;
}

/**
 * Client 360's money figures: the balances of its issued unpaid invoices; every payment received
 * on its invoices; over its fully paid invoices, the days from the issue date to the last
 * payment's date, averaged (one decimal, half up); the amounts of its opportunities in open and in
 * won stages.
 */
export async function clientCrmFigures(
  db: Db,
  params: { businessId: number; clientId: number },
): Promise<ClientCrmFigures> {
  const outstanding = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.sum<number>('balance_cents').as('n'))
    .where('business_id', '=', params.businessId)
    .where('client_id', '=', params.clientId)
    .where('status', 'in', ['sent', 'viewed', 'partial', 'overdue'])
    .executeTakeFirst();
  const revenue = await db
    .selectFrom('payments')
    .innerJoin('invoices', 'invoices.id', 'payments.invoice_id')
    .select((eb) => eb.fn.sum<number>('payments.amount_cents').as('n'))
    .where('payments.business_id', '=', params.businessId)
    .where('invoices.client_id', '=', params.clientId)
    .executeTakeFirst();
  const paid = await db
    .selectFrom('invoices')
    .innerJoin('payments', 'payments.invoice_id', 'invoices.id')
    .select(['invoices.id', 'invoices.issue_date', (eb) => eb.fn.max('payments.payment_date').as('paid_on')])
    .where('invoices.business_id', '=', params.businessId)
    .where('invoices.client_id', '=', params.clientId)
    .where('invoices.status', '=', 'paid')
    .groupBy(['invoices.id', 'invoices.issue_date'])
    .execute();
  const days = paid.map((row) =>
    Math.max(
      0,
      Math.round(
        (Date.parse(`${String(row.paid_on)}T00:00:00Z`) - Date.parse(`${row.issue_date}T00:00:00Z`)) / 86_400_000,
      ),
    ),
  );
  const totalDays = days.reduce((sum, value) => sum + value, 0);
  const stages = await db
    .selectFrom('crm_opportunities as o')
    .innerJoin('crm_pipeline_stages as s', 's.id', 'o.stage_id')
    .select([
      sql<number>`coalesce(sum(case when s.type = 'open' then o.amount_cents else 0 end), 0)`.as('open'),
      sql<number>`coalesce(sum(case when s.type = 'won' then o.amount_cents else 0 end), 0)`.as('won'),
    ])
    .where('o.business_id', '=', params.businessId)
    .where('o.client_id', '=', params.clientId)
    .executeTakeFirstOrThrow();
  return {
    outstanding_cents: num(outstanding?.n),
    lifetime_revenue_cents: num(revenue?.n),
    average_days_to_pay: days.length === 0 ? null : Math.floor((totalDays * 20 + days.length) / (days.length * 2)) / 10,
    open_opportunities_cents: num(stages.open),
    won_cents: num(stages.won),
  };
}

/**
 * Whether a client has CRM records (opportunities, activities, notes, leads converted into it).
 * Deleting such a client nulls its opportunities' client and deletes its activities and notes, so
 * the clients area should refuse it (archive instead), as it does for a client with invoices.
 */
export async function clientHasCrmRecords(db: Db, params: { businessId: number; clientId: number }): Promise<boolean> {
  for (const table of ['crm_opportunities', 'crm_activities', 'crm_notes', 'crm_lead_conversions'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('business_id', '=', params.businessId)
      .where('client_id', '=', params.clientId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}
