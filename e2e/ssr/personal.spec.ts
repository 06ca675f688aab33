import { expect, test, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { holdAppScript, waitForApp } from '../support/app.ts';
import { addChild, bookableOnOneDay, findClass, holdViaApi, newCustomer, type Customer } from '../support/customer.ts';
import { logInWithCookie } from '../support/login.ts';
import { hydrationErrors } from './hydration-errors.ts';
import { recordedShifts, recordShifts } from './shifts.ts';

/**
 * The personal screens (basket, checkout, the account dashboard) are server-rendered as their
 * frame, heading and skeleton (issue 28, docs/performance.md "Personal screens (issue 28, session
 * 12)"): nothing tied to a login is in the page, and nothing moves when the customer's data arrives.
 *
 * The basket and checkout are a journey customer's of its own with a class held through the API and
 * a child on the account (so 'Booking for' and the attendee choice show, as for a family); the
 * dashboard is the demo customer's, whose seeded bookings, membership and family fill it.
 */
const ACCOUNT = `${baseURL}/_/my-account`;

// Each test makes a customer, holds a class and loads two or three pages: more than the default 30 s on a loaded 2-core machine,
// where a page's script has taken 15 s to start (its data waits for it; the skeleton is there from the first paint).
test.describe.configure({ timeout: 90_000 });

const expectStill = async (page: Page) => {
  const { shifts, shifted, headingLost } = await recordedShifts(page);
  expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
  expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
};

const shoot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

/** A customer of the journey's own with a child and a yoga (or other) class held. */
const customerWithBasket = async (request: APIRequestContext): Promise<Customer> => {
  const customer = await newCustomer(request, 'ssr-personal');
  await addChild(request, customer, 'Sam');
  const { entry } = await findClass(request, 'BOOK', { token: customer.token, minSpaces: 3 });
  await holdViaApi(request, customer.token, entry);
  return customer;
};

const logIn = (context: BrowserContext, request: APIRequestContext, site: string, who?: Customer) =>
  logInWithCookie(context, request, site, who ? { email: who.email, password: who.password } : undefined);

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    test.describe('with JavaScript disabled', () => {
      test.use({ javaScriptEnabled: false });

      test('the basket, checkout and dashboard show their frame, heading and skeleton from the HTML alone', async ({ page, context, request }, info) => {
        const customer = await customerWithBasket(request);
        await logIn(context, request, baseURL, customer);
        await page.goto('/basket');
        await expect(page).toHaveTitle('Bookings | Shopping basket');
        await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
        await expect(page.getByRole('status', { name: 'Loading your basket' })).toBeVisible();
        await shoot(page, info, `basket-skeleton-${width}`);

        await page.goto('/basket/checkout');
        await expect(page).toHaveTitle('Bookings | Checkout');
        await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
        await expect(page.getByRole('status', { name: 'Loading your order' })).toBeVisible();
        await shoot(page, info, `checkout-skeleton-${width}`);

        await logIn(context, request, ACCOUNT);
        await page.goto(`${ACCOUNT}/dashboard`);
        await expect(page).toHaveTitle(/Dashboard/);
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await expect(page.getByRole('status', { name: 'Loading your account' })).toBeVisible();
        // Nothing of the customer's is in the page: no name, no reference.
        expect(await page.content()).not.toContain('Alex');
        await shoot(page, info, `dashboard-skeleton-${width}`);
      });
    });

    test('the basket and checkout fill in without moving anything', async ({ page, context, request }, info) => {
      const customer = await customerWithBasket(request);
      await logIn(context, request, baseURL, customer);
      await recordShifts(page);
      const errors = hydrationErrors(page);
      await page.goto('/basket');
      await expect(page.getByTestId('basket-item')).toHaveCount(1, { timeout: 30_000 });
      await expect(page.getByTestId('booking-for')).toBeVisible();
      await waitForApp(page);
      await expectStill(page);
      await shoot(page, info, `basket-loaded-${width}`);

      await page.goto('/basket/checkout');
      await expect(page.getByRole('form', { name: /./ })).toBeVisible({ timeout: 30_000 });
      await waitForApp(page);
      await expectStill(page);
      await shoot(page, info, `checkout-loaded-${width}`);
      expect(errors).toEqual([]);
    });

    test('the dashboard fills in without moving anything', async ({ page, context, request }, info) => {
      await logIn(context, request, ACCOUNT);
      await recordShifts(page);
      const errors = hydrationErrors(page);
      await page.goto(`${ACCOUNT}/dashboard`);
      await expect(page.getByTestId('next-bookings')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('membership-summary')).toBeVisible();
      await waitForApp(page);
      await expectStill(page);
      await shoot(page, info, `dashboard-loaded-${width}`);
      expect(errors).toEqual([]);
    });
  });
}

/**
 * React hydrates each Suspense boundary in a pass of its own, the shell before the screen; the
 * shell's effects started the customer's requests, and an answer that came before the screen had
 * hydrated made it render other than the server had: React's error 418, the screen's HTML thrown
 * away and drawn again (docs/performance.md "Requests wait for the screen to hydrate"). The
 * customer's timetable and account screens hydrate without one, and then fill in.
 */
test("a customer's timetable and account screens hydrate without an error, then fill in", async ({ page, context, request }) => {
  const errors = hydrationErrors(page);
  const { date } = await bookableOnOneDay(request, 'yoga', 1);
  await logIn(context, request, baseURL);
  await page.goto(`/location/bury-leisure-centre/yoga/${date}`);
  await waitForApp(page);
  // The demo customer has a family: whom the booking is for shows once their people have come.
  await expect(page.getByTestId('booking-for')).toBeVisible({ timeout: 30_000 });

  await logIn(context, request, ACCOUNT);
  for (const screen of ['bookings', 'memberships', 'payments']) {
    await page.goto(`${ACCOUNT}/${screen}`);
    await waitForApp(page);
    await expect(page.getByRole('status', { name: 'Loading your account' })).toHaveCount(0, { timeout: 30_000 });
  }
  expect(errors).toEqual([]);
});

test('a visitor keeps what they had: checkout asks to log in (a press before the app is live opens the login), the dashboard goes to /login', async ({ page, request }) => {
  const { html, release } = await holdAppScript(page, request, '/basket/checkout');
  expect(html).toContain('data-server-rendered');
  await page.goto('/basket/checkout', { waitUntil: 'domcontentloaded' });
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  release();
  await waitForApp(page);
  await expect(modal).toBeVisible();

  // The account site's screens are not rendered for a visitor: the browser sends them to log in.
  const dashboard = await (await request.get(`${ACCOUNT}/dashboard`)).text();
  expect(dashboard).not.toContain('data-server-rendered');
  await page.goto(`${ACCOUNT}/dashboard`);
  await expect(page).toHaveURL(/\/_\/my-account\/login\?redirect=%2Fdashboard$/);
});
