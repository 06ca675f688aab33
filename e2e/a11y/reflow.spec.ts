/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { smallTapTargets } from '../support/a11y.ts';
import { logInWithCookie } from '../support/login.ts';
import { ACCOUNT_ROUTES, accountSite, BOOKINGS_ROUTES } from './routes.ts';
import { waitForApp } from '../support/app.ts';

// WCAG 1.4.10 (reflow at 320 CSS px) and 2.5.8 (targets at least 24 px).
test.use({ viewport: { width: 320, height: 640 } });

const expectReflows = async (page: Page, heading: string) => {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    // What sticks out on the right, unless an ancestor clips it (decorative shapes in a hero).
    const isClipped = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > 320.5 && el.getClientRects().length > 0 && !isClipped(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class')).split(' ').slice(0, 3).join('.')} → ${Math.round(el.getBoundingClientRect().right)}`);
    return { width, wide };
  });
  expect(overflow, `scroll width at 320 px`).toEqual({ width: 320, wide: [] });
  // Nor is any control cut off by a clipping box (the map's own pane, and rows that scroll
  // sideways on their own such as the account navigation, excepted).
  const cutOff = await page.evaluate(() => {
    const inScroller = (el: Element) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX) && parent !== document.documentElement) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.leaflet-container, .sr-only, dialog:not([open])') && !inScroller(el))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 1 && (box.left < -0.5 || box.right > 320.5);
      })
      .map((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40));
  });
  expect(cutOff, 'controls cut off at 320 px').toEqual([]);
  // The header's way on stays in view: 'Open menu', or in kiosk mode 'Back to Kiosk Home' (docs/kiosk.md).
  await expect(page.getByRole('button', { name: 'Open menu' }).or(page.getByTestId('kiosk-home-link'))).toBeInViewport({ ratio: 1 });
  expect(await smallTapTargets(page)).toEqual([]);
};

for (const [path, heading] of BOOKINGS_ROUTES) {
  test(`${path} fits 320 px without sideways scrolling, with 24 px targets`, async ({ page }) => {
    await page.goto(path);
    await expectReflows(page, heading);
  });
}

test('the map search results fit 320 px', async ({ page }) => {
  await page.goto('/');
  // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
  await waitForApp(page);
  await page.getByRole('button', { name: 'Search by location' }).click();
  await page.getByLabel('Town, city or village').fill('Bury');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('venue-list')).toBeVisible();
  await expectReflows(page, 'Find your venue and book in minutes');
});

test('the open mobile menu fits 320 px', async ({ page }) => {
  await page.goto('/');
  // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
  await waitForApp(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  expect(await smallTapTargets(page)).toEqual([]);
});

for (const [path, heading] of ACCOUNT_ROUTES) {
  test(`account site ${path} fits 320 px without sideways scrolling`, async ({ page, context, request, baseURL }) => {
    if (path !== '/login') await logInWithCookie(context, request, accountSite(baseURL!, '/'));
    await page.goto(accountSite(baseURL!, path));
    await expectReflows(page, heading);
  });
}

test("the account dashboard's skeleton, as the server paints it, fits 320 px", async ({ browser, request, baseURL }) => {
  // Issue 28: the server paints the frame and the skeleton; on a slow phone that is what shows at
  // 320 px until the data arrives. JavaScript off keeps it on screen to measure.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  try {
    await logInWithCookie(context, request, accountSite(baseURL!, '/'));
    const page = await context.newPage();
    await page.goto(accountSite(baseURL!, '/dashboard'));
    await expect(page.getByTestId('dashboard-skeleton')).toBeVisible();
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="dashboard-skeleton"], [data-testid="dashboard-skeleton"] *')].filter((el) => el.getBoundingClientRect().right > 320.5).map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class')).split(' ').slice(0, 3).join('.')}`),
    );
    expect({ width: await page.evaluate(() => document.documentElement.scrollWidth), wide: wide.slice(0, 5) }).toEqual({ width: 320, wide: [] });
  } finally {
    await context.close();
  }
});
