import { createServer, type AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { register } from './helpers';

/** A loopback port nothing listens on: a mail server that is down. */
async function downPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('Settings > Email delivery: an owner saves a mail server, and the test email reports the server’s real answer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await register(page);
  await page.goto('/user/settings?tab=email');
  await expect(page.getByRole('tab', { name: 'Email delivery', selected: true })).toBeVisible();
  await expect(page.getByText('Email is not set up', { exact: true })).toBeVisible();

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([]);

  const port = await downPort();
  await page.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
  await page.getByRole('combobox', { name: 'Security' }).click();
  await page.getByRole('option', { name: 'None' }).click();
  await expect(page.getByRole('textbox', { name: 'Port' })).toHaveValue('25');
  await page.getByRole('textbox', { name: 'Port' }).fill(String(port));
  await page.getByRole('textbox', { name: 'User' }).fill('robin');
  await page.locator('input[autocomplete="new-password"]').fill('app password');
  await page.getByRole('textbox', { name: 'From address' }).fill('billing@fielding.test');
  await page.getByRole('button', { name: 'Save email delivery' }).click();
  await expect(page.getByText('Email delivery saved.')).toBeVisible();
  // The password is never shown again, only that one is saved.
  await page.reload();
  await expect(page.locator('input[autocomplete="new-password"]')).toHaveValue('');
  await expect(page.getByText('A password is saved. Leave this empty to keep it.')).toBeVisible();
  await expect(page.getByText('Your business sends its email through this mail server.')).toBeVisible();

  // The server is down: the test email says so, with the reason.
  await page.getByRole('button', { name: 'Send a test email' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Test email not delivered' });
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).toContainText(`The mail server refused the test email: connect ECONNREFUSED 127.0.0.1:${port}`);
});
