import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';
import { findClass, holdViaApi, newCustomer } from '../support/customer.ts';
import { CUSTOMER, logInWithCookie } from '../support/login.ts';

/**
 * Issue 21 "Buttons and small screens", on a 375 px phone: after 'Added to basket' the toast
 * offers 'View basket' and a sticky basket bar shows the count, the holds' time left and the
 * total, never over the toasts or the focused element; destructive buttons look destructive
 * (danger outline, solid danger only for a dialog's final confirm, the safe choice neutral);
 * the account's tab strip scrolls with a visible affordance instead of cutting tabs off.
 * Screenshots of each at 375 and 1280 px go to the test's output (docs/screenshots/issue-21).
 */
const PHONE = { width: 375, height: 800 };
test.use({ viewport: PHONE });

const accountSite = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'my-account.localhost';
  return url.toString();
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const itemAt = (page: Page, name: string, time: string): Locator =>
  page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${escape(name)}\\s?, ${time}`) }) });
const shoot = async (page: Page, name: string, width: number) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('after Book: the toast offers View basket and the basket bar shows count, time left and total, clear of the toasts and of focus', async ({ page, request, baseURL }) => {
  // A sign-up, a booking and a walk with Tab through the whole timetable page.
  test.setTimeout(180_000);
  const customer = await newCustomer(request, 'basketbar');
  const { path, entry } = await findClass(request, 'BOOK', { minSpaces: 3 });
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  await expect(item.getByTestId('timetable-time')).toBeVisible({ timeout: 20_000 });
  await waitForApp(page);
  const bar = page.getByTestId('basket-bar');
  await expect(bar).toHaveCount(0);

  await item.getByRole('button', { name: 'Book', exact: true }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast.getByRole('link', { name: 'View basket' })).toHaveAttribute('href', '/basket');

  // The bar: count, the earliest hold's time left (counting down), the total, View basket.
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('1 item');
  const time = bar.getByTestId('basket-bar-time');
  await expect(time).toHaveText(/^Held for (1[0-5]|0\d):[0-5]\d$/);
  const first = await time.textContent();
  await expect(time).not.toHaveText(first!, { timeout: 3_000 });
  await expect(bar.getByTestId('basket-bar-total')).toHaveText(/^£\d+\.\d{2}$/);
  const view = bar.getByRole('link', { name: 'View basket' });
  // Read on focus (its description), never announced as it ticks.
  const description = await view.evaluate((link) => document.getElementById(link.getAttribute('aria-describedby')!)?.textContent ?? '');
  expect(description).toMatch(/1 item.*total £\d+\.\d{2}.*Held for \d\d:\d\d/);
  expect(await bar.evaluate((el) => el.querySelectorAll('[aria-live],[role="status"],[role="alert"],[role="timer"]').length + (el.closest('[aria-live]') ? 1 : 0))).toBe(0);

  // The toast sits above the bar, below the header; neither covers the other.
  const barBox = (await bar.boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  const header = (await page.locator('#site-header').boundingBox())!;
  expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  await shoot(page, 'basket-bar-toast', 375);
  await expectNoAxeViolations(page, 'with the basket bar and the toast');

  // Keyboard: every element Tab reaches is clear of the bar (scroll-padding-bottom), up to the bar's own link.
  // (the toast closes itself after its 5 s)
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  await page.locator('#main').focus();
  for (let presses = 0; presses < 300; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const box = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
      return {
        inBar: Boolean(el.closest('#basket-bar')),
        box: box(el.getBoundingClientRect()),
        bar: box(document.getElementById('basket-bar')!.getBoundingClientRect()),
        name: el.textContent?.trim().slice(0, 40),
      };
    });
    if (!focused) continue;
    if (focused.inBar) break;
    expect(overlaps(focused.box, focused.bar), `'${focused.name}' is under the basket bar`).toBe(false);
  }
  await expect(view).toBeFocused();
  await shoot(page, 'basket-bar', 375);

  // Not on wide screens, where the header shows the basket.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
  await shoot(page, 'basket-bar', 1280);
  await page.setViewportSize(PHONE);

  // Hidden on the basket page itself.
  await view.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('destructive buttons look destructive: outlined in danger, solid danger only for a dialog’s final confirm, the safe choice neutral', async ({ page, request, baseURL }) => {
  test.slow();
  const customer = await newCustomer(request, 'danger');
  const { path, entry } = await findClass(request, 'BOOK', { minSpaces: 3 });
  await holdViaApi(request, customer.token, entry);
  await logInWithCookie(page.context(), request, baseURL!, customer);

  // The timetable: the held place's 'Remove from basket'.
  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  await expect(item.getByRole('button', { name: 'Remove from basket' })).toHaveAttribute('data-variant', 'danger-outline', { timeout: 20_000 });

  // The basket: Remove and Clear basket; the clear dialog.
  await page.goto('/basket');
  await expect(page.getByTestId('basket-item')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('basket-remove')).toHaveAttribute('data-variant', 'danger-outline');
  const clear = page.getByRole('button', { name: 'Clear basket' });
  await expect(clear).toHaveAttribute('data-variant', 'danger-outline');
  await expect(clear).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(clear).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await clear.click();
  const dialog = page.getByTestId('clear-basket-dialog');
  await expect(dialog.getByRole('button', { name: 'Keep my basket' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Keep my basket' })).toHaveAttribute('data-variant', 'neutral');
  const confirm = dialog.getByRole('button', { name: 'Yes, clear basket' });
  await expect(confirm).toHaveAttribute('data-variant', 'danger');
  await expect(confirm).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await expectNoAxeViolations(page, 'with the clear-basket dialog open');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await shoot(page, 'clear-basket-dialog', width);
  }
  await page.setViewportSize(PHONE);
  await dialog.getByRole('button', { name: 'Keep my basket' }).click();
  await expect(page.getByTestId('basket-item')).toHaveCount(1);

  // The account's bookings (the demo customer's seeded future bookings; nothing is cancelled here).
  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), CUSTOMER);
  await page.goto(accountSite(baseURL!, '/bookings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const cancel = page.getByTestId('booking-card').getByRole('button', { name: /^Cancel / }).first();
  await expect(cancel).toHaveAttribute('data-variant', 'danger-outline', { timeout: 15_000 });
  await cancel.click();
  const cancelDialog = page.getByTestId('cancel-booking-dialog');
  await expect(cancelDialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
  await expect(cancelDialog.getByRole('button', { name: 'Keep booking' })).toHaveAttribute('data-variant', 'neutral');
  await expect(cancelDialog.getByRole('button', { name: 'Cancel booking' })).toHaveAttribute('data-variant', 'danger');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await shoot(page, 'cancel-booking-dialog', width);
  }
  await cancelDialog.getByRole('button', { name: 'Keep booking' }).click();
  await expect(cancelDialog).toBeHidden();
});

test('the account tab strip scrolls with a visible affordance, keeps the current tab in view and never scrolls the page sideways', async ({ page, request, baseURL }) => {
  test.slow();
  // The arrows scroll at once when less motion is asked for (smoothly otherwise), so each click's end is known.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), CUSTOMER);
  await page.goto(accountSite(baseURL!, '/payments'));
  const nav = page.getByRole('navigation', { name: 'My account' });
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible({ timeout: 15_000 });
  await waitForApp(page);
  const inView = async (locator: Locator, width: number) => {
    const box = (await locator.boundingBox())!;
    return box.x >= 0 && box.x + box.width <= width;
  };
  // The current tab, near the end of the strip, is in view on arrival; there is more to the left.
  const payments = nav.getByRole('link', { name: 'Payments' });
  await expect.poll(() => inView(payments, PHONE.width)).toBe(true);
  await expect(page.getByTestId('account-tabs-before')).toBeVisible();
  // ... and not under either arrow.
  for (const arrow of [page.getByTestId('account-tabs-before'), page.getByTestId('account-tabs-after')]) {
    if (await arrow.isVisible()) expect(overlaps((await payments.boundingBox())!, (await arrow.locator('button').boundingBox())!)).toBe(false);
  }
  await shoot(page, 'account-tabs-payments', 375);

  await page.goto(accountSite(baseURL!, '/dashboard'));
  await expect(page.getByTestId('home-dashboard')).toBeVisible({ timeout: 15_000 });
  await waitForApp(page);
  // More to the right: a fade and an arrow say so, and the arrow scrolls the strip to Log out.
  const after = page.getByTestId('account-tabs-after');
  await expect(after).toBeVisible();
  await shoot(page, 'account-tabs', 375);
  const logOut = nav.getByRole('button', { name: 'Log out' });
  expect(await inView(logOut, PHONE.width)).toBe(false);
  for (let clicks = 0; clicks < 6 && (await after.isVisible()); clicks += 1) await after.locator('button').click();
  await expect.poll(() => inView(logOut, PHONE.width)).toBe(true);
  await expect(after).toBeHidden();
  await expect(page.getByTestId('account-tabs-before')).toBeVisible();
  await expectNoAxeViolations(page, 'with the tab strip scrolled');

  // Keyboard: Tab reaches every tab and brings it into view.
  await page.goto(accountSite(baseURL!, '/dashboard'));
  await expect(page.getByTestId('home-dashboard')).toBeVisible({ timeout: 15_000 });
  await waitForApp(page);
  await nav.getByRole('link', { name: 'Dashboard' }).focus();
  for (const name of ['My details', 'Memberships', 'Packages', 'Bookings']) {
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name })).toBeFocused();
    await expect.poll(() => inView(nav.getByRole('link', { name }), PHONE.width)).toBe(true);
  }

  // At 320 px the page itself never scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // On a wide screen every tab fits: no arrows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(after).toBeHidden();
  await expect(page.getByTestId('account-tabs-before')).toBeHidden();
  expect(await inView(logOut, 1280)).toBe(true);
  await shoot(page, 'account-tabs', 1280);
});
