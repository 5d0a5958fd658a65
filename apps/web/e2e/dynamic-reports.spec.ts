import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, demoLogin, overlappingControls, settle, shownDate } from './helpers';

/*
 * Dynamic reports (issue 16): build the example on the demo business (invoices, client
 * contains "North", total greater than 1,000, grouped by month, bar chart), save it, reload, open it
 * again from the saved list, export it as CSV and read the file back against the run's figures.
 */

/** Builds the example in the builder, from a new report of invoices. */
async function buildNorthByMonth(page: Page) {
  await page.goto('/dynamic-reports');
  await expect(page.getByRole('table', { name: 'Dynamic report: Invoices' })).toBeVisible();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('combobox', { name: 'Filter 1 field' }).selectOption('client_name');
  await page.getByRole('combobox', { name: 'Filter 1 match mode' }).selectOption('contains');
  await page.getByRole('textbox', { name: 'Filter 1 value' }).fill('North');
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('combobox', { name: 'Filter 2 field' }).selectOption('total');
  await page.getByRole('combobox', { name: 'Filter 2 match mode' }).selectOption('gt');
  await page.getByRole('textbox', { name: 'Filter 2 value' }).fill('1000');
  await page.getByRole('combobox', { name: 'Group by' }).selectOption('issue_date');
  await expect(page.getByRole('combobox', { name: 'Dates by' })).toHaveValue('month');
  await page.getByRole('button', { name: 'Add figure' }).click();
  await page.getByText('Bar', { exact: true }).click();
  await expect(page).toHaveURL(/\?def=/);
  await expect(page.getByRole('table', { name: 'Dynamic report: Invoices' })).toContainText('Sum of Total');
  await expect(page.getByRole('img', { name: /Sum of Total/ })).toBeVisible();
}

