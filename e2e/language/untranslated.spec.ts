import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { ACCOUNT_ROUTES, BOOKINGS_ROUTES, JOINING_ROUTES, KIOSK_ROUTES, MANAGE_ROUTES, TILL_ROUTES } from '../a11y/routes.ts';
import { expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';
import { venueToday } from '../support/dates.ts';
import { logInWithCookie } from '../support/login.ts';
import { ownPerson, setAccountLanguage, type Role } from './people.ts';
import { pageTexts, untranslated } from './texts.ts';

/**
 * Issue 27 "Done when": every route of every source (the lists of e2e/a11y/routes.ts, which the
 * first test holds against apps/web/src/app/router.tsx) is rendered in English and in Welsh (the
 * `lang` cookie), and a text the Welsh page shows that the English page shows too fails the test,
 * naming the route and the text, unless it is a name (texts.ts: the demo data's venues, people,
 * activities, plans; the brand; numbers, prices, times). axe finds nothing on the Welsh page at
 * 375 and 1280 px. One browser context per source and viewer; each route is loaded twice. A
 * logged-in viewer is the journey's own customer, staff member or manager (people.ts: their
 * recorded language is turned Welsh and back, which the shared demo accounts must not be).
 */
type Site = 'bookings' | 'my-account' | 'online-joining' | 'foh';
type Group = { name: string; site: Site; who: Role | null; paths: readonly string[] };
/** The journey's own people's details, shown on their pages in both languages: names. */
const OWN_NAMES = ['Jo Marsden', 'Jo', 'Marsden', '9 Silver Street'];

const GROUPS: readonly Group[] = [
  { name: 'the bookings site', site: 'bookings', who: null, paths: BOOKINGS_ROUTES.map(([route]) => route).filter((route) => route !== '/kiosk') },
  { name: 'the account site, as a customer', site: 'my-account', who: 'customer', paths: ACCOUNT_ROUTES.map(([route]) => route).filter((route) => route !== '/login') },
  { name: 'online joining', site: 'online-joining', who: null, paths: JOINING_ROUTES },
  { name: 'the till, as staff', site: 'foh', who: 'staff', paths: TILL_ROUTES },
  { name: 'the console, as the manager', site: 'foh', who: 'manager', paths: MANAGE_ROUTES },
  { name: 'the kiosk', site: 'bookings', who: null, paths: KIOSK_ROUTES },
];

const siteUrl = (baseURL: string, site: Site, pathname: string) => {
  const url = new URL(pathname, baseURL);
  if (site !== 'bookings') url.hostname = `${site}.localhost`;
  return url.toString();
};

/** `{planId}`, `{customerId}`, `{templateId}`: the demo data's first Bury plan, the demo customer's account user, a weekly class at Prestwich. */
const fillIds = async (request: APIRequestContext, paths: readonly string[], token: string | null) => {
  const ids: Record<string, string> = {};
  if (paths.some((p) => p.includes('{planId}'))) {
    const plans = (await (await request.get('/api/online-joining/venues/bury-leisure-centre/plans')).json()) as { data: { id: number }[] };
    ids.planId = String(plans.data[0]!.id);
  }
  if (paths.some((p) => p.includes('{customerId}'))) {
    const found = await request.get(`/api/foh/customers?q=${encodeURIComponent(DEMO_ACCOUNTS.customer.email)}`, { headers: { authorization: `Bearer ${token}` } });
    const people = (await found.json()) as { data: { account_user_id: number; relationship: string }[] };
    ids.customerId = String(people.data.find((person) => person.relationship === 'self')!.account_user_id);
  }
  if (paths.some((p) => p.includes('{templateId}'))) {
    const day = await request.get(`/api/manage/venues/prestwich-fitness-centre/occurrences?date=${venueToday()}`, { headers: { authorization: `Bearer ${token}` } });
    const sessions = (await day.json()) as { data: { template_id: number | null; kind: string }[] };
    // A class's template is a series; a court's is not (its series page answers 404).
    ids.templateId = String(sessions.data.find((session) => session.template_id !== null && session.kind === 'class')!.template_id);
  }
  return paths.map((p) => p.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!));
};

/** The page in `language` (the browser's cookie, and a logged-in viewer's account), once the app is live and its screen has its content. */
const render = async (page: Page, context: BrowserContext, request: APIRequestContext, token: string | null, url: string, language: 'en-GB' | 'cy') => {
  if (token !== null) await setAccountLanguage(request, token, language);
  await context.addCookies([{ name: 'lang', value: language, url: new URL(url).origin }]);
  await page.goto(url);
  await waitForApp(page, { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  // A console screen's two queries took over 15 s on the loaded 2-core machine.
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0, { timeout: 30_000 });
  return pageTexts(page);
};

/** axe's error as one line: where, and the rules and elements it names. */
const axeFindings = (error: Error) => {
  // Without the terminal's colour codes (ESC [ … m).
  const lines = error.message.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').split('\n');
  return [lines[0], ...lines.filter((line) => /^\s*\+\s+"/.test(line)).map((line) => line.replace(/^\s*\+\s+/, ''))].join(' ');
};

/** The router's screens: `path: '…'` of apps/web/src/app/router.tsx, but redirects and the catch-all. */
const routerPatterns = () =>
  fs
    .readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/app/router.tsx'), 'utf8')
    .split('\n')
    .filter((line) => !line.includes('...redirect'))
    .flatMap((line) => [...line.matchAll(/path: '([^']*)'/g)].map((match) => match[1]!))
    .filter((pattern) => pattern !== '*' && pattern !== '/');

const matches = (pattern: string, address: string) => {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => (part === '*' ? '(?:/.*)?' : part.startsWith(':') ? (part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${part}`))
    .join('');
  return new RegExp(`^${source}/?$`).test(address.split('?')[0]!);
};

test('the lists hold an address for every screen of the router', () => {
  const addresses = GROUPS.flatMap((group) => group.paths);
  const missing = routerPatterns().filter((pattern) => !addresses.some((address) => matches(pattern, address)));
  expect(missing, 'router paths with no address in e2e/a11y/routes.ts').toEqual([]);
});

test.describe('no English is left on a Welsh page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const group of GROUPS) {
    test(`every route of ${group.name}`, async ({ page, context, request, baseURL }) => {
      test.setTimeout(60_000 + group.paths.length * 30_000);
      const token = group.who === null ? null : await logInWithCookie(context, request, siteUrl(baseURL!, group.site, '/'), await ownPerson(request, group.who));
      const english: string[] = [];
      const axe: string[] = [];
      for (const pathname of await fillIds(request, group.paths, token)) {
        const url = siteUrl(baseURL!, group.site, pathname);
        await test.step(pathname, async () => {
          const inEnglish = await render(page, context, request, token, url, 'en-GB');
          const inWelsh = await render(page, context, request, token, url, 'cy');
          english.push(...untranslated(inEnglish, inWelsh, OWN_NAMES).map((text) => `${pathname}: "${text}"`));
          // Every route is checked before the test fails, so one run names every problem.
          await expectNoAxeViolationsAtWidths(page).catch((error: Error) => axe.push(`${pathname}: ${axeFindings(error)}`));
          await page.setViewportSize({ width: 1280, height: 900 });
        });
      }
      expect({ english, axe }, `English on the Welsh pages of ${group.name}, and axe's findings there`).toEqual({ english: [], axe: [] });
    });
  }
});
