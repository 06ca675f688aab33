import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { addChild, bookableDates, findClass, holdViaApi, newCustomer } from '../support/customer.ts';

/**
 * Issue 9 gap: booking for a family member from the timetable (spec §6 selected user) and
 * choosing the ticket type of a fast ticket (spec §3). Each journey has a customer of its own
 * with a child, Olivia, added through the API, so they run in parallel with the others.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const itemAt = (page: Page, name: string, time: string): Locator =>
  page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${escape(name)}\\s?, ${time}`) }) });

/** Screenshots of the page as it is at each width, to look at (the test's output folder). */
const shoot = async (page: Page, info: TestInfo, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`) });
  }
};

/** The customer's membership user (themselves or family) called `firstName` (GET auth/user membership_users). */
const familyMember = async (request: APIRequestContext, token: string, firstName: string) => {
  const response = await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: { membership_users: { id: number; first_name: string; last_name: string }[] } };
  const person = data.membership_users.find((candidate) => candidate.first_name === firstName);
  expect(person, `${firstName} in the family`).toBeDefined();
  return person!;
};

test('books a class for a child: the actions are the child’s, and the basket shows it under her name', async ({ page, request, baseURL }, info) => {
  // Two pages, a reload and screenshots at two widths, on a loaded machine.
  test.slow();
  const customer = await newCustomer(request, 'choice');
  const { token } = customer;
  await addChild(request, customer, 'Olivia');
  const olivia = await familyMember(request, token, 'Olivia');
  const { path, entry } = await findClass(request, 'BOOK', { token, minSpaces: 2 });
  // The customer holds the class themselves, so their view and Olivia's differ.
  await holdViaApi(request, token, entry);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto(path);

  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  const action = item.getByRole('button', { name: /^(Book|Remove from basket)$/ });
  // The first render of the day waits for the lazy screen and the data: slow on a loaded machine.
  await expect(action).toHaveText('Remove from basket', { timeout: 20_000 });
  const bookingFor = page.getByLabel('Booking for');
  await expect(bookingFor).toHaveValue(String((await familyMember(request, token, customer.first)).id));

  await bookingFor.selectOption({ label: 'Olivia Marsden' });
  await expect(action).toHaveText('Book');
  await action.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();
  await expect(action).toHaveText('Remove from basket');
  await expect(item).toContainText('In your basket for Olivia Marsden');
  await expect(page.getByTestId('basket-count')).toHaveText('2');
  await item.scrollIntoViewIfNeeded();
  await shoot(page, info, 'booked-for-olivia');

  // The choice is kept for the tab: a reload still books for Olivia.
  await page.reload();
  await expect(item).toContainText('In your basket for Olivia Marsden', { timeout: 20_000 });
  await expect(page.getByLabel('Booking for')).toHaveValue(String(olivia.id));

  await page.goto('/basket');
  await expect(page.getByTestId('basket-item').first()).toBeVisible({ timeout: 20_000 });
  const forOlivia = page.getByRole('region', { name: 'For Olivia Marsden' });
  await expect(forOlivia.getByTestId('basket-item')).toHaveCount(1);
  await expect(forOlivia.getByTestId('basket-item')).toContainText(entry.starts_at.format_24_hour);
  await expect(page.getByRole('region', { name: `For ${customer.name}` }).getByTestId('basket-item')).toHaveCount(1);
  await shoot(page, info, 'basket-for-olivia');
});

// For Olivia, the customer's child: a child's booking starts on the Junior ticket.
test('books a Junior swim ticket for a child: Book asks the ticket type and the basket shows the Junior price', async ({ page, request, baseURL }, info) => {
  // Axe at two widths with the controls open, on a loaded machine.
  test.slow();
  const customer = await newCustomer(request, 'ticket');
  await addChild(request, customer, 'Olivia');
  await logInWithCookie(page.context(), request, baseURL!, customer);
  const [date] = (await bookableDates(request, 'public-swim')).slice(1);
  await page.goto(`/location/bury-leisure-centre/public-swim/${date}`);
  await expect(page.getByTestId('timetable-item').first()).toBeVisible({ timeout: 20_000 });
  const bookable = page.getByTestId('timetable-item').filter({ has: page.getByRole('button', { name: 'Book', exact: true }) }).first();
  const time = (await bookable.getByTestId('timetable-time').textContent())!;
  // One fast-ticket entry per start time: the time names the item once it no longer says Book.
  const item = page.getByTestId('timetable-item').filter({ has: page.getByTestId('timetable-time').getByText(time, { exact: true }) });
  await expect(page.getByLabel('Booking for')).toBeVisible();
  await page.getByLabel('Booking for').selectOption({ label: 'Olivia Marsden' });
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, info, 'booking-for');

  const book = item.getByRole('button', { name: 'Book', exact: true });
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Choose a ticket' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /^Junior/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Junior/ })).toBeFocused();
  await expect(dialog.getByRole('group', { name: 'Ticket type' })).toContainText(/Adult\s*£5\.20\s*Junior\s*Ages 0 to 15\s*£3\.10\s*Concession\s*£3\.60/);
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, info, 'ticket-dialog');

  // Escape cancels and gives focus back to Book; nothing is added.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(book).toBeFocused();
  await book.click();
  await expect(dialog).toBeVisible();
  // Arrow keys move the choice; back to Junior.
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /^Concession/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('radio', { name: /^Junior/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Remove from basket' })).toBeFocused();

  await page.goto('/basket');
  await expect(page.getByTestId('basket-item').first()).toBeVisible({ timeout: 20_000 });
  const basketItem = page.getByRole('region', { name: 'For Olivia Marsden' }).getByTestId('basket-item').filter({ hasText: time });
  await expect(basketItem).toHaveCount(1);
  await expect(basketItem).toContainText('Junior');
  await expect(basketItem).toContainText('£3.10');
  await expect(page.getByTestId('basket-item')).toHaveCount(1);
});
