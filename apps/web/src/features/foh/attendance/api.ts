import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCheckIn, ZRosterSession } from '@app/contract/foh/attendance';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { fohKeys } from '../api/foh.ts';

/**
 * Attendance at the till (issue 24; contract foh/attendance.ts, docs/front-of-house.md
 * "Attendance"): today's roster at the till's venue, check-in by tapping a name or by the
 * booking's QR token. Staff only (a customer's session answers 403).
 */
export type RosterSession = Camelized<z.infer<typeof ZRosterSession>>;
export type RosterBooking = RosterSession['bookings'][number];
export type CheckIn = Camelized<z.infer<typeof ZCheckIn>>;

const foh = { base: 'fohBase' } as const;
export const rosterKey = (venue: string) => [...fohKeys.all, 'roster', venue] as const;

/** GET foh/venues/{venue}/roster: today's sessions (venue time), refreshed every 30 s (the kiosk checks people in too). */
export const useRoster = (venue: string) =>
  useQuery({
    queryKey: rosterKey(venue),
    queryFn: ({ signal }) => api.get<RosterSession[]>(`venues/${encodeURIComponent(venue)}/roster`, { ...foh, signal }),
    refetchInterval: 30_000,
    retry: false,
  });

/** After a check-in the roster and any customer panel (its today's bookings) are out of date. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: [...fohKeys.all, 'roster'] }), queryClient.invalidateQueries({ queryKey: ['foh', 'panel'] })]);
};

/** POST foh/bookings/{id}/check-in (tap a name): 200 also when they already were (`isNew: false`). */
export const useTapCheckIn = (tillSessionId: number | undefined) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (bookingId: number) => api.post<CheckIn>(`bookings/${bookingId}/check-in`, tillSessionId ? { tillSessionId } : {}, foh),
    onSettled: refresh,
  });
};

/**
 * POST foh/check-in/scan { token }: the token or the whole check-in link, as a handheld scanner
 * types it. A code already used answers 409 'Already checked in at 09:14.'; a code that is not
 * ours 422 'This QR code is not valid.'.
 */
export const useScanCheckIn = (tillSessionId: number | undefined) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (token: string) => api.post<CheckIn>('check-in/scan', tillSessionId ? { token, tillSessionId } : { token }, foh),
    onSettled: refresh,
  });
};
