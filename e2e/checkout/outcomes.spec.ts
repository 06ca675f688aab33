import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { logInWithCookie } from '../support/login.ts';
import { newCustomer, type Customer } from '../support/customer.ts';
import { confirmationEmail, parseMessage } from './email.ts';
import { acceptTerms, expectConfirmation, fillCard, findBookable, hold, payBasketByCard, toast } from './support.ts';

/**
 * Issue 21 "Paying and what happens after": credit before the card (all of it, part of it), a
 * declined card and a declined 3-D Secure check, the confirmation with every way it was paid and
 * the discount, the confirmation and cancellation emails. Each journey has a customer of its own;
 * its credit comes the way a customer gets it: a booking paid by card, then cancelled.
 */
// Whole journeys with axe at two widths on several screens and screenshots, on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

const SHOTS = process.env.ISSUE21_SHOTS;

/** Screenshots at both widths in the test's output (and in docs/screenshots/issue-21 when ISSUE21_SHOTS is set). */
const screenshots = async (page: Page, testInfo: TestInfo, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the screen (the credit panel's Apply and Remove once overflowed at 375 px).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} fits ${width} px` }).toBeLessThanOrEqual(width);
    const file = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    if (SHOTS) fs.copyFileSync(file, path.join(SHOTS, `${name}-${width}.png`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const money = (p: number) => `£${(p / 100).toFixed(2)}`;

/** A new customer with account credit: a class paid by card and cancelled in good time (its price comes back as credit). */
const customerWithCredit = async (request: APIRequestContext, activity = 'pilates') => {
  const customer = await newCustomer(request, 'outcomes');
  await hold(request, customer.token, await findBookable(request, customer.token, activity));
  const order = await payBasketByCard(request, customer.token);
  const bookingId = order.data.booking_ids[0]!;
  const cancelled = await request.delete(`/api/activities/bookings/${bookingId}?source=bookings`, { headers: auth(customer.token) });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const credit = (await cancelled.json()).cancellations[0].amount as number;
  expect(credit).toBeGreaterThan(0);
  return { customer, credit };
};

const checkout = async (page: Page, request: APIRequestContext, baseURL: string, customer: Customer) => {
  await logInWithCookie(page.context(), request, baseURL, customer);
  await page.goto('/basket/checkout');
  await expect(page.getByTestId('checkout-item').first()).toBeVisible({ timeout: 20_000 });
};

/** The HTML part of an .eml, shown in the browser as a mail program would. */
const showEmail = async (page: Page, raw: string) => {
  const html = parseMessage(raw).parts.find((part) => part.headers.get('content-type')?.toLowerCase().startsWith('text/html'))!;
  await page.setContent(html.body.toString('utf8'));
};

const outboxFile = async (suffix: string, contains: string) => {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let raw = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(suffix)) : [];
        raw = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).find((eml) => eml.includes(contains)) ?? '';
        return raw.length > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return raw;
};

test('credit that covers the basket: no card form until asked for; Apply account credit focuses what happened; the confirmation says Account credit', async ({ page, request, baseURL }, testInfo) => {
  const { customer, credit } = await customerWithCredit(request);
  // The cancellation email: its subject says so, with the credit and its expiry.
  const cancelledEmail = await outboxFile('-booking-cancelled.eml', customer.email);
  const cancelled = parseMessage(cancelledEmail);
  expect(cancelled.headers.get('subject')).toMatch(/^Booking cancelled: /);
  expect(cancelled.headers.get('from')).toBe('Active North West <bookings@activenorthwest.example>');
  const cancelledText = cancelled.parts.find((part) => part.headers.get('content-type')?.startsWith('text/plain'))!.body.toString('utf8');
  expect(cancelledText).toMatch(new RegExp(`Credit given: ${money(credit)}, valid until [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]+ \\d{4}`));
  await showEmail(page, cancelledEmail);
  await expect(page.getByRole('heading', { name: 'Booking cancelled' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'email-cancelled');

  // A class that credit covers.
  await hold(request, customer.token, await findBookable(request, customer.token, 'pilates'));
  await checkout(page, request, baseURL!, customer);
  await expect(page.getByTestId('credit-covers')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay by card instead' })).toBeVisible();
  const panel = page.getByTestId('credit-general');
  await expect(page.getByTestId('credit-general-available')).toHaveText(money(credit));
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'checkout-credit-only');

  await panel.getByRole('button', { name: 'Apply account credit' }).click();
  const status = page.getByTestId('credit-status');
  await expect(status).toBeFocused();
  await expect(status).toContainText('Your credit covers this order: no card is needed.');
  const total = pence((await page.getByTestId('order-total').textContent()) ?? '');
  await expect(page.getByTestId('credit-general-available')).toHaveText(money(credit - total));
  await expect(page.getByTestId('no-card-needed')).toBeVisible();
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Pay with credit and complete order' }).click();
  await expectConfirmation(page, 1);
  await expect(page.getByTestId('paid-with')).toContainText(`Account credit${money(total)}`);
});

test('credit that covers part, and a discount code: what is left for the card; the confirmation, page and email, shows the discount, Account credit and Visa ending 4242', async ({ page, request, baseURL }, testInfo) => {
  const { customer, credit } = await customerWithCredit(request);
  await hold(request, customer.token, await findBookable(request, customer.token, 'spin'));
  await hold(request, customer.token, await findBookable(request, customer.token, 'hiit'));
  const code = await request.post('/api/activities/cart/discount', { headers: auth(customer.token), data: { code: 'WELCOME10', selected_user_id: null } });
  expect(code.status(), await code.text()).toBe(200);
  await checkout(page, request, baseURL!, customer);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByTestId('card-due')).toContainText(`Your credit can pay ${money(credit)} of this order`);
  await page.getByTestId('credit-general').getByRole('button', { name: 'Apply account credit' }).click();
  const status = page.getByTestId('credit-status');
  await expect(status).toBeFocused();
  const total = pence((await page.getByTestId('order-total').textContent()) ?? '');
  await expect(status).toHaveText(`${money(credit)} of account credit applied. ${money(total - credit)} is left to pay by card.`);
  await expect(page.getByTestId('card-due')).toHaveText(`Left to pay by card: ${money(total - credit)}`);
  await expect(page.getByTestId('credit-general-available')).toHaveText('£0.00');
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'checkout-part-credit');

  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await page.getByRole('button', { name: `Pay ${money(total - credit)}` }).click();
  await expectConfirmation(page, 2);
  const paid = page.getByTestId('paid-with');
  await expect(paid).toContainText(`Account credit${money(credit)}`);
  await expect(paid).toContainText(`Visa ending 4242${money(total - credit)}`);
  await expect(page.getByTestId('order-totals')).toContainText('Discount (WELCOME10)');
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'confirmation');

  // The confirmation email: from the operator, the day in words, the venue's address, the payments, the link, the policy.
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();
  const email = await confirmationEmail(reference);
  expect(email.headers.get('from')).toBe('Active North West <bookings@activenorthwest.example>');
  const text = email.parts.find((part) => part.headers.get('content-type')?.startsWith('text/plain'))!.body.toString('utf8');
  expect(text).toMatch(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d–\d\d:\d\d/);
  expect(text).toContain(`Account credit ${money(credit)}`);
  expect(text).toContain(`Visa ending 4242 ${money(total - credit)}`);
  expect(text).toContain('Discount (WELCOME10): −£');
  expect(text).toMatch(/Manage or cancel your booking in My account > Bookings: http:\/\/my-account\.localhost:\d+\/bookings/);
  expect(text).toContain('Cancellation policy: cancel at least 4 hours before the start');
  const html = email.parts.find((part) => part.headers.get('content-type')?.startsWith('text/html'))!.body.toString('utf8');
  await page.setContent(html);
  await expect(page.getByRole('link', { name: 'Manage or cancel your booking' })).toHaveAttribute('href', /my-account\.localhost:\d+\/bookings$/);
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'email-confirmation');
});

test('a declined card and a declined 3-D Secure check: no money taken, places held until a time, what to try, focused; each in its own words', async ({ page, request, baseURL }, testInfo) => {
  const customer = await newCustomer(request, 'outcomes');
  await hold(request, customer.token, await findBookable(request, customer.token, 'spin'));
  await checkout(page, request, baseURL!, customer);
  await fillCard(page, '4000 0000 0000 0002');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  const failure = page.getByTestId('payment-failure');
  await expect(failure).toBeFocused();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined. Please try another card.');
  await expect(failure).toContainText('No money was taken from your card.');
  await expect(failure).toContainText(/Your places are still held for you until \d\d:\d\d\./);
  await expect(failure).toContainText('try another card');
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'checkout-declined');

  // The 3-D Secure page names the operator as the site does; Decline comes back with its own message.
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('dd').first()).toHaveText('Active North West');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your bank did not confirm this payment in its security check (3-D Secure), so the payment was declined.');
  await expect(page.getByTestId('payment-failure')).toBeFocused();
  await expect(page.getByTestId('payment-failure')).toContainText('No money was taken from your card.');
  await expect(toast(page, 'Unable to complete your order, please try again.')).toHaveCount(0);
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'checkout-3ds-declined');
});
