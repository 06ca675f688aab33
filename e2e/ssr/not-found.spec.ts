import { expect, test } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { holdAppScript, waitForApp } from '../support/app.ts';
import { recordedShifts, recordShifts } from './shifts.ts';

/**
 * The not-found page is server-rendered with its 404 (issue 28, docs/performance.md "Public pages:
 * pricing, not found, TBT"; apps/api/src/modules/spa/not-found-page.ts): a path no screen has, and
 * `/{venue}` naming no venue.
 */
const HEADING = "Whoops! Looks like you've gone offside.";

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ['/a/b/c/d/e', '/nosuchvenue']) {
    test(`${path}: 404, and the HTML alone shows the title, heading, text and Go home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('Bookings | Page not found');
      await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
      await expect(page.getByText("The page you're looking for doesn't exist. Return home to keep the ball rolling.")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    });
  }
});

test('/nosuchvenue hydrates as the not-found page at once: no spinner, no venue lookup, nothing moves', async ({ page, request }) => {
  const { html, release } = await holdAppScript(page, request, '/nosuchvenue');
  expect(html).toContain('data-server-rendered');
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/activities/venues')) asked.push(url.pathname);
  });
  await recordShifts(page);
  await page.goto('/nosuchvenue', { waitUntil: 'domcontentloaded' });
  const heading = page.getByRole('heading', { level: 1, name: HEADING });
  await expect(heading).toBeVisible();
  release();
  await waitForApp(page);
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle('Bookings | Page not found');
  const { shifts, shifted, headingLost } = await recordedShifts(page);
  expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
  expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
  // The server knew the venue is not there; the app did not ask again.
  expect(asked).toEqual([]);
});

test('Go home pressed before the app is live goes home', async ({ page, request }) => {
  const { release } = await holdAppScript(page, request, '/a/b/c/d/e');
  await page.goto('/a/b/c/d/e', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  release();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toHaveCount(0);
});

test('the app still leaves an unknown page for the not-found page after the first one', async ({ page }) => {
  await page.goto('/a/b/c/d/e');
  await waitForApp(page);
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toHaveCount(0);
  // Back to the 404 in the same visit: still the not-found page.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
});

test('not found at 375 and 1280 px: axe clean, screenshots', async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.goto('/a/b/c/d/e');
  await waitForApp(page);
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await expectNoAxeViolations(page, `at ${width} px`);
    await page.screenshot({ path: info.outputPath(`not-found-${width}.png`), fullPage: true });
  }
});
