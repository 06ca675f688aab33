// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Suspense } from 'react';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { authKeys } from '../../lib/query-keys/auth.ts';
import { setBookingFor } from '../timetable/public.ts';
import BasketScreen from './BasketScreen.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * Spec §6 selected user at the top of the basket (issue 20): the same 'Booking for' choice as
 * the timetable's, for the tab; the basket itself stays the customer's (one basket for the
 * family, docs/timetable-screens.md "Booking for someone else"). Only `fetch` is replaced.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), basket: ns('basket'), timetable: ns('timetable') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const person = (id: number, firstName: string, relationship: 'self' | 'child') => ({ id, firstName, lastName: 'Morgan', relationship });
/** The auth user as the client caches it (camelCase). */
const family = { id: 5, firstName: 'Alex', lastName: 'Morgan', membershipUser: person(51, 'Alex', 'self'), membershipUsers: [person(51, 'Alex', 'self'), person(53, 'Olivia', 'child')] };

const item = {
  id: 1,
  name: 'Hatha Yoga',
  type: 'purchasableOccurrence',
  cartable_id: 10,
  cartable_uuid: 'u1',
  cartable_resource: {
    starts_at: '2026-11-23T09:00:00Z', // fixed-date: only shown in the basket
    ends_at: '2026-11-23T10:00:00Z', // fixed-date: only shown in the basket
    date: '2026-11-23', // fixed-date: only shown in the basket
    starts_at_clock: { format_24_hour: '09:00', format_12_hour: '9:00am' },
    ends_at_clock: { format_24_hour: '10:00', format_12_hour: '10:00am' },
    location: null,
    venue: { slug: 'bury', name: 'Bury Leisure Centre' },
    category: { slug: 'yoga', name: 'Yoga' },
    kind: 'class',
  },
  purchased_for_user_id: 53,
  purchased_for: { id: 53, first_name: 'Olivia', last_name: 'Morgan' },
  pricing_option_id: 7,
  pricing_option_name: 'Junior',
  price: { raw: 400, formatted: '£4.00', benefit_applied: false, package_applied: false },
  covered_by: null,
  status: 'held',
  expires_at: '2099-01-01T00:00:00Z', // fixed-date: a hold that does not run out during the test
  origin: 'customer',
  sort_by: '1',
  enable_print_receipt: false,
};
const cart = {
  id: 1, uuid: 'c', source: 'activity-booking', items: [item], item_count: 1, total: 400, sub_total: 400, tax_total: 0, balance: 400,
  formatted_total: '£4.00', formatted_balance: '£4.00',
  credits: { general: { type: 'general', total_available: 0, max_applicable: 0 }, membership: { type: 'membership', total_available: 0, max_applicable: 0 } },
  attendee_waivers_required: 0, payments: [], selected_user_id: 51, complete_order_id: null,
  expires_at: '2099-01-01T00:00:00Z', itemHash: 'h', item_hash: 'h', // fixed-date: a hold that does not run out during the test
};

let urls: string[];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith('/api/activities/cart')) return json({ data: cart });
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    }),
  );
  document.cookie = 'logged_in_bookings=1; path=/';
  setBookingFor(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
  setBookingFor(null);
});

const show = (user: unknown = family) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.user(), user);
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/basket']}>
          <Suspense fallback={null}>
            <BasketScreen />
          </Suspense>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
};

describe('Booking for at the top of the basket', () => {
  it('lists the customer and their family above the items, with what the choice does here', async () => {
    show();
    const select = await screen.findByLabelText<HTMLSelectElement>('Booking for');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Alex Morgan (you)', 'Olivia Morgan']);
    expect(select.value).toBe('51');
    expect(screen.getByTestId('booking-for').textContent).toContain('Continue booking books for the person you choose.');
    // Above the items: the select comes before the first item in the page.
    const first = await screen.findByTestId('basket-item');
    expect(select.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the choice for the tab (the timetable reads the same), and the basket stays the customer’s', async () => {
    show();
    const select = await screen.findByLabelText<HTMLSelectElement>('Booking for');
    fireEvent.change(select, { target: { value: '53' } });
    await waitFor(() => expect(select.value).toBe('53'));
    expect(sessionStorage.getItem('timetable.booking-for')).toBe('53');
    // One basket for the family: no request asks for Olivia's own basket.
    expect(urls.filter((url) => url.includes('selected_user_id'))).toEqual([]);
    expect(within(screen.getByRole('region', { name: 'For Olivia Morgan' })).getAllByTestId('basket-item')).toHaveLength(1);

    fireEvent.change(select, { target: { value: '51' } });
    await waitFor(() => expect(sessionStorage.getItem('timetable.booking-for')).toBeNull());
  });

  it('shows the remembered choice; one that is not this customer’s falls back to them', async () => {
    setBookingFor(53);
    const { unmount } = show();
    expect((await screen.findByLabelText<HTMLSelectElement>('Booking for')).value).toBe('53');
    unmount();
    setBookingFor(999);
    show();
    expect((await screen.findByLabelText<HTMLSelectElement>('Booking for')).value).toBe('51');
  });

  it('is not shown to a customer without family', async () => {
    show({ ...family, membershipUsers: [family.membershipUser] });
    await screen.findByTestId('basket-item');
    expect(screen.queryByLabelText('Booking for')).toBeNull();
  });
});
