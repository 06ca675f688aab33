import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinConfirmationDto, JoinDto, JoinQuoteDto, PlanDto } from '@app/contract/memberships/online-joining';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import { browserFields, type CardDetails } from '../../checkout/public.ts';

/**
 * The membership app's calls (issue 23; contract packages/contract/src/memberships/online-joining.ts,
 * docs/online-joining-screens.md), under the API base: plans and the quote are public, a join
 * needs the customer logged in.
 */
export type Plan = Camelized<PlanDto>;
type Authorise = Camelized<CheckoutAuthoriseDto>;
export type Quote = Camelized<JoinQuoteDto>;
export type Join = Camelized<JoinDto>;
export type Confirmation = Camelized<JoinConfirmationDto>;
export type QuoteRequest = { venue: string; planId: number; startDate: string; dateOfBirth?: string | undefined };
export type BankDetails = { accountHolderName: string; sortCode: string; accountNumber: string; soleAuthoriser: boolean };

const enc = encodeURIComponent;

export const joiningKeys = {
  all: ['online-joining'] as const,
  plans: (venue: string) => ['online-joining', 'plans', venue] as const,
  quote: (request: QuoteRequest) => ['online-joining', 'quote', request] as const,
  join: (id: string) => ['online-joining', 'join', id] as const,
  confirmation: (id: string) => ['online-joining', 'confirmation', id] as const,
};

/** GET online-joining/venues/{venue}/plans. */
export const plansQuery = (venue: string) =>
  queryOptions({
    queryKey: joiningKeys.plans(venue),
    queryFn: ({ signal }) => api.get<Plan[]>(`online-joining/venues/${enc(venue)}/plans`, { signal }),
    // The server puts them in the page (spa/page-routes.ts, issue 28): the plans paint from the HTML.
    initialData: () => api.peek<Plan[]>(`online-joining/venues/${enc(venue)}/plans`),
    staleTime: 5 * 60_000,
  });
export const usePlans = (venue: string) => useQuery(plansQuery(venue));

/** POST online-joining/quote: the one server-side join quote. */
export const useQuote = (request: QuoteRequest | null) =>
  useQuery({
    queryKey: joiningKeys.quote(request ?? { venue: '', planId: 0, startDate: '' }),
    queryFn: ({ signal }) => api.post<Quote>('online-joining/quote', request, { signal }),
    enabled: request !== null,
    retry: false,
    staleTime: 60_000,
  });

/** POST online-joining/joins: the join started for the logged-in customer (plan, start date, date of birth). */
export const useStartJoin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequest) => api.post<Join>('online-joining/joins', body),
    onSuccess: (join) => queryClient.setQueryData(joiningKeys.join(join.id), join),
  });
};

/** GET online-joining/joins/{id}: where the join is (its quote, mandate and next step). */
export const joinQuery = (id: string) =>
  queryOptions({ queryKey: joiningKeys.join(id), queryFn: ({ signal }) => api.get<Join>(`online-joining/joins/${enc(id)}`, { signal }), retry: false });

/** PUT online-joining/joins/{id}/mandate: the bank details go to the Direct Debit provider (the API keeps its references only). */
export const useSetMandate = (joinId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankDetails) => api.put<Join>(`online-joining/joins/${enc(joinId)}/mandate`, body),
    onSuccess: (join) => queryClient.setQueryData(joiningKeys.join(join.id), join),
  });
};

/** POST online-joining/joins/{id}/authorise: today's card payment, as checkout's authorise. */
export const authoriseJoin = (joinId: string, body: CardDetails & { amount: number; returnPath: string }) => {
  const { browser, ...card } = body;
  return api.post<Authorise>(`online-joining/joins/${enc(joinId)}/authorise`, { ...card, ...browserFields(browser) });
};

/** POST online-joining/joins/{id}/complete: the membership made (card paid, or nothing due today). */
export const completeJoin = (joinId: string, transactionUuid: string | null) =>
  api.post<Confirmation>(`online-joining/joins/${enc(joinId)}/complete`, transactionUuid ? { transactionUuid } : {});

/** GET online-joining/joins/{id}/confirmation. */
export const confirmationQuery = (id: string) =>
  queryOptions({
    queryKey: joiningKeys.confirmation(id),
    queryFn: ({ signal }) => api.get<Confirmation>(`online-joining/joins/${enc(id)}/confirmation`, { signal }),
    staleTime: Infinity,
  });
