import { expect, type Page } from '@playwright/test';
import { waitForApp } from '../support/app.ts';

/** The breadcrumb trail after the home icon, as the user reads it. */
export const breadcrumbs = async (page: Page) => {
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail).toBeVisible();
  return (await trail.locator('li').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
};

/** Chooses a venue on the home page by name search, as a customer would. */
export const chooseVenue = async (page: Page, search: string, name: string) => {
  await page.goto('/');
  // The home page is server-rendered and its script starts after the first paint; act once it is live.
  await waitForApp(page);
  await page.getByTestId('search-venue').fill(search);
  const card = page.getByTestId('venue-card').filter({ has: page.getByTestId('venue-name').getByText(name, { exact: true }) });
  await card.getByTestId('select-venue').click();
  await expect(page.getByTestId('selected-venue')).toContainText(name);
};
