import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { showToast } from '../../../lib/toast/store.ts';
import { errorToast } from '../../../lib/toast/api-error.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { replaceCart } from './cart.ts';
import type { Cart } from './cart-query.ts';

/** The site's source on calls that name one (spec §7 "query source"). */
const SOURCE = 'bookings';

export type CoverKind = 'benefit' | 'package';
export type CoverRemoval = { kind: CoverKind; cartItemId: number; selectedUserId: number };

/**
 * The basket's covers and discount code (issue 20, docs/discounts.md). Whose basket: the cart on
 * screen (`selectedUserId` of the cart answered), so a removal or a code always acts on what the
 * customer sees. Each answer is the whole cart and replaces it (spec §4), with no refetch.
 */
export const useBasketExtras = () => {
  const queryClient = useQueryClient();
  const { t } = useTranslation('basket');

  // Spec §7: DELETE /api/activities/{benefit|package}/remove/{cartItemId}, query source and selected_user_id; §8 toasts.
  const removeCover = useMutation({
    mutationFn: ({ kind, cartItemId, selectedUserId }: CoverRemoval) =>
      api.delete<Cart>(`${kind}/remove/${cartItemId}`, { base: 'activitiesBase', query: { source: SOURCE, selectedUserId } }),
    onSuccess: async (cart, { kind }) => {
      await replaceCart(queryClient, cart);
      showToast({ type: 'success', content: t(kind === 'benefit' ? 'toasts.benefitRemoved' : 'toasts.packageRemoved') });
    },
    onError: (error: Error) => showToast(errorToast(error, error.message)),
  });

  const applyDiscount = useMutation({
    mutationFn: ({ code, selectedUserId }: { code: string; selectedUserId: number }) => api.post<Cart>('discount', { code, selectedUserId }, { base: 'checkoutBase' }),
    onSuccess: async (cart) => {
      await replaceCart(queryClient, cart);
      showToast({ type: 'success', content: t('toasts.discountApplied') });
    },
    // Spec §5, §8: a 400 with a message is the error shown, word for word (the field keeps what
    // was typed); anything else is the basket's usual error.
    onError: (error: Error) =>
      showToast(isApiError(error) && error.statusCode === 400 && error.message ? { type: 'error', content: error.message } : errorToast(error, error.message)),
  });

  const removeDiscount = useMutation({
    mutationFn: ({ selectedUserId }: { selectedUserId: number }) => api.delete<Cart>('discount', { base: 'checkoutBase', query: { selectedUserId } }),
    onSuccess: async (cart) => {
      await replaceCart(queryClient, cart);
      showToast({ type: 'success', content: t('toasts.discountRemoved') });
    },
    onError: (error: Error) => showToast(errorToast(error, error.message)),
  });

  return { removeCover, applyDiscount, removeDiscount };
};
