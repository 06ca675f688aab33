import { expect, test } from '@playwright/test';
import { bookableDates } from '../support/customer.ts';
import { checkTillStep, closeOwnTill, field, openOwnTill, ownStaffAndTill, pence, pounds } from './own-till.ts';

/**
 * Walk-in sales (issue 24; docs/front-of-house-screens.md "Walk-in sales"): a staff member of the
 * journey's own opens a till of its own at Bury, presses 'Walk-in sale' on the till home, books a
 * Public Swim (only activities that allow guests are offered: no Yoga), and takes it in cash with
 * change, the receipt printed (no email choice, no Credit). The till's cash then counts it. axe at
 * 1280 px; 768 px works. Dates from the API's booking window, never literal.
 */
const ACTIVITY = 'public-swim';

test('a walk-in swim is sold at the till in cash with change', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const own = await ownStaffAndTill(request, 'walk-in-staff');
  const { sessionId, token } = await openOwnTill(page, request, baseURL!, own, '50.00');

  await page.getByRole('link', { name: 'Walk-in sale' }).click();
  await expect(page).toHaveURL(/\/till\/walk-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Walk-in sale' })).toBeVisible();
  const book = page.getByTestId('till-book');
  await expect(book.getByRole('heading', { name: `Book for Walk-in (${own.till})` })).toBeVisible({ timeout: 15_000 });
  const activity = book.getByLabel('Activity or court');
  await expect(activity.locator(`option[value="${ACTIVITY}"]`)).toHaveCount(1);
  await expect(activity.locator('option[value="yoga"]')).toHaveCount(0);
  await expect(activity.locator('option[value="courses"]')).toHaveCount(0);
  await expect(book.getByLabel('Booking for')).toHaveCount(0);
  await activity.selectOption(ACTIVITY);

  // The first date from tomorrow on with a swim that offers Book.
  let booked = false;
  for (const date of (await bookableDates(request, ACTIVITY)).slice(1)) {
    await book.locator(`nav a[href*="date=${date}"]`).click();
    await expect(book.locator(`nav a[href*="date=${date}"]`)).toHaveAttribute('aria-current', 'date');
    await expect(book.getByTestId('loading-spinner')).toHaveCount(0);
    await expect(book.getByTestId('timetable-item').first().or(book.getByText('Nothing to book on this day.'))).toBeVisible({ timeout: 15_000 });
    const row = book.getByTestId('timetable-item').filter({ has: page.locator('button[data-action="book"]') }).first();
    if (!(await row.count())) continue;
    await checkTillStep(page, 'walk-in-1-book');
    await row.locator('button[data-action="book"]').click();
    booked = true;
    break;
  }
  expect(booked, 'a bookable Public Swim in the window').toBe(true);

  const basket = page.getByTestId('staff-basket');
  await expect(basket.getByTestId('staff-basket-item')).toHaveCount(1, { timeout: 15_000 });
  await expect(basket).toContainText(`For Walk-in`);
  const total = pence((await page.getByTestId('pay-total').textContent())!);
  expect(total).toBeGreaterThan(0);
  // No account credit and nobody to email.
  await expect(page.getByRole('button', { name: 'Credit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Email' })).toHaveCount(0);
  const tendered = (Math.floor(total / 1000) + 1) * 1000;
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await page.getByLabel('Amount tendered').fill(field(tendered));
  await expect(page.getByTestId('change-due')).toHaveText(`Change due: ${pounds(tendered - total)}`);
  await page.getByRole('radio', { name: 'Print' }).check();
  const terms = page.getByLabel('The customer accepts the terms and conditions');
  if (await terms.count()) await terms.check();
  await checkTillStep(page, 'walk-in-2-pay');
  await page.getByRole('button', { name: 'Take payment' }).click();

  const receipt = page.getByTestId('till-receipt');
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('receipt-change')).toHaveText(`Change due: ${pounds(tendered - total)}`);
  await expect(receipt).toContainText(`${pounds(tendered)} tendered`);
  await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await checkTillStep(page, 'walk-in-3-receipt');

  // The till expects the float and the swim in cash.
  expect((await closeOwnTill(request, sessionId, token)).cash).toBe(5000 + total);
});
