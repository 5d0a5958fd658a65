import { expect, test, type Page } from '@playwright/test';
import { blockingViolations, register } from './helpers';

async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

/** A sent invoice of `amount` for a new client, through the API (the invoice screens have their own spec). */
async function sentInvoice(page: Page, amount: number): Promise<number> {
  const headers = await apiHeaders(page);
  const client = await page.request.post('/api/clients', {
    headers,
    data: { name: `Client ${amount}`, email: `billing${amount}@example.test` },
  });
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const created = await page.request.post('/api/invoices', {
    headers,
    data: {
      client_id: clientId,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      issue: true,
      lines: [{ description: 'Joinery', quantity: 1, unit_price: amount }],
    },
  });
  return ((await created.json()) as { data: { id: number } }).data.id;
}

async function createGoal(page: Page, title: string, target: string) {
  await page.getByRole('button', { name: 'Create Goal' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create goal' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Target amount' }).fill(target);
  await dialog.getByLabel('Target date').fill('2027-12-31');
  await dialog.getByRole('button', { name: 'Create goal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
}

async function recordPayment(page: Page, invoiceId: number, amount: string) {
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByRole('button', { name: 'Record payment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
}

function card(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('goals: two goals, a payment allocated evenly, other income split, a badge for a reached goal, and "Don\'t show this again"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page);
  const firstInvoice = await sentInvoice(page, 400);
  const secondInvoice = await sentInvoice(page, 300);

  await page.goto('/goals');
  await expect(page.getByRole('heading', { name: 'Goal Tracker', level: 1 })).toBeVisible();
  await expect(page.getByText('No goals yet')).toBeVisible();
  await createGoal(page, 'Workshop fund', '1000');
  await createGoal(page, 'New lathe', '500');
  await expect(card(page, 'Workshop fund')).toContainText('$0.00 of $1,000.00');

  // A payment opens the allocation modal; Allocate Evenly, then Save.
  await recordPayment(page, firstInvoice, '200');
  const allocation = page.getByRole('dialog', { name: 'Allocate Payment to Goals' });
  await expect(allocation).toBeVisible();
  await expect(allocation).toContainText(/INV-\d{4}-\d{4}/);
  await expect(allocation).toContainText('$200.00');
  await expect(allocation.getByRole('spinbutton', { name: 'Amount for Workshop fund' })).toBeVisible();
  await allocation.getByRole('button', { name: 'Allocate Evenly' }).click();
  await expect(allocation.getByTestId('unallocated-amount')).toHaveText('$0.00');
  await expect(allocation.getByText('After allocation: $100.00 of $500.00 (20%)')).toBeVisible();
  expect(await blockingViolations(page, 'allocation modal')).toEqual([]);
  await allocation.getByRole('button', { name: 'Save Allocations' }).click();
  await expect(page.getByText('Payment has been allocated to goals successfully')).toBeVisible();
  await expect(allocation).toBeHidden();

  // The tracker and the details show it.
  await page.goto('/goals');
  await expect(card(page, 'Workshop fund')).toContainText('$100.00 of $1,000.00');
  await expect(card(page, 'Workshop fund')).toContainText('10%');
  await expect(card(page, 'New lathe')).toContainText('$100.00 of $500.00');
  await card(page, 'New lathe').getByRole('link', { name: 'New lathe' }).click();
  await expect(page.getByRole('heading', { name: 'New lathe', level: 1 })).toBeVisible();
  await expect(page.getByText('$400.00', { exact: true }).first()).toBeVisible();
  const history = page.getByRole('table', { name: 'Contributions' });
  await expect(history.getByRole('link', { name: /Payment on invoice INV-/ })).toHaveAttribute(
    'href',
    `/invoices/${firstInvoice}`,
  );

  // Other income from the quick-add menu, split over both goals; New lathe reaches its target.
  await page.getByRole('button', { name: 'Quick add' }).click();
  await page.getByRole('menuitem', { name: 'Add Other Income' }).click();
  const income = page.getByRole('dialog', { name: 'Add Other Income' });
  await income.getByRole('spinbutton', { name: 'Amount' }).fill('500');
  await income.getByRole('textbox', { name: 'Source' }).fill('Craft grant');
  await income.getByRole('checkbox', { name: /New lathe/ }).check();
  await expect(income.getByRole('spinbutton', { name: 'Allocation for New lathe' })).toHaveValue('$400');
  await income.getByRole('checkbox', { name: /Workshop fund/ }).check();
  await expect(income.getByRole('spinbutton', { name: 'Allocation for Workshop fund' })).toHaveValue('$100');
  expect(await blockingViolations(page, 'other income modal')).toEqual([]);
  await income.getByRole('button', { name: 'Record income' }).click();
  await expect(page.getByText('Other income recorded successfully')).toBeVisible();
  await expect(income).toBeHidden();
  // The details page refreshes itself: the goal is reached.
  await expect(page.getByText('Target reached')).toBeVisible();
  await expect(history.getByRole('link', { name: 'Other income from Craft grant' })).toBeVisible();

  await page.goto('/goals?status=completed');
  await expect(card(page, 'New lathe')).toContainText('100%');
  await expect(card(page, 'New lathe')).toContainText('Completed');
  await expect(card(page, 'Workshop fund')).toHaveCount(0);

  await page.goto('/goals/badges');
  await expect(page.getByRole('heading', { name: 'Goal Achievements', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Goal Getter: earned' })).toContainText('Earned on');
  await expect(page.getByRole('listitem', { name: 'First Step: earned' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Hat Trick: not earned yet' })).toContainText('Achieve 3 goals.');

  await page.goto('/goals/income');
  await expect(page.getByRole('table', { name: 'Other income' })).toContainText('Craft grant');

  // "Don't show this again" on Skip: the next payment does not open the modal.
  await recordPayment(page, secondInvoice, '100');
  await expect(allocation).toBeVisible();
  await allocation.getByRole('checkbox', { name: "Don't show this again" }).check();
  await allocation.getByRole('button', { name: 'Skip' }).click();
  await expect(allocation).toBeHidden();
  const asked = page.waitForResponse(
    (response) => response.url().endsWith('/api/goal-allocation-preferences') && response.request().method() === 'GET',
  );
  await recordPayment(page, secondInvoice, '50');
  await asked;
  // The embedded default has no mail server: the payment is recorded and its receipt kept in the outbox.
  await expect(page.getByText('Payment recorded, receipt not sent').first()).toBeVisible();
  const preference = await page.request.get('/api/goal-allocation-preferences', { headers: await apiHeaders(page) });
  expect(((await preference.json()) as { data: { show_allocation_modal: boolean } }).data.show_allocation_modal).toBe(
    false,
  );
  await expect(allocation).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the goals screens (${scheme}) have no serious or critical accessibility violation`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await register(page);
    const headers = await apiHeaders(page);
    const created = await page.request.post('/api/goals', {
      headers,
      data: { title: 'Emergency fund', target_amount: 1000, current_amount: 250, target_date: '2027-06-30' },
    });
    const goalId = ((await created.json()) as { data: { id: number } }).data.id;
    await page.request.post('/api/other-income/multiple-goals', {
      headers,
      data: {
        amount: 300,
        income_date: '2026-11-10',
        source: 'Interest',
        reference_number: '',
        description: '',
        goal_allocations: [{ goal_id: goalId, amount: 200 }],
      },
    });

    const problems: string[] = [];
    for (const [path, heading] of [
      ['/goals', 'Goal Tracker'],
      [`/goals/${goalId}`, 'Emergency fund'],
      ['/goals/analytics', 'Goal Analytics'],
      ['/goals/badges', 'Goal Achievements'],
      ['/goals/income', 'Other income'],
      ['/goals-info', 'How goals work'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      problems.push(...(await blockingViolations(page, path)));
    }

    await page.goto('/goals/analytics');
    await expect(page.getByRole('img', { name: /Progress of 1 goal over/ })).toBeVisible();

    await page.goto('/goals/create');
    await expect(page.getByRole('dialog', { name: 'Create goal' })).toBeVisible();
    problems.push(...(await blockingViolations(page, 'goal modal')));
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/goals$/);

    await page.getByRole('button', { name: 'Quick add' }).click();
    await page.getByRole('menuitem', { name: 'Add Other Income' }).click();
    const income = page.getByRole('dialog', { name: 'Add Other Income' });
    await expect(income.getByRole('checkbox', { name: /Emergency fund/ })).toBeVisible();
    problems.push(...(await blockingViolations(page, 'other income modal')));
    expect(problems).toEqual([]);
  });
}

test('Escape in the Create goal date picker closes the picker only; closing with input asks first (issue 11)', async ({
  page,
}) => {
  await register(page);
  await page.goto('/goals/create');
  const dialog = page.getByRole('dialog', { name: 'Create goal' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill('New van');
  await dialog.getByLabel(/^Target date/).click();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Next month' })).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('New van');

  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('New van');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/goals$/);
});

test('after a payment without goals the modal links to creating one; a skipped payment is allocated later from its row (issue 11)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await register(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const client = await page.request.post('/api/clients', { headers, data: { name: 'Northwind Traders' } });
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const created = await page.request.post('/api/invoices', {
    headers,
    data: {
      client_id: clientId,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      issue: true,
      lines: [{ description: 'Cabinets', quantity: 1, unit_price: 1500 }],
    },
  });
  const invoiceId = ((await created.json()) as { data: { id: number } }).data.id;

  await page.goto(`/invoices/${invoiceId}`);
  await page.getByRole('button', { name: 'Record payment' }).first().click();
  const record = page.getByRole('dialog', { name: 'Record payment' });
  await record.getByRole('textbox', { name: 'Amount' }).fill('600');
  await record.getByRole('button', { name: 'Record payment' }).click();
  const allocation = page.getByRole('dialog', { name: 'Allocate Payment to Goals' });
  await expect(allocation.getByText('No active financial goals found.', { exact: false })).toBeVisible();
  await expect(allocation.getByRole('link', { name: 'Create a goal' })).toHaveAttribute('href', '/goals/create');
  await allocation.getByRole('button', { name: 'Skip' }).click();
  await expect(allocation).toBeHidden();

  // A goal comes later; the skipped payment is allocated from its row.
  const goal = await page.request.post('/api/goals', {
    headers,
    data: { title: 'New van', type: 'financial', target_amount: 6000, target_date: '2027-06-30' },
  });
  expect(goal.status()).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: 'Allocate payment of $600.00 to goals' }).click();
  await expect(allocation).toBeVisible();
  await expect(allocation.getByRole('checkbox', { name: "Don't show this again" })).toHaveCount(0);
  await allocation.getByRole('button', { name: 'Allocate Evenly' }).click();
  await allocation.getByRole('button', { name: 'Save Allocations' }).click();
  await expect(allocation).toBeHidden();
  await expect(page.getByText('Payment has been allocated to goals successfully')).toBeVisible();
  await page.goto('/goals');
  await expect(page.getByText('$600.00 of $6,000.00')).toBeVisible();
});
