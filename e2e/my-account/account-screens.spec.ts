import { expect, test, type Page } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { CUSTOMER, fillLoginForm } from '../support/login.ts';

const accountSite = (baseURL: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = 'my-account.localhost';
  return url.toString();
};

const logIn = (page: Page) => fillLoginForm(page, undefined, page.getByRole('main'));

test('a visitor opening the dashboard logs in on /login and comes back to it', async ({ page, baseURL }) => {
  await page.goto(accountSite(baseURL!, '/dashboard'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dashboard = page.getByTestId('home-dashboard');
  await expect(dashboard.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  await expect(dashboard.getByText('Customer reference ANW100001')).toBeVisible();
  // Credit from the ledger (other journeys spend the demo credit, so not an exact amount) and the seeded next bookings.
  await expect(dashboard.getByTestId('dashboard-credit')).toContainText(/£\d+\.\d{2}/);
  await expect(dashboard.getByTestId('next-bookings').getByRole('listitem')).toHaveCount(3);
  // The linked family members of the demo customer.
  const people = dashboard.getByRole('heading', { name: 'People on your account' }).locator('..');
  await expect(people.getByRole('listitem')).toHaveCount(4);
  await expect(people.getByText('Child')).toHaveCount(2);
  await expect(page).toHaveTitle('Bookings | Dashboard');
});

test('every account sub-navigation link opens its screen', async ({ page, baseURL }) => {
  // Seven screens, each its own chunk and data: more than the default 30 s on a loaded machine.
  test.slow();
  await page.goto(accountSite(baseURL!, '/login'));
  await logIn(page);
  const nav = page.getByRole('navigation', { name: 'My account' });
  await nav.getByRole('link', { name: 'My details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
  await expect(page.getByText(CUSTOMER.email)).toBeVisible();

  for (const [link, empty] of [
    // The demo customer's holdings (docs/account-holdings.md); payments depend on other journeys' orders.
    ['Memberships', 'Gym & Swim'],
    ['Packages', '10 Swims'],
    ['Guest passes', /^2 guest passes: 1 available, 1 used$/],
    ['Payments', null],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
    await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
    if (empty) await expect(page.getByText(empty).first()).toBeVisible();
  }
  // Bookings lists the demo customer's seeded bookings (db/seed/bookings.ts).
  await nav.getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page.getByTestId('booking-card').filter({ hasText: /BK-DEMO\d{4}/ }).first()).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('home-dashboard')).toBeVisible();
});

for (const width of AXE_WIDTHS) {
  test(`axe finds no violations on the dashboard at ${width} px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(accountSite(baseURL!, '/login?redirect=/dashboard'));
    await logIn(page);
    await expect(page.getByTestId('home-dashboard').getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
