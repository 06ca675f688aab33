import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { bookableOnOneDay, holdViaApi, newCustomer } from '../support/customer.ts';

/** Issue 9: the basket page lists what is held, removes one item, and clears the rest. Each journey has a customer of its own. */

/** A new customer holding two pilates classes of one day (the first after today that has two). */
const holdTwo = async (request: APIRequestContext) => {
  const customer = await newCustomer(request, 'basket');
  const { date, bookable } = await bookableOnOneDay(request, 'pilates', 2, customer.token);
  for (const entry of bookable) await holdViaApi(request, customer.token, entry);
  return { customer, bookable, date };
};

test('remove one item, then clear the basket', async ({ page, request, baseURL }) => {
  const {
    customer,
    bookable: [first, second],
  } = await holdTwo(request);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket');
  const items = page.getByTestId('basket-item');
  await expect(items).toHaveCount(2);
  await expect(page.getByRole('heading', { name: `For ${customer.name}` })).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('2');
  await expect(page.getByTestId('basket-time-left-banner')).toContainText(/\d\d:\d\d/);
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/basket/checkout');

  const firstItem = items.filter({ has: page.getByRole('heading', { name: new RegExp(`^${first!.name}`) }) }).filter({ hasText: first!.starts_at.format_24_hour });
  await firstItem.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully removed item from the basket.' })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(second!.starts_at.format_24_hour);
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  // Focus moved to what is left, not to the page.
  await expect(page.getByRole('button', { name: 'Remove' })).toBeFocused();

  await page.getByRole('button', { name: 'Clear basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear your basket?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, clear basket' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully cleared order.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('0');
});

test('the basket with held items and the timetable with one in it are axe clean at 375 and 1280 px', async ({ page, request, baseURL }) => {
  // Four axe runs on a loaded machine.
  test.slow();
  const {
    customer,
    bookable: [held],
    date,
  } = await holdTwo(request);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket');
  await expect(page.getByTestId('basket-item')).toHaveCount(2);
  await expectNoAxeViolationsAtWidths(page);

  await page.goto(`/location/bury-leisure-centre/pilates/${date}`);
  // The first render of the day waits for the lazy screen and the data: slow on a loaded machine.
  await expect(page.getByTestId('timetable-item').filter({ hasText: held!.starts_at.format_24_hour }).getByRole('button', { name: 'Remove from basket' })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolationsAtWidths(page);
});
