import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { basketKeys } from '../../../lib/query-keys/basket.ts';
import { courseKeys } from '../../../lib/query-keys/courses.ts';
import { reloadTimetable } from '../../../lib/query-keys/timetable.ts';
import { showToast } from '../../../lib/toast/store.ts';
import { errorToast } from '../../../lib/toast/api-error.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { summarise, type Cart } from './cart-query.ts';
import { useCartTarget, type CartTarget } from '../cart-target.tsx';

/** One item of a cart add (wire notes): built from a timetable entry's id, cart_type and pricing_option_id alone. */
export type CartAddItem = { id: number | string; type: string; purchasedForUserId: number | null; pricingOptionId: number };

/** A course for one person: `purchasedForUserId` null is the customer. */
export type CartAddCourse = { courseId: number; purchasedForUserId: number | null };

/** Whose basket: null is the logged-in customer (wire notes; spec §6 selected user). */
const SELECTED_USER = { selectedUserId: null };

/**
 * Spec §4: cart data is replaced from each successful fetch, add, remove or update; the
 * timetable reloads after an add or remove, for ad-hoc and resource categories only (spec §4;
 * `reloadTimetable`).
 */
export const replaceCart = async (queryClient: QueryClient, cart: Cart) => {
  // A fetch of the cart still in flight (the one a login starts, say) read the basket before this
  // change: cancelled, so its older answer cannot land on top of this one.
  await queryClient.cancelQueries({ queryKey: basketKeys.cart() });
  queryClient.setQueryData(basketKeys.cart(), cart);
  summarise(cart);
  void reloadTimetable(queryClient);
};

/**
 * Spec §8 basket errors: the server message if present, else the generic one (the client supplies
 * it); a 422's field errors listed under 'Validation errors'.
 */
const showError = (error: Error) => showToast(errorToast(error, error.message));

/** A change of one item (PUT): its ticket type (pricing option) or the person it is for. */
export type CartItemChange = { cartItemId: number; pricingOptionId?: number; purchasedForUserId?: number | null };

/** With a cart target (the till): the staff route for the chosen customer, with the till session. */
const staffPath = (target: CartTarget, path: string) => `customers/${target.accountUserId}/cart${path ? `/${path}` : ''}`;
const FOH = { base: 'fohBase' } as const;

/** Basket mutations with the spec §8 toasts. `addingToCart`/`removingFromCart` are their `isPending`. */
export const useBasketMutations = () => {
  const queryClient = useQueryClient();
  const { t } = useTranslation('basket');
  const target = useCartTarget();
  // The till's answer goes to its own cache (the customer's basket), the timetable reloads as after any change.
  const targetCart = (cart: Cart) => {
    target?.onCart(cart);
    void reloadTimetable(queryClient);
  };
  // Issue 21: after an add, somewhere obvious to go next.
  const addedToast = () => ({ type: 'success' as const, content: t('toasts.added'), action: { label: t('toasts.viewBasket'), to: '/basket' } });
  const add = useMutation({
    mutationFn: (items: CartAddItem[]) =>
      target
        ? api.post<Cart>(staffPath(target, 'add'), { items, ...SELECTED_USER, tillSessionId: target.tillSessionId }, FOH)
        : api.post<Cart>('add', { items, ...SELECTED_USER }, { base: 'checkoutBase' }),
    onSuccess: async (cart) => {
      if (target) {
        targetCart(cart);
        showToast({ type: 'success', content: t('toasts.added') });
        return;
      }
      await replaceCart(queryClient, cart);
      showToast(addedToast());
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (cartItemIds: number[]) =>
      target
        ? api.post<Cart>(staffPath(target, 'remove'), { cartItemIds, ...SELECTED_USER, tillSessionId: target.tillSessionId }, FOH)
        : api.post<Cart>('remove', { cartItemIds, ...SELECTED_USER }, { base: 'checkoutBase' }),
    onSuccess: async (cart) => {
      if (target) targetCart(cart);
      else await replaceCart(queryClient, cart);
      showToast({ type: 'success', content: t('toasts.removed') });
    },
    onError: showError,
  });
  /**
   * Only with a cart target (the till; docs/front-of-house.md): a place the waitlist keeps taken
   * with a typed reason (`waitlist_override_reason`, recorded), and a change of ticket type or person.
   */
  const addAhead = useMutation({
    mutationFn: ({ item, reason }: { item: CartAddItem; reason: string }) => {
      if (!target) throw new Error('Only at the till');
      return api.post<Cart>(staffPath(target, 'add'), { items: [item], ...SELECTED_USER, tillSessionId: target.tillSessionId, waitlistOverrideReason: reason }, FOH);
    },
    onSuccess: (cart) => {
      targetCart(cart);
      showToast({ type: 'success', content: t('toasts.added') });
    },
  });
  const update = useMutation({
    mutationFn: ({ cartItemId, ...changes }: CartItemChange) =>
      target
        ? api.put<Cart>(staffPath(target, String(cartItemId)), { ...changes, ...SELECTED_USER, tillSessionId: target.tillSessionId }, FOH)
        : api.put<Cart>(String(cartItemId), { ...changes, ...SELECTED_USER }, { base: 'checkoutBase' }),
    onSuccess: async (cart) => {
      if (target) targetCart(cart);
      else await replaceCart(queryClient, cart);
      showToast({ type: 'success', content: t('toasts.updated') });
    },
  });
  // A whole course for one person (docs/courses.md): the course page's Book course.
  const addCourse = useMutation({
    mutationFn: (course: CartAddCourse) => api.post<Cart>('courses', { ...course, ...SELECTED_USER }, { base: 'checkoutBase' }),
    onSuccess: async (cart, course) => {
      await replaceCart(queryClient, cart);
      void queryClient.invalidateQueries({ queryKey: courseKeys.availability(course.courseId) });
      void queryClient.invalidateQueries({ queryKey: courseKeys.people(course.courseId) });
      showToast(addedToast());
    },
    onError: showError,
  });
  const holdAgain = useMutation({
    mutationFn: (cartItemId: number) => api.put<Cart>(String(cartItemId), { holdAgain: true, ...SELECTED_USER }, { base: 'checkoutBase' }),
    onSuccess: async (cart) => {
      await replaceCart(queryClient, cart);
      showToast({ type: 'success', content: t('toasts.updated') });
    },
    onError: showError,
  });
  const clear = useMutation({
    mutationFn: () => api.delete<Cart | undefined>('', { base: 'checkoutBase' }),
    onSuccess: async (cart) => {
      // Spec §4: items, totals and credits reset on a successful clear (the server answers the emptied cart).
      if (cart?.items) await replaceCart(queryClient, cart);
      else {
        summarise(undefined);
        await queryClient.invalidateQueries({ queryKey: basketKeys.all });
        void reloadTimetable(queryClient);
      }
      showToast({ type: 'success', content: t('toasts.cleared') });
    },
    onError: showError,
  });
  return { add, addCourse, remove, holdAgain, clear, addAhead, update };
};
