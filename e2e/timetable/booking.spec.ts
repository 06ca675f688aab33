import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLoginForm, logInWithCookie, loginToken } from '../support/login.ts';
import { clearBasket, findClass, lockCustomerBasket, unlockCustomerBasket } from '../support/customer.ts';

/**
 * Issue 9 journeys on the time-slot screen: a visitor books through the login modal, the
 * header shows the basket, a second browser sees the places go, waitlists join and leave.
 * They change the demo customer's basket, so they run one at a time under its lock.
 */
test.describe.configure({ mode: 'serial' });
test.beforeAll(lockCustomerBasket);
test.afterAll(unlockCustomerBasket);
test.beforeEach(async ({ request }) => clearBasket(request));

/** The timetable item for the class named `name` at `time`. */
const itemAt = (page: Page, name: string, time: string): Locator =>
  page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?, ${time}`) }) });

test('a visitor sees the timetable, books, logs in and lands with the item held; the badge and the time left show', async ({ page, request }) => {
  const { path, entry } = await findClass(request, 'BOOK', { minSpaces: 1 });
  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  await expect(item.getByTestId('timetable-time')).toHaveText(entry.starts_at.format_24_hour);
  await expect(page.getByTestId('basket-time-left')).toHaveCount(0);

  await item.getByRole('button', { name: 'Book', exact: true }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await fillLoginForm(page, undefined, modal);
  await expect(modal).toBeHidden();

  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Remove from basket' })).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await expect(page.getByTestId('basket-time-left')).toHaveText(/(1[0-5]|0\d):[0-5]\d$/);
});

test('a second browser sees the spaces drop within 2 s, without a reload', async ({ browser, page, request, baseURL }) => {
  const { path, entry } = await findClass(request, 'BOOK', { minSpaces: 2 });
  const watcher = await browser.newContext();
  try {
    const other = await watcher.newPage();
    await other.goto(path);
    const watched = itemAt(other, entry.name, entry.starts_at.format_24_hour).getByTestId('timetable-spaces');
    await expect(watched).toHaveText(`${entry.spaces_remaining} spaces left`);

    await logInWithCookie(page.context(), request, baseURL!);
    await page.goto(path);
    await itemAt(page, entry.name, entry.starts_at.format_24_hour).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();

    const left = entry.spaces_remaining - 1;
    await expect(watched).toHaveText(left === 1 ? '1 space left' : `${left} spaces left`, { timeout: 2_000 });
  } finally {
    await watcher.close();
  }
});

test('joining and leaving the waitlist of a full class, with their toasts', async ({ page, request, baseURL }) => {
  const token = await loginToken(request);
  const { path, entry } = await findClass(request, 'JOIN_WAITLIST', { token });
  await logInWithCookie(page.context(), request, baseURL!);
  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  await expect(item.getByTestId('timetable-spaces')).toContainText('Full');

  await item.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully joined the waitlist.' })).toBeVisible();
  const leave = item.getByRole('button', { name: 'Leave waitlist' });
  await expect(leave).toBeVisible();
  // Focus stays on the item's action (the same button, renamed).
  await expect(leave).toBeFocused();

  await leave.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully removed from the waitlist.' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
});
