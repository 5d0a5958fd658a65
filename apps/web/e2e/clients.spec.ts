import { expect, test } from '@playwright/test';
import { register } from './helpers';

test('create a client, find it by search, edit it and archive it', async ({ page }) => {
  await register(page);
  await page.getByRole('link', { name: 'Clients' }).first().click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText('No clients yet')).toBeVisible();

  // Two clients, so the search has something to leave out.
  for (const [name, contact] of [
    ['Northwind Traders', 'Nancy Davolio'],
    ['Contoso Ltd', 'Carol Smith'],
  ] as const) {
    await page.goto('/clients/create');
    await page.getByLabel('Company name').fill(name);
    await page.getByLabel('Email', { exact: true }).fill(`billing@${name.split(' ')[0]!.toLowerCase()}.test`);
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('Contact 1 name').fill(contact);
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByText('Client created')).toBeVisible();
  }

  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('link', { name: 'Contoso Ltd' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search clients' }).fill('north');
  await expect(page).toHaveURL(/search=north/);
  await expect(table.getByRole('link', { name: 'Northwind Traders' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Contoso Ltd' })).toHaveCount(0);
  // The search also finds contacts.
  await page.getByRole('textbox', { name: 'Search clients' }).fill('Carol');
  await expect(table.getByRole('link', { name: 'Contoso Ltd' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Northwind Traders' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search clients' }).fill('north');
  await table.getByRole('link', { name: 'Northwind Traders' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Northwind Traders', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Contact 1 name')).toHaveValue('Nancy Davolio');
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
  await page.getByLabel('Payment terms (net days)').fill('45');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Client saved')).toBeVisible();
  await expect(page).toHaveURL(/\/clients(\?.*)?$/);

  await page.goto('/clients?search=north');
  await page.getByRole('button', { name: 'Actions for Northwind Traders' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Client archived')).toBeVisible();
  await expect(page.getByText('No matching clients')).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Archived$/ })
    .click();
  await expect(table.getByRole('link', { name: 'Northwind Traders' })).toBeVisible();
  await expect(table.getByText('Archived').filter({ visible: true })).toBeVisible();
});

test('create a product with a tax rate', async ({ page }) => {
  await register(page);
  await page.goto('/user/settings?tab=tax-rates');
  await expect(page.getByText('No tax rates yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add tax rate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add tax rate' });
  await dialog.getByLabel('Tax rate name').fill('NY sales tax');
  await dialog.getByRole('textbox', { name: /^Rate/ }).fill('8.875');
  await dialog.getByLabel('Default for new products and services').check();
  await dialog.getByRole('button', { name: 'Add tax rate' }).click();
  await expect(page.getByRole('table', { name: 'Tax rates' }).getByText('8.875%')).toBeVisible();

  await page.getByRole('link', { name: 'Products/Services' }).click();
  await page.getByRole('link', { name: 'Add your first product or service' }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
  await page.getByRole('textbox', { name: /^Name/ }).fill('Consulting hour');
  await page.getByRole('textbox', { name: /^Unit price/ }).fill('1250.5');
  await expect(page.getByLabel('Default tax rate').first()).toHaveValue('NY sales tax (8.875%)');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/products$/);
  const table = page.getByRole('table', { name: 'Products and services' });
  await expect(table.getByRole('link', { name: 'Consulting hour' })).toBeVisible();
  await expect(table.getByText('$1,250.50')).toBeVisible();
  await expect(table.getByText('NY sales tax (8.875%)')).toBeVisible();
});

test('import clients from a CSV file after a preview, then export them', async ({ page }) => {
  await register(page);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import clients from CSV' });

  // A file with one bad row: nothing can be imported until it is fixed.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'clients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'name,email,contact_name\nGlobex,billing@globex.test,Hank Scorpio\nInitech,not-an-email,Bill Lumbergh\n',
    ),
  });
  await expect(dialog.getByText('1 with errors')).toBeVisible();
  await expect(dialog.getByText(/email: Please enter a valid email address/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();

  await dialog.getByText('Paste CSV text').click();
  await dialog
    .getByRole('textbox', { name: 'CSV text' })
    .fill(
      'name,email,contact_name\nGlobex,billing@globex.test,Hank Scorpio\nInitech,billing@initech.test,Bill Lumbergh\n',
    );
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('2 ready')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Imported 2 rows.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('link', { name: 'Globex' })).toBeVisible();
  await expect(table.getByText('Bill Lumbergh')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv).toContain('Globex');
  expect(csv).toContain('billing@initech.test');
});
