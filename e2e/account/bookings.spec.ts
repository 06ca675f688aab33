import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { bookableDates, dayEntries, holdViaApi } from '../support/customer.ts';
import { acceptTerms, fillCard } from '../checkout/support.ts';
import { logInWithCookie, loginToken } from '../support/login.ts';
import { fillSignUp } from '../support/signup.ts';

/**
 * Issue 11 (account bookings): a visitor signs up, lands logged in on the timetable, books and
 * pays, finds the booking in Bookings, cancels it at least 4 hours ahead, sees the credit on the
 * dashboard and spends it at checkout. A new customer of its own, so the demo customer's basket
 * and credit, shared by other journeys, are left alone.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const accountSite = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'my-account.localhost';
  return url.toString();
};
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

type Entry = Awaited<ReturnType<typeof dayEntries>>[number] & { name: string; price?: { raw?: number } };

const PASSWORD = 'a slow river in autumn';

/** Two yoga classes of one name (tomorrow onwards, so more than 4 hours away) with places, as a visitor sees them, with the first one's day. */
const twoClasses = async (request: APIRequestContext) => {
  const found: Entry[] = [];
  let firstDate = '';
  for (const date of (await bookableDates(request, 'yoga')).slice(1)) {
    for (const entry of (await dayEntries(request, 'yoga', date)) as Entry[]) {
      if (entry.action_to_show.status === 'BOOK' && entry.spaces_remaining > 1 && !found.some((f) => f.name !== entry.name)) {
        if (found.length === 0) firstDate = date;
        found.push(entry);
      }
      if (found.length === 2) return { first: found[0]!, second: found[1]!, firstDate };
    }
  }
  throw new Error('Two bookable yoga classes of one name were not found');
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const shoot = async (page: Page, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
};

test('sign up, book, find it in Bookings, cancel at least 4 hours ahead for credit, see it on the dashboard and spend it at checkout', async ({ page, request, baseURL }) => {
  const { first, second, firstDate } = await twoClasses(request);
  const timetable = `/location/bury-leisure-centre/yoga/${firstDate}`;
  const who = { email: `e2e.bookings.${Date.now()}@example.net`, password: PASSWORD };

  // Sign up from the timetable's way in and land logged in where we were going.
  await page.goto(`/register?redirect=${encodeURIComponent(timetable)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await fillSignUp(page, who.email, { password: PASSWORD, first: 'Robin', last: 'Ashworth' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(timetable)}$`));
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();

  // Book from the timetable, then pay by card.
  const item = page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${escape(first.name)}\\s?, ${first.starts_at.format_24_hour}`) }) });
  await item.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(toast(page, 'Successfully added item to the basket.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await page.goto('/basket/checkout');
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\/[0-9a-f-]{36}$/);
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();

  // The booking in Bookings (account site), with venue, activity, date, time, person and reference.
  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), who);
  await page.goto(accountSite(baseURL!, '/bookings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Future' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('booking-card').filter({ hasText: reference });
  await expect(card).toBeVisible();
  await expect(card).toContainText(first.name);
  await expect(card).toContainText('Bury Leisure Centre');
  await expect(card).toContainText('Robin Ashworth');
  await expect(card).toContainText(first.starts_at.format_24_hour);
  await shoot(page, 'bookings');

  // Cancel: the dialog says what comes back, focus starts on "Keep booking".
  await card.getByRole('button', { name: /^Cancel / }).click();
  const dialog = page.getByTestId('cancel-booking-dialog');
  await expect(dialog.getByRole('heading', { name: 'Cancel this booking?' })).toBeVisible();
  await expect(dialog).toContainText(/You will get £\d+\.\d{2} back as account credit, valid until \d{1,2} \w+ \d{4}\./);
  await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
  await expectNoAxeViolations(page);
  const price = (await dialog.textContent())!.match(/You will get (£\d+\.\d{2})/)![1]!;
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(toast(page, `Booking cancelled. ${price} has been added to your account credit`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('booking-card').filter({ hasText: reference })).toHaveCount(0);
  await expect(page.getByRole('tabpanel')).toBeFocused();
  await page.getByRole('tab', { name: 'Future' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
  const cancelled = page.getByTestId('booking-card').filter({ hasText: reference });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText(`${price} credited, valid until`);

  // The credit on the dashboard, with its expiry.
  await page.goto(accountSite(baseURL!, '/dashboard'));
  const credit = page.getByTestId('dashboard-credit');
  await expect(credit).toContainText(price);
  await expect(credit).toContainText(new RegExp(`${price.replace('.', '\\.')} expires on \\d{1,2} \\w+ \\d{4}`));
  await shoot(page, 'dashboard');

  // Spend it at checkout on a class that costs no more.
  await holdViaApi(request, await loginToken(request, who), second);
  await page.goto('/basket/checkout');
  const general = page.getByTestId('credit-general');
  await expect(general).toContainText('Available');
  await general.getByRole('button', { name: /^Apply/ }).click();
  await expect(toast(page, 'Credit successfully applied.')).toBeVisible();
  await expect(page.getByTestId('order-balance')).toHaveText('£0.00');
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Pay with credit and complete order' }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\/[0-9a-f-]{36}$/);
});
