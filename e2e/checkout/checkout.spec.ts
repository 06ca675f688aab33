import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { addChild, newCustomer } from '../support/customer.ts';
import { acceptTerms, expectConfirmation, fillCard, findBookable, hold, toast } from './support.ts';
import { calendarEvents, confirmationEmail } from './email.ts';

/**
 * Issue 10: pay by card (frictionless, challenge, decline) and see the confirmation. Each journey
 * has a customer of its own, so they run in parallel; paying with the demo customer's seeded
 * credit is in demo-customer.spec.ts.
 */
// Whole journeys with axe at two widths on three pages: longer than the default 30 s on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('two classes for yourself and a child: questions, waiver and terms required, then 4242 pays', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'checkout');
  const { token } = customer;
  const olivia = await addChild(request, customer, 'Olivia');
  await hold(request, token, await findBookable(request, token, 'spin', { name: 'Spin 45' }));
  await hold(request, token, await findBookable(request, token, 'hiit', { name: 'Kettlebell Blast' }), olivia);
  await logInWithCookie(page.context(), request, baseURL!, customer);

  await page.goto('/basket/checkout');
  await expect(page.getByTestId('checkout-item')).toHaveCount(2);
  await expect(page.getByTestId('checkout-item').filter({ hasText: 'Kettlebell Blast' })).toContainText('For Olivia Marsden');
  await expect(page.getByTestId('checkout-time-left')).toContainText(/\d\d:\d\d/);
  const question = page.getByLabel('Do you need a bike set-up from the instructor?');
  await expect(question).toBeVisible();
  await expect(page.getByTestId('waiver')).toContainText('Olivia');

  // Nothing filled in: each required field says why, and focus goes to the first.
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(question).toBeFocused();
  await expect(question).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await question.getAttribute('aria-describedby')}`)).toHaveText(/Required/);
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('checkbox', { name: /terms/ })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolationsAtWidths(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await question.selectOption('Yes');
  await page.getByRole('checkbox', { name: /agree to it on behalf of Olivia/ }).check();
  await page.getByLabel('Type your full name to sign').fill(customer.name);
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();

  await expectConfirmation(page, 2);
  await expect(page.getByTestId('confirmed-booking').filter({ hasText: 'Kettlebell Blast' })).toContainText('For Olivia Marsden');
  await expectNoAxeViolationsAtWidths(page);

  // The confirmation email in the server's outbox: the reference in the subject, plain text and
  // HTML, and the bookings as an attached .ics with one event each.
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();
  const email = await confirmationEmail(reference);
  expect(email.headers.get('subject')).toBe(`Booking confirmed: ${reference}`);
  const part = (type: string) => email.parts.filter((p) => p.headers.get('content-type')?.toLowerCase().startsWith(type));
  expect(part('text/plain')).toHaveLength(1);
  expect(part('text/plain')[0]!.body.toString('utf8')).toContain(`Your reference is ${reference}.`);
  expect(part('text/html')).toHaveLength(1);
  expect(part('text/html')[0]!.body.toString('utf8')).toContain(`<strong>${reference}</strong>`);
  const [attachment] = part('text/calendar');
  expect(attachment?.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="?booking-${reference}\\.ics"?$`));
  const events = calendarEvents(attachment!.body.toString('utf8'));
  expect(events.map((event) => event.summary).sort()).toEqual([
    expect.stringMatching(/^Kettlebell Blast \(Olivia Marsden\)$/),
    expect.stringMatching(/^Spin 45 \(Jo Marsden\)$/),
  ]);
  for (const event of events) expect(event.dtstart).toMatch(/^\d{8}T\d{6}Z$/);
  // Add to calendar downloads the same events as a valid .ics file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe(`booking-${reference}.ics`);
  expect(calendarEvents(fs.readFileSync((await download.path())!, 'utf8'))).toEqual(events);
  // The basket is empty now.
  const cart = await request.get('/api/activities/cart', { headers: { authorization: `Bearer ${token}` } });
  expect(((await cart.json()) as { data: { item_count: number } }).data.item_count).toBe(0);
});

test('4000 0000 0000 3220 asks for a challenge; Approve completes the order', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'checkout');
  const { token } = customer;
  await hold(request, token, await findBookable(request, token, 'pilates'));
  await logInWithCookie(page.context(), request, baseURL!, customer);

  await page.goto('/basket/checkout');
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  await fillCard(page, '4000 0000 0000 3220');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();

  await expect(page).toHaveURL(/\/simulator\/challenge/);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectConfirmation(page, 1);
});

test('4000 0000 0000 0002 is declined: the message shows and the basket stays', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'checkout');
  const { token } = customer;
  await hold(request, token, await findBookable(request, token, 'pilates'));
  await logInWithCookie(page.context(), request, baseURL!, customer);

  await page.goto('/basket/checkout');
  await fillCard(page, '4000 0000 0000 0002');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();

  await expect(toast(page, 'Your card was declined. Please try another card.')).toBeVisible();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined. Please try another card.');
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  await expect(page.getByTestId('checkout-item')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeEnabled();
  const cart = await request.get('/api/activities/cart', { headers: { authorization: `Bearer ${token}` } });
  expect(((await cart.json()) as { data: { item_count: number } }).data.item_count).toBe(1);
});

test('a card saved with an order pays the next one, and can be deleted', async ({ page, request, baseURL }) => {
  // Three orders' worth of checkout on a loaded machine.
  test.slow();
  const customer = await newCustomer(request, 'checkout');
  const { token } = customer;
  await hold(request, token, await findBookable(request, token, 'pilates'));
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket/checkout');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expectConfirmation(page, 1);

  await hold(request, token, await findBookable(request, token, 'pilates'));
  await page.goto('/basket/checkout');
  const saved = page.getByRole('radio', { name: /Visa ending 4242/ });
  await expect(saved).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expectConfirmation(page, 1);

  await hold(request, token, await findBookable(request, token, 'pilates'));
  await page.goto('/basket/checkout');
  await page.getByRole('button', { name: 'Delete card ending 4242' }).click();
  await expect(toast(page, 'Saved card deleted.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa ending 4242/ })).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('membership pricing shows member and non-member prices side by side', async ({ page, request, baseURL }) => {
  await logInWithCookie(page.context(), request, baseURL!);
  await page.goto('/pricing');
  await page.getByLabel('Activity').selectOption({ label: 'Pilates' });
  await page.getByRole('button', { name: 'Show prices' }).click();
  const table = page.getByTestId('pricing-table');
  await expect(table.getByRole('columnheader', { name: 'Non-member', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Member', exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('£7.50');
  await expect(table.getByRole('row').nth(1)).toContainText('£4.50');
  await expectNoAxeViolationsAtWidths(page);
});
