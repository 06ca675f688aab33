import { expect, test } from '@playwright/test';
import { holdAppScript, waitForApp } from '../support/app.ts';

/**
 * Server-rendered first screens paint from the HTML alone (docs/performance.md "Lighthouse",
 * apps/api/src/modules/spa/first-paint.ts): the stylesheet is inline, and the app's scripts are
 * asked for only after the first contentful paint; the page then hydrates, with its fonts, and
 * nothing moves.
 */
for (const [path, title] of [
  ['/', 'Bookings | Choose a venue'],
  ['/location/bury-leisure-centre', 'Bookings | Book an activity'],
] as const) {
  test.describe(`${path} at 375 px`, () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('paints before asking for any script, then starts the app without moving the page', async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('data-server-rendered');
      expect(html).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script type="module"/);
      // Spec §2 'Bookings | {title}' in the HTML itself, before any script runs (issue 20).
      expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${title}</title>`]);

      await page.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
      await expect(page).toHaveTitle(title);
      await page.evaluate(() => document.fonts.ready);

      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        resources: performance.getEntriesByType('resource').map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
        roboto: document.fonts.check('16px Roboto'),
        oswald: document.fonts.check('500 16px Oswald'),
        shifts: (window as unknown as { shifts: number }).shifts,
      }));
      expect(timing.fcp).not.toBeNull();
      const scripts = timing.resources.filter((r) => r.name.startsWith('/assets/') && r.name.endsWith('.js'));
      // The entry and every chunk the starter was given (data-entry, data-preload) were asked for.
      const given = [/data-entry="([^"]+)"/.exec(html)?.[1], ...(/data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [])];
      expect(given.length).toBeGreaterThan(2);
      for (const file of given) expect(scripts.map((r) => r.name)).toContain(file);
      // Only the small starter script (outside /assets/) was asked for before the first paint.
      for (const script of scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(timing.fcp!);
      expect(timing.roboto).toBe(true);
      expect(timing.oswald).toBe(true);
      expect(timing.shifts).toBeLessThanOrEqual(0.02);
    });
  });
}

test.describe('a press before the app is interactive', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('is held, and pressed once the page has hydrated: Enter on Log in opens the login', async ({ page, request }) => {
    // The app's entry script is held until the key has been pressed.
    const { release } = await holdAppScript(page, request, '/');
    // (The held script would hold the load event too.)
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const logIn = page.getByTestId('login-button');
    await logIn.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('login-modal');
    await expect(modal).toHaveCount(0);
    // Not live yet, and the page does not say it is (journeys wait on the marker: support/app.ts).
    await expect(page.locator('html')).not.toHaveAttribute('data-ready');
    release();
    await waitForApp(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Email or customer reference')).toBeVisible();
  });
});

test.describe('typing before the app is interactive', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('is kept: the venue search typed into before the page hydrated searches for it once it has', async ({ page, request }) => {
    const { release } = await holdAppScript(page, request, '/');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const search = page.getByTestId('search-venue');
    const venues = page.getByRole('list', { name: 'By name' }).getByRole('listitem');
    const all = await venues.count();
    await search.pressSequentially('Radc');
    await expect(page.locator('html')).not.toHaveAttribute('data-ready');
    release();
    await waitForApp(page);
    await expect(search).toHaveValue('Radc');
    await expect(venues).toHaveCount(1);
    await expect(venues.first()).toContainText('Radcliffe');
    expect(all).toBeGreaterThan(1);
  });
});
