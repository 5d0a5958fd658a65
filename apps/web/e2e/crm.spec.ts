import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, register } from './helpers';

async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

/** A board column by its stage's name. */
function boardColumn(page: Page, stage: string) {
  return page.getByTestId('board-column').filter({ has: page.getByRole('heading', { name: new RegExp(`^${stage}`) }) });
}

test('CRM: create a lead, convert it, move the opportunity to Won with the keyboard, invoice it, see client 360', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page);

  // /crm opens the leads; the side navigation's CRM entry is active there.
  await page.goto('/crm');
  await expect(page).toHaveURL(/\/crm\/leads$/);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  await expect(page.getByText('No leads yet')).toBeVisible();

  // A lead.
  await page.getByRole('link', { name: 'New lead' }).first().click();
  await expect(page).toHaveURL(/\/crm\/leads\/create$/);
  await page.getByRole('textbox', { name: "Person's name" }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Analytical Engines Ltd');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@analytical.test');
  await page.getByRole('spinbutton', { name: 'Estimated value' }).fill('5000');
  await page.getByRole('button', { name: 'Create lead' }).click();
  await expect(page).toHaveURL(/\/crm\/leads\/\d+\/edit$/);
  await expect(page.getByText('Lead created.')).toBeVisible();

  // Convert it into a new client and an opportunity.
  await page.getByRole('button', { name: 'Convert' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert Ada Lovelace' });
  await expect(convert.getByRole('radio', { name: 'Create a new client' })).toBeChecked();
  await expect(convert.getByRole('textbox', { name: 'Client name' })).toHaveValue('Analytical Engines Ltd');
  await convert.getByRole('button', { name: 'Convert lead' }).click();
  await expect(page).toHaveURL(/\/crm\/opportunities\/\d+\/edit$/);
  await expect(page.getByText(/Lead converted/)).toBeVisible();

  // The lead is read-only now.
  await page.goto('/crm/leads');
  await page.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page.getByText(/can no longer be changed/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert' })).toHaveCount(0);

  // The board: the card is in the first stage; the keyboard carries it to Won.
  await page.goto('/crm/opportunities');
  const card = page.getByRole('article', { name: 'Analytical Engines Ltd' });
  await expect(boardColumn(page, 'New').getByRole('article', { name: 'Analytical Engines Ltd' })).toBeVisible();
  const handle = page.getByRole('button', { name: 'Drag Analytical Engines Ltd' });
  await handle.focus();
  await page.keyboard.press('Space');
  // Right arrow, a stage at a time, until the card is over the Won column (the board scrolls with it).
  const overWon = boardColumn(page, 'Won').getByRole('article', { name: 'Analytical Engines Ltd' });
  for (let step = 0; step < 8 && (await overWon.count()) === 0; step += 1) {
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
  }
  await expect(overWon).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.getByText('Won $5,000.00. Congratulations!')).toBeVisible();
  await expect(boardColumn(page, 'Won').getByRole('article', { name: 'Analytical Engines Ltd' })).toBeVisible();
  await expect(boardColumn(page, 'Won').getByLabel('1 opportunities')).toBeVisible();

  // After a reload the card is still won: the server recorded the move.
  await page.reload();
  await expect(boardColumn(page, 'Won').getByRole('article', { name: 'Analytical Engines Ltd' })).toBeVisible();

  // Invoice it: the editor opens on a draft for the client and the amount, linked to the opportunity.
  await card.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\?edit=1$/);
  const invoiceId = Number(/\/invoices\/(\d+)/.exec(page.url())![1]);
  const headers = await apiHeaders(page);
  const board = await page.request.get('/api/crm/opportunities?status=won', { headers });
  const won = ((await board.json()) as { data: { id: number; client_id: number }[] }).data[0]!;
  const detail = await page.request.get(`/api/crm/opportunities/${won.id}`, { headers });
  const documents = ((await detail.json()) as { data: { documents: { kind: string; id: number; total: number }[] } })
    .data.documents;
  expect(documents).toEqual([expect.objectContaining({ kind: 'invoice', id: invoiceId, total: 5000 })]);

  // Client 360: pick the client by searching on the server.
  await page.goto('/crm/client-360');
  await expect(page.getByText('Pick a client')).toBeVisible();
  await page.getByRole('combobox', { name: 'Client' }).fill('Analytical');
  await page.getByRole('option', { name: /Analytical Engines Ltd/ }).click();
  await expect(page.getByRole('heading', { name: 'Analytical Engines Ltd', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Closed opportunities' }).getByText('Analytical Engines Ltd'),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leads' }).getByRole('link', { name: /Ada Lovelace/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`client=${won.client_id}`));
});

