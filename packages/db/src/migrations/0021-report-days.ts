import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect';

/*
 * Figures kept per business, day and product (`report_product_days`) and per business, day and tax
 * (`report_tax_days`) for sales by product or service and the accrual tax summary (issue 16: a year
 * of 100,000 invoices' 500,000 lines under 100 ms). The day is the invoice's plain issue date, so
 * any range of business dates adds up exactly. Only sold invoices (issued, not void) count.
 *
 * Database triggers keep them (no writer can forget, like `invoices.quantity_thousandths`): a line
 * or line tax inserted, changed or deleted adds or takes away its figures under its invoice's
 * current state; an invoice whose state changes (sold or not, issue date, fully paid or not for
 * products) takes away all its lines' figures under the old state and adds them under the new one;
 * an invoice deleted takes its lines' figures away first. `invoices` is the number of invoices
 * with at least one line (tax) of that product (tax) that day: a line adds 1 when it is its
 * invoice's first of that product, and takes 1 away when it was the last (counted per invoice and
 * product in `report_invoice_products`, per invoice and tax in `report_invoice_taxes`). A product's paid figure
 * is the total of its lines on fully paid invoices; the partly paid invoices' split (largest
 * remainder over the lines) is computed when the report runs. Rows are never deleted by the
 * triggers (a row can fall to zero); the queries skip rows whose `invoices` add up to 0.
 *
 * No foreign key to businesses: deleting a business (whose cascades can fire these triggers in any
 * order) must not fail; `deleteBusiness` deletes the business's rows here itself.
 */

const PRODUCT_TABLE = 'report_product_days';
const TAX_TABLE = 'report_tax_days';
const PAYMENT_TAXES = 'report_payment_taxes';
const SOLD = (ref: string) => `${ref}.status not in ('draft', 'void')`;

const PRODUCT_FIGURES = ['quantity_thousandths', 'net_cents', 'tax_cents', 'total_cents', 'paid_cents'] as const;
const TAX_FIGURES = ['base_cents', 'tax_cents'] as const;

function upsert(table: string, key: string, figures: readonly string[]): string {
  return `on conflict (${key}) do update set invoices = ${table}.invoices + excluded.invoices, ${figures
    .map((figure) => `${figure} = ${table}.${figure} + excluded.${figure}`)
    .join(', ')}`;
}

const PRODUCT_UPSERT = upsert(PRODUCT_TABLE, 'business_id, day, product_key', PRODUCT_FIGURES);
const TAX_UPSERT = upsert(TAX_TABLE, 'business_id, day, name, rate_thousandths', TAX_FIGURES);
const PRODUCT_COLUMNS = `(business_id, day, product_key, invoices, ${PRODUCT_FIGURES.join(', ')})`;
const TAX_COLUMNS = `(business_id, day, name, rate_thousandths, invoices, ${TAX_FIGURES.join(', ')})`;

const PRODUCT_KEYS = 'report_invoice_products';
const TAX_KEYS = 'report_invoice_taxes';
const lineKey = (ref: string) => `coalesce(${ref}.product_id, 0)`;
const productKeyOf = (ref: 'new' | 'old') => `invoice_id = ${ref}.invoice_id and product_key = ${lineKey(ref)}`;
const taxKeyOf = (ref: 'new' | 'old') =>
  `invoice_id = ${ref}.invoice_id and name = ${ref}.name and rate_thousandths = ${ref}.rate_thousandths`;
const linesOfKey = (ref: 'new' | 'old') => `(select lines from ${PRODUCT_KEYS} where ${productKeyOf(ref)})`;
const taxesOfKey = (ref: 'new' | 'old') => `(select lines from ${TAX_KEYS} where ${taxKeyOf(ref)})`;

