import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { bookableDates, dayEntries, holdViaApi } from '../support/customer.ts';
import { acceptTerms, fillCard } from '../checkout/support.ts';
import { logInWithCookie } from '../support/login.ts';

/**
 * Issue 11 (account bookings): a customer books and pays, finds the booking in Bookings, cancels
 * it at least 4 hours ahead, sees the credit on the dashboard and spends it at checkout. A new
 * customer of its own (signed up through the API), so the demo customer's basket and credit,
 * shared by other journeys, are left alone.
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

const signUp = async (request: APIRequestContext) => {
  const client = (await (await request.get('/api/client')).json()) as { data: { id: number } };
  const venues = (await (await request.get('/api/activities/venues')).json()) as { data: { id: number; slug: string }[] };
  const email = `e2e.bookings.${Date.now()}@example.net`;
  const response = await request.post('/api/auth/customer/register?onboarding_type=customer_account_online', {
    data: {
      client_id: client.data.id,
      source: 'bookings',
      first_name: 'Robin',
      last_name: 'Ashworth',
      email,
      date_of_birth: '1985-02-11',
      phone: '07700 900321',
      address_line1: '12 Bolton Street',
      town: 'Bury',
      postcode: 'BL9 0EY',
      home_venue_id: venues.data.find((v) => v.slug === 'bury-leisure-centre')!.id,
      password: PASSWORD,
      marketing_consent: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { token: ((await response.json()) as { token: string }).token, who: { email, password: PASSWORD } };
};

/** Two yoga classes (tomorrow onwards, so more than 4 hours away) with places, the second no dearer than the first. */
const twoClasses = async (request: APIRequestContext, token: string) => {
  const found: Entry[] = [];
  for (const date of (await bookableDates(request, 'yoga', token)).slice(1)) {
    for (const entry of (await dayEntries(request, 'yoga', date, token)) as Entry[]) {
      if (entry.action_to_show.status === 'BOOK' && entry.spaces_remaining > 1 && !found.some((f) => f.name !== entry.name)) found.push(entry);
      if (found.length === 2) return found as [Entry, Entry];
    }
  }
  throw new Error('Two bookable yoga classes of one name were not found');
};

const shoot = async (page: Page, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
};

test('book, find it in Bookings, cancel at least 4 hours ahead for credit, see it on the dashboard and spend it at checkout', async ({ page, request, baseURL }) => {
  const { token, who } = await signUp(request);
  const [first, second] = await twoClasses(request, token);

  // Book and pay by card.
  await holdViaApi(request, token, first);
  await logInWithCookie(page.context(), request, baseURL!, who);
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
  await holdViaApi(request, token, second);
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
