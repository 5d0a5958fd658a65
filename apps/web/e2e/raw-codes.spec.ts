import { expect, test, type Page } from '@playwright/test';
import { demoLogin, settle } from './helpers';

/*
 * No screen shows a person an internal code (issue 27 item 5): a snake_case value ("bank_transfer",
 * "in_progress") or a dotted event name ("payment.allocated"). The main screens of the demo business
 * (every one has data) are walked and their visible text scanned; emails, web addresses, host names
 * and file names are the only dotted words a person may read.
 */

const SNAKE = /\b[a-z]+(?:_[a-z]+)+\b/g;
const DOTTED = /\b[a-z]+\.[a-z_]+\b/g;
/** Dotted words that are not codes: host names, file names, and the abbreviations of English. */
const ALLOWED =
  /^(?:[a-z0-9-]+\.)+(?:com|org|net|io|test|example|app|dev|co|us|local)$|\.(?:pdf|csv|xlsx|ics|png|jpe?g)$|^(?:e\.g|i\.e)$/;

/**
 * Stored values that are plain words: shown alone in a cell or badge in lower case ("paid", "card",
 * "active"), they are the code, not its label (which starts with a capital).
 */
const WORD_CODES = [
  'draft',
  'sent',
  'viewed',
  'partial',
  'paid',
  'overdue',
  'void',
  'accepted',
  'declined',
  'expired',
  'converted',
  'active',
  'completed',
  'paused',
  'cancelled',
  'cash',
  'card',
  'check',
  'service',
  'product',
  'open',
  'won',
  'lost',
];

/** The codes among the page's visible text, each with the words around it. */
async function rawCodes(page: Page): Promise<string[]> {
  const alone = await page.evaluate((codes) => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.children.length > 0 || !(element instanceof HTMLElement) || element.offsetParent === null) continue;
      const own = element.innerText.trim();
      if (codes.includes(own)) found.push(`${own} alone in <${element.tagName.toLowerCase()}>`);
    }
    return found;
  }, WORD_CODES);
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [...alone];
  for (const line of text.split('\n'))
    for (const word of line.split(/\s+/)) {
      if (word.includes('@') || word.includes('://') || word.startsWith('www.')) continue;
      for (const match of [...word.matchAll(SNAKE), ...word.matchAll(DOTTED)])
        if (!ALLOWED.test(match[0])) found.push(`${match[0]} in "${line.trim().slice(0, 120)}"`);
    }
  return found;
}

async function apiGet(page: Page, url: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(url, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(response.status(), url).toBe(200);
  return response.json();
}

test('no screen of the demo business shows a snake_case or dotted code', async ({ page }) => {
  test.setTimeout(180_000);
  await demoLogin(page);
  const paid = (await apiGet(page, '/api/invoices?status=paid&per_page=1')).data[0];
  const partial = (await apiGet(page, '/api/invoices?status=partial&per_page=1')).data[0];
  const estimate = (await apiGet(page, '/api/estimates?per_page=1')).data[0];
  const goal = (await apiGet(page, '/api/goals')).data[0];
  const screens = [
    '/dashboard',
    '/invoices/all',
    ...(paid ? [`/invoices/${paid.id}`, `/crm/client-360?client=${paid.client.id}`] : []),
    ...(partial ? [`/invoices/${partial.id}`] : []),
    '/estimates',
    ...(estimate ? [`/estimates/${estimate.id}`] : []),
    '/recurring-invoices',
    '/clients',
    '/products',
    '/crm/leads',
    '/crm/opportunities',
    '/crm/reminders',
    '/calendar',
    '/goals',
    ...(goal ? [`/goals/${goal.id}`] : []),
    '/goals/analytics',
    '/goals/income',
    '/notifications',
    '/user/settings/emails',
    ...[
      'aging',
      'sales_by_client',
      'sales_by_product',
      'tax_summary',
      'income_statement',
      'payments_received',
      'estimate_conversion',
      'recurring_revenue',
      'crm_funnel',
      'lead_sources',
      'goals',
    ].map((report) => `/reports?report=${report}`),
  ];
  const problems: string[] = [];
  for (const screen of screens) {
    await page.goto(screen);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    for (const found of await rawCodes(page)) problems.push(`${screen}: ${found}`);
  }
  expect(problems).toEqual([]);
});
