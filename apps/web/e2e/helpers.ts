import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A fresh, valid registration each call (the database lives for the whole run). */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    name: 'Robin Fielding',
    business: `Fielding Joinery ${id}`,
    email: `robin.${id}@example.com`,
    password: `oak-and-ash-${id}`,
  };
}

export async function register(page: Page, account = newAccount()) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Business Name').fill(account.business);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Phone number').fill('5551234567');
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return account;
}

/** A `yyyy-mm-dd` date as the app shows and types it by default (`mm/dd/yy`, SPEC.md section 9). */
export function shownDate(isoDate: string): string {
  const [yyyy, mm, dd] = isoDate.split('-');
  return `${mm}/${dd}/${yyyy!.slice(2)}`;
}

/** The `yyyy-mm-dd` date of a default-format (`mm/dd/yy`) date field's text. */
export function isoOfShown(text: string): string {
  const [mm, dd, yy] = text.split('/');
  return `20${yy}-${mm}-${dd}`;
}

/**
 * The serious and critical axe violations (WCAG 2.1 A/AA and best practice) of what the page shows,
 * each as one line starting with `label`. Transitions (a modal fading in) finish first: mid-fade,
 * axe reads blended colours as low contrast. Endless animations (skeleton pulses) are not waited for.
 */
export async function blockingViolations(page: Page, label: string): Promise<string[]> {
  // Quiet means no finite animation running at three checks in a row, 50 ms apart: a transition
  // (a tooltip, a menu) may start a frame after the element appears. At most 5 s.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const started = Date.now();
        let quiet = 0;
        const tick = () => {
          const busy = document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
            );
          quiet = busy ? 0 : quiet + 1;
          if (quiet >= 3 || Date.now() - started > 5_000) resolve();
          else setTimeout(tick, 50);
        };
        tick();
      }),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')})`,
    );
}
