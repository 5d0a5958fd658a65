import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { DYNAMIC_MESSAGES, addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfPages } from '../../test/pdf-text';
import { addMember } from '../../test/members';

/*
 * Saved dynamic reports and the dynamic exports: create, read, save over, rename, duplicate, delete;
 * `can_edit` and the roles (a read-only role runs, exports and saves its own, never changes another
 * person's); the exports (CSV, XLSX, PDF) of a definition and of a saved report, read back.
 */
let t: TestApp;
let owner: string;
let member: string;
let accountant: string;
const today = utcCalendarDate(new Date());

const northByMonth = {
  source: 'invoices',
  filters: {
    match: 'all',
    conditions: [
      { field: 'client_name', mode: 'contains', value: 'North' },
      { field: 'total', mode: 'gt', value: 1000 },
    ],
  },
  group_by: { field: 'issue_date', date_part: 'month', aggregates: [{ fn: 'count' }, { fn: 'sum', field: 'total' }] },
  chart: 'bar',
};
const plain = { source: 'invoices', columns: ['invoice_number', 'client_name', 'total'], sort: { field: 'total' } };

const patch = (url: string, body: unknown, token: string) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.register({ email: 'saved@example.com', business_name: 'Saved' })).token;
  member = (await addMember(t, owner, 'savedmember@example.com', 'member')).token;
  accountant = (await addMember(t, owner, 'savedacc@example.com', 'accountant')).token;
  const clients: Record<string, number> = {};
  for (const name of ['Northwind', 'Southbank'])
    clients[name] = (await t.post('/api/clients', { name, contacts: [] }, { token: owner })).json().data.id;
  for (const [client, price, back] of [
    ['Northwind', 1500, 0],
    ['Northwind', 2000.25, 0],
    ['Northwind', 500, 0],
    ['Southbank', 3000, 0],
    ['Northwind', 1200, 40],
  ] as const) {
    const response = await t.post(
      '/api/invoices',
      {
        client_id: clients[client],
        issue_date: addCalendarDays(today, -back),
        due_date: addCalendarDays(today, -back + 30),
        lines: [{ description: 'Work', quantity: 1, unit_price: price }],
        send: true,
      },
      { token: owner },
    );
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('saved dynamic reports', () => {
  it('saves, lists, opens, saves over, renames, duplicates and deletes', async () => {
    const created = await t.post(
      '/api/dynamic-reports',
      { name: '  North by month ', definition: northByMonth },
      { token: owner },
    );
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json().data;
    expect(created.json().message).toBe(DYNAMIC_MESSAGES.saved);
    expect(report).toMatchObject({ name: 'North by month', can_edit: true, created_by: { name: expect.any(String) } });
    // The definition comes back with its defaults filled in, as the run route reads it.
    expect(report.definition).toMatchObject({ ...northByMonth, columns: [] });
    expect(report.definition.filters.conditions).toHaveLength(2);

    const list = (await t.get('/api/dynamic-reports', { token: owner })).json().data;
    expect(list.map((item: { id: number }) => item.id)).toContain(report.id);

    const opened = await t.get(`/api/dynamic-reports/${report.id}`, { token: owner });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual(report);

    const replaced = await t.put(
      `/api/dynamic-reports/${report.id}`,
      { name: 'Invoices by total', definition: plain },
      { token: owner },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({
      id: report.id,
      name: 'Invoices by total',
      definition: { columns: plain.columns },
    });

    const renamed = await patch(`/api/dynamic-reports/${report.id}`, { name: 'Big invoices' }, owner);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Big invoices', definition: { columns: plain.columns } });
    expect(renamed.json().message).toBe(DYNAMIC_MESSAGES.renamed);

    const copy = await t.post(`/api/dynamic-reports/${report.id}/duplicate`, undefined, { token: owner });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data).toMatchObject({ name: 'Big invoices (copy)', definition: { columns: plain.columns } });
    expect(copy.json().data.id).not.toBe(report.id);
    const named = await t.post(`/api/dynamic-reports/${report.id}/duplicate`, { name: 'Mine' }, { token: owner });
    expect(named.json().data.name).toBe('Mine');

    const deleted = await t.delete(`/api/dynamic-reports/${report.id}`, { token: owner });
    expect(deleted.statusCode).toBe(200);
    expect((await t.get(`/api/dynamic-reports/${report.id}`, { token: owner })).statusCode).toBe(404);
    expect((await t.delete(`/api/dynamic-reports/${report.id}`, { token: owner })).statusCode).toBe(404);
    const names = (await t.get('/api/dynamic-reports', { token: owner }))
      .json()
      .data.map((item: { name: string }) => item.name);
    expect(names).toEqual(expect.arrayContaining(['Big invoices (copy)', 'Mine']));
    expect(names).not.toContain('Big invoices');
  });

  it('a read-only role runs, exports and saves its own reports, and never changes another person’s', async () => {
    const ownerReport = (
      await t.post('/api/dynamic-reports', { name: 'Owner’s', definition: plain }, { token: owner })
    ).json().data;
    // Everyone sees it; only writing roles may change it.
    expect((await t.get(`/api/dynamic-reports/${ownerReport.id}`, { token: accountant })).json().data.can_edit).toBe(
      false,
    );
    expect((await t.get(`/api/dynamic-reports/${ownerReport.id}`, { token: member })).json().data.can_edit).toBe(true);
    const refused = [
      await t.put(`/api/dynamic-reports/${ownerReport.id}`, { name: 'x', definition: plain }, { token: accountant }),
      await patch(`/api/dynamic-reports/${ownerReport.id}`, { name: 'x' }, accountant),
      await t.delete(`/api/dynamic-reports/${ownerReport.id}`, { token: accountant }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(DYNAMIC_MESSAGES.notOwner);
    }
    expect((await t.get(`/api/dynamic-reports/${ownerReport.id}`, { token: owner })).json().data.name).toBe('Owner’s');

    // Running and exporting.
    expect((await t.post('/api/dynamic-reports/run', northByMonth, { token: accountant })).statusCode).toBe(200);
    expect((await t.get(`/api/dynamic-reports/${ownerReport.id}/export.csv`, { token: accountant })).statusCode).toBe(
      200,
    );
    expect((await t.post('/api/dynamic-reports/export.csv', plain, { token: accountant })).statusCode).toBe(200);

    // Their own: saved, changed, deleted; a duplicate of the owner's is theirs.
    const own = await t.post(
      '/api/dynamic-reports',
      { name: 'Accountant’s', definition: plain },
      { token: accountant },
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.can_edit).toBe(true);
    const id = own.json().data.id;
    expect((await patch(`/api/dynamic-reports/${id}`, { name: 'Renamed' }, accountant)).statusCode).toBe(200);
    expect(
      (await t.put(`/api/dynamic-reports/${id}`, { name: 'Again', definition: northByMonth }, { token: accountant }))
        .statusCode,
    ).toBe(200);
    // The owner (a writing role) may change the accountant's report too.
    expect((await t.get(`/api/dynamic-reports/${id}`, { token: owner })).json().data.can_edit).toBe(true);
    expect((await t.delete(`/api/dynamic-reports/${id}`, { token: accountant })).statusCode).toBe(200);
    const copy = await t.post(`/api/dynamic-reports/${ownerReport.id}/duplicate`, {}, { token: accountant });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data.can_edit).toBe(true);
    expect((await t.delete(`/api/dynamic-reports/${copy.json().data.id}`, { token: accountant })).statusCode).toBe(200);
  });
});

describe('dynamic report exports', () => {
  it('a definition as CSV: the definition in words, the groups and the totals row', async () => {
    const csv = await t.post('/api/dynamic-reports/export.csv', northByMonth, { token: owner });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="dynamic-report-${today}.csv"`);
    const records = parse(csv.body, { relax_column_count: true }) as string[][];
    expect(records[0]).toEqual(['Report', 'Dynamic report: Invoices']);
    expect(records).toContainEqual(['Data source', 'Invoices']);
    expect(records).toContainEqual(['Filters (match all)', 'Client contains North; Total greater than 1000']);
    expect(records).toContainEqual(['Grouped by', 'Issue date (month): Count, Sum of Total']);
    const header = records.findIndex((row) => row[0] === 'Issue date (month)');
    expect(records[header]).toEqual(['Issue date (month)', 'Count', 'Sum of Total']);
    const month = today.slice(0, 7);
    const earlier = addCalendarDays(today, -40).slice(0, 7);
    // 1,500.00 and 2,000.25 this month (500 is not over 1,000; Southbank is not North), 1,200 forty days ago.
    const expected = [
      [earlier, '1', '1200.00'],
      [month, '2', '3500.25'],
    ].sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(records.slice(header + 1, header + 3)).toEqual(earlier === month ? [[month, '3', '4700.25']] : expected);
    expect(records[header + (earlier === month ? 2 : 3)]).toEqual(['Total', '3', '4700.25']);
  });

  it('a saved report as XLSX and PDF, titled by its name', async () => {
    const report = (
      await t.post('/api/dynamic-reports', { name: 'North sales', definition: plain }, { token: owner })
    ).json().data;
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/dynamic-reports/${report.id}/export.xlsx`,
      headers: { authorization: `Bearer ${accountant}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="north-sales-${today}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    expect(rows[0]).toEqual(['Report', 'North sales']);
    const header = rows.findIndex((row) => row[0] === 'Invoice number');
    expect(rows[header]).toEqual(['Invoice number', 'Client', 'Total']);
    // Sorted by total ascending: 500, 1,200, 1,500, 2,000.25, 3,000; the totals row is their sum.
    expect(rows.slice(header + 1, header + 6).map((row) => row[2])).toEqual([500, 1200, 1500, 2000.25, 3000]);
    expect(rows[header + 6]![0]).toBe('Total');
    expect(rows[header + 6]![2]).toBe(8200.25);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/dynamic-reports/${report.id}/export.pdf`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('North sales');
    expect(text).toContain('Southbank');
    expect(text).toContain('$8,200.25');

    const post = await t.post('/api/dynamic-reports/export.xlsx', northByMonth, { token: owner });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.headers['content-type']).toContain('spreadsheetml');
    expect((await t.post('/api/dynamic-reports/export.pdf', northByMonth, { token: owner })).statusCode).toBe(200);
  });
});
