import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@app/contract/bookings/booking';
import type { CANCELLATION_SOURCES } from '@app/contract/bookings/cancel-booking';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { authKeys } from '../../../lib/query-keys/auth.ts';
import { bookingKeys } from '../../../lib/query-keys/bookings.ts';
import { timetableKeys } from '../../../lib/query-keys/timetable.ts';

export type CancelledBooking = Camelized<BookingDto>;

const SOURCE: string = import.meta.env.VITE_SOURCE ?? 'bookings';
/**
 * The contract's list, checked against it by type: importing the value would bring the contract's
 * zod schemas (85 KB) into the timetable's first load, evaluated before it hydrates (issue 28, TBT).
 */
const KNOWN: readonly string[] = ['bookings', 'my-account', 'foh', 'kiosk'] as const satisfies typeof CANCELLATION_SOURCES;
/** Where the cancellation was made: `bookings` on the bookings site (spec §7 `source=bookings`), else this build's source when the API knows it. */
export const CANCELLATION_SOURCE = KNOWN.includes(SOURCE) ? SOURCE : 'bookings';

/**
 * Spec §7 `DELETE activities/bookings/{id}/`, query `source=bookings`: cancels one booking of the
 * customer (or a family member) from the time-slot screen. Answers the cancelled booking with
 * what the cancellation did (`cancelledWith`: credit and until when, or the fee).
 */
export const cancelBooking = async (bookingId: number) =>
  (await api.delete<CancelledBooking[]>(`bookings/${bookingId}/`, { base: 'activitiesBase', query: { source: CANCELLATION_SOURCE } }))[0]!;

/** After a cancellation: the day (the place is free again), the credit balance and penalties (auth user), the account's lists. */
export const useCancelBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timetableKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]),
  });
};
