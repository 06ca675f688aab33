import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillLoginForm, logInWithCookie } from '../support/login.ts';
import { dayEntries, findClass, newCustomer } from '../support/customer.ts';

/**
 * Issue 9 journeys on the time-slot screen: a visitor books through the login modal, the
 * header shows the basket, a second browser sees the places go, waitlists join and leave.
 * Each has a customer of its own, so they run in parallel with every other journey.
 */

const spacesText = (spaces: number) => (spaces === 1 ? '1 space left' : `${spaces} spaces left`);

/** The timetable item for the class named `name` at `time`. */
const itemAt = (page: Page, name: string, time: string): Locator =>
  page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?, ${time}`) }) });

test('a visitor sees the timetable, books, logs in and lands with the item held; the badge and the time left show', async ({ page, request }) => {
  const customer = await newCustomer(request, 'timetable');
  const { path, entry } = await findClass(request, 'BOOK', { minSpaces: 3 });
  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  // The first render of the day waits for the lazy screen and the data: slow on a loaded machine.
  await expect(item.getByTestId('timetable-time')).toHaveText(entry.starts_at.format_24_hour, { timeout: 20_000 });
  await expect(page.getByTestId('basket-time-left')).toHaveCount(0);

  await item.getByRole('button', { name: 'Book', exact: true }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await fillLoginForm(page, customer, modal);
  await expect(modal).toBeHidden();

  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Remove from basket' })).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await expect(page.getByTestId('basket-time-left')).toHaveText(/(1[0-5]|0\d):[0-5]\d$/);
});

test('a second browser sees the spaces drop within 2 s, without a reload', async ({ browser, page, request, baseURL }) => {
  // Two browsers and a sign-up on a loaded machine.
  test.slow();
  const customer = await newCustomer(request, 'spaces');
  const { path, entry, activity, date } = await findClass(request, 'BOOK', { minSpaces: 3 });
  const serverSpaces = async () => (await dayEntries(request, activity, date)).find((candidate) => candidate.id === entry.id)!.spaces_remaining;
  const watcher = await browser.newContext();
  try {
    const other = await watcher.newPage();
    await other.goto(path);
    const watched = itemAt(other, entry.name, entry.starts_at.format_24_hour).getByTestId('timetable-spaces');
    await expect(watched).toBeVisible({ timeout: 20_000 });
    // Other journeys book in parallel and may take places in this class too: the count shown is the server's.
    await expect.poll(async () => (await watched.textContent()) === spacesText(await serverSpaces())).toBe(true);
    const before = (await watched.textContent())!;

    await logInWithCookie(page.context(), request, baseURL!, customer);
    await page.goto(path);
    await itemAt(page, entry.name, entry.starts_at.format_24_hour).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();

    // The watcher's count moves without a reload, to what the server now counts.
    await expect(watched).not.toHaveText(before, { timeout: 2_000 });
    await expect.poll(async () => (await watched.textContent()) === spacesText(await serverSpaces())).toBe(true);
    expect(Number(/\d+/.exec((await watched.textContent())!)?.[0])).toBeLessThan(Number(/\d+/.exec(before)?.[0]));
  } finally {
    await watcher.close();
  }
});

test('joining and leaving the waitlist of a full class, with their toasts', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'waitlist');
  const { path, entry } = await findClass(request, 'JOIN_WAITLIST', { token: customer.token });
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  // A logged-in first render fetches the day after the page: slow on a loaded machine.
  await expect(item.getByTestId('timetable-spaces')).toContainText('Full', { timeout: 20_000 });

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
