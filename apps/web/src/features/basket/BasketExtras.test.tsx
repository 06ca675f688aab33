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
import BasketScreen from './BasketScreen.tsx';
import '../../lib/testing/async-timeout.ts';

/** The basket's covers (Remove benefit / Remove package) and discount code, against a fake HTTP boundary (only `fetch` is replaced). */
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

type Cover = CartItemDto['covered_by'];
const item = (id: number, name: string, price: number, cover: Cover = null) =>
  ({
    id,
    name,
    type: 'purchasableOccurrence',
    cartable_id: id * 10,
    cartable_uuid: `u${id}`,
    cartable_resource: {
      starts_at: '2026-11-23T09:00:00Z', // fixed-date: only shown in the basket
      ends_at: '2026-11-23T10:00:00Z', // fixed-date: only shown in the basket
      date: '2026-11-23', // fixed-date: only shown in the basket
      starts_at_clock: { format_24_hour: '09:00', format_12_hour: '9:00am' },
      ends_at_clock: { format_24_hour: '10:00', format_12_hour: '10:00am' },
      location: null,
      venue: { slug: 'bury', name: 'Bury Leisure Centre' },
      category: { slug: 'swimming', name: 'Swimming' },
      kind: 'class',
    },
    purchased_for_user_id: 51,
    purchased_for: { id: 51, first_name: 'Alex', last_name: 'Morgan' },
    pricing_option_id: 7,
    pricing_option_name: 'Adult',
    price: { raw: cover ? 0 : price, formatted: '', benefit_applied: cover?.type === 'membership', package_applied: cover?.type === 'package' },
    covered_by: cover,
    status: 'held',
    expires_at: '2099-01-01T00:00:00Z', // fixed-date: a hold that does not run out during the test
    origin: 'customer',
    sort_by: String(id),
    enable_print_receipt: false,
  }) satisfies CartItemDto;

