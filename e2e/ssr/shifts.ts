import type { Page } from '@playwright/test';

type Record = { shifts: number; shifted: string[]; headingLost: boolean };

/**
 * Layout shifts (not after input) add up in `window.shifts` from the first paint, and
 * `window.shifted` says what moved (tag, id, test id or class of each source, with the time), for
 * the failure message of a server-rendered page's "nothing moves at hydration" check (issue 28).
 * `window.headingLost` says whether the page's h1, once shown, ever left it: the server's frame
 * thrown away for the shell's loading spinner as the app hydrates, which the CI run of 6d52c11
 * caught only by chance (axe found no h1 on an account screen).
 */
export const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const record = window as unknown as Record;
    record.shifts = 0;
    record.shifted = [];
    record.headingLost = false;
    let hadHeading = false;
    new MutationObserver(() => {
      const hasHeading = document.querySelector('h1') !== null;
      if (hadHeading && !hasHeading) record.headingLost = true;
      hadHeading ||= hasHeading;
    }).observe(document, { subtree: true, childList: true });
    type Box = { x: number; y: number; width: number; height: number };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: Box; currentRect: Box }[];
    };
    const box = (rect: Box) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        record.shifts += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node as HTMLElement | null | undefined;
          record.shifted.push(
            `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms ${node?.nodeName ?? '?'}${node?.id ? `#${node.id}` : ''}${node?.dataset?.testid ? `[${node.dataset.testid}]` : ''}.${String(node?.className ?? '').slice(0, 60)} ${box(source.previousRect)} → ${box(source.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The shifts recorded so far, once the fonts have settled and two frames have passed (so a shift of the last layout is in). */
export const recordedShifts = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const record = window as unknown as Record;
    return { shifts: record.shifts, shifted: record.shifted, headingLost: record.headingLost };
  });
};
