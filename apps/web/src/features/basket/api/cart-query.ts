import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartDto } from '@app/contract/cart/cart';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { hasSession } from '../../../lib/api/auth-token.ts';
import { setBasketSummary } from '../../../lib/basket-summary.ts';
import { basketKeys } from '../../../lib/query-keys/basket.ts';

/** The cart of spec §3 as the web app holds it (the contract's, camelCased). */
export type Cart = Camelized<CartDto>;
export type CartItem = Cart['items'][number];

/**
 * GET {checkout} (spec §7): only with someone logged in. On its own (no mutations, toasts or
 * translations), so the cart sync every page carries stays small; the mutations are in cart.ts.
 */
export const cartQuery = () =>
  queryOptions({
    queryKey: basketKeys.cart(),
    queryFn: ({ signal }) => api.get<Cart>('', { base: 'checkoutBase', signal }),
    enabled: hasSession(),
    staleTime: 30_000,
  });

export const useCart = () => useQuery(cartQuery());

/** The header's badge and time left follow the cart. */
export const summarise = (cart: Pick<Cart, 'itemCount' | 'expiresAt'> | undefined) =>
  setBasketSummary({ itemCount: cart?.itemCount ?? 0, expiresAt: cart?.expiresAt ?? null });

