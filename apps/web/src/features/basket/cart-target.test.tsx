// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, type ReactNode } from 'react';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { basketKeys } from '../../lib/query-keys/basket.ts';
import { useBasketMutations } from './api/cart.ts';
import type { Cart } from './api/cart-query.ts';
import { CartTargetProvider, type CartTarget } from './cart-target.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * The cart target seam (issue 24, docs/front-of-house-screens.md): with no target the basket's
 * writes go to the customer's own `{checkout}/…`; with the till's target they go to the staff
 * routes for the chosen customer with the till session, and the answer goes to the till, not to
 * the staff member's own basket.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

const CART = { items: [{ id: 41 }], itemCount: 1, expiresAt: null, total: 750 } as unknown as Cart;
let calls: { url: string; method: string; body: unknown }[] = [];

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), basket: ns('basket') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify({ data: { items: [{ id: 41 }], item_count: 1, expires_at: null, total: 750 } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Run = (mutations: ReturnType<typeof useBasketMutations>) => void;
const Runner = ({ run }: { run: Run }) => {
  const mutations = useBasketMutations();
  useEffect(() => run(mutations), []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};

const mount = (run: Run, target: CartTarget | null) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (target ? <CartTargetProvider value={target}>{children}</CartTargetProvider> : children);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18next}>{wrap(<Runner run={run} />)}</I18nProvider>
    </QueryClientProvider>,
  );
  return client;
};

const item = { id: 9, type: 'activity', purchasedForUserId: 7, pricingOptionId: 3 };

describe('cart target', () => {
  it('without a target, an add goes to the customer own checkout add and fills their basket', async () => {
    const client = mount((m) => m.add.mutate([item]), null);
    await waitFor(() => expect(client.getQueryData(basketKeys.cart())).toBeTruthy());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/\/add$/);
    expect(calls[0]!.url).not.toContain('/foh/');
    expect(calls[0]!.body).toEqual({ items: [{ id: 9, type: 'activity', purchased_for_user_id: 7, pricing_option_id: 3 }], selected_user_id: null });
  });

  it('with the till target, add, remove, the waitlist over-ride and a change go to the staff routes with the till session', async () => {
    const received: Cart[] = [];
    const target: CartTarget = { accountUserId: 12, tillSessionId: 5, onCart: (cart) => received.push(cart) };
    const client = mount((m) => {
      m.add.mutate([item]);
      m.remove.mutate([41]);
      m.addAhead.mutate({ item, reason: 'Regular, asked by phone' });
      m.update.mutate({ cartItemId: 41, purchasedForUserId: 8 });
    }, target);
    await waitFor(() => expect(received).toHaveLength(4));
    const byUrl = (suffix: string, method = 'POST') => calls.filter((call) => call.url.endsWith(suffix) && call.method === method);
    expect(calls.every((call) => call.url.includes('/foh/customers/12/cart'))).toBe(true);
    expect(byUrl('/foh/customers/12/cart/add')).toHaveLength(2);
    expect(byUrl('/foh/customers/12/cart/add')[0]!.body).toMatchObject({ till_session_id: 5, items: [{ id: 9, purchased_for_user_id: 7 }] });
    expect(byUrl('/foh/customers/12/cart/add')[1]!.body).toMatchObject({ till_session_id: 5, waitlist_override_reason: 'Regular, asked by phone' });
    expect(byUrl('/foh/customers/12/cart/remove')[0]!.body).toMatchObject({ cart_item_ids: [41], till_session_id: 5 });
    expect(byUrl('/foh/customers/12/cart/41', 'PUT')[0]!.body).toMatchObject({ purchased_for_user_id: 8, till_session_id: 5 });
    // The staff member's own basket is not touched.
    expect(client.getQueryData(basketKeys.cart())).toBeUndefined();
    expect(received[0]!.itemCount).toBe(CART.itemCount);
  });
});
