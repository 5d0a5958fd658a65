/**
 * `pnpm --filter @ledgerleaf/server bench:scheduler`: 10,000 recurring invoices (BENCH_SCHEDULER_COUNT)
 * of one business on a SQLite file, all due now, then one scheduler pass (`runScheduler`, recurring
 * step). Measures the pass and checks, itself, that every recurring invoice produced exactly one
 * invoice for its period and that all invoice numbers are distinct. Writes bench/scheduler-results.json:
 * { count, seconds, invoicesPerSecond, duplicates, numbersDistinct }. Target: all 10,000 in under 60 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateInvoiceRequest, utcCalendarDate } from '@ledgerleaf/domain';
import {
  createBusiness,
  createDatabase,
  createUser,
  insertRecurringInvoiceBatch,
  migrateToLatest,
  saveRecurringSettings,
  type RecurringFields,
} from '@ledgerleaf/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/env';
import { runScheduler } from '../src/lib/scheduler';
import { writeResults } from './harness';

const COUNT = Math.max(1, Number(process.env.BENCH_SCHEDULER_COUNT ?? 10_000));
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-bench-scheduler-'));
  try {
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        APP_KEY: 'bench-app-key-0123456789abcdefghijklmnopqrstuvwxyz',
        LOG_LEVEL: 'error',
      },
      dataDir,
    );
    const database = createDatabase({ sqlitePath: config.sqlitePath });
    await migrateToLatest(database.db);
    const now = new Date();
    const today = utcCalendarDate(now);
    const { businessId, clientId, taxId } = await database.db.transaction().execute(async (tx) => {
      const business = await createBusiness(tx, { name: 'Bench Co', phone: null, email: 'bench@example.com', now });
      await createUser(tx, {
        businessId: business.id,
        name: 'Bench Owner',
        email: 'bench@example.com',
        phone: null,
        passwordHash: 'x',
        role: 'owner',
        now,
      });
      const stamp = now.toISOString();
      const client = await tx
        .insertInto('clients')
        .values({
          business_id: business.id,
          kind: 'company',
          name: 'Retainer Client',
          sort_name: 'retainer client',
          email: 'ap@client.test',
          payment_terms_days: 30,
          is_active: true,
          search_text: 'retainer client ap@client.test',
          created_at: stamp,
          updated_at: stamp,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const tax = await tx
        .insertInto('tax_rates')
        .values({
          business_id: business.id,
          name: 'Sales tax',
          rate_thousandths: 8875,
          is_compound: false,
          is_default: false,
          created_at: stamp,
          updated_at: stamp,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return { businessId: business.id, clientId: client.id, taxId: tax.id };
    });
    await saveRecurringSettings(database.db, {
      businessId,
      send_time: '00:00',
      time_zone: 'UTC',
      default_auto_send: false,
      missed_runs: 'catch_up',
      now,
    });
    const template = {
      client_id: clientId,
      lines: [
        {
          product_id: null,
          description: 'Monthly retainer',
          quantity: 1,
          unit: null,
          unit_price: 1200,
          discount_type: null,
          discount_value: null,
          tax_rate_ids: [taxId],
        },
        {
          product_id: null,
          description: 'Hosting',
          quantity: 2,
          unit: 'site',
          unit_price: 25,
          discount_type: 'percent' as const,
          discount_value: 10,
          tax_rate_ids: [],
        },
      ],
      discount_type: null,
      discount_value: null,
      notes: 'Thank you',
      terms: null,
      currency: 'USD' as const,
    };
    const computed = calculateInvoiceRequest(template, {
      taxRates: [{ id: taxId, name: 'Sales tax', rate: 8.875, is_compound: false }],
      prices_include_tax: false,
    });
    if (!computed.success) throw new Error('template does not compute');
    const fields: RecurringFields = {
      client_id: clientId,
      template: JSON.stringify(template),
      total_cents: computed.calculation.total_cents,
      frequency: 'monthly',
      interval_count: 1,
      day_of_month: null,
      start_date: today,
      end_type: 'never',
      end_date: null,
      end_count: null,
      payment_terms_days: 30,
      auto_send: false,
    };
    const seedStarted = performance.now();
    await database.db.transaction().execute((tx) =>
      insertRecurringInvoiceBatch(tx, {
        businessId,
        rows: Array.from({ length: COUNT }, () => ({
          fields,
          state: { status: 'active', next_index: 0, next_run_date: today },
        })),
        now,
      }),
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const app = await buildApp({
      config: { ...config, appKey: 'bench-app-key-0123456789abcdefghijklmnopqrstuvwxyz' },
      database,
      logger: false,
    });
    const started = performance.now();
    const result = await runScheduler(app.deps, app.scheduler.jobs, { only: ['recurring'] });
    const seconds = (performance.now() - started) / 1000;

    // The benchmark's own checks: one invoice per (recurring invoice, period), distinct numbers, none missing.
    const perPeriod = await database.db
      .selectFrom('invoices')
      .select(['recurring_invoice_id', 'recurring_period'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .groupBy(['recurring_invoice_id', 'recurring_period'])
      .execute();
    const duplicates = perPeriod.filter((row) => Number(row.n) > 1).length;
    const numbers = await database.db
      .selectFrom('invoices')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.count<number>('invoice_number').distinct().as('distinct'),
      ])
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    const pending = await database.db
      .selectFrom('recurring_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('next_run_date', '<=', today)
      .executeTakeFirstOrThrow();
    await app.close();

    const results = {
      count: COUNT,
      created: result.invoices_created,
      failures: result.failures,
      seedSeconds: round(seedSeconds),
      seconds: round(seconds),
      invoicesPerSecond: Math.round(result.invoices_created / seconds),
      duplicates,
      numbersDistinct: Number(numbers.distinct) === Number(numbers.all),
      stillDue: Number(pending.n),
    };
    writeResults('scheduler-results.json', results);
    if (duplicates > 0 || !results.numbersDistinct || result.invoices_created !== COUNT || results.stillDue !== 0) {
      console.error('scheduler benchmark: the run did not produce exactly one invoice per recurring invoice');
      process.exitCode = 1;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
