import { test as base } from '@playwright/test';

/**
 * Tests whose outcome depends on today's date import `test` from here and carry `@clock` in their
 * title. The `chromium` project runs them on the real date; each clock project (playwright.config.ts)
 * runs them again against a server of its own started with TEST_CLOCK_START (a Saturday, a month's
 * last day, a year's last day, a daylight saving change), and this fixture sets the browser's clock
 * (`page.clock`) to the server's "now", read from `/healthz` (`x-test-clock`, sent only under a test
 * clock), so the browser, the server and the test agree on the instant, and time runs on from there.
 * `now()` is that instant in the test itself (use it, not `Date.now()`, for dates a test sends).
 */
export const test = base.extend<{ now: () => Date }>({
  now: [
    async ({ page, baseURL }, use) => {
      const health = await page.request.get(`${baseURL}/healthz`);
      const serverNow = health.headers()['x-test-clock'];
      if (serverNow === undefined) {
        await use(() => new Date());
        return;
      }
      const offset = Date.parse(serverNow) - Date.now();
      const now = () => new Date(Date.now() + offset);
      await page.clock.install({ time: now() });
      await use(now);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

/** `yyyy-MM-dd` of `date` in the browser's zone (the business's zone, as registered from the browser). */
export function browserToday(timeZone: string, date: Date): string {
  return date.toLocaleDateString('en-CA', { timeZone });
}
