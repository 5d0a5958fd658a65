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

/** SPEC.md section 9's font size steps; the app stores the index under `fontSizePreference`. */
const FONT_STEPS = [90, 100, 110, 120, 130, 140, 150] as const;

/** Opens every page of this test at `percent` text, as the header's font size control would store it. */
export async function useFontStep(page: Page, percent: (typeof FONT_STEPS)[number]) {
  const index = FONT_STEPS.indexOf(percent);
  await page.addInitScript((stored) => localStorage.setItem('fontSizePreference', stored), String(index));
}

/** Signs in as the demo business (the server runs with DEMO=1): every screen has data. */
export async function demoLogin(page: Page) {
  await page.goto('/demo-login');
  await page.getByRole('button', { name: 'Login as Demo User' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Waits until the page is quiet: no request in flight, no skeleton, no finite animation running. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
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
}

/**
 * Pairs of visible interactive controls (buttons, links, inputs...) that overlap where they are
 * seen, described one per line (empty when none). A control is seen where its box meets the
 * viewport and every ancestor that clips (a scrolled table shows only part of a row). A pair where
 * one box contains the other (a clear button inside its input, a link inside a clickable row) is not
 * an overlap, nor are boxes that only touch (at most 1 px). Floating buttons (fixed, outside the
 * header: quick add, scroll to top) float over scrolled content by design; with `floating: 'end'`
 * they are compared only with what is under them once the page is scrolled to its end, where the
 * page must leave them room, and with `floating: 'ignore'` not at all.
 */
export async function overlappingControls(page: Page, floating: 'ignore' | 'end' = 'ignore'): Promise<string[]> {
  return page.evaluate((mode) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="combobox"]',
      '[role="menuitem"]',
    ].join(',');
    type Box = { left: number; top: number; right: number; bottom: number };
    const intersect = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const layerOf = (element: Element): 'header' | 'floating' | 'flow' => {
      if (element.closest('header')) return 'header';
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === 'fixed') return 'floating';
      }
      return 'flow';
    };
    const name = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ||
        (element as HTMLInputElement).labels?.[0]?.textContent ||
        element.getAttribute('placeholder') ||
        element.textContent ||
        '';
      return `${element.tagName.toLowerCase()} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const seen: { element: Element; box: Box; layer: string }[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const rect = element.getBoundingClientRect();
      let box: Box = intersect(rect, { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node);
        if (overflow.overflowX !== 'visible' || overflow.overflowY !== 'visible' || overflow.clipPath !== 'none') {
          box = intersect(box, node.getBoundingClientRect());
        }
      }
      if (box.right - box.left < 2 || box.bottom - box.top < 2) continue;
      seen.push({ element, box, layer: layerOf(element) });
    }
    const problems: string[] = [];
    for (let i = 0; i < seen.length; i += 1) {
      for (let j = i + 1; j < seen.length; j += 1) {
        const a = seen[i]!;
        const b = seen[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const floatingPair = (a.layer === 'floating') !== (b.layer === 'floating');
        if (floatingPair && mode === 'ignore') continue;
        if (mode === 'end' && !floatingPair) continue;
        if (mode === 'end' && (a.layer === 'header' || b.layer === 'header')) continue;
        const overlap = intersect(a.box, b.box);
        if (overlap.right - overlap.left <= 1 || overlap.bottom - overlap.top <= 1) continue;
        const inside = (outer: Box, inner: Box) =>
          inner.left >= outer.left - 0.5 &&
          inner.right <= outer.right + 0.5 &&
          inner.top >= outer.top - 0.5 &&
          inner.bottom <= outer.bottom + 0.5;
        if (inside(a.box, b.box) || inside(b.box, a.box)) continue;
        problems.push(
          `${name(a.element)} and ${name(b.element)} overlap by ${Math.round(overlap.right - overlap.left)}x${Math.round(overlap.bottom - overlap.top)} px`,
        );
      }
    }
    return problems;
  }, floating);
}

/**
 * Text of the page under a floating button (quick add, scroll to top) once the page is scrolled to
 * its end, where the page must leave them room: one line per covered text (empty when none).
 */
export async function textUnderFloatingButtons(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(150);
  return page.evaluate(() => {
    const floating = [...document.querySelectorAll('button, a[href]')]
      .filter((element) => {
        if (element.closest('header')) return false;
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (getComputedStyle(node).position === 'fixed') return true;
        }
        return false;
      })
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 2 && rect.height > 2);
    const main = document.getElementById('main-content');
    if (!main) return [];
    const problems: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        for (const button of floating) {
          if (button.element.contains(node)) continue;
          const b = button.rect;
          const w = Math.min(rect.right, b.right) - Math.max(rect.left, b.left);
          const h = Math.min(rect.bottom, b.bottom) - Math.max(rect.top, b.top);
          if (w > 1 && h > 1) {
            problems.push(
              `"${text.slice(0, 40)}" under ${button.element.getAttribute('aria-label') ?? 'a floating button'}`,
            );
          }
        }
      }
    }
    return [...new Set(problems)];
  });
}

/**
 * Text of the page that runs under a control it is not part of (a word too long for its column that
 * spills under the row's buttons): one line per covered text (empty when none). Floating buttons are
 * left to textUnderFloatingButtons; text a scrolling or clipping box hides is not seen.
 */
export async function textUnderControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const intersect = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const clipOf = (element: Element): Box => {
      let box: Box = { left: -1e6, top: -1e6, right: 1e6, bottom: 1e6 };
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none') {
          box = intersect(box, node.getBoundingClientRect());
        }
      }
      return box;
    };
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return !(
        style.visibility === 'hidden' ||
        style.display === 'none' ||
        Number(style.opacity) === 0 ||
        element.closest('[aria-hidden="true"], [inert]')
      );
    };
    const floating = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === 'fixed') return true;
      }
      return false;
    };
    const main = document.getElementById('main-content');
    if (!main) return [];
    const controls = [...main.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea')]
      .filter((element) => visible(element) && !floating(element))
      // An inline link that wraps is its lines' boxes, not the box around them all.
      .flatMap((element) =>
        [...element.getClientRects()].map((rect) => ({ element, box: intersect(rect, clipOf(element)) })),
      )
      .filter(({ box }) => box.right - box.left > 2 && box.bottom - box.top > 2);
    const problems: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !visible(parent) || floating(parent)) continue;
      const clip = clipOf(parent);
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].map((rect) => intersect(rect, clip));
      for (const control of controls) {
        if (control.element.contains(node)) continue;
        const hit = rects.some((rect) => {
          const overlap = intersect(rect, control.box);
          return overlap.right - overlap.left > 1 && overlap.bottom - overlap.top > 1;
        });
        if (hit) {
          const label = control.element.getAttribute('aria-label') || control.element.textContent || '';
          problems.push(
            `"${text.slice(0, 40)}" runs under ${control.element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`,
          );
          break;
        }
      }
    }
    return problems;
  });
}

/**
 * Visible controls of the page's content that a box cuts off with no way to scroll to them (a
 * card's table whose actions column runs past the card's edge): one line per control (empty when
 * none). Each box between the control and the page that clips (overflow other than visible) is
 * asked in turn: where the control runs past its visible area on an axis the box cannot scroll
 * (overflow hidden or clip, or nothing more to scroll), the control is clipped. Past a box that
 * scrolls, only the part of the control inside that box's visible area is asked of the boxes
 * around it, since scrolling brings the rest in. The page itself counts as a box that clips
 * sideways when the document does not scroll sideways.
 */
export async function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="combobox"]',
    ].join(',');
    type Box = { left: number; top: number; right: number; bottom: number };
    const main = document.getElementById('main-content');
    if (!main) return [];
    const name = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ||
        (element as HTMLInputElement).labels?.[0]?.textContent ||
        element.getAttribute('placeholder') ||
        element.textContent ||
        '';
      return `${element.tagName.toLowerCase()} "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const problems: string[] = [];
    for (const element of main.querySelectorAll(selector)) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      const rect = element.getBoundingClientRect();
      // Visually hidden helpers (1 px) and collapsed controls are not something a person aims at.
      if (rect.width < 4 || rect.height < 4) continue;
      let box: Box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      let clipped: string | null = null;
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const nodeStyle = getComputedStyle(node);
        if (nodeStyle.overflowX === 'visible' && nodeStyle.overflowY === 'visible') continue;
        const outer = node.getBoundingClientRect();
        // The visible area: inside the borders, without the scroll bars.
        const area: Box = {
          left: outer.left + node.clientLeft,
          top: outer.top + node.clientTop,
          right: outer.left + node.clientLeft + node.clientWidth,
          bottom: outer.top + node.clientTop + node.clientHeight,
        };
        const scrolls = (overflow: string, scrollSize: number, clientSize: number) =>
          (overflow === 'auto' || overflow === 'scroll') && scrollSize > clientSize + 1;
        const canScrollX = scrolls(nodeStyle.overflowX, node.scrollWidth, node.clientWidth);
        const canScrollY = scrolls(nodeStyle.overflowY, node.scrollHeight, node.clientHeight);
        const pastX = box.left < area.left - 1 || box.right > area.right + 1;
        const pastY = box.top < area.top - 1 || box.bottom > area.bottom + 1;
        if ((pastX && !canScrollX) || (pastY && !canScrollY)) {
          const by = pastX && !canScrollX ? Math.round(Math.max(box.right - area.right, area.left - box.left)) : 0;
          clipped = `${name(element)} is cut off by ${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}${by > 0 ? ` (${by} px past its edge)` : ''}, which does not scroll`;
          break;
        }
        box = {
          left: Math.max(box.left, area.left),
          top: Math.max(box.top, area.top),
          right: Math.min(box.right, area.right),
          bottom: Math.min(box.bottom, area.bottom),
        };
      }
      if (!clipped) {
        const root = document.documentElement;
        const sideways =
          getComputedStyle(root).overflowX !== 'hidden' &&
          getComputedStyle(document.body).overflowX !== 'hidden' &&
          root.scrollWidth > root.clientWidth + 1;
        if (!sideways && (box.right > root.clientWidth + 1 || box.left < -1))
          clipped = `${name(element)} runs past the page's edge (${Math.round(box.right - root.clientWidth)} px), which does not scroll sideways`;
      }
      if (clipped) problems.push(clipped);
    }
    return problems;
  });
}
