import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Till as TillDto, TillSession as TillSessionDto, TillEntry as TillEntryDto, ZReport as ZReportDto, AddEntryRequest, CloseSessionRequest } from '@app/contract/foh/tills';
import type { CustomerMatch as CustomerMatchDto, CustomerPanel as CustomerPanelDto } from '@app/contract/foh/customers';
import type { FohPayDto, FohPayRequest } from '@app/contract/foh/pay';
import type { CartDto } from '@app/contract/cart/cart';
import type { CountedTender } from '@app/contract/foh/tender-rules';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { csrfToken, sessionSource } from '../../../lib/api/auth-token.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { genericErrorMessage } from '../../../lib/api/messages.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { toCamel } from '../../../lib/api/case.ts';

/**
 * The till's calls (issue 24; contract packages/contract/src/foh/, docs/front-of-house.md,
 * docs/front-of-house-screens.md). Every one is staff only: a customer's session answers 403.
 */
export type Till = Camelized<TillDto>;
export type TillSession = Camelized<TillSessionDto>;
export type TillEntry = Camelized<TillEntryDto>;
export type ZReport = Camelized<ZReportDto>;
export type CustomerMatch = Camelized<CustomerMatchDto>;
export type CustomerPanel = Camelized<CustomerPanelDto>;
export type StaffCart = Camelized<CartDto>;
export type PayResult = Camelized<FohPayDto>;
/** The X read's expected totals: the API client camelises 'offline-voucher' → 'offlineVoucher'. */
export type XRead = { session: TillSession; expected: Record<string, number>; salesCount: number; entries: TillEntry[]; readAt: string; kioskCard: ZReport['kioskCard'] };

const foh = { base: 'fohBase' } as const;

export const fohKeys = {
  all: ['foh'] as const,
  tills: (venue: string) => ['foh', 'tills', venue] as const,
  current: ['foh', 'session', 'current'] as const,
  xRead: (sessionId: number) => ['foh', 'x-read', sessionId] as const,
  zReport: (sessionId: number) => ['foh', 'z-report', sessionId] as const,
  search: (q: string) => ['foh', 'customers', q] as const,
  panel: (accountUserId: number) => ['foh', 'panel', accountUserId] as const,
  cart: (accountUserId: number) => ['foh', 'cart', accountUserId] as const,
  terms: ['foh', 'terms'] as const,
};

/** GET foh/sessions/current: the staff member's open till session, or null (403 for a customer). */
export const currentSessionQuery = () =>
  queryOptions({ queryKey: fohKeys.current, queryFn: ({ signal }) => api.get<TillSession | null>('sessions/current', { ...foh, signal }), retry: false });
export const useCurrentSession = () => useQuery(currentSessionQuery());

/** GET foh/tills: every till of the operator, with who has each open; the staff member's currency symbol. */
export const useTills = () =>
  useQuery({
    queryKey: fohKeys.tills(''),
    // Read whole: the list's `currency_symbol` (spec §3, the staff member's) sits beside `data`.
    queryFn: async ({ signal }) => {
      const text = await api.get<string>('tills', { ...foh, signal, responseType: 'text' });
      return toCamel<{ data: Till[]; currencySymbol: string }>(JSON.parse(text));
    },
    retry: false,
  });

export const useOpenTill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tillId, floatPence }: { tillId: number; floatPence: number }) => api.post<TillSession>(`tills/${tillId}/sessions`, { floatPence }, foh),
    onSuccess: (session) => {
      queryClient.setQueryData(fohKeys.current, session);
      void queryClient.invalidateQueries({ queryKey: ['foh', 'tills'] });
    },
  });
};

export const useXRead = (sessionId: number | undefined) =>
  useQuery({
    queryKey: fohKeys.xRead(sessionId ?? 0),
    queryFn: ({ signal }) => api.get<XRead>(`sessions/${sessionId}/x-read`, { ...foh, signal }),
    enabled: !!sessionId,
    retry: false,
  });

export const useAddEntry = (sessionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddEntryRequest) => api.post<TillEntry>(`sessions/${sessionId}/entries`, body, foh),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fohKeys.xRead(sessionId) }),
  });
};

/**
 * A write whose body must reach the server exactly as written: the close's `counted` has the keys
 * 'offline-voucher' and 'card-terminal', which the API client's snake_case conversion would turn
 * into underscores. Same headers as the client (source, CSRF), same error shape.
 */
