import { type Page } from '@playwright/test';
import { expect, test } from './clock';
import { register, shownDate } from './helpers';

/*
 * What a person sees that depends on today's date. Tagged @clock: the clock projects run them again on
 * a Saturday, a month's last day, a year's last day and the day before a daylight saving change.
 */

async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Today in the browser (the business's zone: it signed up from this browser), on the browser's clock. */
async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Date().toLocaleDateString('en-CA'));
}

async function newClient(page: Page, name: string, terms = 30): Promise<number> {
  const response = await page.request.post('/api/clients', {
    headers: await apiHeaders(page),
    data: { name, email: `ap@${name.toLowerCase().replace(/\W+/g, '')}.test`, payment_terms_days: terms },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.id as number;
}

test('a new invoice is issued today and due after the client’s terms; the footer shows this year @clock', async ({
  page,
  now,
}, testInfo) => {
  test.setTimeout(60_000);
  await register(page);
  const today = await browserToday(page);
  // A clock project runs on its day: the server's clock and the browser's agree on it.
  const clockDay = testInfo.project.metadata.clockDay as string | undefined;
  if (clockDay) expect(today).toBe(clockDay);
  const calendar = await page.request.get(`/api/calendar/events?from=${today}&to=${addDays(today, 1)}`, {
    headers: await apiHeaders(page),
  });
  expect((await calendar.json()).today).toBe(today);
  expect(today).toBe(now().toLocaleDateString('en-CA', { timeZone: await browserZone(page) }));
  await expect(page.getByText(`© ${today.slice(0, 4)} Ledgerleaf. All rights reserved.`)).toBeVisible();
  await newClient(page, 'Termly Ltd', 30);
  await page.goto('/invoices/create-new');
  await page.getByRole('combobox', { name: 'Client' }).fill('Termly');
  await page.getByRole('option', { name: 'Termly Ltd' }).click();
  await expect(page.getByLabel('Invoice date')).toHaveValue(shownDate(today));
  await expect(page.getByLabel('Due date')).toHaveValue(shownDate(addDays(today, 30)));
});

test('the dashboard’s "Due This Week" counts the unpaid invoices due from today to today + 6 @clock', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await register(page);
  const headers = await apiHeaders(page);
  const today = await browserToday(page);
  const clientId = await newClient(page, 'Weekly Works');
  for (const [offset, price] of [
    [-1, 800],
    [0, 100],
    [6, 200],
    [7, 400],
  ] as const) {
    const created = await page.request.post('/api/invoices', {
      headers,
      data: {
        client_id: clientId,
        issue_date: addDays(today, -10),
        due_date: addDays(today, offset),
        lines: [{ description: `Due ${offset}`, quantity: 1, unit_price: price, tax_rate_ids: [] }],
        issue: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto('/dashboard');
  const due = page.getByTestId('kpis').locator('.mantine-Card-root', { hasText: 'Due This Week' });
  await expect(due).toContainText('$300.00');
  await expect(due).toContainText('2 invoices');
});

test('CRM reminders: an activity due an hour ago is overdue, one due later today is due today @clock', async ({
  page,
  now,
}) => {
  test.setTimeout(60_000);
  await register(page);
  const zone = await browserZone(page);
  const headers = await apiHeaders(page);
  const localTime = now().toLocaleTimeString('en-GB', { timeZone: zone, hour12: false });
  test.skip(localTime >= '23:15', 'too close to midnight for "later today"');
  const lead = await page.request.post('/api/crm/leads', { headers, data: { person_name: 'Rita Reminder' } });
  expect(lead.status()).toBe(201);
  const leadId = (await lead.json()).data.id as number;
  const types = await (await page.request.get('/api/crm/activity-types', { headers })).json();
  for (const [subject, minutes] of [
    ['Call back an hour ago', -60],
    ['Call back later today', 30],
  ] as const) {
    const created = await page.request.post('/api/crm/activities', {
      headers,
      data: {
        type_id: types.data[0].id,
        subject,
        due_at: new Date(now().getTime() + minutes * 60_000).toISOString(),
        lead_id: leadId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto('/crm/reminders');
  const overdue = page.getByRole('list', { name: 'Overdue' });
  await expect(overdue.getByText('Call back an hour ago')).toBeVisible();
  await expect(overdue.getByText('Call back later today')).toHaveCount(0);
  await page.getByRole('tab', { name: /Due today/ }).click();
  const dueToday = page.getByRole('list', { name: 'Due today' });
  await expect(dueToday.getByText('Call back later today')).toBeVisible();
  await expect(dueToday.getByText('Call back an hour ago')).toHaveCount(0);
});

async function browserZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}
