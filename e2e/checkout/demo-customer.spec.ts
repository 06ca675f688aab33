import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AXE_WIDTHS, expectNoAxeViolationsAtWidths } from '../support/a11y.ts';
import { logInWithCookie, loginToken } from '../support/login.ts';
import { clearBasket } from '../support/customer.ts';
import { accountSite } from '../a11y/routes.ts';
import { acceptTerms, expectConfirmation, findBookable, hold, toast } from './support.ts';

/**
 * Orders the demo customer's seeded holdings pay for: its account credit (issue 10) and its
 * 'Gym & Swim' membership (a class it covers completes with nothing to pay, then Payments and
 * the receipt say so: issue 11). These are the only journeys that change the demo customer's
 * basket (every other journey that books has a customer of its own: e2e/support/customer.ts
 * newCustomer), so they run one after the other here and nothing else touches it.
 */
// In order in one worker, even in a fully parallel run; each runs (and fails) on its own.
// Whole journeys with axe at two widths and screenshots: well over 30 s on a shared 2-core machine.
test.describe.configure({ mode: 'default', timeout: 180_000 });

/** Screenshots at both widths, kept with the test's output to look at. */
const screenshots = async (page: Page, testInfo: TestInfo, name: string) => {
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
};

test('credit that covers the order completes it with no card', async ({ page, request, baseURL }) => {
  const token = await loginToken(request);
  await clearBasket(request, token);
  await hold(request, token, await findBookable(request, token, 'pilates'));
  await logInWithCookie(page.context(), request, baseURL!);

  await page.goto('/basket/checkout');
  const credit = page.getByTestId('credit-general');
  await expect(credit).toContainText('Available');
  await credit.getByRole('button', { name: /^Apply/ }).click();
  await expect(toast(page, 'Credit successfully applied.')).toBeVisible();
  await expect(page.getByTestId('order-balance')).toHaveText('£0.00');
  await expect(page.getByTestId('no-card-needed')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Pay with credit and complete order' }).click();
  await expectConfirmation(page, 1);
});

test('a class the membership covers: no card step, completes, then Payments → receipt says "Covered by membership"', async ({ page, request, baseURL }, testInfo) => {
  const token = await loginToken(request);
  await clearBasket(request, token);
  await hold(request, token, await findBookable(request, token, 'aqua-aerobics'));
  await logInWithCookie(page.context(), request, baseURL!);

  await page.goto('/basket/checkout');
  const item = page.getByTestId('checkout-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('covered-by')).toHaveText('Covered by membership: Gym & Swim');
  await expect(page.getByTestId('order-total')).toHaveText('£0.00');
  await expect(page.getByText('Nothing to pay: your membership or package covers this order. No card is needed.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await acceptTerms(page);
  await expectNoAxeViolationsAtWidths(page);
  await page.getByRole('button', { name: 'Complete order' }).click();

  await expect(page.getByTestId('toast').filter({ hasText: 'Order completed Successfully.' })).toBeVisible();
  await expect(page).toHaveURL(/\/booking-confirmed\/[0-9a-f-]{36}$/);
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();
  await expect(page.getByTestId('confirmed-booking')).toHaveCount(1);

  await logInWithCookie(page.context(), request, accountSite(baseURL!, '/'));
  await page.goto(accountSite(baseURL!, '/payments'));
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const order = page.getByTestId('payment').filter({ hasText: `Order ${reference}` });
  await expect(order).toContainText('Nothing to pay');
  await expect(order).toContainText('(Covered by membership)');
  await expect(page.getByTestId('payment').first()).toContainText(reference);
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'payments');

  await order.getByRole('link', { name: `View receipt for order ${reference}` }).click();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { name: `Receipt ${reference}` })).toBeVisible();
  await expect(page.getByTestId('receipt-reference')).toHaveText(reference);
  await expect(receipt).toContainText('Active North West');
  await expect(page.getByTestId('receipt-line')).toHaveCount(1);
  await expect(page.getByTestId('receipt-line')).toContainText('Covered by membership');
  await expect(page.getByTestId('receipt-total')).toHaveText('£0.00');
  await expect(receipt).toContainText('No payment was needed.');
  await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await screenshots(page, testInfo, 'receipt');
  // On paper: the receipt without the site's header, navigation or print button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'My account' })).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeHidden();
});
