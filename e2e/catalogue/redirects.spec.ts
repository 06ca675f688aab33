import { expect, test } from '@playwright/test';
import { chooseVenue } from './helpers.ts';
import { addDays, venueToday } from '../support/dates.ts';

test.describe('redirect routes (spec §2)', () => {
  test('/redirect-to-selected-venue with no venue goes home with the warning toast', async ({ page }) => {
    await page.goto('/redirect-to-selected-venue');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('toast')).toContainText('Please select a venue before booking an activity');
  });

  test('/course-redirect-to-selected-venue with no venue goes home with the course toast', async ({ page }) => {
    await page.goto('/course-redirect-to-selected-venue');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('toast')).toContainText('Please select a venue before booking a course');
  });

  test('both go to the remembered venue', async ({ page }) => {
    await chooseVenue(page, 'prestwich', 'Prestwich Fitness Centre');
    await page.goto('/redirect-to-selected-venue');
    await expect(page).toHaveURL('/location/prestwich-fitness-centre');
    await page.goto('/course-redirect-to-selected-venue');
    await expect(page).toHaveURL('/courses/location/prestwich-fitness-centre');
  });

  test('the venue in the URL wins over the remembered one', async ({ page }) => {
    await chooseVenue(page, 'prestwich', 'Prestwich Fitness Centre');
    await page.goto('/redirect-to-selected-venue?venue=rochdale-leisure-centre');
    await expect(page).toHaveURL('/location/rochdale-leisure-centre');
  });

  test('/{venueSlug} selects that venue and opens its activities', async ({ page }) => {
    await page.goto('/bolton-aquatics-centre');
    await expect(page).toHaveURL('/location/bolton-aquatics-centre');
    await page.goto('/');
    await expect(page.getByTestId('selected-venue')).toContainText('Bolton Aquatics Centre');
  });

  test('/{unknown} is the not-found page', async ({ page }) => {
    await page.goto('/no-such-venue-here');
    await expect(page.getByText("Whoops! Looks like you've gone offside.")).toBeVisible();
  });

  test('/{venueSlug}/{activitySlug} goes to the sub-activity page', async ({ page }) => {
    await page.goto('/bury-leisure-centre/racket-sports');
    await expect(page).toHaveURL('/location/bury-leisure-centre/racket-sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Racket Sports' })).toBeVisible();
  });

  test("an unknown activity shows 'We couldn't find the activity you are looking for' for 3 seconds, then goes home", async ({ page }) => {
    await page.goto('/bury-leisure-centre/underwater-hockey');
    const toast = page.getByTestId('toast').filter({ hasText: "We couldn't find the activity you are looking for" });
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL('/', { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
  });

  test('/{venueSlug}/{activitySlug}/{dateSlug}[/{type}] goes to the time-slot page', async ({ page }) => {
    const day = addDays(venueToday(), 7);
    await page.goto(`/bury-leisure-centre/yoga/${day}`);
    await expect(page).toHaveURL(`/location/bury-leisure-centre/yoga/${day}`);
    await page.goto(`/bury-leisure-centre/yoga/${day}/classes`);
    await expect(page).toHaveURL(`/location/bury-leisure-centre/yoga/${day}/classes`);
  });

  test("/{unknown}/{activity}/{date}/{type} says 'We couldn't find that venue', as the other venue pages do", async ({ page }) => {
    for (const url of ['/atlantis-lido/yoga/page/classes', `/atlantis-lido/yoga/${addDays(venueToday(), 1)}/classes`]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      // A redirect, then the time-slot screen's chunk and the venue's answer: slow on a busy machine.
      await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that venue" })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText("isn't a date we can show times for")).toHaveCount(0);
      await expect(page).toHaveTitle("Bookings | We couldn't find that venue");
    }
  });
});
