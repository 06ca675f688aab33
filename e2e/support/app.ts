import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * Holds back `path`'s app entry script (its `data-entry`) until `release()`, so a journey can
 * press and type on the server-rendered page before the app is live, as a visitor on a slow phone
 * does. Returns the page's HTML as the server sent it.
 */
export const holdAppScript = async (page: Page, request: APIRequestContext, path: string) => {
  const html = await (await request.get(path)).text();
  const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the page names its entry script (data-entry)').toBeTruthy();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname === entry, async (route) => {
    await released;
    await route.continue();
  });
  return { html, release };
};
