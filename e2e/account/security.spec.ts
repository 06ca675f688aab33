import { expect, test, type APIRequestContext } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { CUSTOMER, logInWithCookie, logInWithModal } from '../support/login.ts';
import { registerViaApi } from '../support/signup.ts';

// Sign-ups and logins hash at OWASP cost, one at a time (docs/security.md).
test.describe.configure({ timeout: 90_000 });

const on = (baseURL: string, hostname: string, pathname = '/') => {
  const url = new URL(pathname, baseURL);
  url.hostname = hostname;
  return url.toString();
};
const accountSite = (baseURL: string, pathname: string) => on(baseURL, 'my-account.localhost', pathname);

const PASSWORD = 'a quiet lake at dawn';

/** A new customer of their own (the journeys change its password), signed up through the API. */
const newCustomer = (request: APIRequestContext) => registerViaApi(request, { prefix: 'security', password: PASSWORD });

test('after logging in, no script can read the session token: the cookie is HttpOnly, SameSite=Lax', async ({ page, context }) => {
  await page.goto('/');
  await logInWithModal(page);
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'auth_token_bookings');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(session!.value).toMatch(/^[\w-]{43}$/);
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain(session!.value);
  expect(visible).not.toContain('auth_token_');
  // What the page can read says "logged in" and carries the CSRF token, no secret.
  expect(visible).toContain('logged_in_bookings=1');
  expect(visible).toMatch(/csrf_bookings=[\w-]{43}/);
  // Logged in for the API too, from the cookie alone.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});

test('a form posted from another origin of the same site carries the cookie but is refused (CSRF); the session lives on', async ({ page, context, request, baseURL }) => {
  await logInWithCookie(context, request, baseURL!);
  // An attacker's page on another port of the same host: another origin but the same site, so the
  // browser sends the SameSite=Lax cookie with its post (from another site it would not send it at all).
  const attacker = new URL('/attacker.html', baseURL);
  attacker.port = String(Number(attacker.port) + 1);
  await page.route(attacker.toString(), (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Win a prize</title><form method="post" action="${baseURL}/api/auth/logout-everywhere"><button>Claim</button></form></html>`,
    }),
  );
  await page.goto(attacker.toString());
  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.locator('body')).toContainText('This request did not come from our site');
  expect((await page.request.get(`${baseURL}/api/auth/user`)).status()).toBe(200);
});

test('My details: edit the details, then change the password (other devices logged out, this one stays in)', async ({ page, context, request, browser, baseURL }) => {
  const who = await newCustomer(request);
  await logInWithCookie(context, request, accountSite(baseURL!, '/'), who);
  // Another device, logged in to the bookings site.
  const elsewhere = await browser.newContext({ baseURL });
  await logInWithCookie(elsewhere, elsewhere.request, baseURL!, who);

  await page.goto(accountSite(baseURL!, '/my-details'));
  const form = page.getByTestId('details-form');
  await expect(form.getByLabel('First name')).toHaveValue('Jo');

  // A required field left empty: the error summary, focused, links to it (the address is optional since issue 21).
  await form.getByLabel('First name').fill('');
  await form.getByRole('button', { name: 'Save details' }).click();
  const summary = form.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Enter your first name']);
  await summary.getByRole('link', { name: 'Enter your first name' }).click();
  await expect(form.getByLabel('First name')).toBeFocused();
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name');

  await form.getByLabel('First name').fill('Jo');
  await form.getByLabel('Town or city').fill('Ramsbottom');
  await form.getByLabel('Phone number', { exact: true }).fill('0161 496 0123');
  await form.getByLabel('Contact name').fill('Pat Marsden');
  await form.getByLabel('Contact phone number').fill('07700 900654');
  await form.getByLabel('Text me news and offers').check();
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByTestId('toast')).toContainText('Your details have been saved.');
  await page.reload();
  await expect(form.getByLabel('Town or city')).toHaveValue('Ramsbottom');
  await expect(form.getByLabel('Contact name')).toHaveValue('Pat Marsden');
  await expect(form.getByLabel('Text me news and offers')).toBeChecked();

  const password = page.getByTestId('change-password');
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password').fill('a brighter lake at noon');
  await password.getByRole('button', { name: 'Change password' }).click();
  // The server's refusal in the error summary (issue 21), focused, and on the field.
  const refused = password.getByTestId('error-summary');
  await expect(refused.getByRole('link')).toHaveText(['The current password is not correct.'], { timeout: 20_000 });
  await expect(refused).toBeFocused();
  await expect(password.getByLabel('Current password')).toHaveAccessibleDescription('The current password is not correct.');

  const before = (await context.cookies()).find((c) => c.name === 'auth_token_my_account')!.value;
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password').fill('a brighter lake at noon');
  await password.getByRole('button', { name: 'Change password' }).click();
  // Two hashes at OWASP cost (the current password checked, the new one stored), one at a time.
  await expect(page.getByTestId('toast').filter({ hasText: 'Your password has been changed' })).toBeVisible({ timeout: 30_000 });

  // This browser carries on with a new token (HttpOnly still); the other device is logged out.
  const after = (await context.cookies()).find((c) => c.name === 'auth_token_my_account')!;
  expect(after.httpOnly).toBe(true);
  expect(after.value).not.toBe(before);
  expect((await elsewhere.request.get(`${baseURL}/api/auth/user`)).status()).toBe(401);
  // A write after the rotation passes the CSRF check with the new token.
  await form.getByLabel('Town or city').fill('Bury');
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
  await expect(form.getByLabel('Town or city')).toHaveValue('Bury');
  await elsewhere.close();
});

for (const width of AXE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('axe finds no violations on My details with the details and password messages showing', async ({ page, context, request, baseURL }, info) => {
      await logInWithCookie(context, request, accountSite(baseURL!, '/'), CUSTOMER);
      await page.goto(accountSite(baseURL!, '/my-details'));
      const form = page.getByTestId('details-form');
      await expect(form.getByLabel('First name')).not.toHaveValue('');
      await form.getByLabel('Contact name').fill('Someone');
      await form.getByRole('button', { name: 'Save details' }).click();
      await expect(form.getByTestId('error-summary').getByRole('link')).toHaveText(['An emergency contact needs a name and a phone number.']);
      await page.getByTestId('change-password').getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByTestId('change-password').getByTestId('error-summary').getByRole('link')).toHaveText(['Enter your current password', 'Enter a new password']);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: info.outputPath(`my-details-edit-${width}.png`), fullPage: true });
    });
  });
}
