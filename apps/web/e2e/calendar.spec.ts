import { request, type Page } from '@playwright/test';
import { expect, test } from './clock';
import { blockingViolations, demoLogin, register, settle, shownDate, useFontStep } from './helpers';

async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

test('the demo business’s month shows its due dates and activities; axe in light and dark', async ({ page }) => {
  test.setTimeout(90_000);
  await demoLogin(page);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.locator('.fc-daygrid').first()).toBeVisible();
  await expect(page.locator('.fc-event', { hasText: / due · / }).first()).toBeVisible();
  await expect(
    page.locator('.fc-event:visible', { hasText: /(Call|Email|Meeting|Task|Follow[- ]up)[^·]*: / }).first(),
  ).toBeVisible();
  // An invoice's due date says why it cannot be dragged.
  const due = page.locator('.fc-event:visible', { hasText: / due · / }).first();
  await expect(due).toHaveAttribute('title', /due date is changed on the invoice/);
  // Clicking it opens the invoice.
  await due.click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/calendar');
    await expect(page.locator('.fc-event').first()).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page, `calendar ${scheme}`)).toEqual([]);
  }
});

test('drag an activity to tomorrow: the CRM record has the new due date @clock', async ({ page, now }) => {
  test.setTimeout(90_000);
  await register(page);
  const headers = await apiHeaders(page);
  const lead = await page.request.post('/api/crm/leads', { headers, data: { person_name: 'Dana Drag' } });
  expect(lead.status()).toBe(201);
  const leadId = (await lead.json()).data.id as number;
  const types = await (await page.request.get('/api/crm/activity-types', { headers })).json();
  const dueAt = new Date(now().getTime() + 60 * 60_000);
  dueAt.setUTCMinutes(0, 0, 0);
  const created = await page.request.post('/api/crm/activities', {
    headers,
    data: { type_id: types.data[0].id, subject: 'Drag me along', due_at: dueAt.toISOString(), lead_id: leadId },
  });
  expect(created.status()).toBe(201);
  const activity = (await created.json()).data as { id: number; due_at: string };

  await page.goto('/calendar');
  // The activity itself, not its reminder.
  const event = page.locator('.fc-event', { hasText: 'Drag me along' }).filter({ hasNotText: 'Reminder' });
  await expect(event).toBeVisible();
  const day = await event.evaluate((element) => element.closest('td')?.getAttribute('data-date') ?? '');
  const target = page.locator(`td.fc-day[data-date="${nextDay(day)}"]`);
  // A person drags where they can see both days. Near the window's edge FullCalendar scrolls the page
  // while dragging (its autoscroll), which moves the target from under a pointer that does not follow
  // it: on a Saturday tomorrow is the first cell of the next row, at the bottom of a 720 px window.
  await target.evaluate((cell) => cell.scrollIntoView({ block: 'center' }));
  const from = (await event.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText('Activity moved')).toBeVisible();

  const moved = await (await page.request.get(`/api/crm/activities/${activity.id}`, { headers })).json();
  // The same time of day, one day later, in the business's zone (the browser's here): 23 or 25 hours
  // later across a daylight saving change.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const wallClock = (iso: string) =>
    new Date(iso).toLocaleString('en-CA', { timeZone: zone, hour12: false }).split(', ') as [string, string];
  const [beforeDay, beforeTime] = wallClock(activity.due_at);
  const [afterDay, afterTime] = wallClock(moved.data.due_at);
  expect(afterDay).toBe(nextDay(beforeDay));
  expect(afterTime).toBe(beforeTime);
  // The record: the lead's page lists the activity.
  await page.locator('.fc-event', { hasText: 'Drag me along' }).filter({ hasNotText: 'Reminder' }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/leads/${leadId}/edit$`));
  await expect(page.getByText('Drag me along').first()).toBeVisible();
});

test('an empty day offers an invoice due that day and an activity on it @clock', async ({ page }) => {
  test.setTimeout(90_000);
  await register(page);
  const headers = await apiHeaders(page);
  expect((await page.request.post('/api/clients', { headers, data: { name: 'Empty Day Ltd' } })).status()).toBe(201);

  await page.goto('/calendar');
  const cell = page.locator('td.fc-daygrid-day.fc-day-future').first();
  const day = (await cell.getAttribute('data-date'))!;
  const openMenu = async () => {
    await page
      .locator(`td.fc-daygrid-day[data-date="${day}"] .fc-daygrid-day-frame`)
      .click({ position: { x: 8, y: 40 } });
    return page.getByRole('dialog', { name: shownDate(day) });
  };

  // A new invoice starts due that day.
  await (await openMenu()).getByRole('link', { name: 'New invoice due this day' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/create-new\\?due_date=${day}$`));
  await expect(page.getByRole('textbox', { name: 'Due date' })).toHaveValue(shownDate(day));

  // A new activity: the CRM's form, due that day; saved, the calendar shows it there.
  await page.goto('/calendar');
  await (await openMenu()).getByRole('link', { name: 'New activity on this day' }).click();
  const form = page.getByRole('dialog', { name: 'Add activity' });
  await expect(form.getByRole('textbox', { name: 'Due date' })).toHaveValue(shownDate(day));
  await form.getByRole('textbox', { name: 'Subject' }).fill('Plan the empty day');
  await form.getByRole('combobox', { name: 'Client' }).fill('Empty Day');
  await page.getByRole('option', { name: /Empty Day Ltd/ }).click();
  await form.getByRole('button', { name: 'Add activity' }).click();
  await expect(form).toBeHidden();
  await page.goto('/calendar');
  await expect(
    page.locator(`td.fc-daygrid-day[data-date="${day}"] .fc-event`, { hasText: 'Plan the empty day' }).first(),
  ).toBeVisible();
});

