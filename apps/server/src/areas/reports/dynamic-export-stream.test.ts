import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamicReportTable, describeDynamicDefinition } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { reportCsv } from '../../lib/files/report-export';
import { reportContext } from './reports.service';
import { runDynamicReport } from './dynamic-reports.service';

/*
 * Dynamic CSV and XLSX exports stream from the database (Kysely's stream on PostgreSQL's cursor,
 * the statement's iterator on SQLite) through a file worker to the download, batch by batch: the
 * same bytes as the whole-table CSV, every row in order across batches, the totals added up on the
 * way, Cache-Control: no-store from the onSend hook, and a download that goes away frees its place.
 */

const ROWS = 2_345;
const definition = {
  source: 'products',
  columns: ['name', 'sku', 'unit_price'],
  filters: { match: 'all', conditions: [] },
  sort: { field: 'unit_price', direction: 'asc' },
  group_by: null,
  chart: 'table',
} as const;

let t: TestApp;
let token: string;
let businessId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FILE_WORKERS: '1', FILE_JOBS_PER_BUSINESS: '2' } });
  const registered = await t.register({ email: 'stream@example.com', business_name: 'Stream Studio' });
  token = registered.token;
  businessId = (
    await t.database.db
      .selectFrom('users')
      .select('business_id')
      .where('id', '=', registered.user.id)
      .executeTakeFirstOrThrow()
  ).business_id as number;
  const now = new Date().toISOString();
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    business_id: businessId,
    name: index % 50 === 0 ? `=SUM(A${index})` : `Product ${String(index).padStart(5, '0')}`,
    sort_name: `product ${index}`,
    description: null,
    type: 'service',
    unit: 'hour',
    unit_price_cents: 100 + ((index * 7919) % 100_000),
    default_tax_rate_id: null,
    sku: `SKU-${index}`,
    is_active: true,
    search_text: `product ${index}`,
    archived_at: null,
    created_at: now,
    updated_at: now,
  }));
  for (let start = 0; start < rows.length; start += 200)
    await t.database.db
      .insertInto('products')
      .values(rows.slice(start, start + 200) as never)
      .execute();
});
afterAll(async () => {
  await t.close();
});

async function wholeTable() {
  const ctx = await reportContext(t.app.deps, { businessId } as never);
  const result = await runDynamicReport(ctx, definition as never, 100_000);
  return {
    ...dynamicReportTable(result, definition as never, 'Dynamic report: Products and services'),
    details: describeDynamicDefinition(definition as never),
    period: null,
    as_of: null,
    basis_label: null,
    time_zone: ctx.timeZone,
    summary: [],
  };
}

describe('streamed dynamic exports', () => {
  it('writes the CSV byte for byte as the whole table would be, with no-store', async () => {
    const response = await t.post('/api/dynamic-reports/export.csv', definition, { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const expected = reportCsv(await wholeTable());
    expect(response.body).toBe(expected);
    // Formula-looking names are guarded, every row is there once.
    expect(response.body).toContain("'=SUM(A0)");
    expect(
      response.body.split('\r\n').filter((line) => line.startsWith('Product ') || line.startsWith("'=SUM")),
    ).toHaveLength(ROWS);
  });

  it('writes the XLSX through the streaming writer: every row in order and the totals row', async () => {
    const response = await t.post('/api/dynamic-reports/export.xlsx', definition, { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    const header = rows.findIndex((row) => row[0] === 'Name');
    expect(rows[header]).toEqual(['Name', 'SKU', 'Unit price']);
    const data = rows.slice(header + 1, header + 1 + ROWS);
    const prices = data.map((row) => row[2] as number);
    expect(prices).toHaveLength(ROWS);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const table = await wholeTable();
    expect(rows[header + 1 + ROWS]![0]).toBe('Total');
    expect(rows[header + 1 + ROWS]![2]).toBe(table.totals.unit_price);
  });

  it('lets other requests read and write while an export streams (SQLite: the one connection is shared between chunks)', async () => {
    const exports = Array.from({ length: 2 }, () => t.post('/api/dynamic-reports/export.csv', definition, { token }));
    const writes = Array.from({ length: 6 }, (_, index) =>
      t.post('/api/clients', { name: `Concurrent ${index}` }, { token }),
    );
    for (const response of await Promise.all(writes)) expect(response.statusCode, response.body).toBe(201);
    const expected = reportCsv(await wholeTable());
    for (const response of await Promise.all(exports)) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expected);
    }
    expect((await t.get('/api/clients?search=Concurrent', { token })).json().data).toHaveLength(6);
  });

  it('frees its place when the download goes away mid-file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/dynamic-reports/export.xlsx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(definition),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    const started = Date.now();
    while (t.app.deps.files.busy > 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(t.app.deps.files.busy).toBe(0);
  });
});
