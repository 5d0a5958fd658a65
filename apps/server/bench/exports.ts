/**
 * Peak memory of a dynamic-report export (issue 28 item 2): `pnpm --filter @ledgerleaf/server
 * bench:exports`. One business gets the largest row count of EXPORT_ROWS (default
 * `100000,1000000`) as products, inserted straight into SQLite in bulk; then, for each count, the
 * XLSX and CSV exports are streamed (the database's rows in batches to a file worker, the bytes out
 * as they are written) and the process's peak RSS and main heap over the run are printed, with the
 * growth over the idle figures before it. The route itself is run once at 100,000 rows over HTTP
 * (its limit); larger counts call the same streaming pieces directly. With BENCH_BUFFERED=1 (the
 * default for counts up to 100,000) the old way is measured too: the whole result in memory and the
 * workbook built at once on the event loop.
 *
 *   EXPORT_ROWS=100000 pnpm --filter @ledgerleaf/server bench:exports
 */
import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  DYNAMIC_EXPORT_ROW_LIMIT,
  describeDynamicDefinition,
  dynamicReportTable,
  dynamicTableTotals,
  type DynamicDefinition,
} from '@ledgerleaf/domain';
import { reportHeading } from '../src/lib/files/report-export';
import { reportContext } from '../src/areas/reports/reports.service';
import { runDynamicReport, streamDynamicReport } from '../src/areas/reports/dynamic-reports.service';
import { registerOwner, startBenchApp } from './harness';

const COUNTS = (process.env.EXPORT_ROWS ?? '100000,1000000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const BUFFERED = process.env.BENCH_BUFFERED;

const definition = {
  source: 'products',
  columns: ['name', 'sku', 'unit', 'unit_price'],
  filters: { match: 'all', conditions: [] },
  sort: { field: 'unit_price', direction: 'asc' },
  group_by: null,
  chart: 'table',
} as unknown as DynamicDefinition;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Samples memory every 20 ms while `work` runs: peak RSS (threads included) and main-thread heap. */
async function peakMemory<T>(work: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      rssPeakMb: mb(rss),
      rssGrowthMb: mb(rss - before.rss),
      heapPeakMb: mb(heap),
      heapGrowthMb: mb(heap - before.heapUsed),
    };
  } finally {
    clearInterval(timer);
  }
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

async function main() {
  const bench = await startBenchApp('exports');
  const { app, database, base } = bench;
  try {
    const headers = await registerOwner(base, {
      name: 'Export Bench',
      business_name: 'Export Bench Studio',
      email: 'exports@bench.test',
    });
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'business_id'])
      .where('email', '=', 'exports@bench.test')
      .executeTakeFirstOrThrow();
    const businessId = user.business_id as number;

    const largest = Math.max(...COUNTS);
    const seedStarted = performance.now();
    const now = new Date().toISOString();
    const BATCH = 500;
    await database.db.transaction().execute(async (tx) => {
      for (let start = 0; start < largest; start += BATCH) {
        const rows = [];
        for (let index = start; index < Math.min(largest, start + BATCH); index += 1)
          rows.push(
            sql`(${businessId}, ${`Product ${index}`}, ${`product ${index}`}, 'service', 'hour', ${100 + ((index * 7919) % 1_000_000)}, ${`SKU-${index}`}, 1, ${`product ${index}`}, ${now}, ${now})`,
          );
        await sql`insert into products (business_id, name, sort_name, type, unit, unit_price_cents, sku, is_active, search_text, created_at, updated_at) values ${sql.join(rows)}`.execute(
          tx,
        );
      }
    });
    console.log(
      `seeded ${largest.toLocaleString('en-US')} products in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const ctx = await reportContext(app.deps, { businessId } as never);
    const results: Array<Record<string, unknown>> = [];

    // The route itself, over HTTP, at its limit.
    for (const format of ['xlsx', 'csv'] as const) {
      const figures = await peakMemory(async () => {
        const response = await fetch(`${base}/api/dynamic-reports/export.${format}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(definition),
        });
        if (response.status !== 200) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
        let bytes = 0;
        for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
        return bytes;
      });
      const { result, ...rest } = figures;
      results.push({
        way: 'streamed (HTTP route)',
        format,
        rows: Math.min(largest, DYNAMIC_EXPORT_ROW_LIMIT),
        mb: mb(result),
        ...rest,
      });
    }

    for (const rows of COUNTS) {
      for (const format of ['xlsx', 'csv'] as const) {
        const figures = await peakMemory(async () => {
          const streamed = await streamDynamicReport(ctx, definition, rows);
          const table = dynamicTableTotals(streamed.columns, definition);
          const columns = table.columns.map(({ fn: _fn, ...column }) => column);
          const title = 'Dynamic report: Products and services';
          const heading = reportHeading({
            title,
            details: describeDynamicDefinition(definition),
            period: null,
            as_of: null,
            basis_label: null,
            time_zone: ctx.timeZone,
          });
          async function* counted() {
            for await (const chunk of streamed.chunks) {
              for (const cells of chunk) table.add(cells);
              yield chunk;
            }
          }
          const file = app.deps.files.stream(
            'server',
            { format, layout: { kind: 'report', title, heading, columns } },
            { chunks: counted(), ending: () => ({ totals: table.totals(), summary: [], notes: [] }) },
          );
          return drain(file);
        });
        const { result, ...rest } = figures;
        results.push({ way: 'streamed', format, rows, mb: mb(result), ...rest });
      }
      if (BUFFERED === '1' || (BUFFERED === undefined && rows <= 100_000)) {
        const figures = await peakMemory(async () => {
          const result = await runDynamicReport(ctx, definition, rows);
          const table = dynamicReportTable(result, definition, 'Dynamic report: Products and services');
          // The workbook as the export built it before streaming: every row in exceljs's model, then written at once.
          const workbook = new ExcelJS.Workbook();
          const sheet = workbook.addWorksheet('Report');
          sheet.addRow(table.columns.map((column) => column.label));
          for (const row of table.rows) sheet.addRow(table.columns.map((column) => row.cells[column.key] ?? null));
          sheet.addRow(table.columns.map((column) => table.totals[column.key] ?? null));
          const bytes = await workbook.xlsx.writeBuffer();
          return bytes.byteLength;
        });
        const { result, ...rest } = figures;
        results.push({
          way: 'buffered (before: whole result, on the event loop)',
          format: 'xlsx',
          rows,
          mb: mb(result),
          ...rest,
        });
      }
    }
    console.table(results);
    writeFileSync(
      new URL('./exports-results.json', import.meta.url),
      `${JSON.stringify({ counts: COUNTS, results }, null, 2)}\n`,
    );
  } finally {
    await bench.close();
  }
}

await main();
