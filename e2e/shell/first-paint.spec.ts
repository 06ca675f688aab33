import { expect, test } from '@playwright/test';

/**
 * Server-rendered first screens paint from the HTML alone (docs/performance.md "Lighthouse",
 * apps/api/src/modules/spa/first-paint.ts): the stylesheet is inline, and the script and the web
 * fonts are asked for only after the first contentful paint; the page then hydrates, and the
 * fonts swap in without moving it.
 */
for (const path of ['/', '/location/bury-leisure-centre']) {
  test.describe(`${path} at 375 px`, () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('paints before any other request, then starts the app and the fonts without moving the page', async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('data-server-rendered');
      expect(html).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script type="module"|rel="preload" as="font"/);

      await page.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);

      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        resources: performance.getEntriesByType('resource').map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
        fontsOn: (document.getElementById('web-fonts') as HTMLStyleElement | null)?.media,
        roboto: document.fonts.check('16px Roboto'),
        oswald: document.fonts.check('500 16px Oswald'),
        shifts: (window as unknown as { shifts: number }).shifts,
      }));
      expect(timing.fcp).not.toBeNull();
      const scripts = timing.resources.filter((r) => r.name.startsWith('/assets/') && r.name.endsWith('.js'));
      const fonts = timing.resources.filter((r) => r.name.endsWith('.woff2'));
      expect(scripts.length).toBeGreaterThan(10);
      expect(fonts.length).toBeGreaterThan(0);
      // Nothing but the tiny starter script was asked for before the first paint.
      for (const resource of [...scripts, ...fonts]) expect(resource.start, resource.name).toBeGreaterThanOrEqual(timing.fcp!);
      expect(timing.fontsOn).toBe('all');
      expect(timing.roboto).toBe(true);
      expect(timing.oswald).toBe(true);
      expect(timing.shifts).toBeLessThanOrEqual(0.02);
    });
  });
}
