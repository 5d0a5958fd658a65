import { expect, test, type Page } from '@playwright/test';
import {
  clippedControls,
  demoLogin,
  overlappingControls,
  settle,
  textUnderControls,
  textUnderFloatingButtons,
  useFontStep,
} from './helpers';

/**
 * The phone-width pass (issue 11): the main screens at 390 px with 150 % text (and the header at
 * 360 px with 140 %), where no visible control may cover another, and the floating quick-add button
 * must leave room under it at the end of each page; since issue 27 no control may be cut off by a
 * box that does not scroll to it either (`clippedControls`), and every detail page's cards are
 * checked from 120 % to 150 % text. SCREENSHOTS=1 keeps a picture of each screen.
 */

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, Accept: 'application/json' };
}

async function firstId(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path, { headers: await authHeaders(page) });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { id: number }[] };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data[0]!.id;
}

const SCREENS: { name: string; path: (page: Page) => Promise<string>; heading: RegExp | string }[] = [
  { name: 'dashboard', path: async () => '/dashboard', heading: 'Dashboard' },
  { name: 'invoices', path: async () => '/invoices', heading: /Invoices/ },
  {
    name: 'invoice-detail',
    path: async (page) => `/invoices/${await firstId(page, '/api/invoices?status=partial&per_page=1')}`,
    heading: /Invoice|INV/,
  },
  { name: 'invoice-editor', path: async () => '/invoices/create-new', heading: /invoice/i },
  { name: 'clients', path: async () => '/clients', heading: 'Clients' },
  { name: 'estimates', path: async () => '/estimates', heading: /Estimates/ },
  { name: 'recurring', path: async () => '/recurring-invoices', heading: /Recurring/ },
  { name: 'goals', path: async () => '/goals', heading: 'Goal Tracker' },
  { name: 'settings', path: async () => '/user/settings', heading: /Settings/ },
];

/** The CRM screens (issue 14), on the demo business's lived-in CRM. */
const CRM_SCREENS: typeof SCREENS = [
  { name: 'crm-leads', path: async () => '/crm/leads', heading: 'Leads' },
  { name: 'crm-lead-create', path: async () => '/crm/leads/create', heading: 'New lead' },
  {
    name: 'crm-lead-edit',
    path: async (page) => `/crm/leads/${await firstId(page, '/api/crm/leads?status=qualified&per_page=1')}/edit`,
    heading: /./,
  },
  { name: 'crm-board', path: async () => '/crm/opportunities', heading: 'Opportunities' },
  { name: 'crm-opportunity-list', path: async () => '/crm/opportunities?view=list', heading: 'Opportunities' },
  { name: 'crm-opportunity-create', path: async () => '/crm/opportunities/create', heading: 'New opportunity' },
  {
    name: 'crm-opportunity-edit',
    path: async (page) =>
      `/crm/opportunities/${await firstId(page, '/api/crm/opportunities?status=won&per_page=1')}/edit`,
    heading: /./,
  },
  { name: 'crm-settings', path: async () => '/crm/settings', heading: 'CRM settings' },
  { name: 'crm-stages', path: async () => '/crm/pipeline-stages-management', heading: 'Pipeline stages' },
  { name: 'crm-sources', path: async () => '/crm/lead-sources-management', heading: 'Lead sources' },
  { name: 'crm-activity-types', path: async () => '/crm/activity-types', heading: 'Activity types' },
  { name: 'crm-reminders', path: async () => '/crm/reminders', heading: 'Reminders' },
  {
    name: 'crm-client-360',
    path: async (page) => {
      const response = await page.request.get('/api/crm/opportunities?status=won&per_page=1', {
        headers: await authHeaders(page),
      });
      const body = (await response.json()) as { data: { client_id: number | null }[] };
      return `/crm/client-360?client=${body.data[0]!.client_id}`;
    },
    heading: 'Client 360',
  },
];

/**
 * Every detail page's cards (issue 27): the invoice (with payments), the estimate, the recurring
 * invoice, client 360 and a goal.
 */
