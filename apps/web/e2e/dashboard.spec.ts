import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, demoLogin, register, settle } from './helpers';

/** The signed-in page's API headers (the stored bearer token). */
async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

const dollars = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe('dashboard (issue 15)', () => {
  test('the demo business: the figures are what the invoice list and the payments say', async ({ page }) => {
    await demoLogin(page);
    const headers = await apiHeaders(page);
    const unpaid = await (await page.request.get('/api/invoices?status=unpaid&per_page=1', { headers })).json();
    const all = await (await page.request.get('/api/invoices?per_page=1', { headers })).json();
    const income = await (await page.request.get('/api/other-income?per_page=1', { headers })).json();
    const incomeTotal = income.summary.total as number;
    const summary = await (await page.request.get('/api/dashboard/summary', { headers })).json();

    // Outstanding = the unpaid list's balance and count; revenue = everything paid plus other income.
    expect(summary.totalOutstanding).toBeCloseTo(unpaid.summary.balance_due, 2);
    expect(summary.outstandingInvoices).toBe(unpaid.summary.count);
    expect(summary.totalRevenue).toBeCloseTo(all.summary.amount_paid + incomeTotal, 2);
    expect(summary.welcomeMessage).toBe(false);

    const kpis = page.getByTestId('kpis');
    const outstanding = kpis.locator('.mantine-Card-root', { hasText: 'Outstanding' });
    await expect(outstanding).toContainText(dollars(unpaid.summary.balance_due));
    await expect(outstanding).toContainText(`${unpaid.summary.count} invoice`);
    await expect(kpis).toContainText(dollars(summary.thisMonthRevenue));
    await expect(page.getByTestId('revenue-summary')).toBeVisible();
    await expect(page.getByTestId('welcome-banner')).toHaveCount(0);
    await expect(page.getByTestId('last-refresh')).toContainText('Updated');

    // Due This Week = the unpaid invoices due from today to today + 6, as the list filtered so says.
    const week = await (
      await page.request.get(
        `/api/invoices?status=unpaid&due_from=${summary.dueThisWeekFrom}&due_to=${summary.dueThisWeekTo}&per_page=1`,
        { headers },
      )
    ).json();
    expect(summary.dueThisWeekCount).toBe(week.summary.count);
    expect(summary.dueThisWeek).toBeCloseTo(week.summary.balance_due, 2);
    const due = kpis.locator('.mantine-Card-root', { hasText: 'Due This Week' });
    await due.getByRole('link', { name: 'Invoices due this week' }).click();
    await expect(page).toHaveURL(/\/invoices\/all\?status=unpaid&due_from=.*&due_to=.*&sort=due_date/);
    await expect(page.getByTestId('due-range')).toBeVisible();
    if (week.summary.count > 0)
      await expect(page.getByRole('group', { name: 'Totals of the invoices shown' })).toContainText(
        String(week.summary.count),
      );
    else await expect(page.getByText('No invoices match these filters.')).toBeVisible();

    // The KPI leads to the unpaid invoices.
    await page.goto('/dashboard');
    await outstanding.getByRole('link', { name: 'Unpaid invoices' }).click();
    await expect(page).toHaveURL(/\/invoices\/all\?status=unpaid$/);
    // It says which invoices these are, and clears back to All (issue 27 item 8).
    await expect(page.getByTestId('status-filter')).toHaveText(/Unpaid: sent, viewed, partially paid or overdue/);
    await page.getByRole('button', { name: 'Clear status filter' }).click();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('status-filter')).toHaveCount(0);
  });

  test('a new business sees the welcome banner and zeros', async ({ page }) => {
    await register(page);
    await expect(page.getByTestId('welcome-banner')).toContainText(
      'Start by creating your first invoice or adding a client using the quick actions below.',
    );
    await expect(page.getByTestId('kpis').locator('.mantine-Card-root', { hasText: 'Outstanding' })).toContainText(
      '$0.00',
    );
    await page.getByRole('link', { name: 'New Estimate' }).click();
    await expect(page).toHaveURL(/\/estimates\/create-new$/);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious or critical accessibility violation, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await demoLogin(page);
      await expect(page.getByTestId('last-refresh')).toContainText('Updated');
      await settle(page);
      expect(await blockingViolations(page, `/dashboard ${scheme}`)).toEqual([]);
    });
  }

  test('390 px wide: nothing overflows, every panel is there', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await demoLogin(page);
    await expect(page.getByTestId('last-refresh')).toContainText('Updated');
    await settle(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const title of ['Revenue', 'Client Analytics', 'Goals', 'CRM Pipeline', 'Lead Analytics', 'Recent Activity'])
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  });

  test('1440 px at 150 % text: every KPI figure stays on one line', async ({ page }) => {
    // Four columns at 150 % text once broke $108,896.59 inside the number; the cards now take as
    // many columns as 15rem fits.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(() => localStorage.setItem('fontSizePreference', '6'));
    await demoLogin(page);
    await expect(page.getByTestId('last-refresh')).toContainText('Updated');
    const values = page.getByTestId('summary-card-value');
    await expect(values).toHaveCount(4);
    for (const value of await values.all()) {
      const lines = await value.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, (await value.textContent()) ?? undefined).toBe(1);
    }
  });
});
