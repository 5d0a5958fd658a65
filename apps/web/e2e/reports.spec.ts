import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, demoLogin, overlappingControls, settle } from './helpers';

/** Opens the aging report of the demo business and waits for its table. */
async function openAging(page: Page) {
  await page.goto('/reports');
  await page.getByRole('link', { name: 'Receivables aging' }).click();
  await expect(page).toHaveURL(/\/reports\?report=aging$/);
  await expect(page.getByRole('table', { name: 'Receivables aging' })).toBeVisible();
}

const BUCKET_CELL = /, (Current|1-30|31-60|61-90|91-120|Over 120): \$/;

test('reports: the aging of the demo business, a bucket drilled into, the CSV export read back', async ({ page }) => {
  test.setTimeout(120_000);
  await demoLogin(page);
  await openAging(page);
  const table = page.getByRole('table', { name: 'Receivables aging' });
  const totalsRow = table.locator('tfoot tr');
  const total = (await totalsRow.locator('td').last().innerText()).trim();
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);

  // The aging total is the invoice list's balance due for today.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const list = await page.request.get('/api/invoices?status=all', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const balanceDue = ((await list.json()) as { summary: { balance_due: number } }).summary.balance_due;
  expect(total).toBe(`$${balanceDue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

  // Drill into the first bucket with money: its invoices, each linking to the invoice.
  const bucket = table.getByRole('button', { name: BUCKET_CELL }).first();
  const bucketName = (await bucket.getAttribute('aria-label')) ?? '';
  const bucketAmount = bucketName.slice(bucketName.lastIndexOf(': ') + 2);
  await bucket.click();
  const panel = page.getByRole('region', { name: 'Invoices behind the row' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link').first()).toBeVisible();
  await expect(panel.locator('tfoot')).toContainText(bucketAmount);
  await expect(page).toHaveURL(/drill=invoices/);

  // Export the report as CSV and read it back.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the report as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aging-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('Report,Receivables aging');
  expect(lines.some((line) => line.startsWith('As of,'))).toBe(true);
  expect(lines).toContain('Client,Open invoices,Current,1-30,31-60,61-90,91-120,Over 120,Balance');
  const totalLine = lines.find((line) => line.startsWith('Total,'));
  expect(totalLine?.split(',').at(-1)).toBe(
    total
      .replace(/[$,]/g, '')
      .replace(/\.00$/, '')
      .replace(/(\.\d)0$/, '$1'),
  );

  // The records behind the bucket export too (streamed CSV).
  const records = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export these invoices as CSV' }).click();
  const recordsText = Buffer.concat(await (await (await records).createReadStream()).toArray()).toString('utf8');
  expect(recordsText.split('\r\n')[0]).toBe('Invoice,Client,Issue date,Due date,Status,Total,Balance then');
});

test('reports: the tax summary switches basis and prints it', async ({ page }) => {
  await demoLogin(page);
  await page.goto('/reports?report=tax_summary');
  await expect(page.getByTestId('report-context')).toContainText('Accrual basis (by invoice issue date)');
  await page.getByText('Cash', { exact: true }).click();
  await expect(page).toHaveURL(/basis=cash/);
  await expect(page.getByTestId('report-context')).toContainText('Cash basis (by payment date)');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the reports (${scheme}) have no serious or critical accessibility violation`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await demoLogin(page);
    const violations: string[] = [];
    await page.goto('/reports');
    await settle(page);
    violations.push(...(await blockingViolations(page, 'list')));
    await openAging(page);
    await settle(page);
    violations.push(...(await blockingViolations(page, 'aging')));
    await page
      .getByRole('table', { name: 'Receivables aging' })
      .getByRole('button', { name: BUCKET_CELL })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Invoices behind the row' }).getByRole('link').first()).toBeVisible();
    await settle(page);
    violations.push(...(await blockingViolations(page, 'aging drilled')));
    await page.goto('/reports?report=income_statement');
    await expect(page.getByRole('table', { name: 'Income statement' })).toBeVisible();
    await settle(page);
    violations.push(...(await blockingViolations(page, 'income statement')));
    expect(violations).toEqual([]);
  });
}

test('reports at 390 px: nothing overlaps, the table scrolls inside its card', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await demoLogin(page);
  await page.goto('/reports');
  await settle(page);
  expect(await overlappingControls(page)).toEqual([]);
  await openAging(page);
  await settle(page);
  expect(await overlappingControls(page)).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});
