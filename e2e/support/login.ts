import { expect, type APIRequestContext, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { waitForApp } from './app.ts';

export const CUSTOMER = DEMO_ACCOUNTS.customer;

type Credentials = { email: string; password: string };

/**
 * Sends a request that hashes a password (log in, sign up) until the server's hash pool has room:
 * a 429 `login_busy` says "try again in a moment" with `Retry-After: 1` (apps/api/src/lib/hash-pool.ts,
 * docs/security.md), which parallel journeys on a 2-core machine meet. Any other answer, a 429
 * of the login or sign-up limits included, is returned as it is.
 */
export const whenHashPoolFree = async (send: () => Promise<APIResponse>, { attempts = 20 } = {}) => {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (response.status() !== 429 || attempt === attempts) return response;
    const { code } = (await response.json().catch(() => ({}))) as { code?: string };
    if (code !== 'login_busy') return response;
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000));
  }
};

/** A session token for the demo customer (or `who`), straight from the API. */
export const loginToken = async (request: APIRequestContext, who: Credentials = CUSTOMER) => {
  const response = await whenHashPoolFree(() => request.post('/api/auth/customer/login', { data: { username: who.email, password: who.password } }));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
};

type Source = 'bookings' | 'my-account' | 'online-joining' | 'foh';

/** The source a site address serves (spec §6: cookies are named per source): its sub-domain, else its `/_/<source>` path. */
const sourceOf = (url: URL): Source => {
  const known = ['my-account', 'online-joining', 'foh'] as const;
  const bySubdomain = known.find((source) => url.hostname.split('.')[0] === source);
  const byPath = known.find((source) => url.pathname.startsWith(`/_/${source}`));
  return bySubdomain ?? byPath ?? 'bookings';
};

/**
 * Logs in without the UI: the session cookies the server sets for the site at `siteUrl`
 * (default: the bookings site) — the HttpOnly `auth_token_<source>`, `csrf_<source>` and
 * `logged_in_<source>` (docs/security.md) — copied into the browser context. Answers the
 * session token, for API calls with `Authorization: Bearer`.
 */
export const logInWithCookie = async (context: BrowserContext, request: APIRequestContext, siteUrl: string, who: Credentials = CUSTOMER) => {
  const url = new URL(siteUrl);
  const response = await whenHashPoolFree(() =>
    request.post('/api/auth/customer/login', {
      data: { username: who.email, password: who.password },
      headers: { 'x-source': sourceOf(url) },
    }),
  );
  expect(response.status()).toBe(200);
  const cookies = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    // The session's three only: the `lang` cookie the login also sets (issue 27) is the host's the
    // API was asked on, not necessarily the site's (the server sets it per host, docs/languages.md).
    .filter((header) => /^(auth_token|csrf|logged_in)_/.test(header.value))
    .map((header) => {
      const [pair = '', ...attributes] = header.value.split(';');
      const at = pair.indexOf('=');
      return {
        name: pair.slice(0, at).trim(),
        value: decodeURIComponent(pair.slice(at + 1).trim()),
        url: url.origin,
        httpOnly: attributes.some((a) => a.trim().toLowerCase() === 'httponly'),
        sameSite: 'Lax' as const,
      };
    });
  expect(cookies.map((c) => c.name)).toContain(`auth_token_${sourceOf(url).replace('-', '_')}`);
  await context.addCookies(cookies);
  return ((await response.json()) as { data: { token: string } }).data.token;
};

/** Fills and submits the login form inside `scope` (the modal or the /login page). */
export const fillLoginForm = async (page: Page, who: Credentials = CUSTOMER, scope = page.locator('body')) => {
  await scope.getByLabel('Email or customer reference').fill(who.email);
  await scope.getByLabel('Password').fill(who.password);
  await scope.getByRole('button', { name: 'Log in' }).click();
};

/** Logs in through the header's login modal, as a customer would, and waits for My account. */
export const logInWithModal = async (page: Page, who: Credentials = CUSTOMER) => {
  // Home and venue pages are server-rendered and start their script after the first paint
  // (docs/performance.md "Lighthouse"): the button works once the app is live.
  await waitForApp(page);
  await page.getByTestId('login-button').first().click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await fillLoginForm(page, who, modal);
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('my-account-button').first()).toBeAttached();
};