/** A line's figures (sign +1 or -1) under its invoice's current state; `invoices` the count step. */
function lineStatement(ref: 'new' | 'old', sign: 1 | -1, invoices: string): string {
  const s = sign === 1 ? '' : '-';
  return `insert into ${PRODUCT_TABLE} ${PRODUCT_COLUMNS}
    select i.business_id, i.issue_date, ${lineKey(ref)}, ${invoices},
      ${s}${ref}.quantity_thousandths, ${s}(${ref}.total_cents - ${ref}.tax_cents), ${s}${ref}.tax_cents, ${s}${ref}.total_cents,
      case when i.paid_cents >= i.total_cents then ${s}${ref}.total_cents else 0 end
    from invoices i where i.id = ${ref}.invoice_id and ${SOLD('i')}
    ${PRODUCT_UPSERT};`;
}

function taxStatement(ref: 'new' | 'old', sign: 1 | -1, invoices: string): string {
  const s = sign === 1 ? '' : '-';
  return `insert into ${TAX_TABLE} ${TAX_COLUMNS}
    select i.business_id, i.issue_date, ${ref}.name, ${ref}.rate_thousandths, ${invoices},
      ${s}${ref}.base_cents, ${s}${ref}.amount_cents
    from invoices i where i.id = ${ref}.invoice_id and ${SOLD('i')}
    ${TAX_UPSERT};`;
}

/** All of an invoice's lines (taxes) added (+1) or taken away (-1) under its `ref` state. */
function invoiceProductStatement(ref: 'new' | 'old', sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  return `insert into ${PRODUCT_TABLE} ${PRODUCT_COLUMNS}
    select ${ref}.business_id, ${ref}.issue_date, ${lineKey('l')}, ${String(sign)},
      ${s}sum(l.quantity_thousandths), ${s}sum(l.total_cents - l.tax_cents), ${s}sum(l.tax_cents), ${s}sum(l.total_cents),
      case when ${ref}.paid_cents >= ${ref}.total_cents then ${s}sum(l.total_cents) else 0 end
    from invoice_lines l where l.invoice_id = ${ref}.id and ${SOLD(ref)}
    group by ${lineKey('l')}
    ${PRODUCT_UPSERT};`;
}

function invoiceTaxStatement(ref: 'new' | 'old', sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  return `insert into ${TAX_TABLE} ${TAX_COLUMNS}
    select ${ref}.business_id, ${ref}.issue_date, t.name, t.rate_thousandths, ${String(sign)},
      ${s}sum(t.base_cents), ${s}sum(t.amount_cents)
    from invoice_line_taxes t where t.invoice_id = ${ref}.id and ${SOLD(ref)}
    group by t.name, t.rate_thousandths
    ${TAX_UPSERT};`;
}

// The number of an invoice's lines (taxes) per product (tax) is counted in a table of its own, by
// these same triggers, not read from invoice_lines: PostgreSQL runs a multi-row statement's row
// triggers after the whole statement, when every row of it is visible, while each trigger's own
// writes are seen by the next one (SQLite runs them row by row). A line is its invoice's first of
// a product when the count goes to 1, and its last when it goes to 0.
const LINE_INSERT = `insert into ${PRODUCT_KEYS} (business_id, invoice_id, product_key, lines) values (new.business_id, new.invoice_id, ${lineKey('new')}, 1)
    on conflict (invoice_id, product_key) do update set lines = ${PRODUCT_KEYS}.lines + 1;
  ${lineStatement('new', 1, `case when ${linesOfKey('new')} = 1 then 1 else 0 end`)}`;
const LINE_DELETE = `update ${PRODUCT_KEYS} set lines = lines - 1 where ${productKeyOf('old')};
  ${lineStatement('old', -1, `case when ${linesOfKey('old')} = 0 then -1 else 0 end`)}
  delete from ${PRODUCT_KEYS} where ${productKeyOf('old')} and lines <= 0;`;
const LINE_UPDATE = `${LINE_DELETE} ${LINE_INSERT}`;
const LINE_CHANGED = `old.invoice_id <> new.invoice_id or ${lineKey('old')} <> ${lineKey('new')}
  or old.quantity_thousandths <> new.quantity_thousandths or old.total_cents <> new.total_cents or old.tax_cents <> new.tax_cents`;

