import { expect, test } from '@playwright/test';
import { AXE_WIDTHS as WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';

const SCREENS = [
  ['/', 'Find your venue and book in minutes'],
  ['/location/bury-leisure-centre', 'What would you like to do?'],
  ['/location/bury-leisure-centre/racket-sports', 'Racket Sports'],
  ['/courses/location/bury-leisure-centre', 'Courses at Bury Leisure Centre'],
  ['/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1', 'Learn to Swim Stage 1'],
  ['/location/atlantis-lido', "We couldn't find that venue"],
] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading] of SCREENS) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    test('axe finds no violations in the map search results', async ({ page }) => {
      await page.goto('/');
      // Server-rendered; its script starts after the first paint (docs/performance.md "Lighthouse").
      await waitForApp(page);
      await page.getByRole('button', { name: 'Search by location' }).click();
      await page.getByLabel('Town, city or village').fill('Bury');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByTestId('venue-list')).toBeVisible();
      await expect(page.locator('.venue-pin, .venue-cluster').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
