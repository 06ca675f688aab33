import { expect, test } from '@playwright/test';
import { CUSTOMER, fillLoginForm, logInWithCookie, logInWithModal } from '../support/login.ts';
import { waitForApp } from '../support/app.ts';

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

  test('empty fields are marked Required without calling the server', async ({ page }) => {
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
    await expect(modal.getByText('Required')).toHaveCount(2);
    await modal.getByLabel('Email or customer reference').fill(CUSTOMER.email);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await expect(modal.getByText('Required')).toHaveCount(1);

    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/customer/login');
    await fillLoginForm(page, CUSTOMER, modal);
    await sent;
    await expect(page.getByTestId('my-account-button').first()).toBeAttached();
    expect(loginRequests).toHaveLength(1);
    expect(JSON.parse(loginRequests[0]!)).toEqual({ username: CUSTOMER.email, password: CUSTOMER.password });
  });
});
