import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { holdAppScript, waitForApp } from '../support/app.ts';
import { hydrationErrors } from './hydration-errors.ts';
import { recordedShifts, recordShifts } from './shifts.ts';

/**
 * The membership app's public pages are server-rendered (issue 28 for the online-joining site;
 * docs/online-joining-screens.md "Server rendering"): the centres (`/`) and a centre's plans
 * (`/centre/{venue}`) paint from the HTML with their data, title and meta description; a Choose
 * pressed before the app is live is kept; nothing moves when the app takes over.
 */
const JOIN = `${baseURL}/_/online-joining`;
const PLANS = `${JOIN}/centre/bury-leisure-centre`;
const PLAN = 'Swim & Gym Bury';

test.describe.configure({ timeout: 90_000 });

const shoot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    test.describe('with JavaScript disabled', () => {
      test.use({ javaScriptEnabled: false });

      test('the centres and the plans show their title, description, heading and first plan cards from the HTML alone', async ({ page }, info) => {
        await page.goto(`${JOIN}/`);
        await expect(page).toHaveTitle(/Buy a membership/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /choose your centre/);
        await expect(page.getByRole('heading', { level: 1, name: 'Buy a membership' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'See memberships at Bury Leisure Centre' })).toBeVisible();
        await shoot(page, info, `joining-home-${width}`);

        await page.goto(PLANS);
        await expect(page).toHaveTitle(/Memberships at Bury Leisure Centre/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Memberships at Bury Leisure Centre: prices/);
        await expect(page.getByRole('heading', { level: 1, name: 'Memberships at Bury Leisure Centre' })).toBeVisible();
        const card = page.getByTestId('membership-plan').filter({ has: page.getByRole('heading', { name: PLAN }) });
        await expect(card).toBeVisible();
        await expect(card).toContainText('£34.50 a month');
        await expect(card.getByRole('button', { name: `Choose ${PLAN}` })).toBeVisible();
        expect(await page.getByTestId('membership-plan').count()).toBeGreaterThan(1);
        await shoot(page, info, `joining-plans-${width}`);
      });
    });

    test('the plans take over without moving anything and without asking for the plans again', async ({ page }, info) => {
      await recordShifts(page);
      const asked: string[] = [];
      const errors = hydrationErrors(page);
      page.on('request', (req) => {
        const path = new URL(req.url()).pathname;
        if (path.includes('/plans') || path.includes('/venues/online-joining/')) asked.push(path);
      });
      await page.goto(PLANS);
      await waitForApp(page, { timeout: 30_000 });
      await expect(page.getByTestId('membership-plan').first()).toBeVisible();
      const { shifts, shifted, headingLost } = await recordedShifts(page);
      expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
      expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
      await shoot(page, info, `joining-plans-live-${width}`);
    });
  });
}

test('Choose pressed before the app is live is kept: the app opens that plan’s details step', async ({ page, request }) => {
  const { html, release } = await holdAppScript(page, request, PLANS);
  expect(html).toContain('data-server-rendered');
  await page.goto(PLANS, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: `Choose ${PLAN}` }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  release();
  await waitForApp(page, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/centre\/bury-leisure-centre\/join\/\d+$/);
});
