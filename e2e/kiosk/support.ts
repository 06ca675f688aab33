import { chromium, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { waitForApp } from '../support/app.ts';
import { CHROMIUM_ARGS, journeyChromiumPath } from '../support/chromium.ts';
import { dayEntries, holdViaApi, newCustomer } from '../support/customer.ts';
import { addDays, venueToday } from '../support/dates.ts';
import { asksNothingMore, payBasketByCard } from '../checkout/support.ts';
import { writeQrY4m } from './fake-camera.ts';

/** The kiosk journeys' shared set-up (kiosk.spec.ts): Bury's kiosk at 1080×1920, a customer identified by their QR code, booking tomorrow. */
export const VENUE = 'bury-leisure-centre';
export const KIOSK = `/kiosk?kiosk=true&centre=${VENUE}`;
export const PORTRAIT = { width: 1080, height: 1920 };
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A class at Bury on `date` the customer can book, with places to spare (the other worker may take
 * one), whose checkout asks no questions and needs no waiver (the kiosk has no screen for them, and
 * which classes fall on `date` depends on the weekday).
 */
export const bookableOn = async (request: APIRequestContext, token: string, date: string) => {
  for (const activity of ['spin', 'yoga', 'hiit', 'pilates']) {
    const entry = (await dayEntries(request, activity, date, token)).find((candidate) => candidate.action_to_show.status === 'BOOK' && candidate.spaces_remaining >= 3 && asksNothingMore(candidate.name));
    if (entry) return entry;
  }
  throw new Error(`No class to book at Bury on ${date}`);
};

/**
 * A customer of the journey's own whose first booking, two days ahead and paid online (the card
 * kept with `saveCard`), identifies them at the kiosk by its QR code; and one of tomorrow's classes
 * at Bury for them to book there.
 */
export const customerWithQr = async (request: APIRequestContext, name: string, saveCard: boolean) => {
  const customer = await newCustomer(request, name);
  await holdViaApi(request, customer.token, await bookableOn(request, customer.token, addDays(venueToday(), 2)));
  const bookingId = (await payBasketByCard(request, customer.token, saveCard ? { saveCard: true } : undefined)).data.booking_ids[0]!;
  const qr = await request.get(`/api/my-account/bookings/${bookingId}/qr`, { headers: auth(customer.token) });
  expect(qr.status(), await qr.text()).toBe(200);
  const payload = ((await qr.json()) as { data: { qr_payload: string } }).data.qr_payload;
  const tomorrow = addDays(venueToday(), 1);
  return { customer, payload, tomorrow, target: await bookableOn(request, customer.token, tomorrow) };
};

/**
 * The kiosk in a browser of its own whose camera shows `payload`'s QR code (the picture must exist
 * before the browser starts); `clock`: the page's clock installed first (page.clock), to move it on.
 */
export const atKioskWithCamera = async (testInfo: TestInfo, baseURL: string, payload: string, use: (page: Page) => Promise<void>, { clock = false } = {}) => {
  const video = writeQrY4m(testInfo.outputPath('booking-qr.y4m'), payload);
  const browser = await chromium.launch({
    executablePath: journeyChromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: PORTRAIT, permissions: ['camera'] });
    const page = await context.newPage();
    if (clock) await page.clock.install();
    await page.goto(KIOSK);
    await waitForApp(page);
    await use(page);
    await context.close();
  } finally {
    await browser.close();
  }
};

/** 'Book a session' → Tomorrow → the class → Book it for Jo; `chosen` runs with the Book button showing. Ends at 'Your basket'. */
export const bookTomorrow = async (page: Page, target: Awaited<ReturnType<typeof bookableOn>>, chosen?: () => Promise<void>) => {
  await page.getByRole('button', { name: 'Book a session' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book a session' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jo Marsden' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await expect(page.getByRole('heading', { name: 'Tomorrow at Bury Leisure Centre' })).toBeVisible();
  // The activity first, then its times.
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(target.name)} \\(\\d+ times?\\)$`) }).click();
  const book = page.getByRole('button', { name: `Book ${target.name} at ${target.starts_at.format_24_hour} for Jo` }).first();
  await expect(book).toBeVisible({ timeout: 15_000 });
  await chosen?.();
  await book.click();
  await expect(page.getByTestId('kiosk-book-added')).toHaveText(`${target.name} at ${target.starts_at.format_24_hour} for Jo is in your basket.`);
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await expect(page.getByTestId('kiosk-basket')).toContainText(target.name);
};

/** The customer's bookings of `date` for `activity`, as they see them online. */
export const bookedOn = async (request: APIRequestContext, token: string, date: string, activity: string) => {
  const mine = await request.get('/api/my-account/bookings?filter=future&per_page=50', { headers: auth(token) });
  const bookings = ((await mine.json()) as { data: { date: string; activity_name: string; status: string }[] }).data;
  return bookings.filter((b) => b.date === date && b.activity_name === activity && b.status === 'booked');
};

/** Tells the venue's simulated card terminal what its next card does (README "The kiosk's card reader"). */
export const cardReader = async (request: APIRequestContext, next: 'approve' | 'decline' | 'wait') => {
  const set = await request.post('/simulator/card-reader', { data: { venue: VENUE, next } });
  expect(set.status(), await set.text()).toBe(200);
};
