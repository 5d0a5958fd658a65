import { expect, test } from '@playwright/test';

test('a 419 (anti-forgery cookie gone) reloads the page, which fetches a fresh cookie', async ({ page, context }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN')).toBe(true);
  await context.clearCookies();

  await page.getByLabel(/^Email address/).fill('someone@example.com');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/forgot-password'));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  expect((await answer).status()).toBe(419);
  await reloaded;

  await expect(page.getByLabel(/^Email address/)).toHaveValue('');
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN')).toBe(true);
  // With the fresh cookie the same request goes through.
  await page.getByLabel(/^Email address/).fill('someone@example.com');
  const second = page.waitForResponse((response) => response.url().endsWith('/api/forgot-password'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  expect((await second).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();
});
