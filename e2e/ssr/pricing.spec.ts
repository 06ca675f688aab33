import { expect, test, type BrowserContext } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { holdAppScript, waitForApp } from '../support/app.ts';
import { logInWithCookie } from '../support/login.ts';
import { recordedShifts, recordShifts } from './shifts.ts';

/**
 * /pricing is server-rendered (issue 28, docs/performance.md "Public pages: pricing, not found,
 * TBT"): a visitor's page carries the remembered venue's activities and the first one's classes,
 * so the HTML alone shows the form and the app hydrates it without asking again or moving; a
 * logged-in customer's page has the form's skeleton (their venue and membership are their own).
 */
const VENUE = 'bury-leisure-centre';

const rememberVenue = async (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: 'selected_venue', value: encodeURIComponent(JSON.stringify({ slug: VENUE, selectedSlugs: [VENUE] })), url: baseURL }]);

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's HTML alone shows the title, description, heading, the activity and the Show prices button", async ({ page, context, baseURL }) => {
    await rememberVenue(context, baseURL!);
    await page.goto('/pricing');
    await expect(page).toHaveTitle('Bookings | Membership pricing');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Members pay less for many activities. Compare prices side by side.');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership pricing' })).toBeVisible();
    // The first activity is chosen, as the app chooses it.
    await expect(page.getByLabel('Activity')).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Show prices' })).toBeEnabled();
    await expect(page.getByText(/Not a member yet\?/)).toBeVisible();
    await expect(page.getByTestId('pricing-skeleton')).toHaveCount(0);
  });

  test('without a remembered venue it asks for one', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership pricing' })).toBeVisible();
    await expect(page.getByText('Choose your venue to compare its prices.')).toBeVisible();
  });

  test("a logged-in customer's HTML has the frame and the form's skeleton, nothing of theirs", async ({ page, context, request, baseURL }) => {
    await logInWithCookie(context, request, baseURL!);
    await rememberVenue(context, baseURL!);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership pricing' })).toBeVisible();
    await expect(page.getByTestId('pricing-skeleton')).toBeVisible();
    await expect(page.getByLabel('Activity')).toHaveCount(0);
    await expect(page.getByText(/Not a member yet\?/)).toHaveCount(0);
  });
});

test("a visitor's page hydrates without asking for its answers again or moving, and Show prices pressed before the app is live shows the prices", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await rememberVenue(context, baseURL!);
  const { html, release } = await holdAppScript(page, request, '/pricing');
  expect(html).toContain('data-server-rendered');
  const asked: string[] = [];
  const priced: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/activities/') || url.pathname === '/api/client') asked.push(url.pathname + url.search);
    if (url.pathname.startsWith('/api/price/')) priced.push(url.pathname);
  });
  await recordShifts(page);
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
  const activity = await page.getByLabel('Activity').inputValue();
  await page.getByRole('button', { name: 'Show prices' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  await expect(page.getByTestId('pricing-table')).toHaveCount(0);
  // Nothing has moved while the page waited for its script.
  const before = await recordedShifts(page);
  release();
  await waitForApp(page);
  // The press was not lost: the prices of the activity the page showed were asked for, and the
  // answer is shown (the demo's first activity, Badminton, is priced by the court: its answer is
  // the generic problem, spec §5, as when pressed later).
  await expect(page.getByTestId('pricing-table').or(page.getByTestId('pricing-error'))).toBeVisible();
  expect(priced).toEqual([`/api/price/${VENUE}/ticket/${activity}`]);
  expect(before.shifts, `layout shifts: ${before.shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
  // The activities and classes came in the page: none asked for again.
  expect(asked.filter((url) => !url.includes('/live?'))).toEqual([]);
});

test('a visitor\'s page does not move as it hydrates', async ({ page, context, baseURL }) => {
  await rememberVenue(context, baseURL!);
  await recordShifts(page);
  await page.goto('/pricing');
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Show prices' })).toBeEnabled();
  const { shifts, shifted, headingLost } = await recordedShifts(page);
  expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
  expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
});

// Was a known failure (docs/performance.md): as the customer's data arrived, the shell re-rendered and
// React threw the still-dehydrated screen away for the shell's loading spinner; the shell now keeps the
// screen's element (ShellLayout's `screen`), so the page hydrates where it stands.
test("a logged-in customer's skeleton becomes the form without moving the page", async ({ page, context, request, baseURL }) => {
  await logInWithCookie(context, request, baseURL!);
  await rememberVenue(context, baseURL!);
  await recordShifts(page);
  await page.goto('/pricing');
  await waitForApp(page);
  await expect(page.getByRole('button', { name: 'Show prices' })).toBeEnabled();
  await expect(page.getByTestId('pricing-skeleton')).toHaveCount(0);
  const { shifts, shifted, headingLost } = await recordedShifts(page);
  expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
  expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
});

test('pricing at 375 and 1280 px: axe clean, screenshots', async ({ page, context, baseURL }, info) => {
  test.setTimeout(90_000);
  await rememberVenue(context, baseURL!);
  await page.goto('/pricing');
  await waitForApp(page);
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await expectNoAxeViolations(page, `at ${width} px`);
    await page.screenshot({ path: info.outputPath(`pricing-${width}.png`), fullPage: true });
  }
});

// CI failure (memberships/pricing.spec.ts): an activity chosen before the app was live was lost at
// hydration, and the press of Show prices then priced the first activity (Badminton, priced by the
// court: the generic problem). What the visitor chose stays chosen, and the press prices it.
test('an activity chosen and Show prices pressed before the app is live price that activity', async ({ page, context, request, baseURL }) => {
  await rememberVenue(context, baseURL!);
  const { release } = await holdAppScript(page, request, '/pricing');
  const priced: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/price/')) priced.push(url.pathname);
  });
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
  const activity = page.getByLabel('Activity');
  const first = await activity.inputValue();
  await activity.selectOption({ label: 'Pilates' });
  const pilates = await activity.inputValue();
  expect(pilates).not.toBe(first);
  await page.getByRole('button', { name: 'Show prices' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  release();
  await waitForApp(page);
  await expect(activity).toHaveValue(pilates);
  const table = page.getByTestId('pricing-table');
  await expect(table.getByRole('row').nth(1)).toContainText('£7.50');
  expect(priced).toEqual([`/api/price/${VENUE}/ticket/${pilates}`]);
});
