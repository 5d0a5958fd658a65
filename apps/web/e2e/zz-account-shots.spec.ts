import { expect, test } from '@playwright/test';
import { register } from './helpers';

/** Visual review aid for the account area (SCREENSHOTS=1): light and dark, 1280 and 390 wide. */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the review screenshots');

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390] as const) {
    test(`account screens ${scheme} ${width}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) =>
        page.screenshot({ path: `e2e/.tmp/screenshots/account-${name}-${scheme}-${width}.png`, fullPage: true });
      await register(page);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Full name' })).toBeVisible();
      await shot('profile');
      await page.goto('/user/settings');
      await expect(page.getByRole('textbox', { name: 'Address' })).toBeVisible();
      await shot('settings-business');
      await page.goto('/user/settings?tab=invoices');
      await expect(page.getByTestId('next-number')).toBeVisible();
      await shot('settings-invoices');
      await page.goto('/user/settings/email-templates');
      await expect(page.getByTestId('preview-body')).toBeVisible();
      await shot('email-templates');
      await page.goto('/settings/invoice-reminders');
      await expect(page.getByRole('button', { name: 'Save schedule' })).toBeVisible();
      await shot('reminders');
      await page.goto('/admin/roles');
      await expect(page.getByRole('table', { name: 'Team members' })).toBeVisible();
      await page.getByRole('button', { name: 'Invite member' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('roles-invite');
    });
  }
}