const TAX_INSERT = `insert into ${TAX_KEYS} (business_id, invoice_id, name, rate_thousandths, lines) values (new.business_id, new.invoice_id, new.name, new.rate_thousandths, 1)
    on conflict (invoice_id, name, rate_thousandths) do update set lines = ${TAX_KEYS}.lines + 1;
  ${taxStatement('new', 1, `case when ${taxesOfKey('new')} = 1 then 1 else 0 end`)}`;
const TAX_DELETE = `update ${TAX_KEYS} set lines = lines - 1 where ${taxKeyOf('old')};
  ${taxStatement('old', -1, `case when ${taxesOfKey('old')} = 0 then -1 else 0 end`)}
  delete from ${TAX_KEYS} where ${taxKeyOf('old')} and lines <= 0;`;
const TAX_UPDATE = `${TAX_DELETE} ${TAX_INSERT}`;
const TAX_CHANGED = `old.invoice_id <> new.invoice_id or old.name <> new.name or old.rate_thousandths <> new.rate_thousandths
  or old.base_cents <> new.base_cents or old.amount_cents <> new.amount_cents`;

/** An invoice deleted: its lines' and taxes' figures go, and its counts (its lines go after it, by cascade). */
const INVOICE_DELETE = `${invoiceProductStatement('old', -1)} ${invoiceTaxStatement('old', -1)}
  delete from ${PRODUCT_KEYS} where invoice_id = old.id;
  delete from ${TAX_KEYS} where invoice_id = old.id;
  delete from ${PAYMENT_TAXES} where invoice_id = old.id;`;

const PAYMENT_TAX_COLUMNS =
  '(business_id, payment_date, invoice_id, payment_id, name, rate_thousandths, base_cents, tax_cents)';

/**
 * The cash tax shares of the payments of the invoices that `invoices` picks (`where` on the
 * payments, e.g. `invoice_id = new.invoice_id`): each payment carries each tax's share of what it
 * paid, `floor(paid after x tax / total) - floor(paid before x tax / total)` in payment order (date,
 * id), on sold invoices with a total above 0: the tax summary's cash basis, row for row.
 */
function paymentTaxShares(where: string): string {
  return `insert into ${PAYMENT_TAXES} ${PAYMENT_TAX_COLUMNS}
    select p.business_id, p.payment_date, p.invoice_id, p.id, x.name, x.rate_thousandths,
      p.after_cents * x.base / i.total_cents - (p.after_cents - p.amount_cents) * x.base / i.total_cents,
      p.after_cents * x.tax / i.total_cents - (p.after_cents - p.amount_cents) * x.tax / i.total_cents
    from (
      select id, business_id, invoice_id, payment_date, amount_cents,
        cast(sum(amount_cents) over (partition by invoice_id order by payment_date, id) as bigint) as after_cents
      from payments where ${where}
    ) p
    join invoices i on i.id = p.invoice_id
    join (
      select invoice_id, name, rate_thousandths, cast(sum(base_cents) as bigint) as base, cast(sum(amount_cents) as bigint) as tax
      from invoice_line_taxes where ${where}
      group by invoice_id, name, rate_thousandths
    ) x on x.invoice_id = p.invoice_id
    where ${SOLD('i')} and i.total_cents > 0`;
}

/**
 * An invoice's payment tax shares written anew from its payments, taxes and state. A refresh is
 * idempotent, so PostgreSQL's row triggers of a multi-row statement (run after the statement, each
 * seeing all of it) give the same rows as SQLite's row by row.
 */
const refreshPaymentTaxes = (invoice: string) => `delete from ${PAYMENT_TAXES} where invoice_id = ${invoice};
  ${paymentTaxShares(`invoice_id = ${invoice}`)};`;

const sold = (ref: string) => `(${SOLD(ref)})`;
const fullyPaid = (ref: string) => `(${ref}.paid_cents >= ${ref}.total_cents)`;
const INVOICE_PRODUCT_CHANGED = `${sold('old')} <> ${sold('new')} or old.issue_date <> new.issue_date
  or ((${sold('old')} or ${sold('new')}) and ${fullyPaid('old')} <> ${fullyPaid('new')})`;
