import path from 'node:path';
import pg from 'pg';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { AXE_WIDTHS, expectFocusVisibleAndClear, expectNoAxeViolations, tabUntil } from '../support/a11y.ts';
import { logInWithCookie, loginToken } from '../support/login.ts';
import { registerViaApi } from '../support/signup.ts';
import { findBookable, hold } from '../checkout/support.ts';
import { accountSite } from '../a11y/routes.ts';

/**
 * Issue 11: a late-cancellation fee must be settled before booking again; the customer pays it
 * on the account site by card (3-D Secure) or from account credit, and lands on the receipt.
 *
 * A cancellation less than 4 hours ahead depends on the time of day the journeys run, so the
 * fee is arranged in the journeys' own database (E2E_DATA_DIR, playwright.config.ts) exactly as
 * a late cancellation leaves it: the customer books through the API, cancels, and the fee row
 * is recorded against that cancelled booking.
 */
test.describe.configure({ timeout: 120_000 });

const database = () => new pg.Client({ connectionString: embeddedConnectionString(path.join(process.env.E2E_DATA_DIR!, 'postgres'), Number(process.env.E2E_PG_PORT)) });

const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
  const client = database();
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new customer who owes a £2.00 late-cancellation fee (and holds `credit` pence of account credit). */
const customerOwingAFee = async (request: APIRequestContext, credit: number) => {
  const who = await registerViaApi(request, { prefix: 'late-fee' });
  const token = await loginToken(request, who);
  const { id: userId, client_id: clientId } = (await sql<{ id: number; client_id: number }>('SELECT id, client_id FROM users WHERE email = $1', [who.email]))[0]!;
  const entry = await findBookable(request, token, 'yoga');
  await hold(request, token, entry);
  const cart = (await (await request.get('/api/activities/cart', { headers: auth(token) })).json()) as { data: { total: number } };
  const price = cart.data.total;
  await sql(
    `INSERT INTO credit_entries (client_id, account_user_id, credit_type, kind, amount, balance_after, note) VALUES ($1, $2, 'general', 'top_up', $3, $3, 'Journey credit')`,
    [clientId, userId, price],
  );
  const terms = ((await (await request.get('/api/terms', { headers: auth(token) })).json()) as { data: { id: number }[] }).data.map((t) => t.id);
  const done = await request.post('/api/checkout/complete', {
    headers: auth(token),
    data: { completed_waivers: [], payments: [{ tender_type: 'credit', amount: price }], source: 'activity-booking', terms, selected_user_id: null },
  });
  expect(done.status(), await done.text()).toBe(200);
  const bookingId = ((await done.json()) as { data: { booking_ids: number[] } }).data.booking_ids[0]!;
  const cancelled = await request.delete(`/api/activities/bookings/${bookingId}?source=my-account`, { headers: auth(token) });
  expect(cancelled.status()).toBe(200);
  // What a cancellation inside 4 hours leaves: the fee, and no credit back.
  await sql(`DELETE FROM credit_entries WHERE booking_id = $1 AND kind = 'refund'`, [bookingId]);
  if (credit > 0) {
    await sql(
      `INSERT INTO credit_entries (client_id, account_user_id, credit_type, kind, amount, balance_after, note) VALUES ($1, $2, 'general', 'top_up', $3, $3, 'Journey credit')`,
      [clientId, userId, credit],
    );
  }
  await sql(`INSERT INTO late_cancellation_fees (client_id, account_user_id, booking_id, amount_pence) VALUES ($1, $2, $3, 200)`, [clientId, userId, bookingId]);
  return { who, token, entry };
};

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

test('owes a fee: the dashboard says so, Pay leads to the fee page, a 3-D Secure card pays it, the receipt shows it, and booking works again', async ({ page, request, baseURL }) => {
  const { who, token, entry } = await customerOwingAFee(request, 0);
  const refused = await request.post('/api/activities/cart/add', {
    headers: auth(token),
    data: { items: [{ id: entry.id, type: entry.cart_type, purchased_for_user_id: null, pricing_option_id: entry.pricing_option_id }] },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('late-cancellation fee of £2.00');

  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), who);
  await page.goto(accountSite(baseURL!, '/dashboard'));
  const warning = page.getByTestId('dashboard-warnings');
  await expect(warning).toContainText('You have an unpaid late-cancellation fee of £2.00. You cannot book again until it is paid.');
  await warning.getByRole('link', { name: 'Pay £2.00' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pay late-cancellation fees' })).toBeVisible();
  await expect(page.getByTestId('late-fees')).toContainText(entry.name);
  await expect(page.getByTestId('late-fees-total')).toHaveText('£2.00');
  // No credit: no credit option, the card form only.
  await expect(page.getByRole('heading', { name: 'Pay from account credit' })).toHaveCount(0);
  await expect(page.getByText(/^Test mode:/)).toBeVisible();
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`late-fees-${width}.png`), fullPage: true });
  }

  // A card number that fails its check is caught before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Pay £2.00 by card' }).click();
  await expect(page.getByText('Enter a valid card number')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();

  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Jo Marsden');
  await page.getByRole('button', { name: 'Pay £2.00 by card' }).click();
  await expect(page).toHaveURL(/\/simulator\/challenge/);
  await expect(page.locator('body')).toContainText('£2.00');
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(toast(page, 'Late-cancellation fee of £2.00 paid by card. You can book again.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
  const receipt = page.getByRole('main');
  await expect(receipt).toContainText('Late-cancellation fee');
  await expect(receipt).toContainText(entry.name);
  await expect(receipt).toContainText('3220');
  await expectNoAxeViolations(page);

  await page.goto(accountSite(baseURL!, '/dashboard'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-warnings')).toHaveCount(0);
  const added = await request.post('/api/activities/cart/add', {
    headers: auth(token),
    data: { items: [{ id: entry.id, type: entry.cart_type, purchased_for_user_id: null, pricing_option_id: entry.pricing_option_id }] },
  });
  expect(added.status()).toBe(200);
});

test('with enough account credit, the fee is paid from credit by keyboard alone and listed under Payments', async ({ page, request, baseURL }) => {
  const { who } = await customerOwingAFee(request, 500);
  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'), who);
  // Loaded directly (as the card challenge's return does), the page answers 200, not 404.
  const loaded = await page.goto(accountSite(baseURL!, '/late-fees'));
  expect(loaded?.status()).toBe(200);
  await expect(page.getByText('Your account credit of £5.00 covers it.')).toBeVisible();
  await tabUntil(page, 'Pay £2.00 from credit');
  await expectFocusVisibleAndClear(page, 'pay from credit');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Late-cancellation fee of £2.00 paid from your account credit. You can book again.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('main')).toContainText('Late-cancellation fee');
  await expect(page.getByRole('main')).toContainText('Account credit');

  await page.goto(accountSite(baseURL!, '/late-fees'));
  await expect(page.getByText('You have no late-cancellation fees to pay.')).toBeVisible();
  await page.goto(accountSite(baseURL!, '/payments'));
  await expect(page.getByTestId('payment').first()).toContainText('Late-cancellation fee');
});
