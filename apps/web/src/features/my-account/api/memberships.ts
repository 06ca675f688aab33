import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelPreviewDto, MembershipDetailDto } from '@app/contract/memberships/membership-account';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { holdingsKeys } from '../../../lib/query-keys/holdings.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';
import { browserFields, type CardDetails } from '../../checkout/public.ts';

/** One membership as My account → Memberships manages it (issue 23; contract memberships/membership-account.ts). */
export type MembershipDetail = Camelized<MembershipDetailDto>;
export type CancelPreview = Camelized<CancelPreviewDto>;
type Authorise = Camelized<CheckoutAuthoriseDto>;

const base = { base: 'dashboardBase' } as const;
const detailKey = (id: number) => [...holdingsKeys.memberships(), id] as const;

/** GET {dashboard}/memberships/{id}: state, schedule, collections, what is owed. */
export const membershipDetailQuery = (id: number) =>
  queryOptions({ queryKey: detailKey(id), queryFn: ({ signal }) => api.get<MembershipDetail>(`memberships/${id}`, { ...base, signal }) });

/** GET {dashboard}/memberships/{id}/cancel: what cancelling today does (read fresh each time it is opened). */
export const cancelPreviewQuery = (id: number) =>
  queryOptions({ queryKey: [...detailKey(id), 'cancel'] as const, queryFn: ({ signal }) => api.get<CancelPreview>(`memberships/${id}/cancel`, { ...base, signal }), staleTime: 0, gcTime: 0 });

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: holdingsKeys.memberships() }), queryClient.invalidateQueries({ queryKey: authKeys.all })]);
};

/** POST {dashboard}/memberships/{id}/cancel with the end date the customer was shown. */
export const useCancelMembership = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (endsOn: string) => api.post<MembershipDetail>(`memberships/${id}/cancel`, { confirm: true, endsOn }, base),
    onSuccess: refresh,
  });
};

/** POST {dashboard}/memberships/{id}/arrears/authorise: the card for the arrears shown (as late fees). */
export const authoriseArrears = (id: number, fields: CardDetails & { amount: number; returnPath: string }) => {
  const { browser, ...rest } = fields;
  return api.post<Authorise>(`memberships/${id}/arrears/authorise`, { ...rest, ...browserFields(browser) }, base);
};

/** POST {dashboard}/memberships/{id}/arrears/pay: settles the arrears with the authorised card payment. */
export const usePayArrears = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (transactionUuid: string) => api.post<MembershipDetail>(`memberships/${id}/arrears/pay`, { transactionUuid }, base),
    onSuccess: refresh,
  });
};
