// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nProvider } from '../lib/i18n-react.tsx';
import { DESTRUCTIVE_VARIANTS } from '../lib/ui/Button.tsx';
import { CancelBookingDialog } from '../features/my-account/components/CancelBookingDialog.tsx';
import { BookingCard } from '../features/my-account/components/BookingCard.tsx';
import type { Booking } from '../features/my-account/api/bookings.ts';
import { CoverNote } from '../features/basket/components/CoverNote.tsx';
import type { CartItem } from '../features/basket/public.ts';
import { CancelDialog } from '../features/timetable/components/CancelDialog.tsx';
import { TicketDialog } from '../features/timetable/components/TicketDialog.tsx';
import type { Entry } from '../features/timetable/rules.ts';

/*
 * Issue 21 "Buttons and small screens": the destructive buttons of the main screens, listed by
 * name, are in a destructive variant (danger-outline where they start something, solid danger
 * only for the final confirm inside a confirmation dialog), and the other half of each pair is
 * the quiet neutral one, so the safe choice and the primary one are told apart. The basket's
 * own (Remove, Clear basket and its dialog) are in features/basket/BasketScreen.test.tsx; the
 * journey e2e/shell/small-screens.spec.ts reads them in the browser.
 */
const locales = path.resolve(import.meta.dirname, '../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), 'my-account': ns('my-account'), basket: ns('basket'), timetable: ns('timetable') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(cleanup);

const show = (node: ReactNode) =>
  render(
    // The ticket dialog can save a date of birth (issue 21), so it needs a query client.
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <I18nProvider i18n={i18next}>{node}</I18nProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
const variantOf = (button: HTMLElement) => button.dataset.variant;
const none = () => {};

// fixed-date: shown only, never compared with the clock
const booking = {
  id: 9, activityName: 'Spin 45', venue: { id: 1, slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' }, date: '2026-11-23', time: '18:00', endTime: '18:45', // fixed-date: shown only
  person: { id: 3, firstName: 'Alex', lastName: 'Morgan', relationship: 'self' }, reference: 'BK-1', price: { raw: 750, formatted: '£7.50' },
  status: 'booked', cancellable: true, cancelledWith: null,
  cancellation: { outcome: 'credit', amount: 750, formattedAmount: '£7.50', creditExpiresAt: '2027-05-23T00:00:00Z', creditUntil: '2026-11-23T14:00:00Z' }, // fixed-date: shown only
} as unknown as Booking;

const entry = {
  id: 12, name: 'Yoga', startsAt: { format24Hour: '09:00' }, endsAt: { format24Hour: '10:00' }, startsAtIso: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  price: { raw: 750 },
} as unknown as Entry;

describe('destructive buttons on the main screens (issue 21)', () => {
  it.each([
    ['My account → Bookings: Cancel (a booking)', () => show(<BookingCard booking={booking} onCancel={none} />), /^Cancel Spin 45,/, 'danger-outline'],
    [
      'Basket: Remove benefit',
      () => show(<CoverNote item={{ id: 1, coveredBy: { type: 'membership', name: 'Gym & Swim' } } as unknown as CartItem} nameId="n" isBusy={false} onRemove={none} />),
      /^Remove benefit$/,
      'danger-outline',
    ],
    [
      'Basket: Remove package',
      () => show(<CoverNote item={{ id: 1, coveredBy: { type: 'package', name: '10 Swims' } } as unknown as CartItem} nameId="n" isBusy={false} onRemove={none} />),
      /^Remove package$/,
      'danger-outline',
    ],
  ] as const)('%s is %s', (_, renderIt, name, variant) => {
    renderIt();
    const button = screen.getByRole('button', { name });
    expect(variantOf(button)).toBe(variant);
    expect(DESTRUCTIVE_VARIANTS).toContain(variantOf(button));
  });

  it.each([
    ['My account cancel dialog', () => show(<CancelBookingDialog booking={booking} isPending={false} error={null} onConfirm={none} onClose={none} />), 'Keep booking', 'Cancel booking'],
    [
      'Timetable cancel dialog',
      () => show(<CancelDialog entry={entry} dateText="Monday" currencySymbol="£" bookingsHref="/bookings" isPending={false} error={null} onConfirm={none} onClose={none} />),
      'Keep booking',
      'Cancel booking',
    ],
  ])('%s: %s is neutral and the final %s is solid danger', (_, renderIt, keep, confirm) => {
    renderIt();
    const dialog = screen.getByRole('dialog');
    expect(variantOf(within(dialog).getByRole('button', { name: keep }))).toBe('neutral');
    expect(variantOf(within(dialog).getByRole('button', { name: confirm }))).toBe('danger');
  });

  it("ticket dialog: 'Cancel' is neutral beside the primary 'Add to basket'", () => {
    show(
      <TicketDialog
        request={{ entry, choices: [{ id: 1, name: 'Adult', price: { raw: 750 } }, { id: 2, name: 'Junior', price: { raw: 310 } }] as never, defaultId: 1, personName: null }}
        dateText="Monday"
        currencySymbol="£"
        onCancel={none}
        onConfirm={none}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, variantOf(button)])).toEqual([
      ['Cancel', 'neutral'],
      [expect.stringMatching(/basket/i), 'primary'],
    ]);
  });
});