const cart = (items: CartItemDto[], discount: { code: string; raw: number } | null = null) => {
  const subTotal = items.reduce((sum, i) => sum + i.price.raw, 0);
  const off = discount?.raw ?? 0;
  return {
    id: 1, uuid: 'c', source: 'activity-booking', items, item_count: items.length, total: subTotal - off, sub_total: subTotal,
    tax_total: 0, balance: subTotal - off, formatted_total: '', formatted_balance: '',
    credits: { general: { type: 'general', total_available: 0, max_applicable: 0 }, membership: { type: 'membership', total_available: 0, max_applicable: 0 } },
    attendee_waivers_required: 0, payments: [], selected_user_id: 51, complete_order_id: null, expires_at: '2099-01-01T00:00:00Z', // fixed-date: a hold that does not run out during the test
    itemHash: 'h', item_hash: 'h',
    discount: discount ? { code: discount.code, description: '10% off', amount: { raw: off, formatted: '' } } : null,
    discount_total: off,
  } satisfies CartDto;
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let current: CartDto;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const swim = () => item(1, 'Lane Swim', 450, { type: 'package', name: '10 Swims' });
const gym = () => item(2, 'Gym Session', 500, { type: 'membership', name: 'Gym & Swim' });
const yoga = () => item(3, 'Hatha Yoga', 650);

beforeEach(() => {
  calls = [];
  current = cart([swim(), gym(), yoga()]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const removal = /^\/api\/activities\/(benefit|package)\/remove\/(\d+)\?/.exec(url);
      if (method === 'DELETE' && removal) {
        const id = Number(removal[2]);
        current = cart(current.items.map((i) => (i.id === id ? { ...i, covered_by: null, price: { ...i.price, raw: id === 1 ? 450 : 500, benefit_applied: false, package_applied: false } } : i)));
        return json({ data: current });
      }
      if (url === '/api/activities/cart/discount' && method === 'POST') {
        if (body!.code !== 'WELCOME10') return json({ message: "That discount code isn't valid.", code: 'discount_invalid' }, 400);
        current = cart(current.items, { code: 'WELCOME10', raw: 65 });
        return json({ data: current });
      }
      if (url.startsWith('/api/activities/cart/discount') && method === 'DELETE') {
        current = cart(current.items);
        return json({ data: current });
      }
      if (method === 'GET' && url.startsWith('/api/activities/cart')) return json({ data: current });
      if (url.includes('family-members')) return json({ data: [] });
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    }),
  );
  document.cookie = 'logged_in_bookings=1; path=/';
  useToastStore.setState({ toasts: [] });
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

const toasts = () => useToastStore.getState().toasts.map((toast) => ({ type: toast.type, content: toast.content }));
const itemNamed = async (name: string) => (await screen.findAllByTestId('basket-item')).find((li) => within(li).getByRole('heading').textContent?.startsWith(name))!;

describe('basket covers', () => {
  it('shows what covers an item with Remove package / Remove benefit, named by the item, and none on a paid item', async () => {
    show();
    const swimItem = await itemNamed('Lane Swim');
    expect(within(swimItem).getByText('Package visit: 10 Swims')).toBeTruthy();
    const removePackage = within(swimItem).getByRole('button', { name: 'Remove package' });
    expect(removePackage.getAttribute('aria-describedby')).toBe(within(swimItem).getByRole('heading').id);
    const gymItem = await itemNamed('Gym Session');
    expect(within(gymItem).getByText('Covered by membership: Gym & Swim')).toBeTruthy();
    expect(within(gymItem).getByRole('button', { name: 'Remove benefit' })).toBeTruthy();
    expect(within(await itemNamed('Hatha Yoga')).queryByTestId('basket-cover')).toBeNull();
  });

  it('Remove package calls the spec route with source and selected_user_id, replaces the cart from the answer and toasts', async () => {
    show();
    fireEvent.click(within(await itemNamed('Lane Swim')).getByRole('button', { name: 'Remove package' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'success', content: 'Successfully removed package usage.' }));
    const removal = calls.find((c) => c.method === 'DELETE')!;
    expect(removal.url).toBe('/api/activities/package/remove/1?source=bookings&selected_user_id=51');
    // The answer is the cart: no refetch.
    expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/activities/cart'))).toHaveLength(1);
    const swimItem = await itemNamed('Lane Swim');
    await waitFor(() => expect(within(swimItem).queryByTestId('basket-cover')).toBeNull());
    expect(within(swimItem).getByText('£4.50')).toBeTruthy();
    expect(screen.getByTestId('basket-total').textContent).toBe('£11.00');
  });

  it('Remove benefit toasts its own message', async () => {
    show();
    fireEvent.click(within(await itemNamed('Gym Session')).getByRole('button', { name: 'Remove benefit' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'success', content: 'Successfully removed benefit.' }));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/activities/benefit/remove/2?source=bookings&selected_user_id=51');
  });
});

describe('basket discount code', () => {
  it('a labelled field with Apply; a good code shows the discount line and the new total, and can be removed', async () => {
    show();
    const field = await screen.findByLabelText('Discount code');
    fireEvent.change(field, { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'success', content: 'Discount code applied.' }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/activities/cart/discount', body: { code: 'WELCOME10', selected_user_id: 51 } });
    const line = await screen.findByTestId('basket-discount-line');
    expect(line.textContent).toBe('Discount (WELCOME10)−£0.65');
    expect(screen.getByTestId('basket-total').textContent).toBe('£5.85');
    expect(screen.getByText('Discount code WELCOME10 applied')).toBeTruthy();
    expect(screen.queryByLabelText('Discount code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'success', content: 'Discount code removed.' }));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/activities/cart/discount?selected_user_id=51');
    expect(await screen.findByLabelText('Discount code')).toBeTruthy();
    expect(screen.queryByTestId('basket-discount-line')).toBeNull();
  });

  it("a refused code shows the server's message as the error toast and keeps what was typed", async () => {
    show();
    const field = (await screen.findByLabelText('Discount code')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.submit(field.form!);
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'error', content: "That discount code isn't valid." }));
    expect(field.value).toBe('NOPE');
    expect(screen.queryByTestId('basket-discount-line')).toBeNull();
  });

  it('an empty field says Required beside it and sends nothing', async () => {
    show();
    const field = await screen.findByLabelText('Discount code');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