const DETAIL_SCREENS: typeof SCREENS = [
  SCREENS.find((screen) => screen.name === 'invoice-detail')!,
  {
    name: 'estimate-detail',
    path: async (page) => `/estimates/${await firstId(page, '/api/estimates?per_page=1')}`,
    heading: /./,
  },
  {
    name: 'recurring-detail',
    path: async (page) => `/recurring-invoices/${await firstId(page, '/api/recurring-invoices?per_page=1')}`,
    heading: /./,
  },
  CRM_SCREENS.find((screen) => screen.name === 'crm-client-360')!,
  {
    name: 'goal-detail',
    path: async (page) => `/goals/${await firstId(page, '/api/goals?per_page=1')}`,
    heading: /./,
  },
];

for (const [width, percent] of [
  [390, 150],
  [360, 140],
] as const) {
  test(`the header fits at ${width} px with ${percent} % text: the navigation opens, nothing covers another control`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await useFontStep(page, percent);
    await demoLogin(page);
    await settle(page);
    expect(await overlappingControls(page)).toEqual([]);
    // The burger is not under anything: a tap opens the navigation rather than changing the text size.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Clients' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveCSS('font-size', `${(16 * percent) / 100}px`);
    // Font size and dark mode live in the user menu on a phone.
    await page.getByRole('button', { name: 'User menu' }).click();
    if (process.env.SCREENSHOTS) {
      await page.waitForTimeout(300);
      await page.screenshot({ path: `e2e/.tmp/screenshots/phone-user-menu-${width}.png` });
    }
    await page.getByRole('menuitem', { name: /Smaller text/ }).click();
    await expect(page.locator('html')).toHaveCSS('font-size', `${(16 * (percent - 10)) / 100}px`);
    await page.getByRole('menuitem', { name: /Dark mode/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
}

test('every font step fits the header from 320 px to desktop widths', async ({ page }) => {
  test.setTimeout(90_000);
  await demoLogin(page);
  const problems: string[] = [];
  for (const percent of [90, 100, 110, 120, 130, 140, 150] as const) {
    await page.evaluate((step) => {
      document.documentElement.style.fontSize = step === 100 ? '' : `${step}%`;
    }, percent);
    for (const width of [320, 360, 390, 480, 600, 767, 768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(50);
      let overlaps = await overlappingControls(page);
      if (overlaps.length > 0) {
        // The header switches layouts through a media query listener and a React render: on a busy
        // machine that can land after the 50 ms (CI saw 320 px still in the desktop layout). Measure
        // again once it has had two frames and half a second; an overlap that stays is reported.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await page.waitForTimeout(500);
        overlaps = await overlappingControls(page);
      }
      for (const problem of overlaps) problems.push(`${width} px ${percent} %: ${problem}`);
      const overflow = await page.evaluate(() => {
        const header = document.querySelector('header');
        return header ? header.scrollWidth - header.clientWidth : 0;
      });
      if (overflow > 1) problems.push(`${width} px ${percent} %: the header overflows by ${overflow} px`);
    }
  }
  expect(problems).toEqual([]);
});

/** Signs in and opens each screen at 390 px (the test sets the text size first); answers what covers what, screen by screen. */
async function phonePass(page: Page, screens: typeof SCREENS): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  await demoLogin(page);
  const problems: string[] = [];
  for (const screen of screens) {
    await page.goto(await screen.path(page));
    await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible();
    await settle(page);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: `e2e/.tmp/screenshots/phone-${screen.name}.png`, fullPage: true });
    }
    for (const problem of await overlappingControls(page)) problems.push(`${screen.name}: ${problem}`);
    for (const problem of await textUnderControls(page)) problems.push(`${screen.name}: ${problem}`);
    for (const problem of await clippedControls(page)) problems.push(`${screen.name}: ${problem}`);
    for (const problem of await textUnderFloatingButtons(page)) problems.push(`${screen.name} (page end): ${problem}`);
    for (const problem of await overlappingControls(page, 'end'))
      problems.push(`${screen.name} (page end): ${problem}`);
  }
  return problems;
}

test('phone pass: the main screens at 390 px and 150 % text have no overlapping or cut-off controls', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await useFontStep(page, 150);
  expect(await phonePass(page, SCREENS)).toEqual([]);
});

test('phone pass: the CRM screens at 390 px and 150 % text have no overlapping or cut-off controls', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await useFontStep(page, 150);
  expect(await phonePass(page, CRM_SCREENS)).toEqual([]);
});

