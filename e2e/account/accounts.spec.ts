import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { CUSTOMER, logInWithModal } from '../support/login.ts';
import { findClass } from '../support/customer.ts';
import { fillSignUp } from '../support/signup.ts';
import { dayMonthYear, venueToday, yearsBefore } from '../support/dates.ts';
import { waitForApp } from '../support/app.ts';

// Each journey signs up and logs in several times: a password hash each, one hash at a time (docs/security.md).
test.describe.configure({ timeout: 90_000 });

const accountSite = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'my-account.localhost';
  return url.toString();
};

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');
/** The newest .eml in the server's outbox of this kind sent to `to` (delivered by the job runner). */
const lastEmail = async (kind: string, to: string) => {
  let found = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith(`-${kind}.eml`)) : [];
        const matching = files
          .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
          .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
          .filter((eml) => eml.includes(`To: ${to}`));
        found = matching.at(-1) ?? '';
        return found.length > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  // Quoted-printable soft line breaks and '=3D' for '='.
  return found.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
};

let n = 0;
const newEmail = () => `e2e.${Date.now()}.${++n}@example.net`;


test('sign up from the login modal, land logged in where you were, with your own details on the account site', async ({ page, baseURL }) => {
  await page.goto('/pricing');
  await page.getByTestId('login-button').first().click();
  await page.getByTestId('login-modal').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fpricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();

  // Nothing filled: the error summary (issue 21, GOV.UK) takes focus and names each field's problem.
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(5);

  const email = newEmail();
  await fillSignUp(page, email, { password: 'password1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  // The server refuses a common password: in the summary and on the field.
  const common = 'This password is too common or easy to guess. Choose another.';
  await expect(summary.getByRole('link', { name: common })).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/too common or easy to guess/);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(summary.getByRole('link', { name: 'Password: Must contain at least 8 character(s)' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a quiet lake at dawn');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Welcome, Casey. Your account is ready.' })).toBeVisible();
  const welcome = await lastEmail('welcome', email);
  expect(welcome).toContain('Hello Casey');

  // The register page is for visitors only: a logged-in customer goes on to `redirect`.
  await page.goto('/register?redirect=/pricing');
  await expect(page).toHaveURL(/\/pricing$/);

  // Follow My account: arrive logged in on the account site (one-time token, removed from the address).
  await page.getByTestId('my-account-button').first().click();
  await expect(page).toHaveURL(accountSite(baseURL!, '/dashboard'));
  await expect(page.getByRole('heading', { name: 'Welcome back, Casey' })).toBeVisible();
});

test('logged in on the bookings site, follow My account and arrive logged in; log out there says so', async ({ page, baseURL }) => {
  await page.goto('/');
  await logInWithModal(page);
  await page.getByTestId('my-account-button').first().click();
  await expect(page).toHaveURL(accountSite(baseURL!, '/dashboard'));
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  // The account site now has its own session: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();

  await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Log out' }).or(page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Log out' })).first().click();
  await expect(page.getByTestId('toast')).toHaveText('You are now logged out');
  // Only this site: the bookings site still has its session.
  await page.goto(baseURL!);
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();
});

