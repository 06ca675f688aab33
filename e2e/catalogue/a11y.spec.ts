import { expect, test } from '@playwright/test';
import { AXE_WIDTHS as WIDTHS, expectNoAxeViolations } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';

// The catalogue's routes themselves are checked at every width by a11y/axe.spec.ts (BOOKINGS_ROUTES);
// this file checks what only appears after an action: the map search's results.
for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

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
