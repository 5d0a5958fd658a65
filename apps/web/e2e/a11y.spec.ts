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
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(
        blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
      ).toEqual([]);
    });
  }
}

test('/dashboard has no serious or critical accessibility violation', async ({ page }) => {
  await register(page);
  // Without the welcome toast: toasts are packages/ui's and checked there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Known in packages/ui's AppLayout: the avatar button is named 'User menu' while it shows the
    // initials (WCAG 2.5.3). Reported to the ui owner; re-enable once the shell names it with them.
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(', ')})`)).toEqual([]);
});
