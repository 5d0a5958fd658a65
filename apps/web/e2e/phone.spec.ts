import { expect, test } from '@playwright/test';
import { demoLogin, overlappingControls, settle, useFontStep } from './helpers';

/**
 * The phone-width pass (issue 11): the main screens at 390 px with 150 % text (and the header at
 * 360 px with 140 %), where no visible control may cover another, and the floating quick-add button
 * must leave room under it at the end of each page. SCREENSHOTS=1 keeps a picture of each screen.
 */

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
      for (const problem of await overlappingControls(page)) problems.push(`${width} px ${percent} %: ${problem}`);
      const overflow = await page.evaluate(() => {
        const header = document.querySelector('header');
        return header ? header.scrollWidth - header.clientWidth : 0;
      });
      if (overflow > 1) problems.push(`${width} px ${percent} %: the header overflows by ${overflow} px`);
    }
  }
  expect(problems).toEqual([]);
});
