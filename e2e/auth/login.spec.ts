import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CUSTOMER, fillLoginForm, logInWithCookie, logInWithModal } from '../support/login.ts';
import { waitForApp } from '../support/app.ts';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';

// docs/screenshots/issue-21 when set (the login modal's error summary).
const SHOTS = process.env.ISSUE21_SHOTS;

test.describe('logging in as the demo customer', () => {
  test('the login modal logs in, shows My account and keeps the session across a reload', async ({ page }) => {
    await page.goto('/');
    await logInWithModal(page);
    await expect(page.getByTestId('my-account-button').first()).toBeVisible();
    // Spec §4: login success selects the user's home venue when none is set.
    const cookies = await page.context().cookies();
    expect(decodeURIComponent(cookies.find((c) => c.name === 'selected_venue')?.value ?? '')).toContain('bury-leisure-centre');

    await page.reload();
    await expect(page.getByTestId('my-account-button').first()).toBeVisible();
    await expect(page.getByTestId('login-button')).toHaveCount(0);
  });

  test('logging out from the mobile menu revokes the session', async ({ page, context, request, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const token = await logInWithCookie(context, request, baseURL!);
    await page.goto('/');
    // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('login-button').first()).toBeAttached();
    expect((await page.context().cookies()).some((c) => c.name === 'auth_token_bookings')).toBe(false);
    const user = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(user.status()).toBe(401);
  });

  test('a wrong password shows the server message and stays logged out', async ({ page }) => {
    await page.goto('/');
    // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByTestId('login-button').first().click();
    const modal = page.getByTestId('login-modal');
    await fillLoginForm(page, { email: CUSTOMER.email, password: 'not-the-password' }, modal);
    await expect(modal.getByRole('alert')).toHaveText('These credentials do not match our records.');
    await expect(page.getByTestId('my-account-button')).toHaveCount(0);
  });

  test('empty fields are named in the error summary without calling the server', async ({ page }) => {
    // Two axe runs and two screenshots on a loaded machine.
    test.setTimeout(90_000);
    // Every request the page makes to the API's login, in order. A login attempt is sent after
    // a 250 ms delay (spec §9), so "none yet" right after the click would prove nothing: the
    // form is then submitted filled in, and that must be the first and only login request.
    const loginRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/customer/login') loginRequests.push(request.postData() ?? '');
    });
    await page.goto('/');
    // Server-rendered page: its script starts after the first paint (docs/performance.md "Lighthouse").
    await waitForApp(page);
    await page.getByTestId('login-button').first().click();
    const modal = page.getByTestId('login-modal');
    await modal.getByRole('button', { name: 'Log in' }).click();
    // Issue 21: the GOV.UK error summary, focused, a link per field; each field says what to enter.
    const summary = modal.getByTestId('error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['Enter your email address or customer reference', 'Enter your password']);
    await expect(modal.getByLabel('Password')).toHaveAccessibleDescription('Enter your password');
    await expect(modal.getByText('Required')).toHaveCount(0);
    await expectNoAxeViolationsAtWidths(page);
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const file = test.info().outputPath(`login-errors-${width}.png`);
      await page.screenshot({ path: file });
      if (SHOTS) fs.copyFileSync(file, path.join(SHOTS, `login-errors-${width}.png`));
    }
    await modal.getByLabel('Email or customer reference').fill(CUSTOMER.email);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await expect(summary.getByRole('link')).toHaveText(['Enter your password']);

    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/customer/login');
    await fillLoginForm(page, CUSTOMER, modal);
    await sent;
    await expect(page.getByTestId('my-account-button').first()).toBeAttached();
    expect(loginRequests).toHaveLength(1);
    expect(JSON.parse(loginRequests[0]!)).toEqual({ username: CUSTOMER.email, password: CUSTOMER.password });
  });
});
