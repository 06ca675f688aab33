// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import QRCode from 'qrcode';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { BookingQrDialog } from './components/BookingQrDialog.tsx';
import type { Booking } from './api/bookings.ts';
import '../../lib/testing/async-timeout.ts';

/** My account → Bookings → Show QR code (docs/front-of-house-screens.md "Attendance"), at the HTTP boundary (only fetch is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), 'my-account': ns('my-account') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

let calls: string[];
let answer: () => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (booking: Booking) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <BookingQrDialog booking={booking} onClose={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );

const booking = {
  // fixed-date: only shown in the dialog, never compared with the clock
  id: 42, activityName: 'Yoga', venue: { id: 1, slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' }, date: '2026-11-23', time: '18:00', endTime: '19:00',
  person: { id: 3, firstName: 'Robin', lastName: 'Marsden', relationship: 'child' },
} as unknown as Booking;
const payload = 'http://localhost:3000/check-in/c1.6f1c9d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e.AbCdEfGhIjKlMnOpQrStUv';

/** The dark modules of the drawn SVG path ('M{x} {y}h1v1h-1z' each), as 'x,y'. */
const drawnModules = (d: string) => new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));

describe('the booking QR dialog', () => {
  it("draws the booking's check-in link as its QR code, with the session, the person and what to do", async () => {
    answer = () => json({ data: { booking_id: 42, token: payload.split('/').pop(), qr_payload: payload } });
    show(booking);
    const image = await screen.findByRole('img', { name: 'QR code to check in: Yoga, Robin Marsden' });
    expect(calls).toEqual(['/api/my-account/bookings/42/qr']);
    expect(image.getAttribute('data-qr-payload')).toBe(payload);
    expect(screen.getByRole('heading', { name: 'Your check-in code' })).toBeTruthy();
    expect(screen.getByText('Yoga at Bury Leisure Centre, Mon 23 Nov 2026, 18:00–19:00, for Robin Marsden.')).toBeTruthy();
    expect(screen.getByText(/show this code at reception or scan it at the kiosk to check Robin in/)).toBeTruthy();
    // The drawing is the QR code of the payload: module for module what another encoder (qrcode, the server's) makes of it.
    const reference = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules;
    const border = 4;
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${reference.size + 2 * border} ${reference.size + 2 * border}`);
    const expected = new Set<string>();
    for (let y = 0; y < reference.size; y += 1) for (let x = 0; x < reference.size; x += 1) if (reference.get(y, x)) expected.add(`${x + border},${y + border}`);
    expect(drawnModules(image.querySelector('path')!.getAttribute('d')!)).toEqual(expected);
  });

  it("says so when the code cannot be had (another customer's booking: 403)", async () => {
    answer = () => json({ message: 'Unauthorised.' }, 403);
    show(booking);
    expect((await screen.findByRole('alert')).textContent).toBe('Unauthorised.');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
