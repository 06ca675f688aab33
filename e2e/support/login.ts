import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';

export const CUSTOMER = DEMO_ACCOUNTS.customer;

type Credentials = { email: string; password: string };

/** A session token for the demo customer (or `who`), straight from the API. */
export const loginToken = async (request: APIRequestContext, who: Credentials = CUSTOMER) => {
  const response = await request.post('/api/auth/customer/login', { data: { username: who.email, password: who.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
};

/** The sub-domain's auth cookie (spec §6: named per source). */
const cookieName = (url: URL) => {
  const source = url.hostname.split('.')[0] ?? '';
  const known = ['my-account', 'online-joining', 'foh'].includes(source) ? source : 'bookings';
  return `auth_token_${known.replace('-', '_')}`;
};

/** Logs in without the UI: the token cookie for the site at `siteUrl` (default: the bookings site). */
export const logInWithCookie = async (context: BrowserContext, request: APIRequestContext, siteUrl: string, who: Credentials = CUSTOMER) => {
  const token = await loginToken(request, who);
  const url = new URL(siteUrl);
  await context.addCookies([{ name: cookieName(url), value: token, url: url.origin }]);
  return token;
};

/** Fills and submits the login form inside `scope` (the modal or the /login page). */
export const fillLoginForm = async (page: Page, who: Credentials = CUSTOMER, scope = page.locator('body')) => {
  await scope.getByLabel('Email or customer reference').fill(who.email);
  await scope.getByLabel('Password').fill(who.password);
  await scope.getByRole('button', { name: 'Log in' }).click();
};

/** Logs in through the header's login modal, as a customer would, and waits for My account. */
export const logInWithModal = async (page: Page, who: Credentials = CUSTOMER) => {
  await page.getByTestId('login-button').first().click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await fillLoginForm(page, who, modal);
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('my-account-button').first()).toBeAttached();
};
