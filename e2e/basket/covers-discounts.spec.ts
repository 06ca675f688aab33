import path from 'node:path';
import pg from 'pg';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { logInWithCookie } from '../support/login.ts';
import { bookableOnOneDay, holdViaApi, newCustomer, type Customer } from '../support/customer.ts';

/**
 * Issue 20: a basket item covered by a package shows Remove package (spec §7, §8 toast and the
 * new price), and a discount code applies while a bad one shows the server's message
 * (docs/discounts.md; the seed's WELCOME10 and expired SPRING20). Each journey has a customer of its own.
 */
test.describe.configure({ timeout: 150_000 });

const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: embeddedConnectionString(path.join(process.env.E2E_DATA_DIR!, 'postgres'), Number(process.env.E2E_PG_PORT)) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

/** Gives the customer a '2 Pilates' package with one visit left (the demo data has no way to buy one online). */
const givePilatesPackage = async (customer: Customer) => {
  const [who] = await sql<{ user_id: number; person_id: number; client_id: number }>(
    `SELECT u.id AS user_id, m.id AS person_id, u.client_id FROM users u JOIN membership_users m ON m.account_user_id = u.id AND m.relationship = 'self' WHERE u.email = $1`,
    [customer.email],
  );
  const [product] = await sql<{ id: number }>(`INSERT INTO package_products (client_id, name, visits, price_pence, valid_days) VALUES ($1, '2 Pilates', 2, 1200, 90) RETURNING id`, [who!.client_id]);
  await sql(`INSERT INTO package_product_categories (product_id, category_id) SELECT $1, id FROM activity_categories WHERE client_id = $2 AND slug = 'pilates'`, [product!.id, who!.client_id]);
  await sql(
    `INSERT INTO package_holdings (client_id, account_user_id, membership_user_id, product_id, visits_total, uses_left, expires_at) VALUES ($1, $2, $3, $4, 2, 1, now() + interval '30 days')`,
    [who!.client_id, who!.user_id, who!.person_id, product!.id],
  );
};

/** Two pilates classes of one day (the first after today that has two), held through the API. */
const holdTwoPilates = async (request: APIRequestContext, customer: Customer) => {
  const { bookable } = await bookableOnOneDay(request, 'pilates', 2, customer.token);
  for (const entry of bookable) await holdViaApi(request, customer.token, entry);
};

const screenshots = async (page: Page, testInfo: TestInfo, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
};

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('removing a package cover from a basket item shows the toast and the new price', async ({ page, request, baseURL }, testInfo) => {
  const customer = await newCustomer(request, 'covers');
  await givePilatesPackage(customer);
  await holdTwoPilates(request, customer);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket');
  const items = page.getByTestId('basket-item');
  await expect(items).toHaveCount(2);
  // One visit left: one item uses it, the other is paid for.
  const covered = items.filter({ has: page.getByTestId('basket-cover') });
  await expect(covered).toHaveCount(1);
  await expect(covered).toContainText('Package visit: 2 Pilates');
  await expect(covered).toContainText('£0.00');
  const total = page.getByTestId('basket-total');
  const before = await total.textContent();

  // The basket with a cover and a discount, looked at and checked with axe at both widths.
  await page.getByLabel('Discount code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Discount code applied.')).toBeVisible();
  await expect(page.getByTestId('basket-discount-line')).toContainText('Discount (WELCOME10)');
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'basket-cover-discount');
  await page.setViewportSize({ width: 1280, height: 900 });

  const removeId = await covered.getByRole('button', { name: 'Remove package' }).getAttribute('aria-describedby');
  await covered.getByRole('button', { name: 'Remove package' }).click();
  await expect(toast(page, 'Successfully removed package usage.')).toBeVisible();
  await expect(page.getByTestId('basket-cover')).toHaveCount(0);
  const item = items.filter({ has: page.locator(`[id="${removeId}"]`) });
  await expect(item).not.toContainText('£0.00');
  await expect(item).toContainText(/£\d+\.\d\d/);
  await expect(total).not.toHaveText(before!);
});

test("a discount code applies and a bad one shows the server's message", async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request, 'discount');
  await holdTwoPilates(request, customer);
  await logInWithCookie(page.context(), request, baseURL!, customer);
  await page.goto('/basket');
  await expect(page.getByTestId('basket-item')).toHaveCount(2);
  const total = page.getByTestId('basket-total');
  const cents = async () => Math.round(Number((await total.textContent())!.replace(/[^\d.]/g, '')) * 100);
  const full = await cents();

  const field = page.getByLabel('Discount code');
  await field.fill('NOTACODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, "That discount code isn't valid.")).toBeVisible();
  await expect(field).toHaveValue('NOTACODE');
  await field.fill('spring20');
  await field.press('Enter');
  await expect(toast(page, 'That discount code has expired.')).toBeVisible();
  await expect(page.getByTestId('basket-discount-line')).toHaveCount(0);

  await field.fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Discount code applied.')).toBeVisible();
  await expect(page.getByText('Discount code WELCOME10 applied')).toBeVisible();
  const off = Math.floor(full / 10);
  await expect(page.getByTestId('basket-discount-line')).toHaveText(`Discount (WELCOME10)−£${(off / 100).toFixed(2)}`);
  await expect(total).toHaveText(`£${((full - off) / 100).toFixed(2)}`);

  // Kept with the basket: still there after a reload; removed on request.
  await page.reload();
  await expect(page.getByTestId('basket-discount-line')).toBeVisible();
  await page.getByRole('button', { name: 'Remove code' }).click();
  await expect(toast(page, 'Discount code removed.')).toBeVisible();
  await expect(total).toHaveText(`£${(full / 100).toFixed(2)}`);
  await expect(page.getByLabel('Discount code')).toBeVisible();
});
