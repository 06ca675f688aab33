import { expect, test, type APIRequestContext } from '@playwright/test';
import { holdViaApi } from '../support/customer.ts';
import { cardReader, customerWithQr, VENUE } from '../kiosk/support.ts';
import { checkTillStep, closeOwnTill, foh, openOwnTill, ownStaffAndTill } from './own-till.ts';

/**
 * The kiosk's card takings at the till (docs/front-of-house.md "Kiosk takings",
 * docs/front-of-house-screens.md): a staff member of the journey's own opens a till of its own at
 * Bury; a customer at the kiosk pays for tomorrow's class at the venue's (simulated) card reader
 * through the kiosk's own routes; the X read shows the kiosk's card total as a line not in the
 * till, 'Kiosk takings' lists the payment with its order and terminal reference and the day's CSV
 * has it; the till closes on its own takings and the Z report names the kiosk line apart. axe at
 * 1280 px; 768 px works; screenshots of both to SCREENSHOT_DIR.
 */

/** A kiosk customer's basket paid at the venue's card reader: answers the completed payment. */
const paidAtKioskReader = async (request: APIRequestContext) => {
  const { payload, target } = await customerWithQr(request, 'kiosk-takings', false);
  const identified = await request.post('/api/kiosk/identify', { data: { token: payload.split('/').pop() } });
  expect(identified.status(), await identified.text()).toBe(200);
  const kiosk = { authorization: `Bearer ${((await identified.json()) as { data: { token: string } }).data.token}` };
  await holdViaApi(request, kiosk.authorization.slice('Bearer '.length), target);
  const cart = ((await (await request.get('/api/activities/cart', { headers: kiosk })).json()) as { data: { item_hash: string; total: number } }).data;
  const terms = ((await (await request.get('/api/terms', { headers: kiosk })).json()) as { data: { id: number }[] }).data.map((term) => term.id);
  await cardReader(request, 'approve');
  const started = await request.post('/api/kiosk/terminal-payments', { headers: kiosk, data: { venue: VENUE, terms, item_hash: cart.item_hash } });
  expect(started.status(), await started.text()).toBe(200);
  const id = ((await started.json()) as { data: { id: string } }).data.id;
  type Payment = { status: string; amount: { raw: number; formatted: string }; terminal_reference: string; order: { reference: string } | null };
  let payment: Payment | undefined;
  await expect
    .poll(async () => {
      payment = ((await (await request.get(`/api/kiosk/terminal-payments/${id}`, { headers: kiosk })).json()) as { data: Payment }).data;
      return payment.status;
    })
    .toBe('completed');
  return payment!;
};

test("the kiosk's card takings: a line apart on the X read and Z report, listed on Kiosk takings with its CSV", async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const own = await ownStaffAndTill(request, 'kiosk-takings-staff');
  const { sessionId, token } = await openOwnTill(page, request, baseURL!, own, '20.00');
  const payment = await paidAtKioskReader(request);

  await page.getByRole('link', { name: 'Pay in or out, X read' }).click();
  const kioskLine = page.getByTestId('x-read-kiosk');
  await expect(kioskLine).toContainText(/^Kiosk card terminal since opening \(not in this till\): £\d+\.\d\d, \d+ payments?/);
  // The till's own card-terminal figure is its sales only: none.
  await expect(page.getByTestId('x-read')).toContainText('Card terminal£0.00');
  await checkTillStep(page, 'kiosk-takings-1-x-read');

  await kioskLine.getByRole('link', { name: 'See the kiosk takings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kiosk takings' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Card payments at the kiosk' });
  const row = table.getByRole('row').filter({ hasText: payment.order!.reference });
  await expect(row).toContainText(payment.terminal_reference);
  await expect(row).toContainText(payment.amount.formatted);
  await expect(page.getByLabel('Venue', { exact: true })).toHaveValue(VENUE);
  await checkTillStep(page, 'kiosk-takings-2-day');
  const csvHref = await page.getByRole('link', { name: 'Download the kiosk takings (CSV)' }).getAttribute('href');
  expect(csvHref).toMatch(new RegExp(`/api/foh/venues/${VENUE}/kiosk-takings\\.csv\\?date=\\d{4}-\\d{2}-\\d{2}$`));
  const csv = await request.get(csvHref!, { headers: { authorization: `Bearer ${token}` } });
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`,${payment.order!.reference},`);

  // Closed on the till's own takings: the Z report names the kiosk's card total apart.
  await closeOwnTill(request, sessionId, token);
  await page.goto(foh(baseURL!, `/till/z-report/${sessionId}`));
  await expect(page.getByTestId('z-kiosk')).toHaveText(/^£\d+\.\d\d \(\d+ payments?\)$/);
  await expect(page.getByTestId('z-line-card-terminal')).toContainText('£0.00');
  await checkTillStep(page, 'kiosk-takings-3-z-report');
});