test('dynamic reports: the issue’s example built, saved, reloaded, opened again and exported as CSV', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await demoLogin(page);
  await buildNorthByMonth(page);

  // The figures the server runs, to check the screen and the file against.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const definition = {
    source: 'invoices',
    filters: {
      match: 'all',
      conditions: [
        { field: 'client_name', mode: 'contains', value: 'North' },
        { field: 'total', mode: 'gt', value: '1000' },
      ],
    },
    group_by: { field: 'issue_date', date_part: 'month', aggregates: [{ fn: 'count' }, { fn: 'sum', field: 'total' }] },
  };
  const run = await page.request.post('/api/dynamic-reports/run', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: definition,
  });
  expect(run.status()).toBe(200);
  const result = (await run.json()) as { rows: Array<{ group: string; a0: number; a1: number }> };
  expect(result.rows.length).toBeGreaterThan(0);
  const count = result.rows.reduce((sum, row) => sum + row.a0, 0);
  const cents = result.rows.reduce((sum, row) => sum + Math.round(row.a1 * 100), 0);
  const money = (value: number) =>
    `$${(value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const table = page.getByRole('table', { name: 'Dynamic report: Invoices' });
  await expect(table.locator('tbody tr')).toHaveCount(result.rows.length);
  await expect(table.locator('tfoot')).toContainText(money(cents));

  // Save it under a name of its own (the demo business is shared by every run).
  const name = `North by month ${Date.now()}`;
  await page.getByRole('button', { name: 'Save…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the report' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/dynamic-reports\?id=\d+$/);
  const savedUrl = page.url();
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

  // Reload: the same report, from its id.
  await page.reload();
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Filter 1 value' })).toHaveValue('North');
  await expect(page.getByRole('textbox', { name: 'Filter 2 value' })).toHaveValue('1000');
  await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveValue('issue_date');
  await expect(page.getByRole('img', { name: /Sum of Total/ })).toBeVisible();

  // Open it again from the saved list, after starting a new report.
  await page.getByRole('link', { name: 'New report' }).click();
  await expect(page).toHaveURL(/\/dynamic-reports$/);
  await expect(page.getByRole('heading', { name: 'New report' })).toBeVisible();
  await page.getByRole('region', { name: 'Saved reports' }).getByRole('link', { name, exact: true }).click();
  expect(page.url()).toBe(savedUrl);
  await expect(page.getByRole('textbox', { name: 'Filter 1 value' })).toHaveValue('North');
  await expect(page.getByRole('table', { name })).toBeVisible();
  await expect(page.getByRole('table', { name }).locator('tfoot')).toContainText(money(cents));

  // Export as CSV and read it back: its name, the definition in words, the months and the totals row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the report as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^north-by-month-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(`Report,${name}`);
  expect(lines).toContain('Data source,Invoices');
  expect(lines).toContain('Filters (match all),Client contains North; Total greater than 1000');
  expect(lines).toContain('Grouped by,"Issue date (month): Count, Sum of Total"');
  const header = lines.indexOf('Issue date (month),Count,Sum of Total');
  expect(header).toBeGreaterThan(0);
  expect(lines.slice(header + 1, header + 1 + result.rows.length)).toEqual(
    result.rows.map((row) => `${row.group},${row.a0},${row.a1.toFixed(2)}`),
  );
  expect(lines[header + 1 + result.rows.length]).toBe(`Total,${count},${(cents / 100).toFixed(2)}`);

  // Tidy up: delete it, after the confirmation.
  const list = page.getByRole('region', { name: 'Saved reports' });
  await list.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this report?' })
    .getByRole('button', { name: 'Delete report' })
    .click();
  await expect(list.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dynamic-reports\?def=/);
});

test('dynamic reports: a status is picked by the label people read, and matches (“Partially paid”)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await demoLogin(page);
  await page.goto('/dynamic-reports');
  const table = page.getByRole('table', { name: 'Dynamic report: Invoices' });
  await expect(table).toBeVisible();
  // A new report of invoices shows its number, client, status and issue date.
  await expect(table.getByRole('columnheader')).toHaveText(['Invoice number', 'Client', 'Status', 'Issue date']);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('combobox', { name: 'Filter 1 field' }).selectOption('status');
  // A picker of the labels, with the modes that fit it.
  await expect(page.getByRole('combobox', { name: 'Filter 1 match mode' }).locator('option')).toHaveText([
    'equals',
    'does not equal',
  ]);
  const picker = page.getByRole('combobox', { name: 'Filter 1 value' });
  await expect(picker.locator('option')).toHaveText([
    'Choose a status',
    'Draft',
    'Sent',
    'Viewed',
    'Partially paid',
    'Paid',
    'Overdue',
    'Void',
  ]);
  await picker.selectOption({ label: 'Partially paid' });
  await expect(page.getByTestId('dynamic-description')).toContainText('Status equals Partially paid');

  // The same as the server's count of the code, and every row says so in words.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const run = await page.request.post('/api/dynamic-reports/run', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: {
      source: 'invoices',
      columns: ['invoice_number'],
      filters: { conditions: [{ field: 'status', mode: 'equals', value: 'partial' }] },
    },
  });
  const { total } = (await run.json()) as { total: number };
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('dynamic-count')).toHaveText(total === 1 ? '1 row' : `${String(total)} rows`);
  const statuses = table.locator('tbody tr > :nth-child(3)');
  await expect(statuses).toHaveCount(Math.min(total, 1000));
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Partially paid']));
});

test('dynamic reports: a date figure offers a count, a minimum and a maximum only, shown as dates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await demoLogin(page);
  await page.goto('/dynamic-reports');
  await expect(page.getByRole('table', { name: 'Dynamic report: Invoices' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Group by' }).selectOption('client_name');
  // A sum is of numbers and money: no date offered.
  await page.getByRole('combobox', { name: 'Figure 1', exact: true }).selectOption('sum');
  await expect(page.getByRole('combobox', { name: 'Figure 1 of' }).locator('option')).toHaveText([
    'Subtotal',
    'Tax',
    'Total',
    'Paid',
    'Balance',
  ]);
  await page.getByRole('combobox', { name: 'Figure 1', exact: true }).selectOption('min');
  await page.getByRole('combobox', { name: 'Figure 1 of' }).selectOption('issue_date');
  await expect(page.getByRole('combobox', { name: 'Figure 1', exact: true }).locator('option')).toHaveText([
    'Count',
    'Minimum',
    'Maximum',
  ]);
  const table = page.getByRole('table', { name: 'Dynamic report: Invoices' });
  await expect(table.getByRole('columnheader', { name: 'Minimum of Issue date' })).toBeVisible();

  // The earliest issue date of each client, as the server has it, shown as a date (mm/dd/yy).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const run = await page.request.post('/api/dynamic-reports/run', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: { source: 'invoices', group_by: { field: 'client_name', aggregates: [{ fn: 'min', field: 'issue_date' }] } },
  });
  const { rows } = (await run.json()) as { rows: Array<{ group: string; a0: string }> };
  expect(rows.length).toBeGreaterThan(0);
  const first = table.locator('tbody tr').first();
  await expect(first.locator('th')).toHaveText(rows[0]!.group);
  await expect(first.locator('td').last()).toHaveText(shownDate(rows[0]!.a0));
  // Dates are not added up: the totals row has none.
  await expect(table.locator('tfoot td').last()).toHaveText('');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`dynamic reports (${scheme}) have no serious or critical accessibility violation`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await demoLogin(page);
    await buildNorthByMonth(page);
    await settle(page);
    expect(await blockingViolations(page, `dynamic reports ${scheme}`)).toEqual([]);
  });
}

test('dynamic reports at 390 px: nothing overlaps, nothing scrolls the page sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await demoLogin(page);
  await buildNorthByMonth(page);
  await settle(page);
  expect(await overlappingControls(page)).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});
