import { expect, test } from '@playwright/test';
import { register } from './helpers';

test('the main flow logs no console errors and no CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await register(page);
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByText('No clients yet')).toBeVisible();
  await page.getByRole('link', { name: 'Products/Services' }).click();
  await expect(page.getByText('No products or services yet')).toBeVisible();
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.goto('/user/settings/later');
  await expect(page.getByText('This page is not available yet')).toBeVisible();
  expect(problems).toEqual([]);
});
