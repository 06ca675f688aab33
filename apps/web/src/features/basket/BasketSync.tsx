import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { basketKeys } from '../../lib/query-keys/basket.ts';
import { summarise, useCart } from './api/cart-query.ts';

/**
 * Mounted by the app while someone is logged in: fetches the cart once (after login, or on
 * arrival) so the header's badge and time left are right on every page, and fetches it again
 * when the holds run out (the items then read 'expired').
 */
const BasketSync = () => {
  const cart = useCart();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (cart.data) summarise(cart.data);
  }, [cart.data]);
  const expiresAt = cart.data?.expiresAt ?? null;
  useEffect(() => {
    if (!expiresAt) return;
    const wait = Date.parse(expiresAt) - Date.now() + 1000;
    // setTimeout holds at most ~24.8 days; a hold is minutes long.
    if (Number.isNaN(wait) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: basketKeys.all }), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient]);
  return null;
};

export default BasketSync;
