import { expect, test } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolations, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';
import { logInWithCookie } from '../support/login.ts';
import { ACCOUNT_ROUTES, accountSite, BOOKINGS_ROUTES } from './routes.ts';

// axe (WCAG 2.0–2.2 A/AA and best practice) on every route at every width of AXE_WIDTHS, and while
// toasts are on screen. A route is loaded once, at the phone width, and checked there; the window is then
// widened to each other width and checked again (a reflow, as when a tablet turns or a window grows):
// one page load per route, not one per width (issue 19, the suite's wall time; docs/accessibility.md).
test.describe('every route', () => {
  test.use({ viewport: { width: AXE_WIDTHS[0], height: 900 } });

  for (const [path, heading] of BOOKINGS_ROUTES) {
    test(`axe finds no violations on ${path} at ${AXE_WIDTHS.join(' and ')} px`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
      await expectNoAxeViolationsAtWidths(page);
    });
  }

  // One test per account screen, each with its own login, so no test walks them all.
  for (const [path, heading] of ACCOUNT_ROUTES.filter(([path]) => path !== '/login')) {
    test(`axe finds no violations on the account screen ${path} at ${AXE_WIDTHS.join(' and ')} px`, async ({ page, context, request, baseURL }) => {
      await logInWithCookie(context, request, accountSite(baseURL!, '/'));
      await page.goto(accountSite(baseURL!, path));
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
      await expectNoAxeViolationsAtWidths(page);
    });
  }
});

// Toasts come and go with time and the pointer, so each width is its own page load.
for (const width of AXE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('axe finds no violations while the 3-second not-found toast is on screen', async ({ page }) => {
      // Two page loads (the page and the redirect's home page) and an axe run: 30 s was tight on a busy 2-core machine.
      test.setTimeout(60_000);
      await page.clock.install();
      await page.goto('/bury-leisure-centre/no-such-activity');
      const toast = page.getByTestId('toast');
      await expect(toast).toHaveText("We couldn't find the activity you are looking for");
      // From here the page's clock stands still: the toast's 3 seconds pass only when the test moves
      // the clock, so a slow machine cannot end the toast while the pointer is on its way or axe runs.
      // pauseAt needs a time still ahead of the page's clock: on a busy machine the 300 ms can pass before
      // the call arrives ('Cannot fast-forward to the past'), so it is asked again with the page's new time.
      await expect(async () => page.clock.pauseAt(await page.evaluate(() => Date.now() + 300))).toPass({ timeout: 2_000 });
      // It reads itself: an alert, in the labelled Notifications region.
      await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(1);
      // The pointer over the toast stands its 3-second timer still (WCAG 2.2.1): 10 seconds on, it is still up.
      await toast.hover();
      await page.clock.runFor(10_000);
      await expect(toast).toBeVisible();
      // The clock runs again (axe needs its timers); the pointer still holds the toast.
      await page.clock.resume();
      await expectNoAxeViolations(page);
      await expect(toast).toBeVisible();
      // The pointer leaves: the timer resumes with what was left and the spec's redirect follows.
      await page.mouse.move(0, 800);
      await expect(page).toHaveURL('/', { timeout: 10_000 });
    });

    test('axe finds no violations while a warning toast is on screen', async ({ page }) => {
      await page.goto('/redirect-to-selected-venue');
      await expect(page.getByTestId('toast')).toBeVisible();
      await expectNoAxeViolations(page);
    });

  });
}
