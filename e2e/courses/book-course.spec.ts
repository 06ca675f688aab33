import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { addChild, newCustomer, type Customer } from '../support/customer.ts';
import { venueToday, yearsBefore } from '../support/dates.ts';
import { logInWithCookie } from '../support/login.ts';
import { acceptTerms, fillCard, toast } from '../checkout/support.ts';

/**
 * Issue 20: a course is booked as a whole (docs/courses.md). A customer of the journey's own books
 * the demo's 6-week swimming block for a child whose age fits (a younger child cannot be chosen,
 * and the reason shows), pays by card and finds the course with its sessions in My account; a
 * course whose places are all held says it is full and offers its waitlist (join: toast and place
 * in line; leave); a course that has started shows its pro-rata price. Dates come from the clock (the demo courses start relative to the day the data is loaded).
 */
test.describe.configure({ timeout: 120_000 });

const VENUE = 'bury-leisure-centre';
const coursePage = (slug: string) => `/courses/location/${VENUE}/swimming-lessons/${slug}`;
const accountSite = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'my-account.localhost';
  return url.toString();
};

/** A family member aged `years` today (venue-local), through the API; answers their id. */
const addChildAged = async (request: APIRequestContext, customer: Customer, first: string, years: number) => {
  const response = await request.post('/api/dashboard/family-members', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { first_name: first, last_name: customer.last, relationship: 'child', date_of_birth: yearsBefore(venueToday(), years) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
};

/** The course's id, as the course list answers it. */
const courseId = async (request: APIRequestContext, slug: string) => {
  const response = await request.get(`/api/activities/venue/${VENUE}/courses/swimming-lessons/${slug}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
};

const panel = (page: Page) => page.getByTestId('course-booking');

test('books a 6-week swimming course for a child whose age fits, pays, and sees it with its sessions in My account', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'courses');
  await addChild(request, customer, 'Mia'); // nine: inside 6 to 11
  await addChildAged(request, customer, 'Leo', 3); // outside the range
  await logInWithCookie(page.context(), request, baseURL!, customer);

  await page.goto(coursePage('swim-skills-6-week-block'));
  await expect(page.getByRole('heading', { level: 1, name: 'Swim Skills 6-Week Block' })).toBeVisible();
  await expect(panel(page).getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(6);
  await expect(panel(page).getByTestId('places-left')).toHaveText(/^\d+ places? left$/);
  await expect(page.getByText('£48.00', { exact: true })).toBeVisible();
  await expect(panel(page).getByTestId('course-price')).toHaveCount(0);

  // Leo is too young: he cannot be chosen, and the reason is next to his name.
  const leo = panel(page).getByRole('radio', { name: /Leo Marsden/ });
  await expect(leo).toBeDisabled();
  await expect(panel(page).getByText(/^Leo will be \d+ when the course starts; it is for ages 6 to 11\.$/)).toBeVisible();
  const mia = panel(page).getByRole('radio', { name: /Mia Marsden/ });
  await expect(mia).toBeEnabled();
  await mia.check();
  await expectNoAxeViolationsAtWidths(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel(page).getByRole('button', { name: 'Book course' }).click();
  await expect(toast(page, 'Successfully added item to the basket.')).toBeVisible();
  await expect(panel(page).getByText('Already in your basket.')).toBeVisible();

  // The basket shows the course as one item, for Mia, listing its six sessions.
  await page.goto('/basket');
  const item = page.getByTestId('basket-item').filter({ hasText: 'Swim Skills 6-Week Block' });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('course-sessions').getByRole('listitem')).toHaveCount(6);
  await expect(page.getByText('For Mia Marsden')).toBeVisible();

  await page.goto('/basket/checkout');
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £48\.00/ }).click();
  await expect(toast(page, 'Order completed Successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('confirmed-booking').filter({ hasText: 'Swim Skills 6-Week Block (6 sessions' })).toContainText('Mia Marsden');

  // My account → Bookings: the course, for Mia, with its six sessions.
  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), customer);
  await page.goto(accountSite(baseURL!, '/bookings'));
  const card = page.getByTestId('course-booking-card').filter({ hasText: 'Swim Skills 6-Week Block' });
  await expect(card).toContainText('Mia Marsden');
  await expect(card.getByRole('list', { name: 'Sessions of Swim Skills 6-Week Block' }).getByRole('listitem')).toHaveCount(6);
  await expect(card.getByRole('button', { name: 'Cancel course' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});

test('a full course offers the waitlist: Join waitlist shows the toast and the place in line, and Leave waitlist works', async ({ page, request, baseURL }) => {
  // Learn to Swim Stage 2 (ages 5 to 8, 8 places): two families hold every place through the API
  // (an account adds at most 5 family members a day and holds at most 8 places: issue 22).
  const id = await courseId(request, 'learn-to-swim-stage-2');
  for (const family of ['course-filler-a', 'course-filler-b']) {
    const filler = await newCustomer(request, family);
    for (let i = 0; i < 4; i++) {
      const child = await addChildAged(request, filler, `Kid${i}`, 6);
      const held = await request.post('/api/activities/cart/courses', { headers: { authorization: `Bearer ${filler.token}` }, data: { course_id: id, purchased_for_user_id: child } });
      expect(held.status(), await held.text()).toBe(200);
    }
  }
  const customer = await newCustomer(request, 'courses-full');
  await addChildAged(request, customer, 'Ava', 6);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto(coursePage('learn-to-swim-stage-2'));
  await expect(panel(page).getByTestId('places-left')).toHaveText('Full');
  await expect(panel(page).getByText('This course is full.')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Book course' })).toHaveCount(0);

  // Ava fits the age range: she is chosen, and Join waitlist puts her first in line.
  await expect(panel(page).getByRole('radio', { name: /Ava / })).toBeChecked();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel(page).screenshot({ path: test.info().outputPath(`full-course-${width}.png`) });
  }
  await expectNoAxeViolationsAtWidths(page);
  await panel(page).getByRole('button', { name: 'Join waitlist' }).click();
  await expect(toast(page, 'Successfully joined the waitlist.')).toBeVisible();
  await expect(panel(page).getByTestId('waitlist-position')).toHaveText(/^Ava \S+: number 1 in line\.$/);
  await expect(panel(page).getByText('On the waitlist: number 1 in line.')).toBeVisible();
  await expect(panel(page).getByRole('radio', { name: /Ava / })).toBeDisabled();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel(page).screenshot({ path: test.info().outputPath(`full-course-waiting-${width}.png`) });
  }
  await expectNoAxeViolationsAtWidths(page);

  // Leaving: the toast, and Ava can join again.
  await panel(page).getByRole('button', { name: /^Leave waitlist for Ava / }).click();
  await expect(toast(page, 'Successfully removed from the waitlist.')).toBeVisible();
  await expect(panel(page).getByTestId('course-waitlist')).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Join waitlist' })).toBeVisible();
});

test('a course that has started and allows late joining shows the price of the sessions left', async ({ page }) => {
  await page.goto(coursePage('junior-swim-squad'));
  await expect(panel(page).getByText(/^The course has started: this is the price for the \d+ sessions left of 10\.$/)).toBeVisible();
  const text = (await panel(page).getByText(/sessions left of 10/).textContent())!;
  const remaining = Number(/for the (\d+) sessions/.exec(text)![1]);
  // £90.00 × remaining ÷ 10, to the penny.
  await expect(panel(page).getByTestId('course-price')).toHaveText(`£${((9000 * remaining) / 10 / 100).toFixed(2)}`);
  // A visitor's Book course asks them to log in first.
  await panel(page).getByRole('button', { name: 'Book course' }).click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});
