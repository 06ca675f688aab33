import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AXE_WIDTHS, expectFocusVisibleAndClear, expectNoAxeViolations } from '../support/a11y.ts';
import { longDayName, VENUE_TIMEZONE, venueToday } from '../support/dates.ts';

/**
 * Issue 21 "A timetable worth opening", in the browser against the real server: late in the
 * day (the page's clock at 21:30 at the venue, today by the real clock), Yoga opened without a
 * date goes to the first day that still has something to book and says 'Nothing left today';
 * the date tabs say which days have nothing; a visitor's filters offer nothing of their own and
 * say no count; 'Skip to the timetable' lands on the list's heading clear of the sticky header,
 * the next Tab on the first row's action; Book opens the login modal with focus on the email.
 * axe and screenshots at 375 and 1280 px.
 *
 * The server keeps its own clock (PostgreSQL now()): the choice of day is the browser's, from
 * each date's last start (GET …/dates), so pinning the page's clock is enough here.
 */
test.describe.configure({ timeout: 180_000 });

const VENUE = 'bury-leisure-centre';
const ACTIVITY = 'yoga';

/** The instant `time` ('HH:MM') on `date` at the venue (Europe/London, either side of the clock change). */
const venueInstant = (date: string, time: string) => {
  const asUtc = new Date(`${date}T${time}:00Z`);
  const shown = new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIMEZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(asUtc);
  const [h = 0, m = 0] = shown.split(':').map(Number);
  const [wantH = 0, wantM = 0] = time.split(':').map(Number);
  return new Date(asUtc.getTime() - ((h - wantH) * 60 + (m - wantM)) * 60_000);
};

type WireDate = { raw: string; today: boolean; bookable: boolean; sessions: number; last_starts_at: string | null };

const screenshot = async (page: Page, name: string) => {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  if (process.env.ISSUE21_SHOTS) fs.copyFileSync(file, `${process.env.ISSUE21_SHOTS}/${name}.png`);
};

test('late in the day, a timetable opened without a date shows the first day with something left, and says why', async ({ page, request }) => {
  const today = venueToday();
  const evening = venueInstant(today, '21:30');
  const response = await request.get(`/api/activities/venue/${VENUE}/activity-category/${ACTIVITY}/dates`);
  expect(response.ok()).toBe(true);
  const dates = ((await response.json()) as { data: WireDate[] }).data;
  const left = (date: WireDate) => date.bookable && date.sessions > 0 && date.last_starts_at !== null && Date.parse(date.last_starts_at) > evening.getTime();
  // The demo's last yoga class of any day starts by 19:30: at 21:30 today has nothing left.
  expect(dates[0]).toMatchObject({ raw: today, today: true });
  expect(left(dates[0]!)).toBe(false);
  const expected = dates.find(left)!.raw;

  await page.clock.setFixedTime(evening);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/location/${VENUE}/${ACTIVITY}`);
  await expect(page).toHaveURL(new RegExp(`/location/${VENUE}/${ACTIVITY}/${expected}$`), { timeout: 20_000 });
  const note = page.getByTestId('nothing-left-today');
  await expect(note.getByRole('heading', { name: 'Nothing left today' })).toBeVisible();
  await expect(note).toContainText(`we're showing ${longDayName(expected)}`);
  await expect(page.getByTestId('timetable-item').first()).toBeVisible({ timeout: 20_000 });
  // The tabs: today says it has nothing left, in what it shows and in its name.
  const todayTab = page.getByRole('link', { name: /^Today \d+ \w+, Nothing left, / });
  await expect(todayTab).toContainText('Nothing left');
  await expect(page.locator('a[aria-current="date"]')).toHaveAttribute('href', `/location/${VENUE}/${ACTIVITY}/${expected}`);

  // A visitor's filters: nothing of their own to filter by, and no count while nothing is filtered.
  const filters = page.getByRole('complementary');
  await expect(filters.getByRole('heading', { name: 'Filter', exact: true })).toBeVisible();
  await filters.getByRole('radio', { name: 'Only these:' }).check();
  await expect(filters.getByRole('checkbox', { name: 'Places to book' })).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: 'On my waitlist' })).toHaveCount(0);
  await expect(filters.getByRole('checkbox', { name: 'In my basket' })).toHaveCount(0);
  await filters.getByRole('radio', { name: 'All sessions' }).check();

  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: width < 1024 ? 812 : 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await expectNoAxeViolations(page, `late in the day at ${width} px`);
    await screenshot(page, `timetable-late-${width}`);

    // 'Skip to the timetable': shown when focused, after the filters' summary; Enter lands on
    // the list's heading below the sticky header, and the next Tab on the first row's action.
    const skip = page.getByRole('link', { name: 'Skip to the timetable' });
    await skip.focus();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^Yoga on ${longDayName(expected)}$`) });
    await expect(heading).toBeFocused();
    await expectFocusVisibleAndClear(page, `Skip to the timetable at ${width} px`);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('timetable-item').first().getByRole('button')).toBeFocused();
  }

  // Book as a visitor: the login modal starts on the email field.
  await page.getByTestId('timetable-item').first().getByRole('button', { name: 'Book' }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Email or customer reference')).toBeFocused();
  await expectNoAxeViolations(page, 'login modal');
});
