import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { register } from './helpers';

const GUEST_PAGES = ['/login', '/register', '/demo-login', '/forgot-password', '/reset-password/x'];

for (const path of GUEST_PAGES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${path} (${scheme}) has no serious or critical accessibility violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const blocking = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        blocking.map(
          (violation) =>
            `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        ),
      ).toEqual([]);
    });
  }
}

test('/dashboard has no serious or critical accessibility violation', async ({ page }) => {
  await register(page);
  // The welcome toast is still showing: it is checked too.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(', ')})`,
    ),
  ).toEqual([]);
});

test('a screen of a later release has a page heading and no serious or critical violation', async ({ page }) => {
  await register(page);
  await page.goto('/user/settings/later');
  await expect(page.getByRole('heading', { name: 'This page is not available yet', level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(', ')})`,
    ),
  ).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the clients and products screens (${scheme}) have no serious or critical violation`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await register(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    await page.request.post('/api/clients', {
      headers,
      data: { name: 'Northwind Traders', contacts: [{ name: 'Nancy Davolio', is_primary: true }] },
    });
    await page.request.post('/api/tax-rates', { headers, data: { name: 'Sales tax', rate: 8.875 } });
    await page.request.post('/api/products', { headers, data: { name: 'Consulting', unit_price: 150 } });
    const screens: [string, string][] = [
      ['/clients', 'Clients'],
      ['/clients/create', 'New client'],
      ['/products', 'Products/Services'],
      ['/products?tab=tax-rates', 'Products/Services'],
      ['/products?tab=settings', 'Products/Services'],
      ['/products/create', 'New product or service'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const blocking = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        blocking.map(
          (violation) =>
            `${path} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')})`,
        ),
      ).toEqual([]);
    }
  });
}
