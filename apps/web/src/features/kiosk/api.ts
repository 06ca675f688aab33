import type { BookingDto } from '@app/contract/bookings/booking';
import { createApiClient } from '../../lib/api/client.ts';
import { sessionSource } from '../../lib/api/auth-token.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import type { Camelized } from '../../lib/api/camelized.ts';
import { endKioskSession, useKioskSession } from './kiosk-session.ts';

/**
 * The kiosk's calls (packages/contract/src/foh/kiosk.ts). Identify and check-in need no login:
 * the QR token or the PIN is the proof. Once identified, calls carry the kiosk's bearer session
 * (never the browser's cookie session: the kiosk browser may still hold someone's); a 401 means
 * it ended (5 minutes), and the kiosk goes back to its home.
 */
const kioskApi = createApiClient({
  fetch: (input, init) => {
    const token = useKioskSession.getState().customer?.token;
    const headers = new Headers(init?.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers, credentials: 'omit' });
  },
  csrfToken: () => null,
  source: sessionSource(),
  onUnauthorised: () => endKioskSession(),
  config: runtimeConfig,
});

export type KioskIdentified = { token: string; expiresInSeconds: number; firstName: string; lastName: string; bookingId: number | null };
export type KioskCheckIn = { bookingId: number; person: string; name: string; startsAt: string; checkedInAt: string; isNew: boolean; message: string };
export type KioskBooking = Camelized<BookingDto>;

export const identifyByQr = (token: string) => kioskApi.post<KioskIdentified>('kiosk/identify', { token });
export const identifyByPin = (membershipNumber: string, pin: string) => kioskApi.post<KioskIdentified>('kiosk/identify', { membershipNumber, pin });
export const checkIn = (token: string) => kioskApi.post<KioskCheckIn>('kiosk/check-in', { token });

/** The identified customer's bookings from now on (every family member), soonest first. */
export const upcomingBookings = () => kioskApi.get<KioskBooking[]>('my-account/bookings', { query: { filter: 'future', perPage: 50 } });
/** A booking's check-in token, for a customer identified by PIN (the same token the QR carries). */
export const bookingCheckInToken = (bookingId: number) => kioskApi.get<{ bookingId: number; token: string; qrPayload: string }>(`my-account/bookings/${bookingId}/qr`);
/** Ends the kiosk's bearer session on the server (best effort: it ends by itself after 5 minutes). */
export const endServerSession = () => kioskApi.post('logout', undefined, { base: 'authBase' }).catch(() => undefined);