const INVOICE_TAX_CHANGED = `${sold('old')} <> ${sold('new')} or old.issue_date <> new.issue_date`;
const PAYMENT_TAXES_INVOICE_CHANGED = `${sold('old')} <> ${sold('new')} or old.total_cents <> new.total_cents`;

/** The figures of every invoice there is (the back-fill). */
const BACKFILL_PRODUCTS = `insert into ${PRODUCT_TABLE} ${PRODUCT_COLUMNS}
  select i.business_id, i.issue_date, ${lineKey('l')}, count(distinct l.invoice_id),
    sum(l.quantity_thousandths), sum(l.total_cents - l.tax_cents), sum(l.tax_cents), sum(l.total_cents),
    sum(case when i.paid_cents >= i.total_cents then l.total_cents else 0 end)
  from invoices i join invoice_lines l on l.invoice_id = i.id
  where ${SOLD('i')}
  group by i.business_id, i.issue_date, ${lineKey('l')}`;
const BACKFILL_TAXES = `insert into ${TAX_TABLE} ${TAX_COLUMNS}
  select i.business_id, i.issue_date, t.name, t.rate_thousandths, count(distinct t.invoice_id),
    sum(t.base_cents), sum(t.amount_cents)
  from invoices i join invoice_line_taxes t on t.invoice_id = i.id
  where ${SOLD('i')}
  group by i.business_id, i.issue_date, t.name, t.rate_thousandths`;

const SQLITE_TRIGGERS: Array<[name: string, definition: string]> = [
  ['report_product_days_line_insert', `after insert on invoice_lines begin ${LINE_INSERT} end`],
  ['report_product_days_line_delete', `after delete on invoice_lines begin ${LINE_DELETE} end`],
  [
    'report_product_days_line_update',
    `after update of invoice_id, product_id, quantity_thousandths, total_cents, tax_cents on invoice_lines
     when ${LINE_CHANGED} begin ${LINE_UPDATE} end`,
  ],
  ['report_tax_days_tax_insert', `after insert on invoice_line_taxes begin ${TAX_INSERT} end`],
  ['report_tax_days_tax_delete', `after delete on invoice_line_taxes begin ${TAX_DELETE} end`],
  [
    'report_tax_days_tax_update',
    `after update of invoice_id, name, rate_thousandths, base_cents, amount_cents on invoice_line_taxes
     when ${TAX_CHANGED} begin ${TAX_UPDATE} end`,
  ],
  [
    'report_days_invoice_update_products',
    `after update of status, issue_date, paid_cents, total_cents on invoices when ${INVOICE_PRODUCT_CHANGED}
     begin ${invoiceProductStatement('old', -1)} ${invoiceProductStatement('new', 1)} end`,
  ],
  [
    'report_days_invoice_update_taxes',
    `after update of status, issue_date on invoices when ${INVOICE_TAX_CHANGED}
     begin ${invoiceTaxStatement('old', -1)} ${invoiceTaxStatement('new', 1)} end`,
  ],
  // The cash tax shares: an invoice's are written anew whenever its payments, its taxes, its total
  // or whether it is sold change.
  [
    'report_payment_taxes_payment_insert',
    `after insert on payments begin ${refreshPaymentTaxes('new.invoice_id')} end`,
  ],
  [
    'report_payment_taxes_payment_delete',
    `after delete on payments begin ${refreshPaymentTaxes('old.invoice_id')} end`,
  ],
  [
    'report_payment_taxes_payment_update',
    `after update of invoice_id, payment_date, amount_cents on payments
     begin ${refreshPaymentTaxes('old.invoice_id')} ${refreshPaymentTaxes('new.invoice_id')} end`,
  ],
  [
    'report_payment_taxes_tax_insert',
    `after insert on invoice_line_taxes begin ${refreshPaymentTaxes('new.invoice_id')} end`,
  ],
  [
    'report_payment_taxes_tax_delete',
    `after delete on invoice_line_taxes begin ${refreshPaymentTaxes('old.invoice_id')} end`,
  ],
  [
    'report_payment_taxes_tax_update',
    `after update of invoice_id, name, rate_thousandths, base_cents, amount_cents on invoice_line_taxes
     begin ${refreshPaymentTaxes('old.invoice_id')} ${refreshPaymentTaxes('new.invoice_id')} end`,
  ],
  [
    'report_payment_taxes_invoice_update',
    `after update of status, total_cents on invoices when ${PAYMENT_TAXES_INVOICE_CHANGED}
     begin ${refreshPaymentTaxes('new.id')} end`,
  ],
  // Before the row goes: its lines and taxes are still there (their own delete triggers, fired by
  // the cascade after the invoice is gone, find no invoice and add nothing).
  ['report_days_invoice_delete', `before delete on invoices begin ${INVOICE_DELETE} end`],
];

