/// <reference lib="dom" />
import { expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** The widths every screen is checked at: a small phone and a laptop. */
export const AXE_WIDTHS = [375, 1280] as const;

/** The project's axe rule set: WCAG 2.0–2.2 A and AA, plus best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe on the page as it is, every frame included. Legacy mode runs axe in each frame and joins the
 * results in the page itself; the default mode opens a blank page per run to join them, which cost
 * about as much CPU as the check (1.6–2.2 s against 0.75–1.1 s a run on this machine, measured
 * for issue 19's wall time). Our pages have no cross-origin frames to check, where the two differ.
 */
export const expectNoAxeViolations = async (page: Page, where = '') => {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations${where ? ` ${where}` : ''}`,
  ).toEqual([]);
};

/**
 * Runs axe on the current page at each of AXE_WIDTHS, narrowest first: the page is reflowed to each
 * width, not reloaded, and each run waits for the layout of its width (the viewport's width in the page).
 */
export const expectNoAxeViolationsAtWidths = async (page: Page) => {
  const height = page.viewportSize()?.height ?? 900;
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await expectNoAxeViolations(page, `at ${width} px`);
  }
};

type FocusReport = {
  tag: string;
  name: string;
  box: { top: number; bottom: number; left: number; right: number } | null;
  viewport: { width: number; height: number };
  headerBottom: number;
  isCovered: boolean;
};

/** What is focused, where it is, and whether the sticky header (or anything else) is on top of it. */
export const focusReport = (page: Page) =>
  page.evaluate((): FocusReport => {
    let element = document.activeElement;
    // Focus inside an iframe or shadow root is out of scope here.
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    const header = document.getElementById('site-header');
    const headerBottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    if (!element || element === document.body || element === document.documentElement) {
      return { tag: element?.tagName.toLowerCase() ?? 'none', name: '', box: null, viewport, headerBottom, isCovered: false };
    }
    const rect = element.getBoundingClientRect();
    const box = { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    // In a modal <dialog> the header is inert and behind the backdrop: it cannot cover.
    const isInDialog = !!element.closest('dialog[open]');
    const isInHeader = !!header?.contains(element);
    // Sample the element's centre and its top edge: what is drawn there must be the element (or inside it).
    const points: [number, number][] = [
      [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2],
      [(rect.left + rect.right) / 2, Math.min(rect.bottom - 1, rect.top + 2)],
    ];
    // Under the header only counts when the header is what is drawn there (a fixed skip link sits on top).
    const topY = Math.max(rect.top + 1, 0);
    const drawnAtTop = document.elementFromPoint((rect.left + rect.right) / 2, topY);
    const isOnTop = !!drawnAtTop && (drawnAtTop === element || element.contains(drawnAtTop));
    const isCovered = points.some(([x, y]) => {
      if (x < 0 || y < 0 || x >= viewport.width || y >= viewport.height) return false;
      const top = document.elementFromPoint(x, y);
      return !!top && top !== element && !element.contains(top) && !top.contains(element) && !(isInDialog || isInHeader ? false : header?.contains(top));
    });
    const labelled = element.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const label = 'labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : undefined;
    const candidates = [element.getAttribute('aria-label'), labelled, label, (element as HTMLElement).innerText, element.getAttribute('title')];
    const name = (candidates.find((text) => text?.trim()) ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
    return {
      tag: element.tagName.toLowerCase(),
      name,
      box,
      viewport,
      headerBottom: isInDialog || isInHeader || isOnTop ? 0 : headerBottom,
      isCovered,
    };
  });

/**
 * The focused element is not <body>, lies inside the viewport, and is not under the sticky
 * header (WCAG 2.4.3, 2.4.7, 2.4.11). `step` names the step in the failure message.
 */
export const expectFocusVisibleAndClear = async (page: Page, step = '') => {
  await expect
    .poll(
      async () => {
        const report = await focusReport(page);
        if (!report.box) return `focus is on <${report.tag}>`;
        const { box, viewport, headerBottom } = report;
        if (box.bottom <= 0 || box.top >= viewport.height || box.right <= 0 || box.left >= viewport.width)
          return `<${report.tag}> "${report.name}" is outside the viewport (${Math.round(box.top)}..${Math.round(box.bottom)})`;
        if (box.top < headerBottom - 0.5) return `<${report.tag}> "${report.name}" starts at ${Math.round(box.top)} px, under the ${Math.round(headerBottom)} px header`;
        if (report.isCovered) return `<${report.tag}> "${report.name}" is covered by another element`;
        return 'ok';
      },
      { message: `focus after ${step || 'this step'}`, timeout: 5_000 },
    )
    .toBe('ok');
};

/** The focused element's accessible-ish name (aria-label, else its text). */
export const focusedName = async (page: Page) => (await focusReport(page)).name;

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element's name matches `name`,
 * checking after every press that focus is visible and clear of the header. Fails after `max` presses.
 */
export const tabUntil = async (page: Page, name: string | RegExp, { backwards = false, max = 40 } = {}) => {
  const matches = (text: string) => (typeof name === 'string' ? text === name || text.startsWith(name) : name.test(text));
  for (let press = 1; press <= max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusVisibleAndClear(page, `${backwards ? 'Shift+Tab' : 'Tab'} #${press} towards "${String(name)}"`);
    if (matches(await focusedName(page))) return press;
  }
  throw new Error(`"${String(name)}" not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
};

/** Every visible interactive element is at least 24×24 px, or has 24 px of room around it (WCAG 2.5.8). */
export const smallTapTargets = (page: Page) =>
  page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const shown = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"], .sr-only, [inert]');
    });
    const rects = shown.map((el) => el.getBoundingClientRect());
    const small: string[] = [];
    shown.forEach((el, index) => {
      const rect = el.getBoundingClientRect();
      if (rect.width >= 24 && rect.height >= 24) return;
      // Inline links in a sentence are exempt (2.5.8 "inline").
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.closest('p, li, address')?.textContent !== el.textContent) return;
      // Spacing exception: a 24 px circle centred on the target meets no other target.
      const cx = (rect.left + rect.right) / 2;
      const cy = (rect.top + rect.bottom) / 2;
      const clash = rects.some((other, j) => {
        const target = shown[j]!;
        if (j === index || target.contains(el) || el.contains(target)) return false;
        const dx = Math.max(other.left - cx, 0, cx - other.right);
        const dy = Math.max(other.top - cy, 0, cy - other.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (clash) small.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`);
    });
    return small;
  });
