/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { breadcrumbLabels } from './helpers.ts';
import { addDays, longDayName, venueToday } from '../support/dates.ts';
import { waitForApp } from '../support/app.ts';

// A day the timetable shows as asked: tomorrow (an earlier day shows the first bookable day instead).
const DAY = addDays(venueToday(), 1);

const PAGES = [
  { path: '/basket', title: 'Bookings | Shopping basket', crumbs: ['Shopping basket'], heading: 'Shopping basket' },
  { path: '/basket/checkout', title: 'Bookings | Checkout', crumbs: ['Shopping basket', 'Checkout'], heading: 'Checkout' },
  { path: '/register', title: 'Bookings | Sign up', crumbs: ['Sign up'], heading: 'Sign up' },
  { path: '/booking-confirmed/ORDER-123', title: 'Bookings | Booking confirmed', crumbs: ['Booking confirmed'], heading: "We couldn't find that order" },
  { path: '/attendees', title: 'Bookings | Attendees', crumbs: ['Attendees'], heading: 'Attendees' },
  { path: '/pricing', title: 'Bookings | Membership pricing', crumbs: ['Membership pricing'], heading: 'Membership pricing' },
  {
    // The title and heading are the activity's name; the crumb is the capitalised slug (spec §2).
    path: `/location/bury-leisure-centre/table-tennis/${DAY}`,
    title: 'Bookings | Table Tennis',
    crumbs: ['Book an activity', 'Table-tennis', longDayName(DAY)],
    heading: 'Table Tennis',
  },
] as const;

for (const { path, title, crumbs, heading } of PAGES) {
  test(`${path} reads '${title}' with the breadcrumbs ${crumbs.join(' › ')}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
    expect(await breadcrumbLabels(page)).toEqual(crumbs);
  });
}

test('the empty basket says so and offers a way to book', async ({ page }) => {
  await page.goto('/basket');
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Book an activity' }).click();
  // No venue chosen yet: the redirect page sends the customer home with the spec's warning.
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('toast')).toContainText('Please select a venue before booking an activity');
});

test('the checkout breadcrumb links back to the basket', async ({ page }) => {
  await page.goto('/basket/checkout');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shopping basket' }).click();
  await expect(page).toHaveURL('/basket');
});

test('any other path shows the not-found page with a real 404 status and a Go home link', async ({ page }) => {
  const response = await page.goto('/this/path/is/not/a/route');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "Whoops! Looks like you've gone offside." })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist. Return home to keep the ball rolling.")).toBeVisible();
  await expect(page).toHaveTitle('Bookings | Page not found');
  // Spec §9 button sizes: Go home is a large button (42 px).
  expect((await page.getByRole('link', { name: 'Go home' }).boundingBox())?.height).toBe(42);
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL('/');
});

test('a file-like path answers 404 and shows the not-found page', async ({ page }) => {
  const response = await page.goto('/wp-login.php');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "Whoops! Looks like you've gone offside." })).toBeVisible();
});

test('a trailing slash is removed by redirect, keeping the query', async ({ page }) => {
  await page.goto('/basket/?kiosk=false');
  await expect(page).toHaveURL('/basket?kiosk=false');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
});

test('a trailing slash reached inside the app is removed too', async ({ page }) => {
  await page.goto('/basket');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  // The router listens once the app is live (the heading is the server's: it shows before).
  await waitForApp(page);
  // A history entry the router did not make (another script, the back button).
  await page.evaluate(() => {
    window.history.pushState({}, '', '/pricing/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership pricing' })).toBeVisible();
});

test('the course redirect warns when no venue is chosen', async ({ page }) => {
  await page.goto('/course-redirect-to-selected-venue');
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('toast')).toContainText('Please select a venue before booking a course');
});

test('an unknown activity shows the not-found toast for 3 seconds, then goes home', async ({ page }) => {
  await page.goto('/bury-leisure-centre/no-such-activity');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText("We couldn't find the activity you are looking for");
  const shownAt = Date.now();
  await expect(page).toHaveURL('/', { timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);
});

test('a script chunk that fails to load shows the full-page error with a reload', async ({ page }) => {
  await page.goto('/');
  // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
  await waitForApp(page);
  await page.route(/\/assets\/BasketScreen-[\w-]+\.js$/, (route) => route.abort());
  await page.getByTestId('basket-link').click();
  await expect(page.getByRole('heading', { name: 'We may have dropped the ball on this one.' })).toBeVisible();
  await expect(
    page.getByText('The page failed to load correctly. Try refreshing the page or return to the home page.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  // The new deploy is there now: reloading gets the page.
  await page.unroute(/\/assets\/BasketScreen-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
});