test('the view, the period and the filters survive a reload', async ({ page }) => {
  test.setTimeout(60_000);
  await register(page);
  await page.goto('/calendar');
  const title = page.getByTestId('calendar-title');
  await expect(title).toBeVisible();
  const thisMonth = await title.textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).not.toHaveText(thisMonth!);
  await page.locator('[data-calendar-toolbar] label', { hasText: /^Week$/ }).click();
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'CRM activities' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page).toHaveURL(/kinds=activity/);
  const week = await title.textContent();
  await page.reload();
  await expect(title).toHaveText(week!);
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  await expect(page.locator('.mantine-MultiSelect-pill', { hasText: 'CRM activities' })).toBeVisible();
});

test('the feed address works without a session and dies when a new one is made', async ({ page }) => {
  test.setTimeout(90_000);
  await register(page);
  await page.goto('/calendar');
  const card = page.getByRole('region', { name: 'Subscribe from your phone or desktop calendar' });
  await card.getByRole('button', { name: 'Turn on feed' }).click();
  const first = await card.getByRole('textbox', { name: 'Feed address' }).inputValue();
  expect(first).toMatch(/\/api\/calendar\/feeds\/[A-Za-z0-9_-]+\.ics$/);

  const anonymous = await request.newContext();
  const answer = await anonymous.get(first);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/calendar');
  expect(answer.headers()['cache-control']).toContain('no-store');
  expect(await answer.text()).toContain('BEGIN:VCALENDAR');

  await card.getByRole('button', { name: 'Make new address' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make new address' }).click();
  await expect(card.getByRole('textbox', { name: 'Feed address' })).not.toHaveValue(first);
  const second = await card.getByRole('textbox', { name: 'Feed address' }).inputValue();
  expect((await anonymous.get(first)).status()).toBe(404);
  expect((await anonymous.get(second)).status()).toBe(200);
  await anonymous.dispose();
});

/** Controls (and the grid's day names) cut off or off screen: a box outside the viewport, or text wider than its box. */
async function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      [
        '[data-testid="calendar-title"]',
        '[data-calendar-toolbar] button',
        '[data-calendar-toolbar] input',
        '[data-calendar-toolbar] label',
        // The days' names above the grid.
        '.fc-col-header-cell-cushion',
      ].join(', '),
    );
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name =
        element.getAttribute('aria-label') || element.textContent?.trim() || (element as HTMLInputElement).value;
      if (box.left < 0 || box.right > width)
        problems.push(`${name}: ${Math.round(box.left)}-${Math.round(box.right)} of ${width} px`);
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name}: text ${element.scrollWidth} px in ${element.clientWidth} px`);
      // A day's name (inline) against its column.
      const column = element.closest('th')?.getBoundingClientRect();
      if (column && (box.left < column.left - 1 || box.right > column.right + 1))
        problems.push(`${name}: ${Math.round(box.width)} px in a ${Math.round(column.width)} px column`);
    }
    return problems;
  });
}

test('a 390 px screen with 150 % text opens on the agenda; the toolbar fits in every view, nothing scrolls sideways', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await useFontStep(page, 150);
  await demoLogin(page);
  await page.goto('/calendar');
  await expect(page.locator('.fc-list').first()).toBeVisible();
  const view = page.getByLabel('View', { exact: true });
  await expect(view).toHaveValue('Agenda');
  await settle(page);
  expect(await blockingViolations(page, 'calendar 390 px')).toEqual([]);
  for (const name of ['Agenda', 'Month', 'Week', 'Day'] as const) {
    if (name !== 'Agenda') {
      await view.click();
      await page.getByRole('option', { name }).click();
      await expect(view).toHaveValue(name);
    }
    await settle(page);
    for (const control of ['Previous', 'Next', 'Today'])
      await expect(page.getByRole('button', { name: control, exact: true })).toBeInViewport({ ratio: 1 });
    await expect(view).toBeInViewport({ ratio: 1 });
    expect(await clippedControls(page), name).toEqual([]);
    // The period's title keeps to at most two lines.
    const title = page.getByTestId('calendar-title');
    const lines = await title.evaluate(
      (element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines, name).toBeLessThan(2.5);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, name).toBeLessThanOrEqual(390);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `e2e/.tmp/screenshots/calendar-390-150-${name}.png` });
  }
});
