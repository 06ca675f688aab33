/// <reference lib="dom" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { AXE_WIDTHS as WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { venueToday } from '../support/dates.ts';

test.describe('header on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows Book an activity, Buy a membership, Log in and the basket with its count', async ({ page, baseURL }) => {
    await page.goto('/basket');
    const nav = page.getByTestId('nav-links');
    await expect(nav.getByRole('link')).toHaveText(['Book an activity', 'Buy a membership']);
    await expect(nav.getByRole('link', { name: 'Book an activity' })).toHaveAttribute('href', '/redirect-to-selected-venue');
    // Online joining is enabled for the demo client: the link goes to the online-joining site's root.
    const port = new URL(baseURL!).port;
    await expect(nav.getByRole('link', { name: 'Buy a membership' })).toHaveAttribute(
      'href',
      `http://online-joining.localhost:${port}/`,
    );
    await expect(page.getByText('Back to Kiosk Home')).toHaveCount(0);
    await expect(page.getByTestId('login-button')).toHaveText('Log in');
    await expect(page.getByTestId('my-account-button')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Shopping basket, 0 items' })).toHaveAttribute('href', '/basket');
    await expect(page.getByTestId('basket-count')).toHaveText('0');
    // Spec §9 button sizes: the header button is md (34 px).
    expect((await page.getByTestId('login-button').boundingBox())?.height).toBe(34);
  });

  test('Buy a membership goes to /centre/{venue} once a venue is remembered', async ({ page, context, baseURL }) => {
    const url = new URL(baseURL!);
    await context.addCookies([
      { name: 'selected_venue', value: encodeURIComponent(JSON.stringify({ slug: 'bury-leisure-centre', selectedSlugs: ['bury-leisure-centre'] })), domain: url.hostname, path: '/' },
    ]);
    await page.goto('/basket');
    await expect(page.getByTestId('nav-links').getByRole('link', { name: 'Buy a membership' })).toHaveAttribute(
      'href',
      `http://online-joining.localhost:${url.port}/centre/bury-leisure-centre`,
    );
  });

  test('Log in opens the login modal, and Escape closes it', async ({ page }) => {
    await page.goto('/basket');
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test("kiosk mode adds 'Back to Kiosk Home' and remembers itself for the visit", async ({ page }) => {
    await page.goto('/basket?kiosk=true');
    // Kiosk mode's header has the link beside the logo, in view at every width (docs/kiosk.md).
    const back = page.getByTestId('kiosk-home-link');
    await expect(back).toHaveAttribute('href', '/kiosk?kiosk=true');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/pricing');
    await expect(page.getByTestId('kiosk-home-link')).toHaveText('Back to Kiosk Home');
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('holds the spec items and the Create an account prompt', async ({ page }) => {
    await page.goto('/basket');
    await expect(page.getByTestId('nav-links')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link')).toHaveText([
      // The operator's name (GET client `name`), as its emails and 3-D Secure page say (issue 21).
      'Active North West',
      'Book an activity',
      'Buy a membership',
      'Shopping basket',
      'Create an account',
      // The language switch's other language, named in itself (issue 27).
      'Cymraeg',
    ]);
    await expect(drawer.getByText('Login to make bookings faster and manage your account')).toBeVisible();
    await drawer.getByRole('link', { name: 'Create an account' }).click();
    await expect(drawer).toBeHidden();
    // Signing up brings the visitor back to the page they were on (issue 21).
    await expect(page).toHaveURL('/register?redirect=%2Fbasket');
    await expect(page).toHaveTitle('Bookings | Sign up');
  });
});

test.describe('embedded mode', () => {
  test('hides header, breadcrumbs and footer, and remembers it for the visit', async ({ page }) => {
    await page.goto('/basket?embedded=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership pricing' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('kiosk mode hides header and footer on the online-joining source only', async ({ page, baseURL }) => {
    const joining = new URL(baseURL!);
    joining.hostname = 'online-joining.localhost';
    await page.goto(new URL('/basket?kiosk=true', joining).toString());
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/basket?kiosk=true');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('links to another sub-domain carry embedded=true', async ({ page, baseURL }) => {
    await page.goto('/pricing?embedded=true');
    const port = new URL(baseURL!).port;
    await expect(page.getByRole('link', { name: 'Buy a membership' })).toHaveAttribute(
      'href',
      `http://online-joining.localhost:${port}/?embedded=true`,
    );
  });

  test('tells the parent frame its height', async ({ page, baseURL }) => {
    // An operator's page on another origin that embeds the basket in an iframe.
    const operator = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><html lang="en"><title>Operator</title><script>
        window.heights = [];
        window.addEventListener('message', (event) => window.heights.push(event.data));
      </script><iframe title="Bookings" style="width:375px" src="${baseURL}/basket?embedded=true"></iframe></html>`);
    });
    await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(operator.address() as AddressInfo).port}/our-pool`);
      const lastMessage = () =>
        page.evaluate(() => (window as unknown as { heights: { type: string; height: number }[] }).heights.at(-1) ?? null);
      // The first message may come while the page is still loading; it grows once the basket shows.
      await expect.poll(async () => (await lastMessage())?.height ?? 0).toBeGreaterThan(300);
      expect(await lastMessage()).toMatchObject({ type: 'bookings:height' });
    } finally {
      operator.close();
    }
  });
});

test.describe('theme', () => {
  test('turns the client theme into R G B variables with the spec tint scale', async ({ page }) => {
    await page.goto('/basket');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
    const vars = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return ['500', '400', '600', '50'].map((shade) => style.getPropertyValue(`--colour-primary-${shade}`).trim());
    });
    // #6b2fa0: 500 itself, 400 at 80 %, 600 darkened by 0.8, 50 at 5 %.
    expect(vars).toEqual(['107 47 160', '137 89 179', '86 38 128', '248 245 250']);
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(42, 24, 69)');
  });

  test("uses a venue's own theme on that venue's pages", async ({ page }) => {
    await page.goto(`/location/salford-quays-sports-village/swimming/${venueToday()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Swimming' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(0, 77, 72)');
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--colour-primary-500').trim());
    expect(primary).toBe('0 133 124');
  });

  test('asks again without the venue when the venue theme fails', async ({ page }) => {
    const themeRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/frontend/theme')) themeRequests.push(new URL(request.url()).search);
    });
    await page.goto(`/location/no-such-venue/swimming/${venueToday()}`);
    // An unknown venue's time-slot page says so (issue 20), in the client's own theme.
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that venue" })).toBeVisible();
    expect(themeRequests).toEqual(['?venue=no-such-venue', '']);
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(42, 24, 69)');
  });

  test('fonts and translations come from the site itself', async ({ page, baseURL }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/basket');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(requests.filter((url) => !url.startsWith(baseURL!))).toEqual([]);
    expect(requests.some((url) => /\/assets\/oswald-latin-\d+-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
    // The server-rendered basket (issue 28) carries its 'common' and 'basket' strings in the page
    // (docs/performance.md "Personal screens"); any other namespace comes from the site (above).
    const pageData = await page.locator('#page-data').textContent();
    expect(pageData).toContain('"/locales/en-GB/common.json"');
    expect(pageData).toContain('"/locales/en-GB/basket.json"');
    // No tag manager unless the client configured one.
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });
});

test.describe('toasts', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('are 325 px wide, announced, and close themselves or on request', async ({ page }) => {
    await page.goto('/redirect-to-selected-venue');
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveText('Please select a venue before booking an activity');
    await expect(toast).toHaveAttribute('data-type', 'warning');
    await expect(toast).toHaveAttribute('role', 'alert');
    // An alert reads itself when it appears; it sits in the labelled Notifications region.
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toContainText('Please select a venue');
    expect((await toast.boundingBox())?.width).toBe(325);
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);
  });

  for (const width of [375, 1280]) {
    test(`never cover the sticky header, where focus often lands (${width} px: ${width < 768 ? 'at the foot of the screen' : 'top right, below the header'})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/redirect-to-selected-venue');
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveText('Please select a venue before booking an activity');
      const header = (await page.locator('#site-header').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      if (width < 768) expect(800 - (box.y + box.height)).toBeLessThanOrEqual(24);
      else expect(box.x + box.width).toBeGreaterThan(width - 40);
    });
  }
});

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // The routes themselves are checked at every width by a11y/axe.spec.ts; here, the header's open menu and modal.
    test('axe finds no violations in the open menu or login modal', async ({ page }) => {
      await page.goto('/basket');
      if (width < 1200) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      } else {
        await page.getByTestId('login-button').click();
        await expect(page.getByTestId('login-modal')).toBeVisible();
      }
      await expectNoAxeViolations(page);
    });
  });
}
