// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartDto, CartItemDto } from '@app/contract/cart/cart';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Suspense } from 'react';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { useToastStore } from '../../lib/toast/store.ts';
import { formatTimeLeft, useBasketSummary } from '../../lib/basket-summary.ts';
import BasketScreen from './BasketScreen.tsx';
import { thresholdFor } from './components/TimeLeft.tsx';
import '../../lib/testing/async-timeout.ts';

/** The basket screen against a fake HTTP boundary (only `fetch` is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), basket: ns('basket') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const item = (id: number, name: string, person: { id: number; first: string }, status: 'held' | 'expired' = 'held') => ({
  id,
  name,
  type: 'purchasableOccurrence',
  cartable_id: id * 10,
  cartable_uuid: `u${id}`,
  cartable_resource: {
    starts_at: '2026-11-23T09:00:00Z', // fixed-date: only shown in the basket
    ends_at: '2026-11-23T10:00:00Z', // fixed-date: only shown in the basket
    // fixed-date: only shown in the basket; the hold's expires_at (2099) is what is compared with now
    date: '2026-11-23',
    starts_at_clock: { format_24_hour: '09:00', format_12_hour: '9:00am' },
    ends_at_clock: { format_24_hour: '10:00', format_12_hour: '10:00am' },
    location: { name: 'Studio 1' },
    venue: { slug: 'bury', name: 'Bury Leisure Centre' },
    category: { slug: 'yoga', name: 'Yoga' },
    kind: 'class',
  },
  purchased_for_user_id: person.id,
  purchased_for: { id: person.id, first_name: person.first, last_name: 'Morgan' },
  pricing_option_id: 7,
  pricing_option_name: 'Adult',
  price: { raw: 650, formatted: '£6.50', benefit_applied: false, package_applied: false },
  covered_by: null,
  status,
  expires_at: status === 'held' ? '2099-01-01T00:00:00Z' : null, // fixed-date: a hold that does not run out during the test
  origin: 'customer',
  sort_by: String(id),
  enable_print_receipt: false,
}) satisfies CartItemDto;
const alex = { id: 51, first: 'Alex' };
const sam = { id: 52, first: 'Sam' };
const cart = (items: ReturnType<typeof item>[]) => ({
  id: 1, uuid: 'c', source: 'activity-booking', items, item_count: items.length, total: 650 * items.length, sub_total: 650 * items.length,
  tax_total: 0, balance: 0, formatted_total: '', formatted_balance: '', credits: { general: { type: 'general', total_available: 0, max_applicable: 0 }, membership: { type: 'membership', total_available: 0, max_applicable: 0 } },
  attendee_waivers_required: 0, payments: [],
  selected_user_id: 51, complete_order_id: null, expires_at: items.some((i) => i.status === 'held') ? '2099-01-01T00:00:00Z' : null, itemHash: 'h', item_hash: 'h', // fixed-date: a hold that does not run out during the test
}) satisfies CartDto;

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let current: ReturnType<typeof cart>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  current = cart([item(1, 'Hatha Yoga', alex), item(2, 'Swim', sam), item(3, 'Squash', alex, 'expired')]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url.startsWith('/api/activities/cart')) return json({ data: current });
      if (url === '/api/activities/cart/remove') {
        const ids = body!.cart_item_ids as number[];
        current = cart(current.items.filter((i) => !ids.includes(i.id)));
        return json({ data: current });
      }
      if (method === 'PUT') {
        current = cart(current.items.map((i) => (url.endsWith(`/${i.id}`) ? { ...i, status: 'held' as const } : i)));
        return json({ data: current });
      }
      if (method === 'DELETE') {
        current = cart([]);
        return json({ data: current });
      }
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    }),
  );
  document.cookie = 'logged_in_bookings=1; path=/';
  useToastStore.setState({ toasts: [] });
  useBasketSummary.setState({ itemCount: 0, expiresAt: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/basket']}>
          <Suspense fallback={null}>
            <BasketScreen />
          </Suspense>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

const toasts = () => useToastStore.getState().toasts.map((toast) => toast.content);

describe('basket screen', () => {
  it('groups the items by person with date, time, venue, location and price, and marks expired ones', async () => {
    show();
    await screen.findByText('For Alex Morgan');
    expect(screen.getByText('For Sam Morgan')).toBeTruthy();
    const items = screen.getAllByTestId('basket-item');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      expect.stringContaining('Hatha Yoga'),
      expect.stringContaining('Squash'),
      expect.stringContaining('Swim'),
    ]);
    expect(within(items[0]!).getByText('09:00–10:00')).toBeTruthy();
    expect(within(items[0]!).getByText('Bury Leisure Centre · Studio 1')).toBeTruthy();
    expect(within(items[0]!).getByText('£6.50')).toBeTruthy();
    expect(within(items[1]!).getByText('Expired')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: 'Hold again' })).toBeNull();
    expect(screen.getByTestId('basket-total').textContent).toBe('£19.50');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/basket/checkout');
  });

  it('removes an item with its toast and moves focus to the next Remove', async () => {
    show();
    const [first] = await screen.findAllByTestId('basket-item');
    fireEvent.click(within(first!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts()).toContain('Successfully removed item from the basket.'));
    expect(calls.find((call) => call.url === '/api/activities/cart/remove')?.body).toEqual({ cart_item_ids: [1], selected_user_id: null });
    await waitFor(() => expect(screen.getAllByTestId('basket-item')).toHaveLength(2));
    expect(document.activeElement?.textContent).toBe('Remove');
    expect(useBasketSummary.getState().itemCount).toBe(2);
  });

  it('holds an expired item again', async () => {
    show();
    const items = await screen.findAllByTestId('basket-item');
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Hold again' }));
    await waitFor(() => expect(toasts()).toContain('Successfully updated item in the basket.'));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/activities/cart/3', body: { hold_again: true, selected_user_id: null } });
    await waitFor(() => expect(screen.queryByText('Expired')).toBeNull());
  });

  it("puts a 422's field errors in the error toast (listed under 'Validation errors')", async () => {
    const fetchOk = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { pricing_option_id: ['Required'], selected_user_id: ['Must be a number'] } }, 422)
        : fetchOk(input, init),
    );
    show();
    const items = await screen.findAllByTestId('basket-item');
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Hold again' }));
    await waitFor(() => expect(toasts()).toContain('The given data was invalid.'));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      type: 'error',
      validationMessages: { pricing_option_id: ['Required'], selected_user_id: ['Must be a number'] },
    });
  });

  it("marks its destructive buttons as such (issue 21): Remove and Clear basket outlined in danger, the dialog's final confirm solid danger beside a neutral 'Keep my basket'", async () => {
    show();
    const items = await screen.findAllByTestId('basket-item');
    for (const item of items) expect(within(item).getByRole('button', { name: 'Remove' }).dataset.variant).toBe('danger-outline');
    const clear = screen.getByRole('button', { name: 'Clear basket' });
    expect(clear.dataset.variant).toBe('danger-outline');
    // One primary action: Checkout; 'Book something else' is the quiet choice.
    expect(screen.getByRole('link', { name: 'Checkout' }).className).toMatch(/\bbg-primary-500\b/);
    expect(screen.getByRole('link', { name: 'Book something else' }).className).toMatch(/\bbg-white\b/);
    fireEvent.click(clear);
    expect(screen.getByRole('button', { name: 'Keep my basket' }).dataset.variant).toBe('neutral');
    expect(screen.getByRole('button', { name: 'Yes, clear basket' }).dataset.variant).toBe('danger');
  });

  it('clears the basket only after confirming', async () => {
    show();
    await screen.findAllByTestId('basket-item');
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep my basket' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, clear basket' }));
    await waitFor(() => expect(toasts()).toContain('Successfully cleared order.'));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/activities/cart');
    expect(await screen.findByText('Your basket is empty')).toBeTruthy();
  });

  it('shows today’s empty basket to visitors without asking for a cart', async () => {
    document.cookie = 'logged_in_bookings=; path=/; max-age=0';
    show();
    expect(await screen.findByText('Your basket is empty')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/activities/cart'))).toBe(false);
  });
});

describe('time left', () => {
  it('reads mm:ss and announces at 10, 5, 2 and 1 minutes', () => {
    expect(formatTimeLeft(14 * 60_000 + 32_000)).toBe('14:32');
    expect(formatTimeLeft(-5)).toBe('00:00');
    expect(thresholdFor(14 * 60_000)).toBeNull();
    expect(thresholdFor(9 * 60_000 + 59_000)).toBe(10);
    expect(thresholdFor(4 * 60_000)).toBe(5);
    expect(thresholdFor(59_000)).toBe(1);
  });
});
