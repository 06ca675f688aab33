import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@app/contract/bookings/booking';
import type { LateFeeDto, PayLateFeesResponse } from '@app/contract/bookings/late-fees';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { CreditSummaryResponse } from '@app/contract/bookings/credit';
import type { ZBookingQr } from '@app/contract/foh/attendance';
import type { z } from 'zod';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';
import { bookingKeys } from '../../../lib/query-keys/bookings.ts';
import { holdingsKeys } from '../../../lib/query-keys/holdings.ts';
import { browserFields, type CardDetails } from '../../checkout/public.ts';
import { timetableKeys } from '../../../lib/query-keys/timetable.ts';

export type Booking = Camelized<BookingDto>;
export type LateFee = Camelized<LateFeeDto>;
export type CreditSummary = Camelized<CreditSummaryResponse>['data'];
export type BookingQr = Camelized<z.infer<typeof ZBookingQr>>;

/** Bookings per page of the Bookings screen; a full page means there may be more. */
export const BOOKINGS_PAGE = 20;

const fetchBookings = (filter: 'future' | 'past', page: number, perPage: number) =>
  api.get<Booking[]>('bookings', { base: 'dashboardBase', query: { filter, page, perPage } });

/** Future (soonest first) or past (newest first) bookings of the whole account, page by page. */
export const bookingsQuery = (filter: 'future' | 'past') =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(filter),
    queryFn: ({ pageParam }) => fetchBookings(filter, pageParam, BOOKINGS_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.length === BOOKINGS_PAGE ? page + 1 : undefined),
  });

/** GET /api/my-account/bookings/{id}/qr: the booking's signed check-in token and its QR payload (the check-in link). */
export const bookingQrQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'qr', bookingId] as const,
    queryFn: ({ signal }) => api.get<BookingQr>(`my-account/bookings/${bookingId}/qr`, { signal }),
    staleTime: Infinity,
    retry: false,
  });

/** The dashboard's next bookings. */
export const nextBookingsQuery = (count: number) =>
  queryOptions({ queryKey: bookingKeys.next(count), queryFn: () => fetchBookings('future', 1, count) });

export const lateFeesQuery = () =>
  queryOptions({ queryKey: bookingKeys.fees(), queryFn: () => api.get<LateFee[]>('late-cancellation-fees', { base: 'dashboardBase' }) });

export const creditQuery = () => queryOptions({ queryKey: bookingKeys.credit(), queryFn: () => api.get<CreditSummary>('credit', { base: 'dashboardBase' }) });

/** After a cancellation or a fee paid: the lists, the balance and penalties (auth user) and free places change. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.all }),
      queryClient.invalidateQueries({ queryKey: timetableKeys.all }),
      queryClient.invalidateQueries({ queryKey: holdingsKeys.orders() }),
    ]);
};

/** Spec §7 `DELETE activities/bookings/{id}/`, from the account site (`source=my-account`). Answers the cancelled booking. */
export const useCancelBooking = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<Booking[]>(`bookings/${id}`, { base: 'activitiesBase', query: { source: 'my-account' } }))[0]!,
    onSuccess: refresh,
  });
};

export type FeePayment = Camelized<PayLateFeesResponse>['data'];
export type FeeAuthorisation = Camelized<CheckoutAuthoriseDto>;

/**
 * Pays every unpaid late-cancellation fee: from account credit, or with the `transactionUuid`
 * of a card authorised for them (authoriseLateFees). Answers the order (a receipt under Payments).
 */
export const usePayLateFees = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (transactionUuid?: string) =>
      api.post<FeePayment>('late-cancellation-fees/pay', transactionUuid ? { transactionUuid } : {}, { base: 'dashboardBase' }),
    onSuccess: refresh,
  });
};

/** POST {dashboard}/late-cancellation-fees/authorise: the card for `amount`, the total the customer was shown. */
export const authoriseLateFees = (fields: CardDetails & { amount: number; returnPath: string }) => {
  const { browser, ...rest } = fields;
  return api.post<FeeAuthorisation>(
    'late-cancellation-fees/authorise',
    {
      ...rest,
      ...browserFields(browser),
    },
    { base: 'dashboardBase' },
  );
};
