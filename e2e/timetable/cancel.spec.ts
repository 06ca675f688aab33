import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';
import { findClass, holdViaApi, newCustomer } from '../support/customer.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { acceptTerms, expectConfirmation, fillCard, toast } from '../checkout/support.ts';

/**
 * Issue 20 (spec §7): cancelling from the bookings site. A customer of its own books a class
 * (tomorrow onwards, so at least 4 hours ahead) and cancels it from the time-slot screen: the
 * dialog says the credit, the call is DELETE activities/bookings/{id}/?source=bookings, and the
 * class can be booked again.
 */
test.describe.configure({ timeout: 120_000 });

const itemAt = (page: Page, name: string, time: string): Locator =>
  page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?, ${time}`) }) });

test('a customer cancels a booked class from the timetable for credit (source=bookings)', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'cancel');
  const { path, entry } = await findClass(request, 'BOOK', { token: customer.token, minSpaces: 2 });
  await holdViaApi(request, customer.token, entry);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket/checkout');
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expectConfirmation(page, 1);

  await page.goto(path);
  const item = itemAt(page, entry.name, entry.starts_at.format_24_hour);
  await expect(item).toContainText('Booked', { timeout: 20_000 });
  const cancels: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'DELETE') cancels.push(new URL(sent.url()).pathname + new URL(sent.url()).search);
  });
  await item.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('account credit, valid for 12 months');
  await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();

  await expect(toast(page, 'Booking cancelled.')).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'has been added to your account credit.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(cancels).toHaveLength(1);
  expect(cancels[0]).toMatch(/^\/api\/activities\/bookings\/\d+\/\?source=bookings$/);
  await expect(item.getByRole('button', { name: 'Book', exact: true })).toBeVisible({ timeout: 15_000 });
});