const POSTGRES_FUNCTIONS: Array<[name: string, body: string]> = [
  [
    'ledgerleaf_report_product_days_line',
    `if tg_op = 'INSERT' then ${LINE_INSERT}
     elsif tg_op = 'DELETE' then ${LINE_DELETE}
     elsif ${LINE_CHANGED} then ${LINE_UPDATE}
     end if;
     return null;`,
  ],
  [
    'ledgerleaf_report_tax_days_tax',
    `if tg_op = 'INSERT' then ${TAX_INSERT}
     elsif tg_op = 'DELETE' then ${TAX_DELETE}
     elsif ${TAX_CHANGED} then ${TAX_UPDATE}
     end if;
     return null;`,
  ],
  [
    'ledgerleaf_report_payment_taxes_refresh',
    `if tg_op in ('UPDATE', 'DELETE') then ${refreshPaymentTaxes('old.invoice_id')} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${refreshPaymentTaxes('new.invoice_id')} end if;
     return null;`,
  ],
  [
    'ledgerleaf_report_days_invoice',
    `if tg_op = 'DELETE' then
       ${INVOICE_DELETE}
       return old;
     end if;
     if ${INVOICE_PRODUCT_CHANGED} then ${invoiceProductStatement('old', -1)} ${invoiceProductStatement('new', 1)} end if;
     if ${INVOICE_TAX_CHANGED} then ${invoiceTaxStatement('old', -1)} ${invoiceTaxStatement('new', 1)} end if;
     if ${PAYMENT_TAXES_INVOICE_CHANGED} then ${refreshPaymentTaxes('new.id')} end if;
     return null;`,
  ],
];

const POSTGRES_TRIGGERS: Array<[name: string, definition: string]> = [
  [
    'report_payment_taxes_payment',
    'after insert or delete or update of invoice_id, payment_date, amount_cents on payments for each row execute function ledgerleaf_report_payment_taxes_refresh()',
  ],
  [
    'report_payment_taxes_tax',
    'after insert or update or delete on invoice_line_taxes for each row execute function ledgerleaf_report_payment_taxes_refresh()',
  ],
  [
    'report_product_days_line',
    'after insert or update or delete on invoice_lines for each row execute function ledgerleaf_report_product_days_line()',
  ],
  [
    'report_tax_days_tax',
    'after insert or update or delete on invoice_line_taxes for each row execute function ledgerleaf_report_tax_days_tax()',
  ],
  [
    'report_days_invoice_update',
    'after update of status, issue_date, paid_cents, total_cents on invoices for each row execute function ledgerleaf_report_days_invoice()',
  ],
  [
    'report_days_invoice_delete',
    'before delete on invoices for each row execute function ledgerleaf_report_days_invoice()',
  ],
];

