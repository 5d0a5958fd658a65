import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

/**
 * The dashboard's totals (issue 15), kept by database triggers in the transaction of every write,
 * like `invoice_status_totals` (migration 0012): no writer (invoices, payments, other income, the
 * scheduler, imports, the demo seed) can forget them, and the dashboard reads a few rows whatever
 * the number of invoices and payments.
 *
 * - `dashboard_revenue_months` / `dashboard_revenue_days`: per business and calendar month
 *   (`yyyy-MM`) / day (`yyyy-MM-dd`) of the date the money was received, the cents of its payments
 *   and of its other income. Revenue this month, last month, all time, the 12-month chart and the
 *   30-day trend line read these rows.
 * - `dashboard_client_totals`: one row per client: archived or not, what it paid (the sum of its
 *   invoices' `paid_cents`, moved with an invoice that changes client), and its last activity date
 *   (the latest issue date of its issued invoices, not drafts or void, or payment date of a payment
 *   on its invoices), recomputed for the client a write touches (a handful of rows through the
 *   (business_id, client_id, issue_date) index added here and payments' invoice index). Active clients, top and
 *   average client revenue read index ranges of it.
 * - `dashboard_business_totals`: per business, how many clients are not archived, how many have
 *   paid anything and what they paid in all, kept by triggers on clients and on
 *   `dashboard_client_totals` itself (so the client counts read one row, not 20,000).
 *
 * Deletes only update rows (never insert): deleting a business cascades through invoices and
 * payments while its totals rows go too. Every date is `yyyy-MM-dd` text, so `substr(date, 1, 7)` is
 * its month on both dialects.
 */

type MoneyColumn = 'payment_cents' | 'other_income_cents';

/** Upsert (add) and subtract statements for the two revenue tables. */
function revenueStatements(ref: 'new' | 'old', dateColumn: string, column: MoneyColumn, op: 'add' | 'remove'): string {
  const tables = [
    { table: 'dashboard_revenue_months', key: 'month', value: `substr(${ref}.${dateColumn}, 1, 7)` },
    { table: 'dashboard_revenue_days', key: 'day', value: `${ref}.${dateColumn}` },
  ];
  return tables
    .map(({ table, key, value }) =>
      op === 'add'
        ? `insert into ${table} (business_id, ${key}, ${column}) values (${ref}.business_id, ${value}, ${ref}.amount_cents)
           on conflict (business_id, ${key}) do update set ${column} = ${table}.${column} + excluded.${column};`
        : `update ${table} set ${column} = ${column} - ${ref}.amount_cents where business_id = ${ref}.business_id and ${key} = ${value};`,
    )
    .join('\n');
}

/** The latest activity date of the client of the `dashboard_client_totals` row being updated. */
const LAST_ACTIVITY = `(select max(d) from (
    select max(i.issue_date) as d from invoices i
    where i.business_id = dashboard_client_totals.business_id and i.client_id = dashboard_client_totals.client_id
      and i.status not in ('draft', 'void')
    union all
    select max(p.payment_date) as d from payments p inner join invoices i on i.id = p.invoice_id
    where i.business_id = dashboard_client_totals.business_id and i.client_id = dashboard_client_totals.client_id
  ) as dates)`;

function invoiceStatements(ref: 'new' | 'old'): string {
  const money =
    ref === 'new'
      ? `insert into dashboard_client_totals (business_id, client_id, archived, paid_cents) values (new.business_id, new.client_id, 0, new.paid_cents)
         on conflict (business_id, client_id) do update set paid_cents = dashboard_client_totals.paid_cents + excluded.paid_cents;`
      : `update dashboard_client_totals set paid_cents = paid_cents - old.paid_cents where business_id = old.business_id and client_id = old.client_id;`;
  return `${money}
    update dashboard_client_totals set last_activity_date = ${LAST_ACTIVITY} where business_id = ${ref}.business_id and client_id = ${ref}.client_id;`;
}

function paymentClientStatement(ref: 'new' | 'old'): string {
  return `update dashboard_client_totals set last_activity_date = ${LAST_ACTIVITY}
    where business_id = ${ref}.business_id and client_id = (select client_id from invoices where id = ${ref}.invoice_id);`;
}

const ARCHIVED = (ref: 'new') => `case when ${ref}.archived_at is null then 0 else 1 end`;
const CLIENT_INSERT = `insert into dashboard_client_totals (business_id, client_id, archived, paid_cents) values (new.business_id, new.id, ${ARCHIVED('new')}, 0) on conflict (business_id, client_id) do nothing;`;
const CLIENT_ARCHIVE = `update dashboard_client_totals set archived = ${ARCHIVED('new')} where business_id = new.business_id and client_id = new.id;`;

/**
 * Per-business counts: a client row's contribution (not archived, paying, paid cents) added or
 * taken away. Only the insert of a client row creates the business's row; an update or a delete only
 * updates (the business may be being deleted, its rows going with it).
 */