test('dropping a card on a lost stage asks why, and the server keeps the reason', async ({ page }) => {
  test.setTimeout(60_000);
  await register(page);
  const headers = await apiHeaders(page);
  const client = await page.request.post('/api/clients', { headers, data: { name: 'Lost Cause Co' } });
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  await page.request.post('/api/crm/opportunities', {
    headers,
    data: { title: 'Long shot', client_id: clientId, amount: 900 },
  });
  // Wide enough for every column: the card is dragged with the mouse onto the Lost column.
  await page.setViewportSize({ width: 2100, height: 900 });
  await page.goto('/crm/opportunities');
  const grip = await page.getByRole('button', { name: 'Drag Long shot' }).boundingBox();
  const target = await boardColumn(page, 'Lost').boundingBox();
  await page.mouse.move(grip!.x + grip!.width / 2, grip!.y + grip!.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip!.x + 20, grip!.y + 20, { steps: 5 });
  await page.mouse.move(target!.x + target!.width / 2, target!.y + 120, { steps: 20 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Why was it lost?' });
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(dialog.getByText('Please choose why the opportunity was lost')).toBeVisible();
  expect(
    (await (await page.request.get('/api/crm/opportunities?status=lost', { headers })).json()) as { data: unknown[] },
  ).toMatchObject({ data: [] });
  await dialog.getByRole('combobox', { name: 'Lost reason' }).click();
  await page.getByRole('option', { name: 'No budget' }).click();
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(boardColumn(page, 'Lost').getByRole('article', { name: 'Long shot' })).toBeVisible();
  const list = await page.request.get('/api/crm/opportunities?status=lost', { headers });
  expect(((await list.json()) as { data: { lost_reason_name: string }[] }).data[0]!.lost_reason_name).toBe('No budget');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: false });

  test('a card dragged with a finger moves to another stage, and the server keeps the move', async ({ page }) => {
    test.setTimeout(60_000);
    await register(page);
    const headers = await apiHeaders(page);
    const client = await page.request.post('/api/clients', { headers, data: { name: 'Fingertip Ltd' } });
    const clientId = ((await client.json()) as { data: { id: number } }).data.id;
    await page.request.post('/api/crm/opportunities', {
      headers,
      data: { title: 'Tablet order', client_id: clientId, amount: 750 },
    });
    await page.setViewportSize({ width: 2100, height: 900 });
    await page.goto('/crm/opportunities');
    await expect(boardColumn(page, 'New').getByRole('article', { name: 'Tablet order' })).toBeVisible();
    const grip = (await page.getByRole('button', { name: 'Drag Tablet order' }).boundingBox())!;
    const target = (await boardColumn(page, 'Qualified').boundingBox())!;

    // Real touch events through the browser's input pipeline (touchstart, touchmove, touchend): the
    // board's TouchSensor picks the card up after a 200 ms press, so the finger rests first.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y), id: 1 }],
      });
    const start = { x: grip.x + grip.width / 2, y: grip.y + grip.height / 2 };
    const end = { x: target.x + target.width / 2, y: target.y + 120 };
    await touch('touchStart', start.x, start.y);
    await page.waitForTimeout(400);
    for (let step = 1; step <= 20; step += 1) {
      await touch('touchMove', start.x + ((end.x - start.x) * step) / 20, start.y + ((end.y - start.y) * step) / 20);
      await page.waitForTimeout(16);
    }
    await touch('touchEnd', end.x, end.y);

    await expect(page.getByText('Moved to Qualified.')).toBeVisible();
    await expect(boardColumn(page, 'Qualified').getByRole('article', { name: 'Tablet order' })).toBeVisible();
    await expect(boardColumn(page, 'New').getByRole('article', { name: 'Tablet order' })).toHaveCount(0);
    await page.reload();
    await expect(boardColumn(page, 'Qualified').getByRole('article', { name: 'Tablet order' })).toBeVisible();
  });
});

