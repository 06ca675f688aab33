import { expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

export const WIDTHS = [375, 1280] as const;

export const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

/** The breadcrumb trail after the home icon, as the user reads it. */
export const breadcrumbs = async (page: Page) => {
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail).toBeVisible();
  return (await trail.locator('li').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
};

/** Chooses a venue on the home page by name search, as a customer would. */
export const chooseVenue = async (page: Page, search: string, name: string) => {
  await page.goto('/');
  await page.getByTestId('search-venue').fill(search);
  const card = page.getByTestId('venue-card').filter({ has: page.getByTestId('venue-name').getByText(name, { exact: true }) });
  await card.getByTestId('select-venue').click();
  await expect(page.getByTestId('selected-venue')).toContainText(name);
};
