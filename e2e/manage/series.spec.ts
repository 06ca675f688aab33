import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { fillLoginForm } from '../support/login.ts';
import { addDays, venueToday } from '../support/dates.ts';
import { waitForApp } from '../support/app.ts';

/**
 * Issue 26 "Done when" (docs/operator-tools.md "Session series"): the demo manager creates a
 * weekly class in the console on the front-of-house source — a form left incomplete is refused
 * field by field first — and the class is on the bookings site's timetable at once, on the weekday
 * chosen, with its time and places. A name of the run's own, late in the evening, so it meets no
 * other journey. Screenshots at 768 and 1280 px, axe at 1280 px, no sideways scroll at 320 px.
 */
test.describe.configure({ timeout: 90_000 });

const VENUE = 'bury-leisure-centre';
const foh = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'foh.localhost';
  return url.toString();
};
const shots = process.env.SCREENSHOT_DIR;
const screenshot = (page: Page, name: string) => page.screenshot({ path: shots ? path.join(shots, name) : test.info().outputPath(name), fullPage: true });

const checkScreen = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 320, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 320 px').toBe(true);
  await page.setViewportSize({ width: 768, height: 1000 });
  await screenshot(page, `manage-${name}-768.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `manage-${name}-1280.png`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('a manager creates a weekly class in the console and it is on the bookings timetable', async ({ page, baseURL }) => {
  const name = `Evening Stretch ${Date.now() % 100_000}`;
  const today = venueToday();
  const tomorrow = addDays(today, 1);
  const weekday = WEEKDAYS[(new Date(`${tomorrow}T12:00:00Z`).getUTCDay() + 6) % 7]!;

  await page.goto(foh(baseURL!, `/manage/venues/${VENUE}/new-series`));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, DEMO_ACCOUNTS.manager);
  await expect(page.getByRole('heading', { level: 1, name: 'New weekly class' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Activity')).toBeVisible();

  // Incomplete: each missing field says what it needs, the first is focused, nothing is made.
  await page.getByRole('button', { name: 'Create weekly class' }).click();
  await expect(page.getByText('Give the class a name (at least 3 characters)')).toBeVisible();
  await expect(page.getByText('Choose a day')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, 'new-series-refused');

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Activity').selectOption({ label: 'Fitness Classes: Yoga' });
  await page.getByLabel('Day of the week').selectOption({ label: weekday });
  await page.getByLabel('Start time').fill('21:40');
  await page.getByLabel('Duration (minutes)').fill('40');
  await page.getByLabel('Capacity').fill('9');
  await page.getByLabel('Room').selectOption({ label: 'Studio 1' });
  await page.getByLabel('Price').fill('6.75');
  await page.getByLabel('First date').fill(today);
  await page.getByRole('button', { name: 'Create weekly class' }).click();
  const made = page.getByTestId('series-made');
  await expect(made).toContainText(`${name} created:`, { timeout: 15_000 });
  await expect(made).toContainText(`from ${tomorrow}`);
  await checkScreen(page, 'new-series-made');

  // The bookings site's timetable for the first day has it, with its time and places.
  await page.goto(`/location/${VENUE}/yoga/${tomorrow}`);
  await waitForApp(page);
  const item = page.getByTestId('timetable-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('timetable-time')).toContainText('21:40');
  await expect(item.getByTestId('timetable-spaces')).toContainText('9');
});

test('a manager imports the demo timetable CSV: the check names its bad row and applies nothing; fixed, it imports', async ({ page, baseURL }) => {
  const demo = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/examples/timetable-import.csv'), 'utf8');
  await page.goto(foh(baseURL!, '/manage/import'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, DEMO_ACCOUNTS.manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Import timetable' })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel('CSV file').setInputFiles({ name: 'timetable-import.csv', mimeType: 'text/csv', buffer: Buffer.from(demo) });
  await page.getByRole('button', { name: 'Check file' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByRole('heading')).toHaveText('Nothing imported from timetable-import.csv: 1 error');
  await expect(result.getByTestId('import-errors')).toHaveText('Line 3, column capacity: Must be at least 1');
  await expect(result).toBeFocused();
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await checkScreen(page, 'import-refused');

  const fixed = demo.replace('Night Ride,Thursday,21:00,40,0,', 'Night Ride,Thursday,21:00,40,16,');
  await page.getByLabel('CSV file').setInputFiles({ name: 'timetable-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(result.getByRole('heading')).toHaveText('timetable-fixed.csv is ready: 3 classes would be made');
  await expect(result.getByTestId('import-rows')).toContainText('Line 3: bury-leisure-centre: Night Ride created');
  await page.getByRole('button', { name: 'Import 3 classes' }).click();
  await expect(result.getByRole('heading')).toHaveText('Imported 3 classes from timetable-fixed.csv');
  await checkScreen(page, 'import-applied');
  // On the console's day of the first Thursday from today (Night Ride's day; the timetable keeps 21 days).
  const today = venueToday();
  const isoDow = ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  await page.goto(foh(baseURL!, `/manage/venues/${VENUE}?date=${addDays(today, (4 - isoDow + 7) % 7)}`));
  await expect(page.getByTestId('manage-session').filter({ hasText: 'Night Ride' })).toContainText('0 booked, 0 held of 16');
});
