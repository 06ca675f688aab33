import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { venueToday, yearsBefore } from '../support/dates.ts';
import { logInWithCookie, whenHashPoolFree } from '../support/login.ts';
import { toast } from '../checkout/support.ts';

/**
 * Issue 21 "ask for date of birth only when a ticket or plan has an age rule", on the course page
 * (docs/courses.md "Date of birth"): a customer who signed up without one opens Adult Beginners
 * Swimming (ages 16 and over). They and their partner, who has none either, can be chosen; the
 * panel asks for the chosen person's date (error summary on an empty try), saves it on the
 * account, checks the age range and books, or says why the person does not fit. One page load.
 */

const VENUE = 'bury-leisure-centre';
const COURSE = `/courses/location/${VENUE}/adult-swimming-lessons/adult-beginners-swimming`;
const SHOTS = process.env.ISSUE21_SHOTS;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A customer signed up as /register does now (name, email, password, terms; no date of birth), and a partner without one. */
const signUpWithPartner = async (request: APIRequestContext) => {
  const client = ((await (await request.get('/api/client')).json()) as { data: { id: number } }).data;
  const email = `e2e.course-dob.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.net`;
  const password = 'a quiet lake at dawn';
  const response = await whenHashPoolFree(() =>
    request.post('/api/auth/customer/register', {
      // Sign-ups are limited per address: each from an address of its own (support/signup.ts).
      headers: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
      data: { client_id: client.id, source: 'bookings', first_name: 'Casey', last_name: 'Holt', email, password, terms: true },
    }),
  );
  expect(response.status(), await response.text()).toBe(201);
  const token = ((await response.json()) as { token: string }).token;
  const partner = await request.post('/api/dashboard/family-members', { headers: auth(token), data: { first_name: 'Robin', last_name: 'Holt', relationship: 'partner' } });
  expect(partner.status(), await partner.text()).toBe(201);
  return { email, password, token };
};

type Person = { first_name: string; date_of_birth: string | null };
const datesOfBirth = async (request: APIRequestContext, token: string) => {
  const user = ((await (await request.get('/api/auth/user', { headers: auth(token) })).json()) as { data: { membership_user: Person; membership_users: Person[] } }).data;
  return Object.fromEntries([user.membership_user, ...user.membership_users].map((p) => [p.first_name, p.date_of_birth]));
};

const shoot = async (page: Page, panel: Locator, info: TestInfo, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const file = info.outputPath(`${name}-${width}.png`);
    // The date input (and the summary above it) in view; a full-page shot would paint the sticky header mid-page.
    await panel.getByTestId('date-of-birth').evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: file });
    if (SHOTS) fs.copyFileSync(file, path.join(SHOTS, `${name}-${width}.png`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const typeDate = async (panel: Locator, iso: string) => {
  const [year, month, day] = iso.split('-');
  await panel.getByRole('textbox', { name: 'Day' }).fill(day!);
  await panel.getByRole('textbox', { name: 'Month' }).fill(month!);
  await panel.getByRole('textbox', { name: 'Year' }).fill(year!);
};

test('the course page asks for a missing date of birth, saves it, and books the course or says why the person does not fit', async ({ page, request, baseURL }, info) => {
  // Two axe runs at two widths and four screenshots, on a loaded machine.
  test.setTimeout(180_000);
  const who = await signUpWithPartner(request);
  await logInWithCookie(page.context(), request, baseURL!, who);
  await page.goto(COURSE);
  const panel = page.getByTestId('course-booking');

  // Casey (the customer) is chosen; the date input asks for their date, with the course's range.
  await expect(panel.getByRole('radio', { name: /Casey Holt/ })).toBeChecked();
  await expect(panel.getByRole('radio', { name: /Robin Holt/ })).toBeEnabled();
  const own = panel.getByRole('group', { name: 'What is your date of birth?' });
  await expect(own).toContainText('This course is for ages 16 and over.');
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, panel, info, 'course-dob-prompt');

  // Nothing typed: the error summary, focused, and the field's own message; nothing saved or held.
  await panel.getByRole('button', { name: 'Book course' }).click();
  const summary = panel.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Enter your date of birth']);
  await expect(own).toContainText('Enter your date of birth');
  await expectNoAxeViolationsAtWidths(page);
  await shoot(page, panel, info, 'course-dob-prompt-error');

  // Robin is twelve: the date is saved on Robin, and the panel says why the course is not for them.
  await panel.getByRole('radio', { name: /Robin Holt/ }).check();
  await expect(summary).toHaveCount(0);
  const robins = panel.getByRole('group', { name: "What is Robin's date of birth?" });
  const robinBorn = yearsBefore(venueToday(), 12);
  await typeDate(robins, robinBorn);
  await panel.getByRole('button', { name: 'Book course' }).click();
  const notice = panel.getByTestId('course-no-fit');
  await expect(notice).toHaveText(/^Date of birth saved\. Robin will be 12 when the course starts; it is for ages 16 and over\.$/);
  await expect(notice).toBeFocused();
  await expect(panel.getByRole('radio', { name: /Robin Holt/ })).toBeDisabled();

  // Casey's own date: saved, then the course goes to the basket for Casey.
  await expect(panel.getByRole('radio', { name: /Casey Holt/ })).toBeChecked();
  const caseyBorn = yearsBefore(venueToday(), 34);
  await typeDate(own, caseyBorn);
  await panel.getByRole('button', { name: 'Book course' }).click();
  await expect(toast(page, 'Successfully added item to the basket.')).toBeVisible();
  await expect(panel.getByText('Already in your basket.')).toBeVisible();
  expect(await datesOfBirth(request, who.token)).toEqual({ Casey: caseyBorn, Robin: robinBorn });
});
