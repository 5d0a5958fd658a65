import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { REPORT_KINDS, addCalendarDays, utcCalendarDate, type Report } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfPages } from '../../test/pdf-text';
import { addMember } from '../../test/members';

let t: TestApp;
let owner: string;
let accountant: string;
const today = utcCalendarDate(new Date());
const ids = { client: 0, invoice: 0, old: 0 };

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.register({ email: 'rep@example.com', business_name: 'Reporting Co' })).token;
  accountant = (await addMember(t, owner, 'acc@example.com', 'accountant')).token;
  const tax = (await t.post('/api/tax-rates', { name: 'VAT', rate: 20 }, { token: owner })).json().data.id;
  ids.client = (await t.post('/api/clients', { name: 'Northwind', contacts: [] }, { token: owner })).json().data.id;
  const invoice = async (issue: string, due: string, price: number) =>
    (
      await t.post(
        '/api/invoices',
        {
          client_id: ids.client,
          issue_date: issue,
          due_date: due,
          lines: [{ description: 'Design', quantity: 2, unit_price: price, tax_rate_ids: [tax] }],
          send: true,
        },
        { token: owner },
      )
    ).json().data.id as number;
  ids.invoice = await invoice(today, addCalendarDays(today, 10), 50); // 120.00, current
  ids.old = await invoice(addCalendarDays(today, -70), addCalendarDays(today, -40), 100); // 240.00, 31-60
  await t.post(
    `/api/invoices/${ids.old}/payments`,
    { amount: 40, payment_date: addCalendarDays(today, -1), method: 'cash' },
    { token: owner },
  );
});
afterAll(async () => {
  await t.close();
});

describe('reports', () => {
  it('lists every report', async () => {
    const response = await t.get('/api/reports', { token: owner });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((entry: { report: string }) => entry.report)).toEqual([...REPORT_KINDS]);
  });

  it('every report answers for every role, also read-only ones (accountant)', async () => {
    for (const report of REPORT_KINDS)
      for (const token of [owner, accountant]) {
        const response = await t.get(`/api/reports/${report}?preset=this_year`, { token });
        expect(response.statusCode, `${report}: ${response.body}`).toBe(200);
      }
  });

  it('aging puts balances in buckets as of a date; payments after it do not count', async () => {
    const now = (await t.get('/api/reports/aging', { token: owner })).json() as Report;
    expect(now.rows).toHaveLength(1);
    expect(now.rows[0]!.cells).toMatchObject({ client: 'Northwind', b_current: 120, b_31_60: 200, balance: 320 });
    expect(now.totals.balance).toBe(320);
    const before = (await t.get(`/api/reports/aging?as_of=${addCalendarDays(today, -2)}`, { token: owner })).json();
    // The payment of yesterday does not count two days ago; today's invoice was not issued yet.
    expect(before.totals).toMatchObject({ b_current: 0, b_31_60: 240, balance: 240 });
    const bucket = await t.get(`/api/reports/records/invoices?as_of=${today}&bucket=31_60&client_id=${ids.client}`, {
      token: owner,
    });
    expect(bucket.statusCode).toBe(200);
    expect(bucket.json().data.map((row: { id: number }) => row.id)).toEqual([ids.old]);
    expect(bucket.json().totals.balance).toBe(200);
  });

  it('presets are the business’s dates and explicit dates win', async () => {
    const report = (await t.get('/api/reports/sales_by_client?preset=last_year', { token: owner })).json();
    expect(report.period.from).toBe(`${String(Number(today.slice(0, 4)) - 1)}-01-01`);
    expect(report.period.to).toBe(`${String(Number(today.slice(0, 4)) - 1)}-12-31`);
    const custom = (
      await t.get(`/api/reports/sales_by_client?from=${addCalendarDays(today, -100)}&to=${today}`, { token: owner })
    ).json();
    expect(custom.period.preset).toBe('custom');
    expect(custom.totals).toMatchObject({ invoices: 2, total: 360, tax: 60, net: 300, paid: 40, balance: 320 });
  });

  it('exports CSV with the basis and the totals row, XLSX and PDF, also for read-only roles', async () => {
    const csv = await t.get('/api/reports/tax_summary/export.csv?basis=cash&preset=this_year', {
      token: accountant,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const records = parse(csv.body, { relax_column_count: true }) as string[][];
    expect(records).toContainEqual(['Basis', 'Cash basis (by payment date)']);
    const header = records.findIndex((row) => row[0] === 'Tax');
    expect(records[header]).toEqual(['Tax', 'Rate', 'Invoices', 'Taxable amount', 'Tax amount']);
    // 40.00 paid of 240.00 with 40.00 tax: a sixth of the tax, 6.66.
    expect(records[header + 1]).toEqual(['VAT', '20 %', '1', '33.33', '6.66']);
    expect(records[header + 2]).toEqual(['Total', '', '1', '33.33', '6.66']);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/reports/aging/export.xlsx',
      headers: { authorization: `Bearer ${accountant}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues()
      .flat()
      .filter((value) => value !== undefined && value !== null);
    expect(values).toContain('Receivables aging');
    expect(values).toContain(320);

    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/reports/income_statement/export.pdf?basis=accrual',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Income statement');
    expect(text).toContain('Accrual basis (by invoice issue date)');
    expect(text).toContain('$360.00');
  });

  it('streams the records behind a row as CSV and XLSX', async () => {
    const csv = await t.get(
      `/api/reports/records/invoices/export.csv?from=${addCalendarDays(today, -100)}&to=${today}`,
      {
        token: accountant,
      },
    );
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body) as string[][];
    expect(rows[0]).toEqual(['Invoice', 'Client', 'Issue date', 'Due date', 'Status', 'Total', 'Balance due']);
    expect(rows).toHaveLength(3);
    const payments = await t.get('/api/reports/records/payments/export.xlsx', { token: owner });
    expect(payments.statusCode).toBe(200);
    expect(payments.headers['content-type']).toContain('spreadsheetml');
  });
});
