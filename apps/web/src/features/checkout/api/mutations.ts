import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setBasketSummary } from '../../../lib/basket-summary.ts';
import { basketKeys } from '../../../lib/query-keys/basket.ts';
import { checkoutKeys } from '../../../lib/query-keys/checkout.ts';
import { reloadTimetable } from '../../../lib/query-keys/timetable.ts';
import { applyCredits, changeAttendee, deleteSavedCard, type Cart, type CreditsApplied } from './checkout.ts';

/**
 * Every change the checkout's mutations make to the query cache, in one place: the screens and
 * hooks call the mutations below (or these, for a payment) and never touch a key themselves.
 */
export const checkoutCache = {
  /** Spec §4: the cart is replaced from the answer; questions and waivers follow the person. */
  attendeeChanged: (queryClient: QueryClient, cart: Cart) => {
    queryClient.setQueryData(basketKeys.cart(), cart);
    void queryClient.invalidateQueries({ queryKey: checkoutKeys.questions(cart.id) });
    void queryClient.invalidateQueries({ queryKey: checkoutKeys.waivers() });
  },
  /** What the customer still holds after a credit reservation. */
  creditsChanged: (queryClient: QueryClient, credits: CreditsApplied['credits']) =>
    queryClient.setQueryData<Cart>(basketKeys.cart(), (old) => (old ? { ...old, credits } : old)),
  /** A session key is good for one try (and prepare lists the saved cards): the next try gets a fresh one. */
  sessionUsed: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: checkoutKeys.prepare() }),
  /** Spec §4 after an order: the badge goes to 0, basket and timetable are fetched again, checkout's own answers go. */
  orderCompleted: (queryClient: QueryClient) => {
    setBasketSummary({ itemCount: 0, expiresAt: null });
    void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    void reloadTimetable(queryClient);
    queryClient.removeQueries({ queryKey: checkoutKeys.all });
  },
};

/** PUT {checkout}/{cartItemId}: who a place is for. `variables.cartItemId` while pending is the item that waits. */
export const useChangeAttendee = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cartItemId, personId }: { cartItemId: number; personId: number }) => changeAttendee(cartItemId, personId),
    onSuccess: (cart) => checkoutCache.attendeeChanged(queryClient, cart),
  });
};

/** POST /api/credits/apply for one kind; ≤ 0 releases it. */
export const useApplyCredit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, pence }: { kind: 'general' | 'membership'; pence: number }) => applyCredits([{ amount: Math.max(0, pence), type: kind }]),
    onSuccess: (result) => checkoutCache.creditsChanged(queryClient, result.credits),
  });
};

/** DELETE /api/checkout/saved-cards/{id}, then prepare again (its list of saved cards). */
export const useDeleteSavedCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedCard,
    onSuccess: () => queryClient.refetchQueries({ queryKey: checkoutKeys.prepare() }),
  });
};
