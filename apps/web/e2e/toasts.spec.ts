import { expect, test, type Page } from '@playwright/test';
import { register } from './helpers';

/**
 * Issue 11 item 10: after a payment (recorded, receipt emailed, allocation skipped) one toast says
 * it, and it covers none of the page's controls, on a desktop and on a phone.
 */

async function sentInvoice(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const client = await page.request.post('/api/clients', {
    headers,
    data: { name: 'Northwind Traders', email: 'billing@northwind.test' },
  });
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const created = await page.request.post('/api/invoices', {
    headers,
    data: {
      client_id: clientId,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      issue: true,
      lines: [{ description: 'Cabinets', quantity: 1, unit_price: 1500 }],
    },
  });
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/** Visible buttons, links and inputs outside the toasts that a toast's box meets. */
function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.querySelector('[data-testid="toast-viewport"]');
    if (!viewport) return ['no toast shown'];
    const toasts = [...viewport.children].map((toast) => toast.getBoundingClientRect());
    const covered: string[] = [];
    for (const element of document.querySelectorAll('button, a[href], input:not([type="hidden"]), textarea')) {
      if (viewport.contains(element)) continue;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (rect.width < 2 || rect.height < 2 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      if (rect.bottom <= 0 || rect.top >= innerHeight || rect.right <= 0 || rect.left >= innerWidth) continue;
      for (const toast of toasts) {
        const w = Math.min(rect.right, toast.right) - Math.max(rect.left, toast.left);
        const h = Math.min(rect.bottom, toast.bottom) - Math.max(rect.top, toast.top);
        if (w > 1 && h > 1) {
          const label = element.getAttribute('aria-label') || element.textContent?.trim() || element.tagName;
          covered.push(label.replace(/\s+/g, ' ').slice(0, 40));
        }
      }
    }
    return covered;
  });
}

for (const width of [1280, 390] as const) {
  test(`a payment says so in one toast that covers no control (${width} px)`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    await register(page);
    const id = await sentInvoice(page);
    await page.goto(`/invoices/${id}`);
    await page.getByRole('button', { name: 'Record payment' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('500');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    const allocation = page.getByRole('dialog', { name: 'Allocate Payment to Goals' });
    await allocation.getByRole('button', { name: 'Skip' }).click();
    await expect(allocation).toBeHidden();

    const toasts = page.getByTestId('toast-viewport').locator('[data-severity]');
    await expect(toasts).toHaveCount(1);
    // No mail server on the embedded default: the receipt is kept in the outbox, and the toast says so.
    await expect(toasts.first()).toContainText('Receipt kept in the outbox, not emailed to billing@northwind.test');
    await page.waitForTimeout(300);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `e2e/.tmp/screenshots/toast-payment-${width}.png` });
    expect(await controlsUnderToasts(page)).toEqual([]);
  });
}
