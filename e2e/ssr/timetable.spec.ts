import { expect, test, type APIRequestContext } from '@playwright/test';
import { holdAppScript, waitForApp } from '../support/app.ts';
import { bookableOnOneDay } from '../support/customer.ts';
import { longDayName } from '../support/dates.ts';
import { recordedShifts, recordShifts } from './shifts.ts';

/**
 * The timetable of a day is server-rendered (issue 28, docs/performance.md "Server rendering of
 * every public page"): the HTML alone shows the page, and the app hydrates it from the answers
 * the page carries, without asking for them again and without moving anything.
 */
/**
 * A day from tomorrow (its classes have not started, whatever the hour) with a yoga class a visitor
 * can Book: which days have one depends on the weekday and on what other journeys have booked.
 */
const dayWithBook = async (request: APIRequestContext) => {
  const { date } = await bookableOnOneDay(request, 'yoga', 1);
  return { path: `/location/bury-leisure-centre/yoga/${date}`, dateText: longDayName(date) };
};

test.describe('a day of the timetable at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('the HTML alone shows the title, description, heading, days and the first classes', async ({ page, request }) => {
      const { path, dateText } = await dayWithBook(request);
      await page.goto(path);
      await expect(page).toHaveTitle('Bookings | Yoga');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        `Yoga at Bury Leisure Centre on ${dateText}: times, prices and spaces left. Book your place online.`,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Yoga' })).toBeVisible();
      // The trail is in the HTML too (not 49 px of empty space until the app runs).
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Book an activity' })).toBeVisible();
      const list = page.getByRole('list', { name: `Yoga on ${dateText}` });
      await expect(list.getByRole('listitem').first()).toContainText(/\d\d:\d\d\s*–\s*\d\d:\d\d/);
      await expect(list.getByRole('button', { name: 'Book' }).first()).toBeVisible();
      // No skeleton: the day came with the page.
      await expect(page.getByRole('status', { name: 'Loading times…' })).toHaveCount(0);
    });
  });

  test('hydrates without fetching the day again or moving, and a Book pressed before the app is live opens the login', async ({ page, request }) => {
    const { path, dateText } = await dayWithBook(request);
    // The app's entry script is held until Book has been pressed.
    const { html, release } = await holdAppScript(page, request, path);
    expect(html).toContain('data-server-rendered');
    const asked: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/activities/')) asked.push(url.pathname + url.search);
    });
    // React reports a server page it could not hydrate as it stands (and then redraws it) as an error.
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(error.message));
    await recordShifts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    const list = page.getByRole('list', { name: `Yoga on ${dateText}` });
    await list.getByRole('button', { name: 'Book' }).first().click();
    const modal = page.getByTestId('login-modal');
    await expect(modal).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-ready');
    release();
    await waitForApp(page);
    // A visitor's Book asks them to log in (issue 9): the press was not lost.
    await expect(modal).toBeVisible();
    const { shifts, shifted, headingLost } = await recordedShifts(page);
    expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
    expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
    expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
    // The venue, the activity, its days and the day's classes came in the page: none asked for again.
    expect(asked.filter((url) => !url.includes('/live?'))).toEqual([]);
  });
});
