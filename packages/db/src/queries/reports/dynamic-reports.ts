import { sql, type RawBuilder } from 'kysely';
import { addCalendarDays, startOfZonedDay } from '@ledgerleaf/domain';
import { dialectOf, toDbTime } from '../../dialect';
import { num } from '../shared/sql';
import { streamRows } from '../../prepared';
import type { Db } from '../shared/types';

/*
 * Dynamic reports (issue 16): a definition compiled into one query. Every source is a fixed FROM
 * with its joins and its business scope, and every field a fixed SQL expression from this whitelist;
 * the request only picks keys of it (the domain's `dynamicDefinitionSchema` refuses any other), and
 * every value is a bound parameter. Money is cents here, quantities plain numbers.
 */

type Expr = RawBuilder<unknown>;

interface SourceSpec {
  from: Expr;
  scope: (businessId: number) => Expr;
  id: Expr;
  fields: Record<string, Expr>;
  /**
   * The fields stored as instants (timestamps): each is the instant's calendar date in the
   * business's time zone (`localDate`), and a date filter compares the instant with the start of
   * the business's day (an index range, exact across daylight saving changes).
   */
  instants?: Record<string, Expr>;
}

const r = (ref: string) => sql.ref(ref);

export const DYNAMIC_SOURCE_SPECS: Record<string, SourceSpec> = {
  invoices: {
    from: sql`invoices t join clients c on c.id = t.client_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      invoice_number: r('t.invoice_number'),
      client_name: r('c.name'),
      status: r('t.status'),
      issue_date: r('t.issue_date'),
      due_date: r('t.due_date'),
      subtotal: r('t.subtotal_cents'),
      tax: r('t.tax_cents'),
      total: r('t.total_cents'),
      paid: r('t.paid_cents'),
      balance: r('t.balance_cents'),
    },
  },
  invoice_lines: {
    from: sql`invoice_lines t join invoices i on i.id = t.invoice_id join clients c on c.id = i.client_id left join products p on p.id = t.product_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      invoice_number: r('i.invoice_number'),
      client_name: r('c.name'),
      issue_date: r('i.issue_date'),
      product_name: r('p.name'),
      description: r('t.description'),
      quantity: sql`(t.quantity_thousandths / 1000.0)`,
      unit_price: r('t.unit_price_cents'),
      tax: r('t.tax_cents'),
      total: r('t.total_cents'),
    },
  },
  payments: {
    from: sql`payments t join invoices i on i.id = t.invoice_id join clients c on c.id = i.client_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      payment_date: r('t.payment_date'),
      invoice_number: r('i.invoice_number'),
      client_name: r('c.name'),
      method: r('t.method'),
      reference: r('t.reference'),
      amount: r('t.amount_cents'),
    },
  },
  clients: {
    from: sql`clients t`,
    scope: (b) => sql`t.business_id = ${b} and t.archived_at is null`,
    id: r('t.id'),
    fields: {
      name: r('t.name'),
      email: r('t.email'),
      city: r('t.billing_city'),
      country: r('t.billing_country'),
      payment_terms_days: r('t.payment_terms_days'),
    },
  },
  products: {
    from: sql`products t`,
    scope: (b) => sql`t.business_id = ${b} and t.archived_at is null`,
    id: r('t.id'),
    fields: {
      name: r('t.name'),
      type: r('t.type'),
      sku: r('t.sku'),
      unit: r('t.unit'),
      unit_price: r('t.unit_price_cents'),
    },
  },
  estimates: {
    from: sql`estimates t join clients c on c.id = t.client_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      estimate_number: r('t.estimate_number'),
      client_name: r('c.name'),
      status: r('t.status'),
      issue_date: r('t.issue_date'),
      expiry_date: r('t.expiry_date'),
      total: r('t.total_cents'),
    },
  },
  recurring_invoices: {
    from: sql`recurring_invoices t join clients c on c.id = t.client_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      client_name: r('c.name'),
      status: r('t.status'),
      frequency: r('t.frequency'),
      start_date: r('t.start_date'),
      next_run_date: r('t.next_run_date'),
      total: r('t.total_cents'),
    },
  },
  other_income: {
    from: sql`other_income t`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      income_date: r('t.income_date'),
      source: r('t.source'),
      reference_number: r('t.reference_number'),
      amount: r('t.amount_cents'),
    },
  },
  leads: {
    from: sql`crm_leads t left join crm_lead_sources s on s.id = t.source_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      person_name: r('t.person_name'),
      company_name: r('t.company_name'),
      email: r('t.email'),
      status: r('t.status'),
      source_name: r('s.name'),
      estimated_value: r('t.estimated_value_cents'),
    },
    instants: { created_at: r('t.created_at') },
  },
  opportunities: {
    from: sql`crm_opportunities t join crm_pipeline_stages st on st.id = t.stage_id left join clients c on c.id = t.client_id left join crm_lead_sources s on s.id = t.source_id left join crm_lost_reasons lr on lr.id = t.lost_reason_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      title: r('t.title'),
      client_name: r('c.name'),
      stage_name: r('st.name'),
      source_name: r('s.name'),
      lost_reason_name: r('lr.name'),
      expected_close_date: r('t.expected_close_date'),
      amount: r('t.amount_cents'),
      probability: r('t.probability'),
    },
    instants: { created_at: r('t.created_at'), closed_at: r('t.closed_at') },
  },
  activities: {
    from: sql`crm_activities t join crm_activity_types ty on ty.id = t.type_id left join clients c on c.id = t.client_id`,
    scope: (b) => sql`t.business_id = ${b}`,
    id: r('t.id'),
    fields: {
      subject: r('t.subject'),
      type_name: r('ty.name'),
      client_name: r('c.name'),
    },
    instants: { due_at: r('t.due_at'), done_at: r('t.done_at'), created_at: r('t.created_at') },
  },
};

/**
 * A condition as the query compares it: text and dates by their mode; numbers by an operator (the
 * server has made a decimal on a whole-number column, or a money amount in cents, the whole-number
 * comparison it means); a fixed-value field as the codes it matches (`negate`: every other value);
 * or a condition that holds for every row or none.
 */
export type CompiledCondition =
  | { field: string; kind: 'text' | 'date'; mode: string; value: string }
  | { field: string; kind: 'number'; op: '=' | '<>' | '<' | '<=' | '>' | '>='; value: number }
  | { field: string; kind: 'in'; values: string[]; negate: boolean }
  | { field: string; kind: 'always'; value: boolean };

export interface DynamicQuery {
  businessId: number;
  /** The business's time zone: instants are compared and grouped as its calendar dates. */
  timeZone: string;
  source: string;
  columns: string[];
  match: 'all' | 'any';
  conditions: CompiledCondition[];
  /**
   * Fields of fixed values, with the label of each code: rows show, sort and group by the label
   * (conditions compare the stored code).
   */
  labels?: Record<string, Record<string, string>>;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  group: {
    field: string;
    datePart: 'day' | 'week' | 'month' | 'quarter' | 'year' | null;
    aggregates: Array<{ fn: 'count' | 'sum' | 'avg' | 'min' | 'max'; field: string | null }>;
  } | null;
  limit: number;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * An instant's calendar date (`yyyy-MM-dd`) in `timeZone`: PostgreSQL's own zone rules, and on SQLite
 * the `ledgerleaf_local_date` function that `openSqlite` registers (the same IANA rules through Intl).
 */
export function localDate(db: Db, instant: Expr, timeZone: string): Expr {
  // The zone is written into the SQL text (a group-by key must be the same expression in the select
  // list and the GROUP BY, which two bound parameters are not for PostgreSQL); only a name made of
  // an IANA name's characters is, anything else is UTC.
  const zone = sql.lit(/^[A-Za-z0-9_+\-/]{1,64}$/.test(timeZone) ? timeZone : 'UTC');
  return dialectOf(db as never) === 'postgres'
    ? sql`to_char(${instant} at time zone ${zone}, 'YYYY-MM-DD')`
    : sql`ledgerleaf_local_date(${instant}, ${zone})`;
}

/**
 * A date condition on an instant: the business's day `value` is the instants from its local
 * midnight up to (excluding) the next day's, so "is", "is not", "before" and "after" compare with
 * those two instants (bound as parameters; an index on the instant serves them).
 */
function instantCondition(expr: Expr, c: { mode: string; value: string }, timeZone: string): Expr {
  const date = String(c.value);
  const start = toDbTime(startOfZonedDay(date, timeZone));
  const end = toDbTime(startOfZonedDay(addCalendarDays(date, 1), timeZone));
  switch (c.mode) {
    case 'dateIs':
      return sql`(${expr} >= ${start} and ${expr} < ${end})`;
    case 'dateIsNot':
      return sql`(${expr} is null or ${expr} < ${start} or ${expr} >= ${end})`;
    case 'dateBefore':
      return sql`${expr} < ${start}`;
    default:
      return sql`${expr} >= ${end}`;
  }
}

function condition(expr: Expr, c: CompiledCondition): Expr {
  if (c.kind === 'always') return c.value ? sql`1 = 1` : sql`1 = 0`;
  if (c.kind === 'in') {
    if (c.values.length === 0) return c.negate ? sql`1 = 1` : sql`1 = 0`;
    const list = sql.join(c.values.map((value) => sql`${value}`));
    return c.negate ? sql`(${expr} is null or ${expr} not in (${list}))` : sql`${expr} in (${list})`;
  }
  if (c.kind === 'number') {
    if (c.op === '<>') return sql`(${expr} is null or ${expr} <> ${c.value})`;
    return sql`${expr} ${sql.raw(c.op)} ${c.value}`;
  }
  if (c.kind === 'text') {
    const v = String(c.value).toLowerCase();
    const lowered = sql`lower(${expr})`;
    const like = (pattern: string) => sql`${lowered} like ${pattern} escape '\\'`;
    switch (c.mode) {
      case 'startsWith':
        return like(`${likeEscape(v)}%`);
      case 'contains':
        return like(`%${likeEscape(v)}%`);
      case 'notContains':
        return sql`(${expr} is null or not (${like(`%${likeEscape(v)}%`)}))`;
      case 'endsWith':
        return like(`%${likeEscape(v)}`);
      case 'equals':
        return sql`${lowered} = ${v}`;
      default:
        return sql`(${expr} is null or ${lowered} <> ${v})`;
    }
  }
  switch (c.mode) {
    case 'dateIs':
      return sql`${expr} = ${c.value}`;
    case 'dateIsNot':
      return sql`(${expr} is null or ${expr} <> ${c.value})`;
    case 'dateBefore':
      return sql`${expr} < ${c.value}`;
    default:
      return sql`${expr} > ${c.value}`;
  }
}

/** A date (`yyyy-MM-dd` text) as its day, week (its Monday), month, quarter (`2026-Q3`) or year. */
function datePartOf(db: Db, expr: Expr, part: NonNullable<DynamicQuery['group']>['datePart']): Expr {
  switch (part) {
    case 'month':
      return sql`substr(${expr}, 1, 7)`;
    case 'year':
      return sql`substr(${expr}, 1, 4)`;
    case 'quarter':
      return sql`substr(${expr}, 1, 4) || '-Q' || cast(((cast(substr(${expr}, 6, 2) as integer) + 2) / 3) as text)`;
    case 'week':
      return dialectOf(db as never) === 'postgres'
        ? sql`to_char(date_trunc('week', cast(${expr} as date)), 'YYYY-MM-DD')`
        : sql`date(${expr}, '-' || ((cast(strftime('%w', ${expr}) as integer) + 6) % 7) || ' days')`;
    default:
      return expr;
  }
}

export interface DynamicRows {
  rows: Array<Record<string, string | number | null>>;
  total: number;
}

type DynamicRow = Record<string, string | number | null>;

/** A compiled definition's two statements (the rows, at most `limit`; the count of all) and what makes a row plain. */
function dynamicStatements(
  db: Db,
  query: DynamicQuery,
): {
  select: RawBuilder<Record<string, unknown>>;
  count: RawBuilder<{ n: unknown }>;
  plain: (row: Record<string, unknown>) => DynamicRow;
} {
  const spec = DYNAMIC_SOURCE_SPECS[query.source];
  if (!spec) throw new Error(`unknown source ${query.source}`);
  /** What a condition compares: the stored value (a code, an instant's local date). */
  const stored = (key: string): Expr => {
    const instant = spec.instants?.[key];
    if (instant) return localDate(db, instant, query.timeZone);
    const expr = spec.fields[key];
    if (!expr) throw new Error(`unknown field ${key}`);
    return expr;
  };
  /** What a row shows, sorts and groups by: a fixed-value field's label (literals: the same expression in select and group by). */
  const field = (key: string): Expr => {
    const labels = query.labels?.[key];
    if (!labels || Object.keys(labels).length === 0) return stored(key);
    const expr = stored(key);
    const cases = Object.entries(labels).map(([code, label]) => sql`when ${sql.lit(code)} then ${sql.lit(label)}`);
    return sql`(case ${expr} ${sql.join(cases, sql` `)} else ${expr} end)`;
  };
  const conditions = query.conditions.map((c) => {
    const instant = spec.instants?.[c.field];
    return instant && c.kind === 'date' ? instantCondition(instant, c, query.timeZone) : condition(stored(c.field), c);
  });
  const filter =
    conditions.length === 0
      ? sql`1 = 1`
      : sql`(${sql.join(conditions, query.match === 'all' ? sql` and ` : sql` or `)})`;
  const where = sql`${spec.scope(query.businessId)} and ${filter}`;
  if (query.group) {
    const group = query.group;
    const key = datePartOf(db, field(group.field), group.datePart);
    const aggregates = group.aggregates.map((aggregate, index) => {
      const target = aggregate.field ? field(aggregate.field) : null;
      const expression =
        aggregate.fn === 'count'
          ? target
            ? sql`count(${target})`
            : sql`count(*)`
          : sql`${sql.raw(aggregate.fn)}(${target ?? sql`null`})`;
      return sql`${expression} as ${sql.ref(`a${String(index)}`)}`;
    });
    const direction = query.sort?.direction === 'desc' ? sql`desc` : sql`asc`;
    return {
      select: sql<Record<string, unknown>>`select ${key} as g, ${sql.join(aggregates)} from ${spec.from} where ${where}
        group by ${key} order by ${key} ${direction} limit ${query.limit}`,
      count: sql<{
        n: unknown;
      }>`select count(*) as n from (select ${key} as g from ${spec.from} where ${where} group by ${key}) x`,
      plain: (row) => ({
        // A number stays a number (a group of money or days), anything else is text.
        group: row.g === null || row.g === undefined ? null : typeof row.g === 'number' ? row.g : String(row.g),
        ...Object.fromEntries(
          group.aggregates.map((_, index) => {
            const value = row[`a${String(index)}`];
            return [
              `a${String(index)}`,
              value === null || value === undefined
                ? null
                : typeof value === 'number'
                  ? value
                  : Number.isFinite(Number(value))
                    ? Number(value)
                    : String(value),
            ];
          }),
        ),
      }),
    };
  }
  const columns = query.columns.map((key) => sql`${field(key)} as ${sql.ref(key)}`);
  const order = query.sort
    ? sql`${field(query.sort.field)} ${query.sort.direction === 'desc' ? sql`desc` : sql`asc`}, ${spec.id}`
    : spec.id;
  return {
    select: sql<
      Record<string, unknown>
    >`select ${sql.join(columns)} from ${spec.from} where ${where} order by ${order} limit ${query.limit}`,
    count: sql<{ n: unknown }>`select count(*) as n from ${spec.from} where ${where}`,
    plain: (row) =>
      Object.fromEntries(
        query.columns.map((key) => {
          const value = row[key];
          return [
            key,
            value === null || value === undefined
              ? null
              : typeof value === 'number' || typeof value === 'string'
                ? value
                : String(value),
          ];
        }),
      ),
  };
}

/** Runs a compiled definition: plain rows (columns, sort) or groups (key and aggregates), at most `limit`, and the count. */
export async function runDynamicQuery(db: Db, query: DynamicQuery): Promise<DynamicRows> {
  const { select, count, plain } = dynamicStatements(db, query);
  const [result, counted] = await Promise.all([select.execute(db), count.execute(db)]);
  return { rows: result.rows.map(plain), total: num(counted.rows[0]?.n) };
}

/**
 * The same rows streamed in chunks (`streamRows`: a cursor on PostgreSQL, the statement's iterator
 * on SQLite), for exports of up to 100,000 rows: the count first, then the rows as they are read.
 */
export async function streamDynamicQuery(
  db: Db,
  query: DynamicQuery,
  chunkSize = 1000,
): Promise<{ total: number; chunks: AsyncGenerator<DynamicRow[], void, undefined> }> {
  const { select, count, plain } = dynamicStatements(db, query);
  const total = num((await count.execute(db)).rows[0]?.n);
  async function* chunks(): AsyncGenerator<DynamicRow[], void, undefined> {
    for await (const rows of streamRows(db as never, select.compile(db), chunkSize)) yield rows.map(plain);
  }
  return { total, chunks: chunks() };
}

/**
 * The names of the business's own records that dynamic report fields name (stages in pipeline
 * order; lead sources, lost reasons and activity types in their order, archived ones last, since
 * older records still carry them): what a filter's picker offers.
 */
export async function listDynamicChoiceNames(
  db: Db,
  params: { businessId: number },
): Promise<Record<'pipeline_stages' | 'lead_sources' | 'lost_reasons' | 'activity_types', string[]>> {
  const named = (table: 'crm_lead_sources' | 'crm_lost_reasons' | 'crm_activity_types') =>
    db
      .selectFrom(table)
      .select('name')
      .where('business_id', '=', params.businessId)
      .orderBy(sql`case when archived_at is null then 0 else 1 end`)
      .orderBy('position')
      .orderBy('id')
      .execute();
  const [stages, sources, reasons, types] = await Promise.all([
    db
      .selectFrom('crm_pipeline_stages')
      .select('name')
      .where('business_id', '=', params.businessId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    named('crm_lead_sources'),
    named('crm_lost_reasons'),
    named('crm_activity_types'),
  ]);
  const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);
  return {
    pipeline_stages: names(stages),
    lead_sources: names(sources),
    lost_reasons: names(reasons),
    activity_types: names(types),
  };
}