// Each screen is loaded once and checked in light, then in dark (the app follows the system's scheme
// as it changes): both schemes, half the page loads and one setup.
test('the CRM screens (light and dark) have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(210_000);
  await register(page);
  const headers = await apiHeaders(page);
  const lead = await page.request.post('/api/crm/leads', {
    headers,
    data: { person_name: 'Grace Hopper', company_name: 'Navy Labs', email: 'grace@navy.test', estimated_value: 1200 },
  });
  const leadId = ((await lead.json()) as { data: { id: number } }).data.id;
  const client = await page.request.post('/api/clients', { headers, data: { name: 'Crumb & Co' } });
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const opportunity = await page.request.post('/api/crm/opportunities', {
    headers,
    data: { title: 'Bakery website', client_id: clientId, amount: 2400 },
  });
  const opportunityId = ((await opportunity.json()) as { data: { id: number } }).data.id;
  // A won opportunity (its card offers Create estimate / Create invoice) and a converted lead.
  const stageList = await page.request.get('/api/crm/pipeline-stages', { headers });
  const wonStage = ((await stageList.json()) as { data: { id: number; type: string }[] }).data.find(
    (stage) => stage.type === 'won',
  )!;
  const second = await page.request.post('/api/crm/opportunities', {
    headers,
    data: { title: 'Cafe catering', client_id: clientId, amount: 3000 },
  });
  const secondId = ((await second.json()) as { data: { id: number } }).data.id;
  await page.request.post(`/api/crm/opportunities/${secondId}/move`, { headers, data: { stage_id: wonStage.id } });
  const convertedLead = await page.request.post('/api/crm/leads', {
    headers,
    data: { person_name: 'Mae Jemison', email: 'mae@space.test', status: 'qualified' },
  });
  const convertedId = ((await convertedLead.json()) as { data: { id: number } }).data.id;
  const converted = await page.request.post(`/api/crm/leads/${convertedId}/convert`, {
    headers,
    data: { client: { mode: 'new', name: 'Jemison Labs' }, opportunity: { title: 'Mission patch', amount: 500 } },
  });
  expect(converted.status()).toBe(201);
  const types = await page.request.get('/api/crm/activity-types', { headers });
  const typeId = ((await types.json()) as { data: { id: number }[] }).data[0]!.id;
  await page.request.post('/api/crm/activities', {
    headers,
    data: {
      type_id: typeId,
      subject: 'Call Grace',
      due_at: new Date(Date.now() - 3_600_000).toISOString(),
      lead_id: leadId,
    },
  });

  const screens: [string, string][] = [
    ['/crm/leads', 'Leads'],
    ['/crm/leads/create', 'New lead'],
    [`/crm/leads/${leadId}/edit`, 'Grace Hopper'],
    [`/crm/leads/${convertedId}/edit`, 'Mae Jemison'],
    ['/crm/opportunities', 'Opportunities'],
    ['/crm/opportunities?view=list', 'Opportunities'],
    ['/crm/opportunities/create', 'New opportunity'],
    [`/crm/opportunities/${opportunityId}/edit`, 'Bakery website'],
    [`/crm/opportunities/${secondId}/edit`, 'Cafe catering'],
    ['/crm/settings', 'CRM settings'],
    ['/crm/pipeline-stages-management', 'Pipeline stages'],
    ['/crm/lead-sources-management', 'Lead sources'],
    ['/crm/activity-types', 'Activity types'],
    ['/crm/reminders', 'Reminders'],
    [`/crm/client-360?client=${clientId}`, 'Client 360'],
  ];
  const found: string[] = [];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: new RegExp(`^${heading}`), level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'CRM area' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'CRM', exact: true })).toHaveAttribute('aria-current', 'page');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      found.push(...(await blockingViolations(page, `${path} (${scheme})`)));
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  expect(found).toEqual([]);
});

test('the leads list, the board and a lead fit a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page);
  for (const path of ['/crm/leads', '/crm/opportunities', '/crm/reminders', '/crm/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