test('a used or stale login link leaves the visitor logged out, and the address clean', async ({ page, baseURL }) => {
  await page.goto(accountSite(baseURL!, '/dashboard?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('forgotten password → email in the outbox → reset → log in with the new password, old sessions gone', async ({ page, browser, baseURL }) => {
  // An account with a session open elsewhere.
  const email = newEmail();
  await page.goto('/register');
  await fillSignUp(page, email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(`${baseURL}/`);
  await logInWithModal(other, { email, password: 'a quiet lake at dawn' });

  const visitor = await browser.newContext();
  const reset = await visitor.newPage();
  await reset.goto(`${baseURL}/`);
  // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
  await waitForApp(reset);
  await reset.getByTestId('login-button').first().click();
  await reset.getByTestId('login-modal').getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(reset.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeVisible();
  await reset.getByLabel('Email or customer reference').fill(email);
  await reset.getByRole('button', { name: 'Send reset link' }).click();
  await expect(reset.getByTestId('forgotten-password-sent')).toContainText('If we have an account with those details');

  const eml = await lastEmail('password_reset', email);
  // One operator name (issue 21): the site's header and the email's sender say the same (clients.name;
  // the 3-D Secure page's merchant too, e2e/checkout/outcomes.spec.ts).
  const operator = (await (await reset.request.get('/api/client')).json()).data.name as string;
  expect(operator).toBe('Active North West');
  await expect(reset.getByRole('banner').getByRole('link', { name: operator, exact: true })).toBeVisible();
  expect(eml).toMatch(new RegExp(`^From: ${operator} <`, 'm'));
  const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(eml)![1]!;
  await reset.goto(`${baseURL}${new URL(link).pathname}${new URL(link).search}`);
  await expect(reset.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(reset.url()).not.toContain('token=');
  await reset.getByLabel('New password').fill('a brighter lake at noon');
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByTestId('password-reset-done')).toContainText('Your password has been changed');
  await reset.getByTestId('password-reset-done').getByRole('button', { name: 'Log in' }).click();
  await expect(reset.getByTestId('login-modal')).toBeVisible();
  await logInWithModalForm(reset, email, 'a brighter lake at noon');

  // The sessions opened before the reset are gone.
  for (const [context, site] of [[elsewhere, other], [page.context(), page]] as const) {
    const token = (await context.cookies()).find((c) => c.name === 'auth_token_bookings')!.value;
    expect((await site.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  }
  // The link works once.
  await reset.goto(`${baseURL}${new URL(link).pathname}${new URL(link).search}`);
  await reset.getByLabel('New password').fill('yet another lake view');
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByRole('alert')).toContainText('invalid or has expired');
  await elsewhere.close();
  await visitor.close();
});

const logInWithModalForm = async (page: Page, email: string, password: string) => {
  const modal = page.getByTestId('login-modal');
  await modal.getByLabel('Email or customer reference').fill(email);
  await modal.getByLabel('Password').fill(password);
  await modal.getByRole('button', { name: 'Log in' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();
};

test('add a child in My details, change and remove a family member, then book a class for the child', async ({ page, request, baseURL }) => {
  const email = newEmail();
  await page.goto('/register');
  await fillSignUp(page, email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();
  await page.getByTestId('my-account-button').first().click();
  await expect(page).toHaveURL(accountSite(baseURL!, '/dashboard'));
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My details' }).click();

  const family = page.getByTestId('family-members');
  await expect(family.getByText('You have not added any family members yet.')).toBeVisible();
  await family.getByRole('button', { name: 'Add a family member' }).click();
  await family.getByLabel('First name').fill('Robin');
  // A child needs a date of birth: the error summary (issue 21), focused, links to the field.
  await family.getByRole('button', { name: 'Add family member' }).click();
  const summary = family.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'Enter their date of birth' }).click();
  await expect(family.getByLabel('Date of birth')).toBeFocused();
  // A nine-year-old, whatever the clock says.
  const born = yearsBefore(venueToday(), 9);
  await family.getByLabel('Date of birth').fill(born);
  await family.getByRole('button', { name: 'Add family member' }).click();
  await expect(family.getByText('Robin Holt')).toBeVisible();
  await expect(family.getByText(`Child · born ${dayMonthYear(born)}`)).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveText('Robin Holt was added to your account.');

  // The dashboard lists the child too.
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('home-dashboard').getByText('Robin Holt')).toBeVisible();
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My details' }).click();

  await family.getByRole('button', { name: 'Edit Robin Holt' }).click();
  await family.getByLabel('First name').fill('Robyn');
  await family.getByRole('button', { name: 'Save Robin Holt' }).click();
  await expect(family.getByText('Robyn Holt')).toBeVisible();

  await family.getByRole('button', { name: 'Add a family member' }).click();
  await family.getByLabel('First name').fill('Jo');
  await family.getByLabel('Relationship').selectOption('partner');
  await family.getByRole('button', { name: 'Add family member' }).click();
  await expect(family.getByText('Jo Holt')).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await family.getByRole('button', { name: 'Remove Jo Holt' }).click();
  await expect(family.getByText('Jo Holt')).toHaveCount(0);
  await expect(family.getByText('Robyn Holt')).toBeVisible();

  // Back on the bookings site: the timetable books for the child (spec §6 selected user).
  // A class with places as a visitor sees it (this new customer's basket is their own).
  const { path: timetable, entry } = await findClass(request, 'BOOK', { minSpaces: 2 });
  await page.goto(new URL(timetable, baseURL).toString());
  const bookingFor = page.getByLabel('Booking for');
  await expect(bookingFor).toBeVisible({ timeout: 20_000 });
  await bookingFor.selectOption({ label: 'Robyn Holt' });
  const item = page
    .getByTestId('timetable-item')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${entry.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?, ${entry.starts_at.format_24_hour}`) }) });
  await item.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible({ timeout: 15_000 });
  await expect(item).toContainText('In your basket for Robyn Holt');
  await page.goto(new URL('/basket', baseURL).toString());
  const forRobyn = page.getByRole('region', { name: 'For Robyn Holt' });
  await expect(forRobyn.getByTestId('basket-item')).toHaveCount(1, { timeout: 20_000 });
  await expect(forRobyn.getByTestId('basket-item')).toContainText(entry.starts_at.format_24_hour);
});

test("'Log out everywhere' in My details ends the sessions of every site", async ({ page, browser, baseURL }) => {
  const email = newEmail();
  await page.goto('/register');
  await fillSignUp(page, email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('my-account-button').first()).toBeVisible();
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(`${baseURL}/`);
  await logInWithModal(other, { email, password: 'a quiet lake at dawn' });

  const bookingsToken = (await page.context().cookies()).find((c) => c.name === 'auth_token_bookings')!.value;
  const otherToken = (await elsewhere.cookies()).find((c) => c.name === 'auth_token_bookings')!.value;
  await page.getByTestId('my-account-button').first().click();
  await expect(page).toHaveURL(accountSite(baseURL!, '/dashboard'));
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My details' }).click();
  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page.getByTestId('toast')).toHaveText('You are now logged out on every site and device');
  // The account site forgot its token; the sessions of the bookings site, here and elsewhere, ended on the server.
  await expect(page.getByTestId('login-button').or(page.getByRole('link', { name: 'Log in' })).first()).toBeVisible();
  for (const token of [bookingsToken, otherToken]) {
    expect((await page.request.get(`${baseURL}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  }
  await elsewhere.close();
});

for (const width of AXE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('axe finds no violations on sign up with its messages, and on My details with the family form open', async ({ page, baseURL }, info) => {
      await page.goto('/register');
      await page.getByRole('button', { name: 'Create account' }).click();
      // The GOV.UK error summary (issue 21), focused, and each field's own message.
      await expect(page.getByTestId('error-summary')).toBeFocused();
      await expect(page.getByTestId('error-summary')).toContainText('There is a problem');
      await expect(page.getByText('Enter your first name').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: info.outputPath(`register-${width}.png`), fullPage: true });

      await page.goto(accountSite(baseURL!, '/login?redirect=/my-details'));
      await page.getByRole('main').getByLabel('Email or customer reference').fill(CUSTOMER.email);
      await page.getByRole('main').getByLabel('Password').fill(CUSTOMER.password);
      await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('family-members').getByRole('button', { name: 'Add a family member' }).click();
      await page.getByTestId('family-members').getByRole('button', { name: 'Add family member' }).click();
      await expect(page.getByTestId('family-members').getByTestId('error-summary').getByRole('link')).toHaveText(['Enter their first name', 'Enter their date of birth']);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: info.outputPath(`my-details-${width}.png`), fullPage: true });

      await page.goto('/reset-password?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: info.outputPath(`reset-${width}.png`), fullPage: true });
    });
  });
}

test('a visitor who clicks Book and signs up instead of logging in lands back on the timetable with the item held', async ({ page, request }) => {
  const { path: timetable, entry } = await findClass(request, 'BOOK', { minSpaces: 3 });
  await page.goto(timetable);
  const item = page
    .getByTestId('timetable-item')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${entry.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?, ${entry.starts_at.format_24_hour}`) }) });
  await item.getByRole('button', { name: 'Book', exact: true }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await fillSignUp(page, newEmail());
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(new RegExp(`${timetable.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully added item to the basket.' })).toBeVisible({ timeout: 15_000 });
  await expect(item.getByRole('button', { name: 'Remove from basket' })).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
});
