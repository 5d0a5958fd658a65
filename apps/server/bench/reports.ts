/**
 * `pnpm bench` (part): one business with 20,000 clients, 100,000 invoices (500,000 lines, two taxes
 * on some lines), 100,000 payments and some other income and goals on SQLite, then through the real
 * app over HTTP: every standard report for a year (p50 of 20 requests after 3 warm-ups; target p50
 * under 100 ms), the CSV export of all 100,000 invoices (streamed: time to the first bytes, total
 * time, the server's peak RSS growth; target under 5 s) and the XLSX of the same (target under 20 s),
 * and a dynamic report over the invoices with three filters (client contains, total greater than, issued
 * after a date) grouped by month with a count and a sum (p50; target under 150 ms).
 * Writes bench/reports-results.json. Alone: `pnpm --filter @ledgerleaf/server bench:reports`.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { REPORT_KINDS, addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { benchClientRow, registerOwner, runBench, startBenchApp, writeResults } from './harness';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const LINES_PER_INVOICE = 5;
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 20);
const STATUSES = ['paid', 'paid', 'partial', 'sent', 'overdue', 'paid', 'viewed', 'void', 'draft', 'paid'] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(1));
}

async function main(): Promise<void> {
  const { database, base, close } = await startBenchApp('bench-reports');
  try {
    const auth = await registerOwner(base, {
      name: 'Report Owner',
      business_name: 'Report Scale',
      email: 'reports@example.com',
    });

    const db = database.db;
    const businessId = (await db.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    const today = utcCalendarDate(new Date());
    console.log(
      `Seeding ${CLIENTS} clients, ${INVOICES} invoices, ${INVOICES * LINES_PER_INVOICE} lines, ${PAYMENTS} payments...`,
    );
    const seedStarted = performance.now();
    await db.transaction().execute(async (tx) => {
      for (let start = 0; start < CLIENTS; start += 500) {
        const rows = Array.from({ length: Math.min(500, CLIENTS - start) }, (_, offset) => {
          const name = `Client ${String(start + offset).padStart(5, '0')}`;
          return benchClientRow(businessId, name, now);
        });
        await tx.insertInto('clients').values(rows).execute();
      }
      const clientIds = (
        await tx.selectFrom('clients').select('id').where('business_id', '=', businessId).execute()
      ).map((row) => row.id);
      const products = [];
      for (let i = 0; i < 50; i += 1) {
        const name = `Service ${String(i)}`;
        products.push({
          business_id: businessId,
          name,
          sort_name: name.toLowerCase(),
          type: 'service',
          unit: 'hour',
          unit_price_cents: 5_000 + i * 100,
          is_active: true,
          search_text: name.toLowerCase(),
          created_at: now,
          updated_at: now,
        });
      }
      const productIds = (await tx.insertInto('products').values(products).returning('id').execute()).map(
        (row) => row.id,
      );
      let paymentsLeft = PAYMENTS;
      for (let start = 0; start < INVOICES; start += 200) {
        const invoices = [];
        const plans: Array<{
          lines: Array<Record<string, number | string | null>>;
          taxes: Array<Array<[string, number, number, number]>>;
          paid: number;
          total: number;
          issue: string;
        }> = [];
        for (let i = start; i < Math.min(INVOICES, start + 200); i += 1) {
          const status = STATUSES[i % STATUSES.length]!;
          // Three years of invoices, the newest today.
          const issue = addCalendarDays(today, -((i * 13) % 1095));
          const lines = [];
          const taxes: Array<Array<[string, number, number, number]>> = [];
          let subtotal = 0;
          let tax = 0;
          for (let l = 0; l < LINES_PER_INVOICE; l += 1) {
            const quantity = 1000 + ((i + l) % 4) * 500;
            const price = 2_000 + ((i * 31 + l * 17) % 20_000);
            const net = Math.round((quantity * price) / 1000);
            const lineTaxes: Array<[string, number, number, number]> = [];
            if (l < 2) lineTaxes.push(['Sales', 8875, net, Math.round((net * 8875) / 100_000)]);
            if (l === 1) lineTaxes.push(['City', 2000, net, Math.round((net * 2000) / 100_000)]);
            const lineTax = lineTaxes.reduce((sum, entry) => sum + entry[3], 0);
            subtotal += net;
            tax += lineTax;
            lines.push({
              position: l,
              product_id: l === 4 ? null : productIds[(i + l) % productIds.length]!,
              description: 'Work',
              quantity_thousandths: quantity,
              unit: 'hour',
              unit_price_cents: price,
              discount_type: null,
              discount_value: null,
              subtotal_cents: net,
              discount_cents: 0,
              invoice_discount_cents: 0,
              taxable_cents: net,
              tax_cents: lineTax,
              total_cents: net + lineTax,
            });
            taxes.push(lineTaxes);
          }
          const total = subtotal + tax;
          const paid = status === 'paid' ? total : status === 'partial' ? Math.floor(total / 3) : 0;
          plans.push({ lines, taxes, paid, total, issue });
          invoices.push({
            business_id: businessId,
            client_id: clientIds[(i * 7) % clientIds.length]!,
            invoice_number: status === 'draft' ? null : `INV-${String(i + 1).padStart(6, '0')}`,
            status,
            issue_date: issue,
            due_date: addCalendarDays(issue, 30),
            currency: 'USD',
            prices_include_tax: false,
            subtotal_cents: subtotal,
            line_discount_cents: 0,
            discount_cents: 0,
            tax_cents: tax,
            total_cents: total,
            paid_cents: paid,
            balance_cents: total - paid,
            public_token: randomBytes(24).toString('base64url'),
            sent_at: status === 'draft' ? null : `${issue}T12:00:00.000Z`,
            voided_at: status === 'void' ? now : null,
            created_at: now,
            updated_at: now,
          });
        }
        const ids = (await tx.insertInto('invoices').values(invoices).returning('id').execute()).map((row) => row.id);
        const lineRows = ids.flatMap((id, index) =>
          plans[index]!.lines.map((line) => ({ ...line, invoice_id: id, business_id: businessId })),
        );
        const lineIds: number[] = [];
        for (let s = 0; s < lineRows.length; s += 500)
          lineIds.push(
            ...(
              await tx
                .insertInto('invoice_lines')
                .values(lineRows.slice(s, s + 500) as never)
                .returning('id')
                .execute()
            ).map((row) => row.id),
          );
        const taxRows = ids.flatMap((id, index) =>
          plans[index]!.taxes.flatMap((lineTaxes, l) =>
            lineTaxes.map(([name, rate, base, amount], position) => ({
              line_id: lineIds[index * LINES_PER_INVOICE + l]!,
              invoice_id: id,
              business_id: businessId,
              position,
              tax_rate_id: null,
              name,
              rate_thousandths: rate,
              is_compound: false,
              base_cents: base,
              amount_cents: amount,
            })),
          ),
        );
        for (let s = 0; s < taxRows.length; s += 500)
          await tx
            .insertInto('invoice_line_taxes')
            .values(taxRows.slice(s, s + 500))
            .execute();
        const paymentRows = [];
        for (const [index, id] of ids.entries()) {
          const plan = plans[index]!;
          if (plan.paid <= 0 || paymentsLeft <= 0) continue;
          // Every paid and partly paid invoice in two payments: 100,000 payments for 100,000 invoices.
          const split = true;
          const first = split ? Math.floor(plan.paid / 2) : plan.paid;
          paymentRows.push({
            business_id: businessId,
            invoice_id: id,
            amount_cents: first,
            payment_date: addCalendarDays(plan.issue, 10),
            method: 'bank_transfer',
            reference: null,
            note: null,
            user_id: null,
            created_at: now,
          });
          paymentsLeft -= 1;
          if (split && paymentsLeft > 0) {
            paymentRows.push({
              business_id: businessId,
              invoice_id: id,
              amount_cents: plan.paid - first,
              payment_date: addCalendarDays(plan.issue, 25),
              method: 'card',
              reference: null,
              note: null,
              user_id: null,
              created_at: now,
            });
            paymentsLeft -= 1;
          }
        }
        for (let s = 0; s < paymentRows.length; s += 500)
          await tx
            .insertInto('payments')
            .values(paymentRows.slice(s, s + 500))
            .execute();
      }
      const income = Array.from({ length: 2_000 }, (_, i) => ({
        business_id: businessId,
        user_id: null,
        amount_cents: 10_000 + i,
        income_date: addCalendarDays(today, -(i % 1095)),
        source: 'Grant',
        reference_number: null,
        description: null,
        created_at: now,
        updated_at: now,
      }));
      for (let s = 0; s < income.length; s += 500)
        await tx
          .insertInto('other_income')
          .values(income.slice(s, s + 500))
          .execute();
    });
    await sql`analyze`.execute(db);
    const counts = {
      invoices: Number(
        (
          await db
            .selectFrom('invoices')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      lines: Number(
        (
          await db
            .selectFrom('invoice_lines')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      payments: Number(
        (
          await db
            .selectFrom('payments')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      clients: CLIENTS,
    };
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`Seeded ${JSON.stringify(counts)} in ${seedSeconds.toFixed(1)} s`);

    if (process.env.BENCH_SEED_ONLY) return;
    // The connection kept alive since registration has been closed by the server during the seed:
    // one request to open a fresh one (undici retries nothing by itself).
    await fetch(`${base}/healthz`).catch(() => undefined);
    const from = addCalendarDays(today, -364);
    // Wall time per request, and the CPU the process spent on it (the app runs in this process):
    // on a shared machine the wall time also counts waiting for a core, the CPU time does not.
    const reports: Record<string, number> = {};
    const reportsCpu: Record<string, number> = {};
    for (const report of REPORT_KINDS) {
      const query =
        report === 'aging' ? '' : `?from=${from}&to=${today}${report === 'tax_summary' ? '&basis=cash' : ''}`;
      const url = `${base}/api/reports/${report}${query}`;
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < SAMPLES + 3; i += 1) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const response = await fetch(url, { headers: auth });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        const used = process.cpuUsage(cpuStarted);
        if (i >= 3) {
          times.push(performance.now() - started);
          cpu.push((used.user + used.system) / 1000);
        }
      }
      reports[report] = median(times);
      reportsCpu[report] = median(cpu);
      console.log(`${report}: p50 ${String(reports[report])} ms (CPU ${String(reportsCpu[report])} ms)`);
    }
    // The accrual tax summary too (the loop above ran the cash one).
    const accrualTimes: number[] = [];
    const accrualCpu: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i += 1) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await (
        await fetch(`${base}/api/reports/tax_summary?from=${from}&to=${today}&basis=accrual`, { headers: auth })
      ).arrayBuffer();
      const used = process.cpuUsage(cpuStarted);
      if (i >= 3) {
        accrualTimes.push(performance.now() - started);
        accrualCpu.push((used.user + used.system) / 1000);
      }
    }
    reports.tax_summary_accrual = median(accrualTimes);
    reportsCpu.tax_summary_accrual = median(accrualCpu);
    console.log(
      `tax_summary (accrual): p50 ${String(reports.tax_summary_accrual)} ms (CPU ${String(reportsCpu.tax_summary_accrual)} ms)`,
    );

    // A dynamic report (issue 16): invoices, three filters, grouped by month with count and sum.
    const dynamicDefinition = {
      source: 'invoices',
      filters: {
        match: 'all',
        conditions: [
          { field: 'client_name', mode: 'contains', value: 'Client 1' },
          { field: 'total', mode: 'gt', value: 100 },
          { field: 'issue_date', mode: 'dateAfter', value: from },
        ],
      },
      group_by: {
        field: 'issue_date',
        date_part: 'month',
        aggregates: [{ fn: 'count' }, { fn: 'sum', field: 'total' }],
      },
      chart: 'bar',
    };
    const dynamicTimes: number[] = [];
    const dynamicCpu: number[] = [];
    let dynamicGroups = 0;
    for (let i = 0; i < SAMPLES + 3; i += 1) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const response = await fetch(`${base}/api/dynamic-reports/run`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(dynamicDefinition),
      });
      if (!response.ok) throw new Error(`dynamic report: ${response.status} ${await response.text()}`);
      dynamicGroups = ((await response.json()) as { rows: unknown[] }).rows.length;
      const used = process.cpuUsage(cpuStarted);
      if (i >= 3) {
        dynamicTimes.push(performance.now() - started);
        dynamicCpu.push((used.user + used.system) / 1000);
      }
    }
    const dynamic = { p50: median(dynamicTimes), cpuP50: median(dynamicCpu), groups: dynamicGroups };
    console.log(
      `dynamic report: p50 ${String(dynamic.p50)} ms (CPU ${String(dynamic.cpuP50)} ms), ${dynamicGroups} groups`,
    );

    const exportAll = async (format: 'csv' | 'xlsx') => {
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const response = await fetch(
        `${base}/api/reports/records/invoices/export.${format}?from=2000-01-01&to=2099-12-31`,
        {
          headers: auth,
        },
      );
      if (!response.ok || !response.body) throw new Error(`export ${format}: ${response.status}`);
      let firstByte = 0;
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body) {
        if (firstByte === 0) firstByte = performance.now() - started;
        bytes += chunk.length;
        if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      return {
        firstByteMs: Number(firstByte.toFixed(0)),
        seconds: Number(seconds.toFixed(2)),
        megabytes: Number((bytes / 2 ** 20).toFixed(1)),
        rows: format === 'csv' ? lines - 1 : null,
        peakRssGrowthMiB: Number(((peak - rssBefore) / 2 ** 20).toFixed(0)),
      };
    };
    const csv = await exportAll('csv');
    console.log('csv', csv);
    const xlsx = await exportAll('xlsx');
    console.log('xlsx', xlsx);

    const results = {
      ...counts,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      samples: SAMPLES,
      from,
      to: today,
      reports,
      reportsCpu,
      dynamic,
      csv,
      xlsx,
    };
    writeResults('reports-results.json', results);
  } finally {
    await close();
  }
}

runBench(main);
