import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

/*
 * Figures kept per business, issue day and client (`report_client_days`) for sales by client
 * (issue 16: a year of 100,000 invoices under 100 ms), the 0021 pattern: written by database
 * triggers (SQLite triggers, PostgreSQL plpgsql), back-filled here, never by application code. The
 * day is the invoice's plain issue date, so any range of business dates adds up exactly. Only sold
 * invoices (issued, not void) count.
 *
 * Every figure is the invoice row's own (count 1, `quantity_thousandths` kept by migration 0020's
 * line triggers, net = total - tax, tax, total, paid, balance), so one trigger on invoices keeps
 * them: an invoice inserted adds its figures under its state, an invoice deleted takes them away,
 * and an invoice whose state or figures change (sold or not, issue date, client, quantity, totals,
 * paid and balance, which move with its payments) takes away its old figures and adds its new ones.
 * Each statement reads only the trigger's OLD and NEW rows, so PostgreSQL's row triggers after a
 * multi-row statement give the same rows as SQLite's row by row. Rows are never deleted by the
 * triggers (a row can fall to zero); the query skips clients whose `invoices` add up to 0.
 *
 * No foreign key to businesses or clients (a business's cascade fires the triggers in any order);
 * `deleteBusiness` deletes the business's rows here itself.
 */

const TABLE = 'report_client_days';
const SOLD = (ref: string) => `${ref}.status not in ('draft', 'void')`;
const FIGURES = [
  'quantity_thousandths',
  'net_cents',
  'tax_cents',
  'total_cents',
  'paid_cents',
  'balance_cents',
] as const;
const COLUMNS = `(business_id, day, client_id, invoices, ${FIGURES.join(', ')})`;
const UPSERT = `on conflict (business_id, day, client_id) do update set invoices = ${TABLE}.invoices + excluded.invoices, ${FIGURES.map(
  (figure) => `${figure} = ${TABLE}.${figure} + excluded.${figure}`,
).join(', ')}`;

/** The invoice's figures (sign +1 or -1) under its `ref` state, if it is sold then. */
function invoiceStatement(ref: 'new' | 'old', sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  // `select ... where` without a table: a row only when the invoice is sold (both dialects).
  return `insert into ${TABLE} ${COLUMNS}
    select ${ref}.business_id, ${ref}.issue_date, ${ref}.client_id, ${String(sign)},
      ${s}${ref}.quantity_thousandths, ${s}(${ref}.total_cents - ${ref}.tax_cents), ${s}${ref}.tax_cents,
      ${s}${ref}.total_cents, ${s}${ref}.paid_cents, ${s}${ref}.balance_cents
    where ${SOLD(ref)}
    ${UPSERT};`;
}

const WATCHED = [
  'business_id',
  'status',
  'issue_date',
  'client_id',
  'quantity_thousandths',
  'total_cents',
  'tax_cents',
  'paid_cents',
  'balance_cents',
] as const;
const sold = (ref: string) => `(${SOLD(ref)})`;
/** Whether an update moves the invoice's figures: its sold state, or (sold before or after) a watched column. */
const CHANGED = `${sold('old')} <> ${sold('new')}
  or ((${sold('old')} or ${sold('new')}) and (${WATCHED.map((column) => `old.${column} <> new.${column}`).join(' or ')}))`;
const UPDATE = `${invoiceStatement('old', -1)} ${invoiceStatement('new', 1)}`;

/** The figures of every invoice there is (the back-fill). */
const BACKFILL = `insert into ${TABLE} ${COLUMNS}
  select i.business_id, i.issue_date, i.client_id, count(*), sum(i.quantity_thousandths),
    sum(i.total_cents - i.tax_cents), sum(i.tax_cents), sum(i.total_cents), sum(i.paid_cents), sum(i.balance_cents)
  from invoices i
  where ${SOLD('i')}
  group by i.business_id, i.issue_date, i.client_id`;

const SQLITE_TRIGGERS: Array<[name: string, definition: string]> = [
  ['report_client_days_invoice_insert', `after insert on invoices begin ${invoiceStatement('new', 1)} end`],
  [
    'report_client_days_invoice_update',
    `after update of ${WATCHED.join(', ')} on invoices when ${CHANGED} begin ${UPDATE} end`,
  ],
  ['report_client_days_invoice_delete', `after delete on invoices begin ${invoiceStatement('old', -1)} end`],
];

const POSTGRES_FUNCTION = 'ledgerleaf_report_client_days_invoice';
const POSTGRES_BODY = `if tg_op = 'INSERT' then ${invoiceStatement('new', 1)}
  elsif tg_op = 'DELETE' then ${invoiceStatement('old', -1)}
  elsif ${CHANGED} then ${UPDATE}
  end if;
  return null;`;
const POSTGRES_TRIGGER = 'report_client_days_invoice';

export const reportClientDaysMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const postgres = dialectOf(db) === 'postgres';
    // SQLite: the rows live in the primary key's b-tree (a year's range is read without a table lookup).
    const rowid = postgres ? '' : ' without rowid';
    const bigints = ['invoices', ...FIGURES].map((column) => `${column} bigint not null default 0`).join(', ');
    await sql
      .raw(
        `create table ${TABLE} (business_id integer not null, day varchar(10) not null, client_id integer not null,
          ${bigints}, primary key (business_id, day, client_id))${rowid}`,
      )
      .execute(db);
    await sql.raw(BACKFILL).execute(db);
    if (postgres) {
      await sql
        .raw(
          `create function ${POSTGRES_FUNCTION}() returns trigger language plpgsql as $$ begin ${POSTGRES_BODY} end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${POSTGRES_TRIGGER} after insert or delete or update of ${WATCHED.join(', ')} on invoices
           for each row execute function ${POSTGRES_FUNCTION}()`,
        )
        .execute(db);
      return;
    }
    for (const [name, definition] of SQLITE_TRIGGERS) await sql.raw(`create trigger ${name} ${definition}`).execute(db);
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql.raw(`drop trigger if exists ${POSTGRES_TRIGGER} on invoices`).execute(db);
      await sql.raw(`drop function if exists ${POSTGRES_FUNCTION}()`).execute(db);
    } else {
      for (const [name] of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await db.schema.dropTable(TABLE).ifExists().execute();
  },
};
