import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { holdAppScript, waitForApp } from '../support/app.ts';
import { bookableOnOneDay } from '../support/customer.ts';
import { longDayName } from '../support/dates.ts';
import { HYDRATION_ERROR } from './hydration-errors.ts';
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

/**
 * Opens the server-rendered `path` with the app's entry script held until `release()`: what the
 * page asks of the activities API, and the errors it reports (React reports a server page it
 * could not hydrate as it stands, and then redraws it, as an error); layout shifts recorded.
 */
const openHeld = async (page: Page, request: APIRequestContext, path: string) => {
  const { html, release } = await holdAppScript(page, request, path);
  expect(html).toContain('data-server-rendered');
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/activities/')) asked.push(url.pathname + url.search);
  });
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  await recordShifts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { release, asked, errors };
};

/**
 * What the page asked of the activities API before its live stream opened: nothing, when the page
 * carried it all. Once the stream is open the day is caught up (features/timetable/live.ts: a
 * change made before the stream opened is never sent), after the stream's own request.
 */
const beforeTheStream = (asked: string[]) => {
  const live = asked.findIndex((url) => url.includes('/live?'));
  return live === -1 ? asked : asked.slice(0, live);
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
    const { release, asked, errors } = await openHeld(page, request, path);
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
    expect(errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
    // The venue, the activity, its days and the day's classes came in the page: none asked for again.
    expect(beforeTheStream(asked)).toEqual([]);
  });
});

/**
 * Yoga opened without a date (`/location/bury-leisure-centre/yoga`, issue 21) is server-rendered
 * too: the server picks the first day with something left by its clock and renders that day's
 * timetable at that address; once live, the app puts the date in the address without drawing
 * the page again. (timetable/day-choice.spec.ts pins the browser's clock to the evening instead:
 * there the browser's choice wins.)
 */
test.describe('a timetable opened without a date at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  const DATELESS = '/location/bury-leisure-centre/yoga';
  type WireDate = { raw: string; bookable: boolean; sessions: number; last_starts_at: string | null };
  /** The day the first-day rule picks now (the server's and this machine's clock are the same clock). */
  const firstDayNow = async (request: APIRequestContext) => {
    const response = await request.get('/api/activities/venue/bury-leisure-centre/activity-category/yoga/dates');
    expect(response.ok()).toBe(true);
    const dates = ((await response.json()) as { data: WireDate[] }).data;
    const now = Date.now();
    const left = (date: WireDate) => date.bookable && date.sessions > 0 && date.last_starts_at !== null && Date.parse(date.last_starts_at) > now;
    return (dates.find(left) ?? dates.find((date) => date.sessions > 0 && date.last_starts_at !== null && Date.parse(date.last_starts_at) > now) ?? dates[0]!).raw;
  };

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test("the HTML alone shows the first day's title, heading, trail and first classes", async ({ page, request }) => {
      const day = await firstDayNow(request);
      await page.goto(DATELESS);
      await expect(page).toHaveTitle('Bookings | Yoga');
      await expect(page.getByRole('heading', { level: 1, name: 'Yoga' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Book an activity' })).toBeVisible();
      const list = page.getByRole('list', { name: `Yoga on ${longDayName(day)}` });
      await expect(list.getByRole('listitem').first()).toContainText(/\d\d:\d\d\s*–\s*\d\d:\d\d/);
      await expect(page.getByRole('status', { name: 'Loading times…' })).toHaveCount(0);
      await expect(page.locator('a[aria-current="date"]')).toHaveAttribute('href', `${DATELESS}/${day}`);
    });
  });

  test('the app takes the page over, puts the date in the address, and a press before it was live is kept', async ({ page, request }) => {
    const day = await firstDayNow(request);
    const { release, asked, errors } = await openHeld(page, request, DATELESS);
    const list = page.getByRole('list', { name: `Yoga on ${longDayName(day)}` });
    // Every row's action asks a visitor to log in (Book, or Join waitlist on a full class).
    const action = list.getByRole('button', { name: /^(Book|Join waitlist)\b/ }).first();
    // The server's heading and list, to tell them from redrawn ones (the same nodes if the app kept them).
    await page.evaluate(() => {
      const kept = window as unknown as { serverNodes: Element[] };
      kept.serverNodes = [document.querySelector('h1')!, document.querySelector('[data-testid="timetable-item"]')!];
    });
    await action.click();
    const modal = page.getByTestId('login-modal');
    await expect(modal).toHaveCount(0);
    release();
    await waitForApp(page);
    await expect(page).toHaveURL(new RegExp(`${DATELESS}/${day}$`));
    // Hydrated and given its date without being drawn again: the server's nodes are still the page's.
    expect(
      await page.evaluate(() => {
        const { serverNodes } = window as unknown as { serverNodes: Element[] };
        return [serverNodes[0] === document.querySelector('h1'), serverNodes[1] === document.querySelector('[data-testid="timetable-item"]')];
      }),
    ).toEqual([true, true]);
    // The press was kept, and the login it opened stayed open while the address took the date.
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Email or customer reference')).toBeFocused();
    const { shifts, shifted, headingLost } = await recordedShifts(page);
    expect(shifts, `layout shifts: ${shifted.join('; ')}`).toBeLessThanOrEqual(0.02);
    expect(headingLost, 'the heading stayed from the first paint to the end').toBe(false);
    expect(errors.filter((text) => HYDRATION_ERROR.test(text))).toEqual([]);
    expect(beforeTheStream(asked)).toEqual([]);
  });
});
