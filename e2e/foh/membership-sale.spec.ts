import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { expectNoAxeViolations } from '../support/a11y.ts';
import { waitForApp } from '../support/app.ts';
import { fillLoginForm, loginToken } from '../support/login.ts';
import { newCustomer } from '../support/customer.ts';

/**
 * Issue 24 "Sell a membership with the join quote" (docs/memberships.md "Sold at the till",
 * docs/front-of-house-screens.md "Sell a membership"). Priya Shah opens Reception at Radcliffe (the
 * other till journeys use Front desk 1 and 2 at Bury; when she already has a till open, that one is
 * used), finds a customer of the journey's own by email, sells Anytime Plus (12 months) from
 * today with the server's quote, takes today's amount by card terminal; the member opens the
 * emailed link (no login), gives the demo bank details (README: 20-00-00 / 55779911) and the
 * membership is active on their account. Dates from the clock. axe at 1280 px; screenshots at 768
 * and 1280 px to SCREENSHOT_DIR when it is set. The till is closed again if this journey opened it.
 */
const STAFF = DEMO_ACCOUNTS.staffRadcliffe;
const VENUE = 'radcliffe-leisure-centre';
const TILL = 'Reception';
const PLAN = 'Anytime Plus (12 months)';

const site = (baseURL: string, sub: string, pathname: string) => {
  const url = new URL(pathname, baseURL);
  url.hostname = `${sub}.localhost`;
  return url.toString();
};
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const shots = process.env.SCREENSHOT_DIR;
const checkStep = async (page: Page, name: string) => {
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (shots) await page.screenshot({ path: path.join(shots, `membership-sale-${name}-768.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(1280);
  if (shots) await page.screenshot({ path: path.join(shots, `membership-sale-${name}-1280.png`), fullPage: true });
  await expectNoAxeViolations(page, `${name} at 1280 px`);
};

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');
/** The Direct Debit link in the newest mandate-link email to `to` (quoted-printable undone). */
const mandateLink = async (to: string) => {
  let found = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('-membership-mandate-link.eml')) : [];
        const raw = files.map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8')).find((eml) => eml.includes(to)) ?? '';
        found = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        return found !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const link = /https?:\/\/\S+\/join\/direct-debit\/[A-Za-z0-9_-]{43}/.exec(found)?.[0];
  expect(link, 'the email carries the Direct Debit link').toBeTruthy();
  return link!;
};

const membershipsOf = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/dashboard/memberships', { headers: auth(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { plan: { name: string }; status: string; reference: string }[] }).data;
};

test('staff sell a monthly membership at the till, take today’s amount by card terminal, and the member sets up the Direct Debit from the emailed link', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await newCustomer(request, 'till-membership');

  // Staff log in; Reception at Radcliffe is opened (or the till Priya already has open is used).
  await page.goto(site(baseURL!, 'foh', '/till'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLoginForm(page, STAFF);
  await expect(page.getByRole('heading', { level: 1, name: 'Till' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('loading-spinner')).toHaveCount(0);
  let opened = false;
  if (await page.getByRole('heading', { name: 'Open the till' }).isVisible()) {
    await page.getByLabel('Venue').selectOption(VENUE);
    await page.getByRole('radio', { name: new RegExp(TILL) }).check();
    await page.getByLabel('Float counted into the drawer').fill('20.00');
    await page.getByRole('button', { name: 'Open till' }).click();
    await expect(page.getByTestId('till-name')).toHaveText(TILL);
    opened = true;
  }
  await expect(page.getByTestId('till-staff')).toHaveText(STAFF.name);
  const staffToken = await loginToken(request, STAFF);
  const sessionId = ((await (await request.get('/api/foh/sessions/current', { headers: auth(staffToken) })).json()) as { data: { id: number } }).data.id;

  try {
    // Find the journey's own customer by their email; choose them.
    const search = page.getByTestId('customer-search');
    await search.fill(customer.email);
    await page.getByRole('option', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) }).click();
    await expect(page).toHaveURL(/\/till\/customers\/\d+$/);
    await expect(page.getByTestId('customer-name')).toHaveText(customer.name, { timeout: 20_000 });

    // Sell a membership: the plan, the person (the customer), today; the server's quote.
    const sale = page.getByTestId('membership-sale');
    await sale.getByRole('button', { name: 'Sell a membership' }).click();
    const planSelect = sale.getByLabel('Plan');
    const planValue = await planSelect.locator('option', { hasText: PLAN }).getAttribute('value');
    await planSelect.selectOption(planValue!);
    await expect(sale.getByLabel('Who joins')).toContainText(customer.name);
    const quote = sale.getByTestId('till-membership-quote');
    await expect(quote).toBeVisible({ timeout: 15_000 });
    await expect(quote).toContainText('First Direct Debit');
    await expect(quote).toContainText('Cooling-off period ends');
    await expect(quote).toContainText('Minimum term ends');
    const total = (await quote.locator('dt', { hasText: "Today's total" }).locator('xpath=following-sibling::dd[1]').textContent())!.trim();
    expect(total).toMatch(/^£\d+\.\d{2}$/);
    await expect(sale.getByText('Never take bank details at the desk.')).toBeVisible();

    // Today's amount by card terminal.
    await sale.getByRole('button', { name: 'Card terminal', exact: true }).click();
    await sale.getByLabel('Terminal reference').fill('RAD-77120');
    await checkStep(page, '1-quote');
    await sale.getByRole('button', { name: `Take payment of ${total} and sell` }).click();
    const sold = page.getByTestId('membership-sold');
    await expect(sold).toContainText(`for ${customer.name}`, { timeout: 20_000 });
    await expect(sold).toContainText(`Paid today: ${total}`);
    await expect(page.getByTestId('membership-sold-status')).toContainText(`Waiting for the Direct Debit: the member sets it up from the link emailed to ${customer.email}`);
    const number = /Membership (M\d{8}) sold/.exec((await sold.textContent())!)![1]!;
    await checkStep(page, '2-sold');
    expect((await membershipsOf(request, customer.token)).find((m) => m.reference === number)?.status).toBe('awaiting_mandate');

    // The till's X read counts the terminal payment.
    const xRead = (await (await request.get(`/api/foh/sessions/${sessionId}/x-read`, { headers: auth(staffToken) })).json()) as { data: { expected: Record<string, number> } };
    expect(xRead.data.expected['card-terminal']).toBeGreaterThanOrEqual(Math.round(Number(total.slice(1)) * 100));

    // The member opens the emailed link in their own browser (not logged in) and gives their bank details.
    const link = await mandateLink(customer.email);
    const member = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const memberPage = await member.newPage();
    await memberPage.goto(link);
    await waitForApp(memberPage);
    await expect(memberPage.getByRole('heading', { level: 1, name: 'Set up your Direct Debit' })).toBeVisible({ timeout: 20_000 });
    await expect(memberPage.getByTestId('mandate-link-summary')).toContainText(number);
    await memberPage.getByLabel('Account holder name').fill(customer.name);
    await memberPage.getByLabel('Sort code').fill('20-00-00');
    await memberPage.getByLabel('Account number').fill('55779911');
    await memberPage.getByRole('checkbox').check();
    await checkStep(memberPage, '3-link');
    await memberPage.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await expect(memberPage.getByRole('heading', { level: 1, name: 'Your Direct Debit is set up' })).toBeVisible({ timeout: 20_000 });
    await expect(memberPage.getByTestId('mandate-link-done')).toContainText(`Membership ${number} (${PLAN}) is active`);
    await checkStep(memberPage, '4-done');

    // Active on their account; the link does not work twice.
    expect((await membershipsOf(request, customer.token)).find((m) => m.reference === number)?.status).toBe('active');
    await memberPage.goto(link);
    await waitForApp(memberPage);
    await expect(memberPage.getByRole('heading', { level: 1, name: 'This link cannot be used again' })).toBeVisible({ timeout: 20_000 });
    await member.close();
  } finally {
    // Close the till again if this journey opened it (counted as expected), so it is free for the next run.
    if (opened) {
      const expected = ((await (await request.get(`/api/foh/sessions/${sessionId}/x-read`, { headers: auth(staffToken) })).json()) as { data: { expected: Record<string, number> } }).data.expected;
      const counted = Object.fromEntries(['cash', 'cheque', 'offline-voucher', 'card-terminal'].map((tender) => [tender, expected[tender] ?? 0]));
      const closed = await request.post(`/api/foh/sessions/${sessionId}/close`, { headers: auth(staffToken), data: { counted } });
      expect(closed.status(), await closed.text()).toBe(200);
    }
  }
});