const postVerbatim = async <T>(path: string, body: unknown): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', 'x-source': sessionSource() };
  const csrf = csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  const response = await fetch(`${runtimeConfig().fohBase.replace(/\/+$/, '')}/${path}`, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  const parsed = (await response.json().catch(() => ({}))) as { data?: unknown; message?: string; errors?: Record<string, string[]> };
  if (!response.ok) throw new ApiError(parsed.message ?? genericErrorMessage(response.status), response.status, parsed.errors ?? {});
  return toCamel<T>(parsed.data);
};

/** POST foh/sessions/{id}/close with the blind count: answers the Z report. */
export const useCloseTill = (sessionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (counted: Record<CountedTender, number>) => postVerbatim<ZReport>(`sessions/${sessionId}/close`, { counted } satisfies CloseSessionRequest),
    // The session's query is not cleared here: the close screen would send the staff member to
    // open a till before it moves to the Z report. The Z report's frame reads it afresh.
    onSuccess: (report) => {
      queryClient.setQueryData(fohKeys.zReport(sessionId), report);
      void queryClient.invalidateQueries({ queryKey: ['foh', 'tills'] });
    },
  });
};

export const useZReport = (sessionId: number) =>
  useQuery({ queryKey: fohKeys.zReport(sessionId), queryFn: ({ signal }) => api.get<ZReport>(`sessions/${sessionId}/z-report`, { ...foh, signal }), retry: false });

export const zReportCsvHref = (sessionId: number) => `${runtimeConfig().fohBase.replace(/\/+$/, '')}/sessions/${sessionId}/z-report.csv`;

/** GET foh/customers?q= as the staff member types (at least 2 characters). */
export const useCustomerSearch = (q: string) =>
  useQuery({
    queryKey: fohKeys.search(q),
    queryFn: ({ signal }) => api.get<CustomerMatch[]>('customers', { ...foh, query: { q }, signal }),
    enabled: q.trim().length >= 2,
    retry: false,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

export const useCustomerPanel = (accountUserId: number) =>
  useQuery({ queryKey: fohKeys.panel(accountUserId), queryFn: ({ signal }) => api.get<CustomerPanel>(`customers/${accountUserId}`, { ...foh, signal }), retry: false });

export const useAddNote = (accountUserId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<{ id: number }>(`customers/${accountUserId}/notes`, { text }, foh),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fohKeys.panel(accountUserId) }),
  });
};

/** GET foh/customers/{id}/cart: the customer's own basket (the one they see online). */
export const useStaffCart = (accountUserId: number) =>
  useQuery({ queryKey: fohKeys.cart(accountUserId), queryFn: ({ signal }) => api.get<StaffCart>(`customers/${accountUserId}/cart`, { ...foh, signal }), retry: false });

/** GET terms: the operator's terms the customer accepts at the desk (their ids go with the payment). */
export const useTerms = () =>
  useQuery({ queryKey: fohKeys.terms, queryFn: ({ signal }) => api.get<{ id: number; title?: string; name?: string }[]>('terms', { signal }), retry: false, staleTime: 5 * 60_000 });

/**
 * POST {checkout}/pay with the till's tenders. The order completes exactly once on the server: a
 * second press answers 409 'This basket has already been paid.', which the screen shows.
 */
export const payAtTill = (body: FohPayRequest) => api.post<PayResult>('pay', body, { base: 'checkoutBase' });

/**
 * POST foh/customers/{id}/cart/{cartItemId}/discount: a lower price for one item with a reason
 * (recorded with the staff member and till; more than the price → 422). Answers the basket.
 */
export const useStaffDiscount = (accountUserId: number, tillSessionId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cartItemId, amountOff, reason }: { cartItemId: number; amountOff: number; reason: string }) =>
      api.post<StaffCart>(`customers/${accountUserId}/cart/${cartItemId}/discount`, { tillSessionId, amountOff, reason }, foh),
    onSuccess: (cart) => queryClient.setQueryData(fohKeys.cart(accountUserId), cart),
  });
};

export type OccurrenceTicket = { id: number; name: string; price: { formatted: string } };
/** GET {activities}/{occurrenceId}: one session with its ticket types (the till's 'Ticket type' choice). */
export const useOccurrenceTickets = (occurrenceId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['foh', 'occurrence-tickets', occurrenceId] as const,
    queryFn: async ({ signal }) => (await api.get<{ tickets?: OccurrenceTicket[] }>(String(occurrenceId), { base: 'activitiesBase', signal })).tickets ?? [],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
