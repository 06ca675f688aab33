import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app on `page` is live: `<html data-ready="true">`, set by apps/web/src/main.tsx
 * once the shell and its screen have hydrated (or mounted) and their handlers work. Call it after
 * a full page load before pressing, typing or starting a timer that the app handles. The home and
 * venue pages are server-rendered and start their script after the first paint
 * (docs/performance.md "Lighthouse"), so `load` comes before the app is live there; unlike
 * waiting for the network to go quiet, this neither waits for unrelated requests nor stops
 * before a late script.
 *
 * Only shell pages say so: the maintenance screen and the theme's failure page never do.
 */
export const waitForApp = async (page: Page, { timeout = 15_000 } = {}) => {
  await expect(page.locator('html'), 'the app is live (html[data-ready="true"])').toHaveAttribute('data-ready', 'true', { timeout });
};
