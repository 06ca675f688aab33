import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { logInWithCookie } from '../support/login.ts';
import { newCustomer } from '../support/customer.ts';
import { accountSite } from '../a11y/routes.ts';
import { acceptTerms, findBookable, hold } from '../checkout/support.ts';

/**
 * Issue 11 (the account site's holdings): the demo customer's memberships, packages and guest
 * passes (read only), and a card order of a customer of its own in Payments and on the receipt.
 */
// Whole journeys with axe at two widths and screenshots: well over 30 s on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** Screenshots at both widths, kept with the test's output to look at. */
const screenshots = async (page: Page, testInfo: TestInfo, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
};

const openAccount = async (page: Page, request: Parameters<typeof logInWithCookie>[1], baseURL: string, path: string, heading: string) => {
  await logInWithCookie(page.context(), request, accountSite(baseURL, '/'));
  await page.goto(accountSite(baseURL, path));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
};

test('Memberships shows the plan held, its status, start and renewal dates and price; the dashboard sums it up', async ({ page, request, baseURL }, testInfo) => {
  await openAccount(page, request, baseURL!, '/memberships', 'Memberships');
  const membership = page.getByTestId('membership');
  await expect(membership).toHaveCount(1);
  await expect(membership.getByRole('heading', { name: 'Gym & Swim' })).toBeVisible();
  await expect(membership.getByText('Active', { exact: true })).toBeVisible();
  await expect(membership.getByText('£32.00 a month')).toBeVisible();
  await expect(membership.getByText('Start date')).toBeVisible();
  await expect(membership.getByText('Renewal date')).toBeVisible();
  await expect(membership.getByText(/\d{1,2} [A-Z][a-z]{2,3} \d{4}/)).toHaveCount(2);
  await expect(membership.getByText('Bury Leisure Centre').first()).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'memberships');

  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Dashboard' }).click();
  const summary = page.getByTestId('membership-summary');
  await expect(summary).toContainText('Gym & Swim');
  await expect(summary).toContainText(/Renews \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
  await expectNoAxeViolationsAtWidths(page);
});

test('Packages shows visits left and expiry', async ({ page, request, baseURL }, testInfo) => {
  await openAccount(page, request, baseURL!, '/packages', 'Packages');
  const holding = page.getByTestId('package');
  await expect(holding).toHaveCount(1);
  await expect(holding.getByRole('heading', { name: '10 Swims' })).toBeVisible();
  await expect(holding.getByTestId('package-uses-left')).toHaveText(/^\d+ of 10 visits left$/);
  await expect(holding.getByText('Expires')).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'packages');
});

test('Guest passes lists the passes held and used, and has its link in the account navigation', async ({ page, request, baseURL }, testInfo) => {
  await openAccount(page, request, baseURL!, '/guest-passes', 'Guest passes');
  await expect(page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Guest passes' })).toBeVisible();
  await expect(page.getByTestId('guest-pass-summary')).toHaveText('2 guest passes: 1 available, 1 used');
  await expect(page.getByTestId('guest-pass')).toHaveCount(2);
  await expect(page.getByTestId('guest-pass').filter({ hasText: 'Sam Patel' })).toContainText('Used');
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'guest-passes');
});

// The membership-covered order (the demo customer's Gym & Swim) is in e2e/checkout/demo-customer.spec.ts.
test('a card order shows its card brand and last four in Payments and on the receipt', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'holdings');
  const { token } = customer;
  await hold(request, token, await findBookable(request, token, 'yoga'));
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket/checkout');
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  await expect(page.getByText(/^Test mode:/)).toBeVisible();
  const newCard = page.getByRole('radio', { name: 'A new card' });
  if ((await newCard.count()) > 0) await newCard.check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Alex Morgan');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\/[0-9a-f-]{36}$/);
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();

  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), customer);
  await page.goto(accountSite(baseURL!, '/payments'));
  const order = page.getByTestId('payment').filter({ hasText: `Order ${reference}` });
  await expect(order).toContainText('Card: Visa ending 4242');
  await order.getByRole('link', { name: `View receipt for order ${reference}` }).click();
  await expect(page.getByTestId('receipt-tender')).toContainText('Card: Visa ending 4242');
  await expect(page.getByTestId('receipt-line')).toHaveCount(1);
});
