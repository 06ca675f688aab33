import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { addChild, findClass, newCustomer } from '../support/customer.ts';

/**
 * Issue 20, spec §6 selected user: the account holder chooses 'Booking for' once, at the top of
 * the timetable, with the keyboard alone; Book then books for that person, and the basket lists
 * the place under their name with the same choice at its top (docs/timetable-screens.md
 * "Booking for someone else").
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses Tab until `target` has focus (at most `limit` presses): the keyboard's way there. */
const tabTo = async (page: Page, target: Locator, limit = 120) => {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
};

/** Screenshots at 375 and 1280 px, to look at (the test's output folder). */
const shoot = async (page: Page, info: TestInfo, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`) });
  }
};

test('keyboard only: Booking for Olivia at the top of the timetable, Book, and her place in the basket under her name', async ({ page, request, baseURL }, info) => {
  // Two screens, axe and screenshots at two widths each: axe alone took over a minute on a loaded machine.
  test.setTimeout(240_000);
  const customer = await newCustomer(request, 'selected');
  const oliviaId = await addChild(request, customer, 'Olivia');
  const olivia = `Olivia ${customer.last}`;
  const { path, entry } = await findClass(request, 'BOOK', { token: customer.token, minSpaces: 3 });
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto(path);

  const item = page
    .getByTestId('timetable-item')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${escape(entry.name)}\\s?, ${entry.starts_at.format_24_hour}`) }) });
  const book = item.getByRole('button', { name: 'Book', exact: true });
  await expect(book).toBeVisible({ timeout: 20_000 });

  // Once, at the top: the select lists the customer first, then Olivia.
  const bookingFor = page.getByRole('combobox', { name: 'Booking for' });
  await expect(bookingFor.locator('option')).toHaveText([`${customer.name} (you)`, olivia]);
  await tabTo(page, bookingFor);
  await page.keyboard.press('ArrowDown');
  await expect(bookingFor).toHaveValue(String(oliviaId));
  await expect(page.getByText(`Showing times for ${olivia}`)).toBeAttached();

  // The row books for Olivia by default: no per-row choice of person.
  await tabTo(page, book);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();
  await expect(item).toContainText(`In your basket for ${olivia}`);
  await expect(item.getByRole('button', { name: 'Remove from basket' })).toBeFocused();

  await page.goto('/basket');
  const forOlivia = page.getByRole('region', { name: `For ${olivia}` });
  await expect(forOlivia.getByTestId('basket-item')).toHaveCount(1, { timeout: 20_000 });
  await expect(forOlivia.getByTestId('basket-item')).toContainText(entry.name);
  // The same choice at the top of the basket, kept for the tab.
  const basketFor = page.getByRole('combobox', { name: 'Booking for' });
  await expect(basketFor).toHaveValue(String(oliviaId));
  await expect(page.getByTestId('booking-for')).toContainText('Continue booking books for the person you choose.');
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, info, 'basket-booking-for');

  // Back to the customer, from the basket's top, with the keyboard; the timetable follows.
  await tabTo(page, basketFor);
  await page.keyboard.press('ArrowUp');
  await expect(basketFor).toHaveValue(/^\d+$/);
  await expect(basketFor).not.toHaveValue(String(oliviaId));
  await page.goto(path);
  await expect(page.getByRole('combobox', { name: 'Booking for' })).not.toHaveValue(String(oliviaId), { timeout: 20_000 });
  // The customer's own view of the class: Olivia's place is not theirs, so it says Book.
  await expect(book).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, info, 'timetable-booking-for');
});