function businessUpdate(ref: 'new' | 'old', op: '+' | '-'): string {
  return `update dashboard_business_totals set
      clients = clients ${op} (case when ${ref}.archived = 0 then 1 else 0 end),
      paying_clients = paying_clients ${op} (case when ${ref}.paid_cents > 0 then 1 else 0 end),
      client_paid_cents = client_paid_cents ${op} ${ref}.paid_cents
    where business_id = ${ref}.business_id;`;
}
const BUSINESS_CREATE = `insert into dashboard_business_totals (business_id, clients, paying_clients, client_paid_cents)
    values (new.business_id, 0, 0, 0) on conflict (business_id) do nothing;`;

const TRIGGERS = {
  sqlite: [
    [
      'payments_dashboard_insert',
      'after insert on payments',
      `${revenueStatements('new', 'payment_date', 'payment_cents', 'add')} ${paymentClientStatement('new')}`,
    ],
    [
      'payments_dashboard_update',
      'after update of amount_cents, payment_date, invoice_id on payments',
      `${revenueStatements('old', 'payment_date', 'payment_cents', 'remove')} ${revenueStatements('new', 'payment_date', 'payment_cents', 'add')} ${paymentClientStatement('old')} ${paymentClientStatement('new')}`,
    ],
    [
      'payments_dashboard_delete',
      'after delete on payments',
      `${revenueStatements('old', 'payment_date', 'payment_cents', 'remove')} ${paymentClientStatement('old')}`,
    ],
    [
      'other_income_dashboard_insert',
      'after insert on other_income',
      revenueStatements('new', 'income_date', 'other_income_cents', 'add'),
    ],
    [
      'other_income_dashboard_update',
      'after update of amount_cents, income_date on other_income',
      `${revenueStatements('old', 'income_date', 'other_income_cents', 'remove')} ${revenueStatements('new', 'income_date', 'other_income_cents', 'add')}`,
    ],
    [
      'other_income_dashboard_delete',
      'after delete on other_income',
      revenueStatements('old', 'income_date', 'other_income_cents', 'remove'),
    ],
    ['invoices_dashboard_insert', 'after insert on invoices', invoiceStatements('new')],
    [
      'invoices_dashboard_update',
      'after update of client_id, paid_cents, status, issue_date on invoices',
      `${invoiceStatements('old')} ${invoiceStatements('new')}`,
    ],
    ['invoices_dashboard_delete', 'after delete on invoices', invoiceStatements('old')],
    ['clients_dashboard_insert', 'after insert on clients', CLIENT_INSERT],
    ['clients_dashboard_archive', 'after update of archived_at on clients', CLIENT_ARCHIVE],
    [
      'client_totals_business_insert',
      'after insert on dashboard_client_totals',
      `${BUSINESS_CREATE} ${businessUpdate('new', '+')}`,
    ],
    [
      'client_totals_business_update',
      'after update of archived, paid_cents on dashboard_client_totals',
      `${businessUpdate('old', '-')} ${businessUpdate('new', '+')}`,
    ],
    ['client_totals_business_delete', 'after delete on dashboard_client_totals', businessUpdate('old', '-')],
  ],
} as const;

/** PostgreSQL: one function per table, its statements by operation. */
const PG_FUNCTIONS = [
  {
    table: 'payments',
    name: 'ledgerleaf_payments_dashboard',
    events: 'insert or delete or update of amount_cents, payment_date, invoice_id',
    remove: `${revenueStatements('old', 'payment_date', 'payment_cents', 'remove')} ${paymentClientStatement('old')}`,
    add: `${revenueStatements('new', 'payment_date', 'payment_cents', 'add')} ${paymentClientStatement('new')}`,
  },
  {
    table: 'other_income',
    name: 'ledgerleaf_other_income_dashboard',
    events: 'insert or delete or update of amount_cents, income_date',
    remove: revenueStatements('old', 'income_date', 'other_income_cents', 'remove'),
    add: revenueStatements('new', 'income_date', 'other_income_cents', 'add'),
  },
  {
    table: 'dashboard_client_totals',
    name: 'ledgerleaf_client_totals_business',
    events: 'insert or delete or update of archived, paid_cents',
    remove: businessUpdate('old', '-'),
    add: `if tg_op = 'INSERT' then ${BUSINESS_CREATE} end if; ${businessUpdate('new', '+')}`,
  },
  {
    table: 'invoices',
    name: 'ledgerleaf_invoices_dashboard',
    events: 'insert or delete or update of client_id, paid_cents, status, issue_date',
    remove: invoiceStatements('old'),
    add: invoiceStatements('new'),
  },
] as const;

