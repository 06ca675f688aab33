import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { bookableDates } from '../support/customer.ts';
import { venueToday, yearsBefore } from '../support/dates.ts';
import { logInWithCookie, whenHashPoolFree } from '../support/login.ts';

/**
 * Issue 21 "ask for date of birth only when a ticket has an age rule" (docs/first-booking.md):
 * a customer who signed up without one books a swim; the Junior ticket (ages 0 to 15) asks for
 * the date in the ticket dialog, saves it on the account, checks it fits, and goes on to the
 * basket (or says it does not fit and offers the tickets that do). Real server and demo data.
 */

const VENUE = 'bury-leisure-centre';
const SHOTS = process.env.ISSUE21_SHOTS;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A customer signed up as /register does now: name, email, password and terms; no date of birth. */
const signUpLight = async (request: APIRequestContext) => {
  const client = ((await (await request.get('/api/client')).json()) as { data: { id: number } }).data;
  const email = `e2e.dob.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.net`;
  const password = 'a quiet lake at dawn';
  const response = await whenHashPoolFree(() =>
    request.post('/api/auth/customer/register', {
      // Sign-ups are limited per address: each from an address of its own (support/signup.ts).
      headers: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
      data: { client_id: client.id, source: 'bookings', first_name: 'Casey', last_name: 'Holt', email, password, terms: true },
    }),
  );
  expect(response.status(), await response.text()).toBe(201);
  return { email, password, token: ((await response.json()) as { token: string }).token };
};

const shoot = async (page: Page, info: TestInfo, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const file = info.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file });
    if (SHOTS) fs.copyFileSync(file, path.join(SHOTS, `${name}-${width}.png`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** Logs the new customer in, opens a swim day and presses Book on its first bookable session. */
const openSwimDialog = async (page: Page, request: APIRequestContext, baseURL: string) => {
  const who = await signUpLight(request);
  await logInWithCookie(page.context(), request, baseURL, who);
  const [day] = (await bookableDates(request, 'public-swim')).slice(1);
  await page.goto(`/location/${VENUE}/public-swim/${day}`);
  const swim = page.getByTestId('timetable-item').filter({ has: page.getByRole('button', { name: 'Book', exact: true }) }).first();
  await expect(swim).toBeVisible({ timeout: 40_000 });
  await swim.getByRole('button', { name: 'Book', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a ticket' });
  await expect(dialog).toBeVisible();
  return { who, dialog };
};

const typeDate = async (dialog: ReturnType<Page['getByRole']>, iso: string) => {
  const [year, month, day] = iso.split('-');
  await dialog.getByRole('textbox', { name: 'Day' }).fill(day!);
  await dialog.getByRole('textbox', { name: 'Month' }).fill(month!);
  await dialog.getByRole('textbox', { name: 'Year' }).fill(year!);
};

const basketOf = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/activities/cart', { headers: auth(token) })).json()) as { data: { items: { pricing_option_name: string }[] } }).data.items;
const dateOfBirthOf = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/auth/user', { headers: auth(token) })).json()) as { data: { membership_user: { date_of_birth: string | null } } }).data.membership_user.date_of_birth;

test('the Junior ticket asks a customer without a date of birth for it, saves it, and adds the swim to the basket', async ({ page, request, baseURL }, info) => {
  // Two axe runs at two widths and four screenshots, on a loaded machine.
  test.setTimeout(180_000);
  const { who, dialog } = await openSwimDialog(page, request, baseURL!);
  // Every ticket is offered, the Junior one with its age rule; the Adult one asks nothing.
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByTestId('date-of-birth')).toHaveCount(0);
  await dialog.getByRole('radio', { name: /^Junior/ }).check();
  const group = dialog.getByRole('group', { name: 'What is your date of birth?' });
  await expect(group).toContainText('The Junior ticket is for ages 0 to 15.');
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, info, 'dob-prompt');

  // Nothing typed: the error summary, focused, and the field's own message.
  await dialog.getByRole('button', { name: 'Add to basket' }).click();
  const summary = dialog.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Enter your date of birth']);
  await expect(group).toContainText('Enter your date of birth');
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, info, 'dob-prompt-error');
  expect(await dateOfBirthOf(request, who.token)).toBeNull();

  // A nine-year-old's date (from the clock): saved, and the Junior swim goes to the basket.
  const born = yearsBefore(venueToday(), 9);
  await typeDate(dialog, born);
  await dialog.getByRole('button', { name: 'Add to basket' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible();
  expect(await dateOfBirthOf(request, who.token)).toBe(born);
  expect((await basketOf(request, who.token)).map((item) => item.pricing_option_name)).toEqual(['Junior']);
});

test('an adult who chose the Junior ticket: the date is saved, the dialog says why it does not fit and offers the others', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const { who, dialog } = await openSwimDialog(page, request, baseURL!);
  await dialog.getByRole('radio', { name: /^Junior/ }).check();
  await typeDate(dialog, yearsBefore(venueToday(), 34));
  await dialog.getByRole('button', { name: 'Add to basket' }).click();
  const notice = dialog.getByTestId('tickets-no-fit');
  await expect(notice).toHaveText('Date of birth saved. The Junior ticket is for ages 0 to 15; Casey is 34. Choose another ticket.');
  await expect(notice).toBeFocused();
  await expect(dialog.getByRole('radio', { name: /^Junior/ })).toHaveCount(0);
  expect(await basketOf(request, who.token)).toEqual([]);
  await expect(dialog.getByRole('radio', { name: /^Adult/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add to basket' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await basketOf(request, who.token)).map((item) => item.pricing_option_name)).toEqual(['Adult']);
});
