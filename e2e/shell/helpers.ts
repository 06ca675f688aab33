import { expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** The breadcrumb trail after the home icon, as the user reads it. */
export const breadcrumbLabels = async (page: Page) => {
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  return trail.locator('li').filter({ hasNot: page.getByRole('link', { name: 'Home' }) }).allInnerTexts();
};

export const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

export const WIDTHS = [375, 1280] as const;
