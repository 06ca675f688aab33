import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { fillLoginForm, loginToken } from '../support/login.ts';
import { registerViaApi } from '../support/signup.ts';

/**
 * A staff member and a till of the journey's own (session 14: the course and walk-in journeys):
 * signed up through the API, made staff, and a till added at Bury in the journeys' database
 * (E2E_DATA_DIR, as check-in.spec.ts arranges its staff member). The demo's tills are the other
 * till journeys', and one open session per till and per staff member is the rule, so journeys
 * running at once never meet.
 */
const VENUE = 'bury-leisure-centre';

const withDb = async <T>(fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: embeddedConnectionString(path.join(process.env.E2E_DATA_DIR!, 'postgres'), Number(process.env.E2E_PG_PORT)) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export const ownStaffAndTill = async (request: APIRequestContext, prefix: string) => {
  const who = await registerViaApi(request, { prefix });
  const till = `Desk ${randomBytes(3).toString('hex').toUpperCase()}`;
  await withDb(async (client) => {
    const staff = await client.query(`UPDATE users SET role = 'staff' WHERE email = $1`, [who.email]);
    expect(staff.rowCount).toBe(1);
    const added = await client.query(`INSERT INTO tills (client_id, venue_id, name) SELECT client_id, id, $1 FROM venues WHERE slug = $2`, [till, VENUE]);
    expect(added.rowCount).toBe(1);
  });
  return { staff: { email: who.email, password: who.password, name: 'Jo Marsden' }, till };
};

export const foh = (baseURL: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = 'foh.localhost';
  return url.toString();
};

/** Staff log in at /login from /till and open their till at Bury with the float; answers the session id and a staff token. */
export const openOwnTill = async (page: Page, request: APIRequestContext, baseURL: string, own: Awaited<ReturnType<typeof ownStaffAndTill>>, float: string) => {
  await page.goto(foh(baseURL, '/till'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, own.staff);
  await expect(page.getByRole('heading', { name: 'Open the till' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Venue').selectOption(VENUE);
  await page.getByRole('radio', { name: new RegExp(own.till) }).check();
  await page.getByLabel('Float counted into the drawer').fill(float);
  await page.getByRole('button', { name: 'Open till' }).click();
  await expect(page.getByTestId('till-name')).toHaveText(own.till);
  const token = await loginToken(request, own.staff);
  const current = await request.get('/api/foh/sessions/current', { headers: { authorization: `Bearer ${token}` } });
  return { sessionId: ((await current.json()) as { data: { id: number } }).data.id, token };
};

/** Close the till counted as expected (an open till at Bury would make no-shows of other journeys' bookings). */
export const closeOwnTill = async (request: APIRequestContext, sessionId: number, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const xRead = (await (await request.get(`/api/foh/sessions/${sessionId}/x-read`, { headers })).json()) as { data: { expected: Record<string, number> } };
  const counted = Object.fromEntries(['cash', 'cheque', 'offline-voucher', 'card-terminal'].map((tender) => [tender, xRead.data.expected[tender] ?? 0]));
  const closed = await request.post(`/api/foh/sessions/${sessionId}/close`, { headers, data: { counted } });
  expect(closed.status(), await closed.text()).toBe(200);
  return xRead.data.expected;
};

/** 768 px works (no sideways scroll), screenshots at 768 and 1280 px (SCREENSHOT_DIR), axe at 1280 px. */
export const checkTillStep = async (page: Page, name: string) => {
  const shots = process.env.SCREENSHOT_DIR;
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (shots) await page.screenshot({ path: path.join(shots, `${name}-768.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(1280);
  if (shots) await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await expectNoAxeViolations(page, `${name} at 1280 px`);
};

/** '£7.50' → 750. */
export const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
export const pounds = (value: number) => `£${(value / 100).toFixed(2)}`;
export const field = (value: number) => (value / 100).toFixed(2);
