import { expect, test } from '@playwright/test';
import { register } from './helpers';

/**
 * Visual review aid, not an assertion suite: `SCREENSHOTS=1 pnpm --filter @ledgerleaf/web test:e2e
 * screenshots` writes e2e/.tmp/screenshots/*.png (light and dark, 1280 and 390 wide).
 */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the review screenshots');

const WIDTHS = [1280, 390] as const;
const SCHEMES = ['light', 'dark'] as const;

for (const scheme of SCHEMES) {
  for (const width of WIDTHS) {
    test(`screens ${scheme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) => page.screenshot({ path: `e2e/.tmp/screenshots/${name}-${scheme}-${width}.png`, fullPage: true });

      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await shot('login');
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('waitlist');

      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
      await shot('register');

      await page.goto('/demo-login');
      await expect(page.getByRole('button', { name: 'Login as Demo User' })).toBeVisible();
      await shot('demo-login');

      await register(page);
      await shot('dashboard');
      await page.goto('/invoices');
      await expect(page.getByText('This page is not available yet')).toBeVisible();
      await shot('not-available');
    });
  }
}
