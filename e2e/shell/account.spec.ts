/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('a logged-in customer sees My account, and /register sends them to the redirect parameter', async ({ page, context, request, baseURL }) => {
  await logInWithCookie(context, request, baseURL!);
  await page.goto('/basket');
  const port = new URL(baseURL!).port;
  await expect(page.getByTestId('my-account-button')).toHaveAttribute('href', `http://my-account.localhost:${port}/dashboard`);
  await expect(page.getByTestId('login-button')).toHaveCount(0);

  await page.goto('/register?redirect=/pricing');
  await expect(page).toHaveURL('/pricing');
  await page.goto('/register?redirect=//evil.example');
  await expect(page).toHaveURL('/');
});

test('the account site shows the account sub-navigation to a logged-in customer only', async ({ page, context, request, baseURL }) => {
  const site = new URL(baseURL!);
  site.hostname = 'my-account.localhost';
  await page.goto(new URL('/basket', site).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'My account' })).toHaveCount(0);

  await logInWithCookie(context, request, site.toString());
  await page.reload();
  const accountNav = page.getByRole('navigation', { name: 'My account' });
  await expect(accountNav.getByRole('link')).toHaveText([
    'Dashboard',
    'My details',
    'Memberships',
    'Packages',
    'Bookings',
    'Guest passes',
    'Payments',
  ]);
  await expect(accountNav.getByRole('button', { name: 'Log out' })).toBeVisible();
});