export const dashboardMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    for (const [table, key, size] of [
      ['dashboard_revenue_months', 'month', 7],
      ['dashboard_revenue_days', 'day', 10],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn(key, `varchar(${size})`, (col) => col.notNull())
        .addColumn('payment_cents', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('other_income_cents', 'bigint', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint(`${table}_pk`, ['business_id', key])
        .execute();
    }
    await db.schema
      .createTable('dashboard_client_totals')
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('last_activity_date', 'varchar(10)')
      .addPrimaryKeyConstraint('dashboard_client_totals_pk', ['business_id', 'client_id'])
      .execute();
    await db.schema
      .createTable('dashboard_business_totals')
      .addColumn('business_id', 'integer', (col) => col.primaryKey().references('businesses.id').onDelete('cascade'))
      .addColumn('clients', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('paying_clients', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('client_paid_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('dashboard_client_totals_activity_index')
      .on('dashboard_client_totals')
      .columns(['business_id', 'archived', 'last_activity_date'])
      .execute();
    // A client's latest invoice date in one index step (the (business_id, issue_date) index would
    // walk the business's invoices from the newest until one is the client's).
    await db.schema
      .createIndex('invoices_business_client_issue_date_index')
      .on('invoices')
      .columns(['business_id', 'client_id', 'issue_date'])
      .execute();
    await db.schema
      .createIndex('dashboard_client_totals_paid_index')
      .on('dashboard_client_totals')
      .columns(['business_id', 'paid_cents'])
      .execute();

    // What exists already.
    for (const [table, key, length] of [
      ['dashboard_revenue_months', 'month', 7],
      ['dashboard_revenue_days', 'day', 10],
    ] as const) {
      await sql
        .raw(
          `insert into ${table} (business_id, ${key}, payment_cents, other_income_cents)
           select business_id, k, sum(p), sum(o) from (
             select business_id, substr(payment_date, 1, ${length}) as k, amount_cents as p, 0 as o from payments
             union all
             select business_id, substr(income_date, 1, ${length}) as k, 0 as p, amount_cents as o from other_income
           ) as money group by business_id, k`,
        )
        .execute(db);
    }
    await sql`
      insert into dashboard_client_totals (business_id, client_id, archived, paid_cents)
      select business_id, id, case when archived_at is null then 0 else 1 end, 0 from clients`.execute(db);
    await sql
      .raw(
        `update dashboard_client_totals set
           paid_cents = (select coalesce(sum(paid_cents), 0) from invoices i where i.business_id = dashboard_client_totals.business_id and i.client_id = dashboard_client_totals.client_id),
           last_activity_date = ${LAST_ACTIVITY}`,
      )
      .execute(db);
    await sql`
      insert into dashboard_business_totals (business_id, clients, paying_clients, client_paid_cents)
      select business_id, sum(case when archived = 0 then 1 else 0 end), sum(case when paid_cents > 0 then 1 else 0 end), sum(paid_cents)
      from dashboard_client_totals group by business_id`.execute(db);

    if (dialectOf(db) === 'postgres') {
      for (const fn of PG_FUNCTIONS) {
        await sql
          .raw(
            `create function ${fn.name}() returns trigger language plpgsql as $$
             begin
               if tg_op in ('UPDATE', 'DELETE') then ${fn.remove} end if;
               if tg_op in ('INSERT', 'UPDATE') then ${fn.add} end if;
               return null;
             end
             $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${fn.table}_dashboard after ${fn.events} on ${fn.table} for each row execute function ${fn.name}()`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `create function ledgerleaf_clients_dashboard() returns trigger language plpgsql as $$
           begin
             if tg_op = 'INSERT' then ${CLIENT_INSERT} else ${CLIENT_ARCHIVE} end if;
             return null;
           end
           $$`,
        )
        .execute(db);
      await sql`create trigger clients_dashboard after insert or update of archived_at on clients for each row execute function ledgerleaf_clients_dashboard()`.execute(
        db,
      );
      return;
    }
    for (const [name, when, body] of TRIGGERS.sqlite) {
      await sql.raw(`create trigger ${name} ${when} begin ${body} end`).execute(db);
    }
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      for (const fn of PG_FUNCTIONS) {
        await sql.raw(`drop trigger if exists ${fn.table}_dashboard on ${fn.table}`).execute(db);
        await sql.raw(`drop function if exists ${fn.name}()`).execute(db);
      }
      await sql`drop trigger if exists clients_dashboard on clients`.execute(db);
      await sql`drop function if exists ledgerleaf_clients_dashboard()`.execute(db);
    } else {
      for (const [name] of TRIGGERS.sqlite) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await db.schema.dropIndex('invoices_business_client_issue_date_index').ifExists().execute();
    await db.schema.dropTable('dashboard_business_totals').ifExists().execute();
    await db.schema.dropTable('dashboard_client_totals').ifExists().execute();
    await db.schema.dropTable('dashboard_revenue_days').ifExists().execute();
    await db.schema.dropTable('dashboard_revenue_months').ifExists().execute();
  },
};
