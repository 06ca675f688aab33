import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { chooseVenue } from '../catalogue/helpers.ts';

/**
 * Issue 20: /pricing (spec §2 Membership discounts) works for visitors: member and non-member
 * prices without logging in. The price call answers a visitor (no 401, so no reload), nothing
 * personal: no "Your price" column.
 */
test.describe.configure({ timeout: 60_000 });

test('a visitor sees member and non-member prices on /pricing without logging in', async ({ page }) => {
  await chooseVenue(page, 'Bury', 'Bury Leisure Centre');
  const priceStatuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/price/')) priceStatuses.push(response.status());
  });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership pricing' })).toBeVisible();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await page.getByLabel('Activity').selectOption({ label: 'Pilates' });
  await page.getByRole('button', { name: 'Show prices' }).click();

  const table = page.getByTestId('pricing-table');
  await expect(table.getByRole('columnheader', { name: 'Non-member', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Member', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Your price' })).toHaveCount(0);
  await expect(table.getByRole('row').nth(1)).toContainText('£7.50');
  await expect(table.getByRole('row').nth(1)).toContainText('£4.50');
  expect(priceStatuses).toEqual([200]);
  // Still a visitor: nothing logged them in, and no 401 reloaded the page.
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});
