import { expect, test } from '@playwright/test';
import { holdAppScript, waitForApp } from '../support/app.ts';

/**
 * Activity and course pages are server-rendered (issue 28, docs/performance.md "Server rendering
 * of every public page"): the HTML alone shows each page's title, description, heading and first
 * items, and the app hydrates them without asking for their data again.
 */
const COURSE = '/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('courses, a course, an activity: the HTML alone shows each page', async ({ page }) => {
    await page.goto('/courses/location/bury-leisure-centre');
    await expect(page).toHaveTitle('Bookings | Book a course');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
    await expect(page.getByRole('heading', { level: 1, name: 'Courses at Bury Leisure Centre' })).toBeVisible();
    // The courses came with the page: each a heading that links to it.
    await expect(page.getByRole('heading', { level: 2 }).getByRole('link', { name: 'Learn to Swim Stage 1' })).toBeVisible();

    await page.goto(COURSE);
    await expect(page).toHaveTitle('Bookings | Learn to Swim Stage 1');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
    await expect(page.getByRole('heading', { level: 1, name: 'Learn to Swim Stage 1' })).toBeVisible();
    // The booking panel's places and sessions came with the page.
    await expect(page.getByTestId('places-left')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first()).toBeVisible();

    await page.goto('/location/bury-leisure-centre/racket-sports');
    await expect(page).toHaveTitle('Bookings | Racket Sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Racket Sports' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('link') }).first()).toBeVisible();
  });
});

test('a course page hydrates without asking for its course again, and Book course pressed before the app is live asks to log in', async ({ page, request }) => {
  const { html, release } = await holdAppScript(page, request, COURSE);
  expect(html).toContain('data-server-rendered');
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/activities/')) asked.push(url.pathname);
  });
  await page.goto(COURSE, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Book course' }).click();
  const modal = page.getByTestId('login-modal');
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  release();
  await waitForApp(page);
  await expect(modal).toBeVisible();
  expect(asked).toEqual([]);
});