export const reportDaysMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const postgres = dialectOf(db) === 'postgres';
    // SQLite: the rows live in the primary key's b-tree (a year's range is read without a table lookup).
    const rowid = postgres ? '' : ' without rowid';
    const bigints = (columns: readonly string[]) =>
      ['invoices', ...columns].map((column) => `${column} bigint not null default 0`).join(', ');
    await sql
      .raw(
        `create table ${PRODUCT_TABLE} (business_id integer not null, day varchar(10) not null,
          product_key integer not null, ${bigints(PRODUCT_FIGURES)},
          primary key (business_id, day, product_key))${rowid}`,
      )
      .execute(db);
    await sql
      .raw(
        `create table ${TAX_TABLE} (business_id integer not null, day varchar(10) not null,
          name varchar(100) not null, rate_thousandths integer not null, ${bigints(TAX_FIGURES)},
          primary key (business_id, day, name, rate_thousandths))${rowid}`,
      )
      .execute(db);
    await sql
      .raw(
        `create table ${PRODUCT_KEYS} (business_id integer not null, invoice_id integer not null, product_key integer not null,
          lines bigint not null, primary key (invoice_id, product_key))${rowid}`,
      )
      .execute(db);
    await sql
      .raw(
        `create table ${TAX_KEYS} (business_id integer not null, invoice_id integer not null, name varchar(100) not null,
          rate_thousandths integer not null, lines bigint not null,
          primary key (invoice_id, name, rate_thousandths))${rowid}`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${PRODUCT_KEYS} (business_id, invoice_id, product_key, lines)
         select min(business_id), invoice_id, ${lineKey('l')}, count(*) from invoice_lines l group by invoice_id, ${lineKey('l')}`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${TAX_KEYS} (business_id, invoice_id, name, rate_thousandths, lines)
         select min(business_id), invoice_id, name, rate_thousandths, count(*) from invoice_line_taxes
         group by invoice_id, name, rate_thousandths`,
      )
      .execute(db);
    await sql
      .raw(
        `create table ${PAYMENT_TAXES} (business_id integer not null, payment_date varchar(10) not null,
          invoice_id integer not null, payment_id integer not null, name varchar(100) not null,
          rate_thousandths integer not null, base_cents bigint not null, tax_cents bigint not null,
          primary key (payment_id, name, rate_thousandths))${rowid}`,
      )
      .execute(db);
    // The cash tax summary reads a period of them from this index alone.
    await sql
      .raw(
        `create index ${PAYMENT_TAXES}_report_index on ${PAYMENT_TAXES}
          (business_id, payment_date, name, rate_thousandths, invoice_id, base_cents, tax_cents)`,
      )
      .execute(db);
    await sql.raw(`create index ${PAYMENT_TAXES}_invoice_index on ${PAYMENT_TAXES} (invoice_id)`).execute(db);
    await sql.raw(paymentTaxShares('1 = 1')).execute(db);
    await sql.raw(BACKFILL_PRODUCTS).execute(db);
    await sql.raw(BACKFILL_TAXES).execute(db);

    if (postgres) {
      for (const [name, body] of POSTGRES_FUNCTIONS)
        await sql
          .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`)
          .execute(db);
      for (const [name, definition] of POSTGRES_TRIGGERS)
        await sql.raw(`create trigger ${name} ${definition}`).execute(db);
      return;
    }
    for (const [name, definition] of SQLITE_TRIGGERS) await sql.raw(`create trigger ${name} ${definition}`).execute(db);
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      for (const [name, definition] of POSTGRES_TRIGGERS) {
        const table = /on (\w+) for each row/.exec(definition)![1]!;
        await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
      }
      for (const [name] of POSTGRES_FUNCTIONS) await sql.raw(`drop function if exists ${name}()`).execute(db);
    } else {
      for (const [name] of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    await db.schema.dropTable(PAYMENT_TAXES).ifExists().execute();
    await db.schema.dropTable(TAX_KEYS).ifExists().execute();
    await db.schema.dropTable(PRODUCT_KEYS).ifExists().execute();
    await db.schema.dropTable(TAX_TABLE).ifExists().execute();
    await db.schema.dropTable(PRODUCT_TABLE).ifExists().execute();
  },
};
