import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanDto, JoinQuoteDto } from '@app/contract/memberships/online-joining';
import type { MandateLinkSentDto, TillMembershipSaleDto, TillMembershipSaleRequest } from '@app/contract/foh/membership-sale';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { fohKeys } from '../api/foh.ts';

/**
 * Selling a membership at the till (issue 24; contract packages/contract/src/foh/membership-sale.ts,
 * docs/front-of-house-screens.md "Sell a membership"): the till venue's plans (the online-joining
 * plans API), the server's join quote for the chosen person, and the sale.
 */
export type SalePlan = Camelized<PlanDto>;
export type SaleQuote = Camelized<JoinQuoteDto>;
export type Sale = Camelized<TillMembershipSaleDto>;
export type QuoteInput = { accountUserId: number; tillSessionId: number; planId: number; membershipUserId: number; startDate: string };

const foh = { base: 'fohBase' } as const;

/** GET online-joining/venues/{venue}/plans: the plans the till's venue sells. */
export const useVenuePlans = (venueSlug: string) =>
  useQuery({ queryKey: ['foh', 'membership-plans', venueSlug], queryFn: ({ signal }) => api.get<SalePlan[]>(`online-joining/venues/${encodeURIComponent(venueSlug)}/plans`, { signal }), staleTime: 5 * 60_000 });

const quoteBody = (input: QuoteInput) => ({ tillSessionId: input.tillSessionId, planId: input.planId, membershipUserId: input.membershipUserId, startDate: input.startDate });

/** POST foh/customers/{id}/memberships/quote: the one server-side join quote. */
export const useSaleQuote = (input: QuoteInput | null) =>
  useQuery({
    queryKey: ['foh', 'membership-quote', input],
    queryFn: ({ signal }) => api.post<SaleQuote>(`customers/${input!.accountUserId}/memberships/quote`, quoteBody(input!), { ...foh, signal }),
    enabled: input !== null,
    retry: false,
    staleTime: 30_000,
  });

/** POST foh/customers/{id}/memberships: the sale with today's payment at the till. */
export const useSellMembership = (accountUserId: number, tillSessionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TillMembershipSaleRequest, 'till_session_id'>) => api.post<Sale>(`customers/${accountUserId}/memberships`, { ...body, till_session_id: tillSessionId }, foh),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fohKeys.panel(accountUserId) });
      void queryClient.invalidateQueries({ queryKey: fohKeys.xRead(tillSessionId) });
    },
  });
};

/** POST foh/memberships/{id}/mandate-link: a new Direct Debit link emailed to the member (the older ones stop working). */
export const useSendMandateLink = (accountUserId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: number) => api.post<Camelized<MandateLinkSentDto>>(`memberships/${membershipId}/mandate-link`, undefined, foh),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fohKeys.panel(accountUserId) }),
  });
};
