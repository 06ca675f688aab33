import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { fillLoginForm } from '../support/login.ts';
import { waitForApp } from '../support/app.ts';
import { addDays, venueToday } from '../support/dates.ts';

/**
 * Issue 26 (docs/operator-tools.md "Venues"): the demo manager changes a venue's phone, its
 * opening hours (closed on Sundays, a close before the open refused first) and its footer text
 * (a script in it removed, and said so) in the console on the front-of-house source, by keyboard;
 * the bookings site's venue page shows the new footer and hours, and its venues list the phone.
 * Oldham, a venue no other journey uses. Screenshots at 768 and 1280 px, axe at 1280 px, no
 * sideways scroll at 320 and 375 px.
 */
test.describe.configure({ timeout: 120_000 });

const VENUE = 'oldham-leisure-centre';
const foh = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'foh.localhost';
  return url.toString();
};
const shots = process.env.SCREENSHOT_DIR;
const screenshot = (page: Page, name: string) => page.screenshot({ path: shots ? path.join(shots, name) : test.info().outputPath(name), fullPage: true });

const checkScreen = async (page: Page, name: string) => {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 768, height: 1000 });
  await screenshot(page, `manage-${name}-768.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `manage-${name}-1280.png`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
};

test("a manager changes a venue's phone, opening hours and footer text, and the bookings site shows them", async ({ page, baseURL }) => {
  const phone = `0161 496 ${String(Date.now() % 10_000).padStart(4, '0')}`;
  await page.goto(foh(baseURL!, '/manage'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, DEMO_ACCOUNTS.manager);
  await page.getByRole('link', { name: 'Details and hours: Oldham Leisure Centre' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Oldham Leisure Centre: details and hours' })).toBeVisible({ timeout: 15_000 });
  await checkScreen(page, 'venue-details');

  // Details: the phone, saved from the keyboard.
  const phoneField = page.getByLabel('Phone (optional)');
  await phoneField.fill(phone);
  await phoneField.press('Enter');
  await expect(page.getByText('The venue’s details are saved.')).toBeVisible();

  // Opening hours: a close before the open is refused in place; then Sundays closed.
  const monday = page.getByTestId('hours-1');
  await monday.getByLabel('Closes').fill('05:00');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(monday.getByText('The closing time must be after the opening time')).toBeVisible();
  await expect(monday.getByLabel('Opens')).toBeFocused();
  await monday.getByLabel('Closes').fill('21:45');
  const sunday = page.getByTestId('hours-7');
  await sunday.getByLabel('Open', { exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(sunday).toContainText('Closed all day');
  await page.getByRole('button', { name: 'Save opening hours' }).press('Enter');
  await expect(page.getByText('The opening hours are saved.')).toBeVisible();

  // Footer text: the script is removed, and the manager is told.
  await page.getByLabel('Footer HTML').fill('<h2>Oldham Leisure Centre</h2><p>Free parking after 6pm.</p><script>alert(1)</script>');
  await page.getByRole('button', { name: 'Save footer text' }).click();
  await expect(page.getByText(/were removed/)).toBeVisible();
  await expect(page.getByLabel('Footer HTML')).toHaveValue('<h2>Oldham Leisure Centre</h2><p>Free parking after 6pm.</p>');
  await checkScreen(page, 'venue-details-saved');

  // The venue's changes page records all three.
  await page.getByRole('link', { name: 'Changes', exact: true }).click();
  // Newest first; other journeys' operator-level changes (a category, the theme) show on every
  // venue's page and may come between, so the order is read among this venue's own three.
  const changes = page.getByTestId('manage-changes');
  await expect(changes).toContainText('Footer text changed');
  await expect(changes).toContainText('Opening hours changed: Monday 06:30–21:45; Tuesday to Friday 06:30–22:00; Saturday 08:00–18:00; Sunday Closed');
  await expect(changes).toContainText('Venue details changed: phone');
  const actions = await page.getByTestId('manage-change').evaluateAll((items) => items.map((item) => item.getAttribute('data-action')));
  const own = actions.filter((action) => action === 'footer_changed' || action === 'opening_hours_changed' || action === 'venue_details_changed');
  expect(own.slice(0, 3)).toEqual(['footer_changed', 'opening_hours_changed', 'venue_details_changed']);

  // The bookings site: the venue's footer and hours, and the venues list's phone.
  await page.goto(`/location/${VENUE}`);
  await waitForApp(page);
  const footer = page.getByTestId('venue-footer');
  await expect(footer).toContainText('Free parking after 6pm.');
  await expect(footer).toContainText('Monday: 06:30–21:45');
  await expect(footer).toContainText('Sunday: Closed');
  expect(await footer.innerHTML()).not.toContain('<script');
  const venues = (await (await page.request.get('/api/activities/venues')).json()).data as { slug: string; phone: string }[];
  expect(venues.find((v) => v.slug === VENUE)?.phone).toBe(phone);
});

test('a manager makes a category with an activity, renames it and hides it, and the bookings site follows', async ({ page, baseURL }) => {
  const name = `Climbing ${Date.now() % 100_000}`;
  await page.goto(foh(baseURL!, `/manage/venues/${VENUE}/categories`));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, DEMO_ACCOUNTS.manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Activities and categories' })).toBeVisible({ timeout: 15_000 });

  // Too short a name is refused in place; then the category, booked as courts and pitches.
  await page.getByRole('button', { name: 'Make it' }).click();
  await expect(page.getByText('Give it a name of at least 2 characters')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Booked as').selectOption('resources');
  await page.getByRole('button', { name: 'Make it' }).click();
  const status = page.getByTestId('categories-status');
  await expect(status).toHaveText(`${name} is made and offered at Oldham Leisure Centre.`);
  await page.getByLabel('In category').selectOption({ label: name });
  await expect(page.getByLabel('Booked as')).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).fill('Bouldering');
  await page.getByRole('button', { name: 'Make it' }).click();
  await expect(status).toHaveText('Bouldering is made and offered at Oldham Leisure Centre.');
  const card = page.getByTestId('manage-category').filter({ hasText: name });
  await expect(card.getByRole('list', { name: `Activities of ${name}` })).toContainText('Bouldering');

  // Rename by keyboard.
  await card.getByRole('button', { name: `Rename: ${name}` }).press('Enter');
  const field = page.getByLabel(`New name for ${name}`);
  await expect(field).toBeFocused();
  await field.fill(`${name} Wall`);
  await field.press('Enter');
  await expect(status).toHaveText('Saved.');
  await checkScreen(page, 'categories');

  await page.goto(`/location/${VENUE}`);
  await waitForApp(page);
  await expect(page.getByText(`${name} Wall`, { exact: true }).first()).toBeVisible();

  await page.goto(foh(baseURL!, `/manage/venues/${VENUE}/categories`));
  await page.getByTestId('manage-category').filter({ hasText: name }).getByRole('button', { name: `Hide here: ${name} Wall` }).click();
  await expect(status).toHaveText(`${name} Wall hidden here (with 1 of its activities).`);
  await page.goto(`/location/${VENUE}`);
  await waitForApp(page);
  await expect(page.getByRole('main')).not.toContainText(name);
});

test('the theme screen checks each colour against WCAG AA as it is typed (nothing saved: other journeys share the theme)', async ({ page, baseURL }) => {
  await page.goto(foh(baseURL!, '/manage/theme'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, DEMO_ACCOUNTS.manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Theme and maintenance' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('maintenance-state')).toHaveText('The bookings site is open.');
  const primary = page.getByLabel('Primary colour (buttons and links)');
  await primary.fill('#ffff00');
  await expect(page.getByTestId('contrast-theme_app_primary_colour')).toHaveText('1.07:1 with white: fails AA (needs 4.5:1)');
  await primary.fill('#1d4ed8');
  await expect(page.getByTestId('contrast-theme_app_primary_colour')).toContainText('passes AA');
  await page.getByRole('button', { name: 'Turn maintenance on' }).click();
  await expect(page.getByRole('button', { name: 'Keep the site open' })).toBeVisible();
  await checkScreen(page, 'theme');
  await page.getByRole('button', { name: 'Keep the site open' }).click();
  await expect(page.getByTestId('maintenance-state')).toHaveText('The bookings site is open.');
});

test("a manager edits a weekly series from a session's card; ending it is refused while later sessions have bookings", async ({ page, baseURL }) => {
  const tomorrow = addDays(venueToday(), 1);
  await page.goto(foh(baseURL!, `/manage/venues/${VENUE}?date=${tomorrow}`));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, DEMO_ACCOUNTS.manager);
  const card = page.getByTestId('manage-session').filter({ has: page.getByRole('link', { name: /^Edit series: / }) }).first();
  const name = (await card.getByRole('heading').textContent())!.replace(/^\S+\s/, '');
  const occurrenceId = await card.getAttribute('data-occurrence-id');
  await card.getByRole('link', { name: /^Edit series: / }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Weekly series: ${name}` })).toBeVisible({ timeout: 15_000 });

  // The series' day is offered with the others, tomorrow's weekday chosen (sent unchanged with the save).
  const weekday = new Date(`${tomorrow}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  await expect(page.getByRole('combobox', { name: 'Day', exact: true }).locator('option:checked')).toHaveText(weekday);
  // A capacity of 0 is refused in place; then a new time and one place more, saved.
  const capacity = Number(await page.getByLabel('Capacity').inputValue()) + 1;
  await page.getByLabel('Capacity').fill('0');
  await page.getByRole('button', { name: 'Save series' }).click();
  await expect(page.getByText('Enter a whole number from 1 to 1000')).toBeVisible();
  await expect(page.getByLabel('Capacity')).toBeFocused();
  await page.getByLabel('Capacity').fill(String(capacity));
  await page.getByLabel('Start time').fill('21:05');
  await page.getByLabel('Reason (optional, recorded)').fill('Later slot');
  await page.getByRole('button', { name: 'Save series' }).click();
  await expect(page.getByTestId('series-edit-status')).toContainText(`${name} is saved:`);
  await checkScreen(page, 'series-edit');

  // Tomorrow's session in the console has the new capacity (and the new time unless it has bookings).
  await page.goto(foh(baseURL!, `/manage/venues/${VENUE}?date=${tomorrow}`));
  const moved = page.locator(`[data-occurrence-id="${occurrenceId}"]`);
  await expect(moved.getByTestId('manage-session-places')).toContainText(`of ${capacity}`);

  // Ending it after tomorrow is refused while later sessions have bookings (the demo's), naming them.
  await moved.getByRole('link', { name: /^Edit series: / }).click();
  await page.getByLabel('Last date').fill(tomorrow);
  await page.getByLabel('Reason (recorded)').fill('Studio refit');
  await page.getByRole('button', { name: 'End series' }).click();
  await expect(page.getByRole('alert')).toContainText(`Sessions after ${tomorrow} have bookings`);
  await expect(page.getByRole('alert')).toContainText('cancel them first, so their customers are credited and told.');
});
