import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { emailTextTo } from '../checkout/email.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';
import { dayEntries, newCustomer, type Customer } from '../support/customer.ts';
import { logInWithCookie, loginToken } from '../support/login.ts';

/**
 * Issue 25 "Done when" (docs/release.md "Screens"): two customers ask for the same last place of a
 * day not open yet, before its release; after it exactly one holds it (in the basket) and the
 * other is on the waitlist with a position; the page showed the committed seed's hash before and
 * the seed after (whose SHA-256 is that hash). Staff move the day's release (PUT
 * foh/venues/{venue}/releases/{date}) so the journey never waits for 22:00: first 9 minutes
 * ahead (requests are open from 10 minutes before), then, once both have asked, a few seconds
 * ahead. The date is the window's next one, from the dates list (no literal dates). No sleeps:
 * every wait is on the page's state.
 */

const VENUE = 'bury-leisure-centre';
const STAFF = DEMO_ACCOUNTS.staff;

const screenshot = async (page: Page, name: string) => {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  if (process.env.RELEASE_SHOTS) fs.copyFileSync(file, `${process.env.RELEASE_SHOTS}/${name}.png`);
};

/** Screenshots at 375 and 1280 px of `page`'s state, with axe at each width, the release panel in view. */
const shotsAndAxe = async (page: Page, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await page.getByTestId('release-panel').scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
    await expectNoAxeViolations(page, `${name} at ${width} px`);
  }
};

/**
 * Leaves one place in the occurrence: its capacity lowered to what is taken + 1, in the journeys'
 * database (as e2e/foh/own-till.ts arranges its till). The day is not open, so neither the
 * basket nor the till can fill it, and the seed's bookings rarely leave exactly one.
 */
const leaveOnePlace = async (occurrenceId: number, spaces: number) => {
  const client = new pg.Client({ connectionString: embeddedConnectionString(path.join(process.env.E2E_DATA_DIR!, 'postgres'), Number(process.env.E2E_PG_PORT)) });
  await client.connect();
  try {
    const changed = await client.query('UPDATE occurrences SET capacity = capacity - $2 WHERE id = $1', [occurrenceId, spaces - 1]);
    expect(changed.rowCount).toBe(1);
  } finally {
    await client.end();
  }
};

/** The window's next date (not open yet) for a logged-in customer, and a class on it with places left (then left with one). */
const lastPlace = async (request: APIRequestContext, token: string) => {
  for (const activity of ['yoga', 'spin', 'hiit', 'pilates']) {
    const response = await request.get(`/api/activities/venue/${VENUE}/activity-category/${activity}/dates`, { headers: { authorization: `Bearer ${token}` } });
    const { data } = (await response.json()) as { data: { raw: string; bookable: boolean }[] };
    const next = data.find((date) => !date.bookable);
    if (!next) continue;
    const entry = (await dayEntries(request, activity, next.raw, token)).find((candidate) => candidate.spaces_remaining >= 1);
    if (entry) {
      await leaveOnePlace((entry as { occurrence_id?: number }).occurrence_id ?? Number(entry.id), entry.spaces_remaining);
      return { activity, date: next.raw, entry };
    }
  }
  throw new Error('No class with a place left on the next date to be released');
};

const moveRelease = async (request: APIRequestContext, staffToken: string, date: string, inMs: number) => {
  const response = await request.put(`/api/foh/venues/${VENUE}/releases/${date}`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { release_at: new Date(Date.now() + inMs).toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { release_at: string; seed_hash: string } }).data;
};

/** A browser of `who`'s own, logged in, on the day. */
const openAs = async (browser: Browser, baseURL: string, request: APIRequestContext, who: Customer, path: string) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await logInWithCookie(context, request, baseURL, who);
  const page = await context.newPage();
  await page.goto(path);
  await waitForApp(page, { timeout: 30_000 });
  return page;
};

