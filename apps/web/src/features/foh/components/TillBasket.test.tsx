// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { CartTargetProvider } from '../../basket/public.ts';
import type { CustomerPanel, StaffCart, TillSession } from '../api/foh.ts';
import { TillBasket } from './TillBasket.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * The till's basket (issue 24): a discount is typed in pounds and pence, never above the price and
 * with a reason, before anything is sent; Change sends the person by PUT to the staff route (the cart target).
 */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

const startsAt = new Date(Date.now() + 86_400_000).toISOString();
const item = {
  id: 41,
  name: 'Yoga Flow',
  cartableId: 900,
  cartableResource: { startsAt, location: null },
  purchasedForUserId: 7,
  purchasedFor: { id: 7, firstName: 'Sam', lastName: 'Morgan' },
  pricingOptionId: null,
  pricingOptionName: 'Standard',
  price: { raw: 750, formatted: '£7.50' },
  origin: 'customer',
};
const cart = { items: [item], total: 750, itemCount: 1 } as unknown as StaffCart;
const session = { id: 5, currencySymbol: '£' } as unknown as TillSession;
const people = [
  { membershipUserId: 6, name: 'Alex Morgan', relationship: 'self', dateOfBirth: null },
  { membershipUserId: 7, name: 'Sam Morgan', relationship: 'child', dateOfBirth: null },
] as CustomerPanel['people'];

let calls: { url: string; method: string; body: Record<string, unknown> | null }[] = [];
beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), basket: ns('basket'), foh: ns('foh') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    return new Response(JSON.stringify({ data: { items: [], item_count: 0, total: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mount = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18next}>
        <CartTargetProvider value={{ accountUserId: 12, tillSessionId: 5, onCart: () => {} }}>
          <TillBasket cart={cart} accountUserId={12} session={session} people={people} />
        </CartTargetProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
};

describe('till basket', () => {
  it('refuses a discount above the price, not in whole pence, or without a reason; sends a valid one with its reason', async () => {
    const user = userEvent.setup();
    mount();
    expect(screen.getByTestId('staff-basket').textContent).toContain('For Sam Morgan');
    expect(screen.getByTestId('staff-basket').textContent).toContain('Ticket type: Standard');
    await user.click(screen.getByRole('button', { name: 'Discount Yoga Flow for Sam' }));
    const amount = screen.getByLabelText(/^Amount off/);
    await user.type(amount, '7.51');
    await user.click(screen.getByRole('button', { name: 'Apply discount' }));
    expect(await screen.findByText('The discount cannot be more than the price (£7.50).')).toBeTruthy();
    expect(screen.getByText('Give a reason (at least 3 characters).')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '1.005');
    await user.type(screen.getByLabelText('Reason for the discount'), 'Lights faulty');
    await user.click(screen.getByRole('button', { name: 'Apply discount' }));
    expect(await screen.findByText('Enter the amount off in pounds and pence, for example 2.50.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '7.50');
    await user.click(screen.getByRole('button', { name: 'Apply discount' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toMatch(/\/foh\/customers\/12\/cart\/41\/discount$/);
    expect(calls[0]!.body).toEqual({ till_session_id: 5, amount_off: 750, reason: 'Lights faulty' });
  });

  it('changes the person by PUT to the staff route with the till session', async () => {
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole('button', { name: 'Change Yoga Flow for Sam' }));
    await user.selectOptions(screen.getByLabelText('Booking for'), '6');
    await user.click(screen.getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toMatch(/\/foh\/customers\/12\/cart\/41$/);
    expect(put.body).toMatchObject({ purchased_for_user_id: 6, till_session_id: 5 });
  });
});