test('phone pass: every detail page at 390 px from 120 % to 150 % text cuts off no control and overlaps none', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await useFontStep(page, 120);
  await page.setViewportSize({ width: 390, height: 844 });
  await demoLogin(page);
  const problems: string[] = [];
  for (const screen of DETAIL_SCREENS) {
    await page.goto(await screen.path(page));
    await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible();
    await settle(page);
    for (const percent of [120, 130, 140, 150]) {
      await page.evaluate((step) => {
        document.documentElement.style.fontSize = `${step}%`;
      }, percent);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `e2e/.tmp/screenshots/phone-${screen.name}-${percent}.png`, fullPage: true });
      }
      for (const problem of await clippedControls(page)) problems.push(`${screen.name} ${percent} %: ${problem}`);
      for (const problem of await overlappingControls(page)) problems.push(`${screen.name} ${percent} %: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
});

test('charts at 390 px name every bar: the aging buckets and the pipeline stages of the demo business', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await demoLogin(page);
  /** The words of every label the chart box draws (a wrapped label is drawn a line at a time). */
  const drawnWords = async (name: string | RegExp) => {
    const chart = page.getByRole('img', { name }).first();
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('svg text').first()).toBeVisible();
    await settle(page);
    return chart.evaluate((box) =>
      [...box.querySelectorAll('svg text')]
        .filter((text) => getComputedStyle(text).display !== 'none' && text.getAttribute('opacity') !== '0')
        .flatMap((text) => (text.textContent ?? '').split(/\s+/))
        .filter(Boolean),
    );
  };
  const pipeline = (await (
    await page.request.get('/api/dashboard/crm-pipeline', { headers: await authHeaders(page) })
  ).json()) as { stages: { name: string; type: string }[] };
  const stageWords = await drawnWords(/^Open pipeline by stage/);
  for (const stage of pipeline.stages.filter((item) => item.type === 'open'))
    for (const word of stage.name.split(/\s+/)) expect(stageWords, `stage ${stage.name}`).toContain(word);

  await page.goto('/reports?report=aging');
  await expect(page.getByRole('table', { name: 'Receivables aging' })).toBeVisible();
  const agingWords = await drawnWords(/^Receivables aging: /);
  for (const bucket of ['Current', '1-30', '31-60', '61-90', '91-120', 'Over 120'])
    for (const word of bucket.split(' ')) expect(agingWords, `bucket ${bucket}`).toContain(word);
});

test('the quick-add button is not shown on editors; the discount type stays readable at 150 % text', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await useFontStep(page, 150);
  await demoLogin(page);
  await expect(page.getByRole('button', { name: 'Quick add' })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/invoices/create-new');
    await expect(page.getByRole('textbox', { name: 'Line 1 discount' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quick add' })).toHaveCount(0);
    if (process.env.SCREENSHOTS) {
      await page
        .getByRole('group', { name: 'Line 1' })
        .screenshot({ path: `e2e/.tmp/screenshots/line-editor-150-${width}.png` });
    }
    for (const name of ['Line 1 discount type', 'Invoice discount type']) {
      const box = page.getByRole('combobox', { name });
      // Its character is shown whole: the box is wider than its text and chevron.
      const fits = await box.evaluate((select) => {
        const element = select as HTMLSelectElement;
        const style = getComputedStyle(element);
        const fontSize = Number.parseFloat(style.fontSize);
        return element.clientWidth >= fontSize * 2.5 && element.scrollWidth <= element.clientWidth;
      });
      expect(fits, `${name} at ${width} px`).toBe(true);
    }
    // No label of the line runs into another.
    const overlaps = await page.getByRole('group', { name: 'Line 1' }).evaluate((line) => {
      const labels = [...line.querySelectorAll('label')].map((label) => label.getBoundingClientRect());
      let count = 0;
      for (let i = 0; i < labels.length; i += 1)
        for (let j = i + 1; j < labels.length; j += 1) {
          const a = labels[i]!;
          const b = labels[j]!;
          if (
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
          )
            count += 1;
        }
      return count;
    });
    expect(overlaps, `labels overlapping at ${width} px`).toBe(0);
  }
  await page.goto('/invoices');
  await expect(page.getByRole('button', { name: 'Quick add' })).toBeVisible();
});