const itemOf = (page: Page, name: string, time: string): Locator =>
  page.getByTestId('timetable-item').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?, ${time}`) }) });

test('two customers ask for the last place before the release; after it one holds it, the other waits with a position; the hash before, the seed after', async ({ browser, request, baseURL }) => {
  // Three browsers, two sign-ups, ten axe runs and a draw on a loaded machine.
  test.setTimeout(240_000);
  const staffToken = await loginToken(request, STAFF);
  const [ann, ben] = [await newCustomer(request, 'release-a'), await newCustomer(request, 'release-b')];
  const { activity, date, entry } = await lastPlace(request, ann.token);
  const path = `/location/${VENUE}/${activity}/${date}`;
  const time = entry.starts_at.format_24_hour;
  const moved = await moveRelease(request, staffToken, date, 9 * 60_000);

  // A visitor sees the countdown and is asked to log in (the day is beyond a visitor's window).
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(path);
    await expect(visitor.getByTestId('release-countdown')).toHaveText(/^Opens in \d+ min \d+ s$/, { timeout: 30_000 });
    await expect(visitor.getByRole('button', { name: 'Log in to request a place' })).toBeVisible();
    await expect(visitor.getByTestId('release-hash')).toHaveText(moved.seed_hash, { useInnerText: false });
    await shotsAndAxe(visitor, 'release-visitor-countdown');
  } finally {
    await visitorContext.close();
  }

  const pages: Page[] = [];
  try {
    for (const who of [ann, ben]) {
      const page = await openAs(browser, baseURL!, request, who, path);
      pages.push(page);
      const panel = page.getByTestId('release-panel');
      await expect(panel.getByTestId('release-countdown')).toHaveText(/^Opens in \d+ min \d+ s$/, { timeout: 30_000 });
      // The committed hash, before the draw, the same as staff were told; no seed yet.
      await expect(panel.getByTestId('release-hash-short')).toContainText(`${moved.seed_hash.slice(0, 8)}…`);
      await expect(panel.getByTestId('release-seed')).toHaveCount(0);
      await expect(panel.getByTestId('release-used')).toHaveText('0 of 2 requests used');
      const item = itemOf(page, entry.name, time);
      if (who === ann) await shotsAndAxe(page, 'release-countdown');
      await item.getByTestId('release-request').click();
      await expect(item.getByTestId('release-request-status')).toHaveText('In the draw');
      await expect(panel.getByTestId('release-used')).toHaveText('1 of 2 requests used');
      if (who === ann) await shotsAndAxe(page, 'release-waiting');
    }

    // Both have asked: the release comes in a few seconds (staff's move), and the pages follow it.
    await moveRelease(request, staffToken, date, 5_000);
    for (const page of pages) await page.reload();
    const outcomes: string[] = [];
    for (const page of pages) {
      await waitForApp(page, { timeout: 30_000 });
      const panel = page.getByTestId('release-panel');
      // The draw runs at the instant (the release-draw job); the page looks again just after it.
      await expect(panel).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
      await expect(panel.getByTestId('release-countdown')).toHaveText('Released');
      const status = itemOf(page, entry.name, time).getByTestId('release-request-status');
      await expect(status).not.toHaveAttribute('data-status', 'waiting', { timeout: 30_000 });
      outcomes.push((await status.getAttribute('data-status'))!);
      // The seed beside the hash, and the hash is the seed's SHA-256.
      const seed = (await panel.getByTestId('release-seed').textContent())!;
      expect(createHash('sha256').update(seed).digest('hex')).toBe(moved.seed_hash);
      await expect(panel.getByTestId('release-hash')).toHaveText(moved.seed_hash, { useInnerText: false });
    }
    expect(outcomes.toSorted()).toEqual(['granted', 'waitlisted']);

    const winner = pages[outcomes.indexOf('granted')]!;
    const other = pages[outcomes.indexOf('waitlisted')]!;
    await expect(itemOf(winner, entry.name, time).getByTestId('release-request-status')).toContainText('Held in your basket');
    await expect(itemOf(other, entry.name, time).getByTestId('release-request-status')).toHaveText(/^On the waitlist, position \d+$/);
    // Nobody was told to try again.
    for (const page of pages) await expect(page.getByText(/try again/i)).toHaveCount(0);
    await shotsAndAxe(winner, 'release-drawn-granted');
    await shotsAndAxe(other, 'release-drawn-waitlisted');

    // Each is told by email what their request came to: the hold with its expiry, the position.
    const [winnerWho, otherWho] = outcomes[0] === 'granted' ? [ann, ben] : [ben, ann];
    expect(await emailTextTo('release_result', winnerWho.email)).toMatch(new RegExp(`${entry.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at ${time} for .*: held in your basket until \\d{2}:\\d{2}\\.`));
    expect(await emailTextTo('release_result', otherWho.email)).toMatch(/: on the waiting list, number \d+\./);

    // The place is a hold in the winner's basket, with its time left.
    await itemOf(winner, entry.name, time).getByRole('link', { name: 'Go to basket' }).click();
    await expect(winner.getByTestId('basket-item')).toHaveCount(1, { timeout: 20_000 });
    await expect(winner.getByTestId('basket-item')).toContainText(entry.name);
    await expect(winner.getByTestId('basket-time-left')).toHaveText(/\d+:[0-5]\d$/);
  } finally {
    for (const page of pages) await page.context().close();
  }
});
