import { expect, test } from '@playwright/test';
import { breadcrumbs, chooseVenue } from './helpers.ts';

test.describe('activities', () => {
  test('from the chosen venue: pick an activity, then a sub-activity, then on to its times', async ({ page }) => {
    await chooseVenue(page, 'bury', 'Bury Leisure Centre');
    await page.getByTestId('selected-venue').getByRole('link', { name: 'Book an activity' }).click();

    await expect(page).toHaveURL('/location/bury-leisure-centre');
    await expect(page).toHaveTitle('Bookings | Book an activity');
    expect(await breadcrumbs(page)).toEqual(['Book an activity']);
    await expect(page.getByRole('heading', { level: 1, name: 'What would you like to do?' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Swimming/ }).first()).toBeVisible();

    await page.getByRole('link', { name: /Fitness Classes/ }).click();
    await expect(page).toHaveURL('/location/bury-leisure-centre/fitness-classes');
    await expect(page).toHaveTitle('Bookings | Fitness Classes');
    // Spec §2: the capitalised activity slug.
    expect(await breadcrumbs(page)).toEqual(['Book an activity', 'Fitness-classes']);
    for (const name of ['Yoga', 'Spin', 'HIIT', 'Pilates', 'Aqua Aerobics']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }

    await page.getByRole('link', { name: /^Yoga/ }).click();
    await expect(page).toHaveURL(/\/location\/bury-leisure-centre\/yoga\/\d{4}-\d{2}-\d{2}$/);
  });

  test('only shows what the venue offers', async ({ page }) => {
    await page.goto('/location/whitefield-sports-centre');
    await expect(page.getByRole('heading', { level: 2, name: 'Fitness Classes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Swimming' })).toHaveCount(0);
  });

  test('the venue page remembers the venue for the redirect routes', async ({ page }) => {
    await page.goto('/location/heywood-sports-village');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The heading is server-rendered; the venue is remembered once the page has hydrated.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'selected_venue')?.value ?? '')
      .toContain('heywood-sports-village');
    await page.goto('/redirect-to-selected-venue');
    await expect(page).toHaveURL('/location/heywood-sports-village');
  });

  test('an unknown venue or activity says so and offers a way on', async ({ page }) => {
    await page.goto('/location/atlantis-lido');
    await expect(page.getByRole('heading', { name: "We couldn't find that venue" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose a venue' })).toHaveAttribute('href', '/');

    await page.goto('/location/bury-leisure-centre/underwater-hockey');
    await expect(page.getByRole('heading', { name: "We couldn't find the activity you are looking for" })).toBeVisible();
    await page.getByRole('link', { name: 'See activities at Bury Leisure Centre' }).click();
    await expect(page).toHaveURL('/location/bury-leisure-centre');
  });
});

test.describe('courses', () => {
  test('pick a course type and a course, then read its details', async ({ page }) => {
    await page.goto('/location/bury-leisure-centre');
    await page.getByRole('link', { name: /Courses/ }).click();
    await expect(page).toHaveURL('/courses/location/bury-leisure-centre');
    await expect(page).toHaveTitle('Bookings | Book a course');
    expect(await breadcrumbs(page)).toEqual(['Book a course']);

    await page.getByRole('navigation', { name: 'Course type' }).getByRole('link', { name: 'Swimming Lessons', exact: true }).click();
    await expect(page).toHaveURL('/courses/location/bury-leisure-centre/swimming-lessons');
    expect(await breadcrumbs(page)).toEqual(['Book a course', 'Swimming-lessons']);
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Learn to Swim Stage 1' })).toBeVisible();
    const courseNames = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(courseNames).toEqual(expect.arrayContaining(['Learn to Swim Stage 1', 'Learn to Swim Stage 2']));
    expect(courseNames).not.toContain('Six-Week HIIT Bootcamp');

    await page.getByRole('link', { name: /Learn to Swim Stage 1/ }).click();
    await expect(page).toHaveURL('/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1');
    await expect(page).toHaveTitle('Bookings | Learn to Swim Stage 1');
    expect(await breadcrumbs(page)).toEqual(['Book a course', 'Swimming-lessons', 'Learn to Swim Stage 1']);
    await expect(page.getByRole('heading', { level: 1, name: 'Learn to Swim Stage 1' })).toBeVisible();
    await expect(page.getByText('£60.00')).toBeVisible();
    await expect(page.getByText('Saturdays at 09:00–09:30').first()).toBeVisible();
    await expect(page.getByText('Hannah Whitworth')).toBeVisible();
    await expect(page.getByText('Ages 4–7')).toBeVisible();
  });

  test('a venue with no upcoming courses of a type says what to do next', async ({ page }) => {
    await page.goto('/courses/location/whitefield-sports-centre');
    await expect(page.getByRole('heading', { name: 'No courses open for booking' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All activities' })).toHaveAttribute('href', '/location/whitefield-sports-centre');
  });

  test('an unknown course says so', async ({ page }) => {
    await page.goto('/courses/location/bury-leisure-centre/swimming-lessons/synchronised-diving');
    await expect(page.getByRole('heading', { name: "We couldn't find that course" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses/location/bury-leisure-centre');
  });
});
