import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useAuthUser } from '../auth/public.ts';
import { cartQuery } from '../basket/public.ts';
import { withBasketState } from './basket-state.ts';
import type { Entry } from './rules.ts';

/**
 * The day's entries with each row's basket state taken from the cart when the cart is the newer
 * of the two answers (docs/timetable-screens.md "Reloading"): after an add, a remove, a hold run
 * out or a sign-up's pending Book the cart is replaced at once, while a class day is not fetched
 * again (spec §4). When the day is fetched again (the live stream, a login) its answer is the
 * newer one and is shown as the server gave it. `personId`: the family member booked for, null
 * for the customer. Visitors have no cart: the day as it is.
 */
export const useBasketState = (entries: Pick<UseQueryResult<unknown[]>, 'data' | 'dataUpdatedAt'>, personId: number | null): Entry[] => {
  const cart = useQuery(cartQuery());
  const self = useAuthUser().data?.membershipUser.id;
  const whose = personId ?? self;
  const day = entries.data as Entry[] | undefined;
  const isCartNewer = cart.data !== undefined && cart.dataUpdatedAt >= entries.dataUpdatedAt;
  return useMemo(
    () => (!day ? [] : isCartNewer && whose !== undefined && cart.data ? withBasketState(day, cart.data.items, whose) : day),
    [day, isCartNewer, whose, cart.data],
  );
};
