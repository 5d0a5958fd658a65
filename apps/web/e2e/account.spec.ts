import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, register } from './helpers';

/** The invitation link mailed to `email`: without SMTP the mail is in the outbox table of the e2e database. */
function invitationLink(email: string): string {
  const file = join(process.env.LEDGERLEAF_E2E_DATA_DIR!, 'ledgerleaf.sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db
      .prepare('select text_body from outbox_emails where to_address = ? order by id desc limit 1')
      .get(email) as { text_body: string } | undefined;
    const match = /(\/invitations\/[A-Za-z0-9_-]+)/.exec(row?.text_body ?? '');
    if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
    return match[1];
  } finally {
    db.close();
  }
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

test('account: settings persist; invite an accountant, who accepts, signs in and cannot create an invoice', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await register(page);

  // Business details and the number pattern persist across a reload.
  await page.goto('/user/settings');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Market Street\nSan Francisco, CA 94105');
  await page.getByRole('textbox', { name: 'Tax ID' }).fill('US-94-1234567');
  await page.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('Business details saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Invoice defaults' }).click();
  await page.getByRole('textbox', { name: 'Prefix' }).fill('FJ');
  await page.getByRole('switch', { name: 'Restart the count every year' }).click();
  await page.getByRole('switch', { name: 'Include the year' }).click();
  await expect(page.getByTestId('next-number')).toHaveText('Next invoice: FJ-0001');
  await page.getByRole('button', { name: 'Save numbering' }).click();
  await expect(page.getByText('Invoice numbering saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('next-number')).toHaveText('Next invoice: FJ-0001');
  await page.getByRole('tab', { name: 'Business details' }).click();
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('12 Market Street\nSan Francisco, CA 94105');
  await expect(page.getByRole('textbox', { name: 'Tax ID' })).toHaveValue('US-94-1234567');

  // The reminder schedule persists.
  await page.goto('/settings/invoice-reminders');
  await page.getByRole('switch', { name: /7 days after the due date/ }).click();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Reminder schedule saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: /7 days after the due date/ })).toBeChecked();

  // A client, so that an invoice could be made.
  const created = await page.request.post('/api/clients', {
    headers: await bearer(page),
    data: { name: 'Northwind Traders' },
  });
  expect(created.status()).toBe(201);

  // Invite an accountant.
  const accountant = newAccount();
  await page.goto('/admin/roles');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email address').fill(accountant.email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Accountant (read-only)' }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(accountant.email);

  // The accountant accepts in another browser and lands on the dashboard, signed in.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(invitationLink(accountant.email));
  await expect(guest.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await guest.getByLabel('Full name').fill('Avery Accountant');
  await guest.getByLabel(/^Password/).fill(accountant.password);
  await guest.getByLabel('Confirm password').fill(accountant.password);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);

  // Signing in again works with the chosen password.
  await guest.evaluate(() => localStorage.clear());
  await guest.goto('/login');
  await guest.getByLabel('Email').fill(accountant.email);
  await guest.getByLabel(/^Password/).fill(accountant.password);
  await guest.getByRole('button', { name: 'Sign in' }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);

  // Read-only: no quick-add, no "New Invoice", no editor; the server refuses a write with 403 and nothing is created.
  await expect(guest.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Quick add' })).toHaveCount(0);
  await guest.goto('/invoices/all');
  await expect(guest.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'New Invoice' })).toHaveCount(0);
  await guest.goto('/invoices/create-new');
  await expect(guest.getByRole('heading', { name: 'Read-only access' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  const clients = await guest.request.get('/api/clients?search=North', { headers: await bearer(guest) });
  const clientId = ((await clients.json()) as { data: { id: number }[] }).data[0]!.id;
  const refused = await guest.request.post('/api/invoices', {
    headers: { ...(await bearer(guest)), 'Content-Type': 'application/json' },
    data: {
      client_id: clientId,
      issue_date: '2026-11-23',
      due_date: '2026-12-23',
      lines: [{ description: 'Audit', quantity: 1, unit_price: 100 }],
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('You do not have permission to do this.');
  const invoices = await guest.request.get('/api/invoices', { headers: await bearer(guest) });
  expect(((await invoices.json()) as { data: unknown[] }).data).toEqual([]);

  // The accountant reads the settings but cannot change them, and cannot open roles management.
  await guest.goto('/user/settings');
  await expect(guest.getByText('Only an owner or an admin can change these settings.')).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Tax ID' })).toHaveValue('US-94-1234567');
  await expect(guest.getByRole('button', { name: 'Save business details' })).toHaveCount(0);
  await guest.goto('/admin/roles');
  await expect(guest.getByRole('alert')).toContainText('Only an owner or an admin can do this.');

  // The owner sees the new member with their role.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Team members' })).toContainText('Avery Accountant');
  await expect(page.getByRole('combobox', { name: 'Role of Avery Accountant' })).toHaveValue('Accountant (read-only)');
  await context.close();
});
