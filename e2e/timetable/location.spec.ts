import { expect, test } from '@playwright/test';
import { bookableDates } from '../support/customer.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';

/**
 * Issue 20 (spec §3, §7): the timetable keeps a selected location and sends it to slots as
 * location_id. A visitor on Badminton by court picks one court: only its slots show, and the
 * next date keeps the choice.
 */
test.describe.configure({ timeout: 90_000 });

test('a chosen court narrows the slots (location_id) and is kept on the next date', async ({ page, request }) => {
  const [first, second] = (await bookableDates(request, 'badminton')).slice(1);
  const slotUrls: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (/\/activity\/badminton\/(v2\/)?slots$/.test(url.pathname)) slotUrls.push(url.search);
  });
  await page.goto(`/location/bury-leisure-centre/badminton/${first}/by-court`);
  const choice = page.getByLabel('Location');
  await expect(choice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('timetable-item').first()).toBeVisible();
  const courts = (await choice.locator('option').allTextContents()).slice(1);
  expect(courts.length).toBeGreaterThan(1);
  const court = courts[1]!;
  const value = await choice.locator('option', { hasText: court }).getAttribute('value');

  await choice.selectOption({ label: court });
  await expect(page.getByRole('heading', { level: 2, name: court, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: courts[0]!, exact: true })).toHaveCount(0);
  expect(slotUrls.at(-1)).toBe(`?date=${first}&location_id=${value}`);
  await expectNoAxeViolations(page);

  // The date strip's link (same tab, no reload: the choice lives in the tab's timetable state).
  await page.locator(`nav a[href$="/badminton/${second}/by-court"]`).click();
  await expect(page).toHaveURL(new RegExp(`/badminton/${second}/by-court$`));
  await expect(choice).toHaveValue(value!);
  await expect.poll(() => slotUrls.at(-1)).toBe(`?date=${second}&location_id=${value}`);
});
