import { expect, test, type Page } from '@playwright/test';
import { logInWithCookie } from '../support/login.ts';

/** The site on another host name of the same server: `127.0.0.1`, `localhost`, a sub-domain. */
const on = (baseURL: string, hostname: string, path = '/') => {
  const url = new URL(path, baseURL);
  url.hostname = hostname;
  return url.toString();
};

const expectNoErrorPage = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'We may have dropped the ball on this one.' })).toHaveCount(0);
};

test.use({ viewport: { width: 1280, height: 900 } });

for (const hostname of ['127.0.0.1', 'localhost']) {
  test(`the bookings site works when opened by ${hostname}`, async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(on(baseURL!, hostname));
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('venue-list')).toBeVisible();
    await expectNoErrorPage(page);
    expect(errors).toEqual([]);
  });
}

test('the my-account sub-domain works', async ({ page, baseURL }) => {
  await page.goto(on(baseURL!, 'my-account.localhost', '/basket'));
  await expect(page.locator('html')).toHaveAttribute('data-source', 'my-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  await expectNoErrorPage(page);
});

test('on 127.0.0.1, My account leads to the my-account source under /_/my-account', async ({ page, context, request, baseURL }) => {
  // One host, two sources, each with its own session cookies: the bookings login's, and the same
  // session under the my-account names (one login instead of two: each hashes at OWASP cost).
  const site = on(baseURL!, '127.0.0.1');
  await logInWithCookie(context, request, site);
  const bookings = (await context.cookies(site)).filter((c) => c.name.endsWith('_bookings'));
  await context.addCookies(bookings.map(({ name, value, httpOnly }) => ({ name: name.replace(/_bookings$/, '_my_account'), value, httpOnly, url: site })));
  await page.goto(on(baseURL!, '127.0.0.1', '/basket'));
  const port = new URL(baseURL!).port;
  const account = page.getByTestId('my-account-button');
  await expect(account).toHaveAttribute('href', `http://127.0.0.1:${port}/_/my-account/dashboard`);
  await account.click();

  await expect(page).toHaveURL(`http://127.0.0.1:${port}/_/my-account/dashboard`);
  await expect(page.locator('html')).toHaveAttribute('data-source', 'my-account');
  const accountNav = page.getByRole('navigation', { name: 'My account' });
  await expect(accountNav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/_/my-account/dashboard');
  await expectNoErrorPage(page);

  // In-app links stay under the prefix, and a reload serves the same source.
  await accountNav.getByRole('link', { name: 'My details' }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${port}/_/my-account/my-details`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-source', 'my-account');
  await expectNoErrorPage(page);
});

test('unknown venues answer 404 and show the not-found page', async ({ page }) => {
  for (const path of ['/nosuchvenue', '/location/nosuchvenue']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
  const response = await page.goto('/location/bury-leisure-centre');
  expect(response?.status()).toBe(200);
});
