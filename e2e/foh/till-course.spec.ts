import { expect, test } from '@playwright/test';
import { addChild, newCustomer } from '../support/customer.ts';
import { checkTillStep, closeOwnTill, field, openOwnTill, ownStaffAndTill, pence, pounds } from './own-till.ts';

/**
 * Courses at the till (issue 24; docs/front-of-house-screens.md "Courses at the till"): a staff
 * member of the journey's own opens a till of its own at Bury, finds a customer of the journey's
 * own by email, chooses their child (9 years old) and 'Courses (the whole course)' in Book for …,
 * adds the demo's Swim Skills 6-Week Block (ages 6 to 11), and takes it in cash with change. The
 * course booking is then the customer's (My account's course bookings). axe at 1280 px; 768 px works.
 */
const COURSE = 'Swim Skills 6-Week Block';

test('staff book the demo course for a child at the till and take it in cash', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer(request, 'till-course');
  await addChild(request, customer, 'Robin');
  const own = await ownStaffAndTill(request, 'till-course-staff');
  const { sessionId, token } = await openOwnTill(page, request, baseURL!, own, '20.00');

  // Find the customer by their email (every journey customer is a Jo Marsden).
  const search = page.getByTestId('customer-search');
  await search.fill(customer.email);
  await expect(page.getByRole('option', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) }).first()).toBeVisible({ timeout: 15_000 });
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/till\/customers\/\d+$/);
  await expect(page.getByTestId('customer-name')).toHaveText(customer.name, { timeout: 20_000 });

  // Book for … the child: Courses lists the venue's courses with places and price.
  const book = page.getByTestId('till-book');
  const who = book.getByLabel('Booking for');
  await who.selectOption((await who.locator('option', { hasText: 'Robin' }).getAttribute('value'))!);
  await book.getByLabel('Activity or court').selectOption({ label: 'Courses (the whole course)' });
  const row = book.getByTestId('till-course').filter({ has: page.getByRole('heading', { name: COURSE }) });
  await expect(row.getByTestId('till-course-price')).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('For ages 6 to 11');
  await expect(row.getByTestId('till-course-places')).toContainText(/place/);
  const price = pence((await row.getByTestId('till-course-price').textContent())!);
  expect(price).toBeGreaterThan(0);
  await checkTillStep(page, 'till-course-1-courses');
  await row.getByRole('button', { name: `Add to basket: ${COURSE} for Robin Marsden` }).click();

  // The basket: the whole course for Robin, no Change; then Cash with change.
  const basket = page.getByTestId('staff-basket');
  const item = basket.getByTestId('staff-basket-item').filter({ hasText: COURSE });
  await expect(item).toContainText('For Robin', { timeout: 15_000 });
  await expect(item).toContainText('Whole course: 6 sessions');
  await expect(item.getByRole('button', { name: /^Change/ })).toHaveCount(0);
  const total = pence((await page.getByTestId('pay-total').textContent())!);
  expect(total).toBe(price);
  const tendered = (Math.floor(total / 1000) + 1) * 1000;
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await page.getByLabel('Amount tendered').fill(field(tendered));
  await expect(page.getByTestId('change-due')).toHaveText(`Change due: ${pounds(tendered - total)}`);
  await page.getByRole('radio', { name: 'Print' }).check();
  const terms = page.getByLabel('The customer accepts the terms and conditions');
  if (await terms.count()) await terms.check();
  await checkTillStep(page, 'till-course-2-pay');
  await page.getByRole('button', { name: 'Take payment' }).click();

  const receipt = page.getByTestId('till-receipt');
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('receipt-change')).toHaveText(`Change due: ${pounds(tendered - total)}`);
  await expect(receipt).toContainText(COURSE);
  await checkTillStep(page, 'till-course-3-receipt');

  // The customer has the course booked for Robin.
  const bookings = await request.get('/api/dashboard/course-bookings', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(bookings.ok()).toBe(true);
  const list = ((await bookings.json()) as { data: { name: string; status: string; person?: { first_name: string } }[] }).data;
  expect(list.filter((b) => b.name === COURSE && b.status === 'booked')).toHaveLength(1);

  expect((await closeOwnTill(request, sessionId, token)).cash).toBe(2000 + total);
});
