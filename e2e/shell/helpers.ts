import { expect, type Page } from '@playwright/test';

/** The breadcrumb trail after the home icon, as the user reads it. */
export const breadcrumbLabels = async (page: Page) => {
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  return trail.locator('li').filter({ hasNot: page.getByRole('link', { name: 'Home' }) }).allInnerTexts();
};

