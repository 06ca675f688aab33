import type { BookingDto } from '@app/contract/bookings/booking';
import type { CartDto } from '@app/contract/cart/cart';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { CheckoutCompleteDto } from '@app/contract/checkout/complete';
import type { CheckoutPrepareDto } from '@app/contract/checkout/prepare';
import type { KioskSessionsDto, KioskPersonDto } from '@app/contract/foh/kiosk';
import type { KioskTerminalPaymentDto } from '@app/contract/foh/kiosk-terminal';
import type { TermDto } from '@app/contract/terms/terms';
import { createApiClient } from '../../lib/api/client.ts';
import { sessionSource } from '../../lib/api/auth-token.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import type { Camelized } from '../../lib/api/camelized.ts';
import { endKioskSession, useKioskSession } from './kiosk-session.ts';
import type { KioskDay } from './kiosk-book-rules.ts';

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

/* ---- Booking and paying at the kiosk (docs/kiosk.md "Booking and paying at the kiosk") ---- */

export type KioskPerson = Camelized<KioskPersonDto>;
export type KioskSessions = Camelized<KioskSessionsDto>;
export type KioskSession = KioskSessions['sessions'][number];
export type KioskCart = Camelized<CartDto>;
export type KioskCartItem = KioskCart['items'][number];
export type KioskPrepare = Camelized<CheckoutPrepareDto>;
export type KioskAuthorise = Camelized<CheckoutAuthoriseDto>;
export type KioskCompleted = Camelized<CheckoutCompleteDto>;
export type KioskTerm = Camelized<TermDto>;
export type KioskPayment = { tenderType: string; amount: number; info?: Record<string, unknown> };

const SOURCE = { source: 'activity-booking', selectedUserId: null } as const;

/** The customer and their family, to book for. */
export const kioskPeople = () => kioskApi.get<KioskPerson[]>('kiosk/people');
/** Today's or tomorrow's sessions at the centre still to start, each with the ticket that fits the person. */
export const kioskSessions = (venue: string, day: KioskDay, personId: number) => kioskApi.get<KioskSessions>('kiosk/sessions', { query: { venue, day, personId } });
/** The customer's own basket (the same one they see online). */
export const kioskCart = () => kioskApi.get<KioskCart>('', { base: 'checkoutBase' });
export const addToKioskCart = (session: KioskSession, personId: number, ticketId: number) =>
  kioskApi.post<KioskCart>('add', { items: [{ id: session.id, type: 'purchasableOccurrence', purchasedForUserId: personId, pricingOptionId: ticketId }], selectedUserId: null }, { base: 'checkoutBase' });
export const removeFromKioskCart = (cartItemId: number) => kioskApi.post<KioskCart>('remove', { cartItemIds: [cartItemId], selectedUserId: null }, { base: 'checkoutBase' });
export const kioskTerms = (cartId: number | null) => kioskApi.get<KioskTerm[]>('terms', { query: { cartId } });
/** The saved cards and a payment session (never a card form at the kiosk). */
export const kioskPrepare = () => kioskApi.get<KioskPrepare>('checkout/prepare');

/** The 3-D Secure browser fields of this screen (the server's names, camel-cased). */
const browser = () => {
  const depth = window.screen.colorDepth;
  return {
    browserColorDepth: [1, 4, 8, 15, 16, 24, 32, 48].includes(depth) ? depth : 24,
    browserJavaEnabled: false,
    browserJavascriptEnabled: true,
    browserLanguage: navigator.language || 'en-GB',
    browserScreenHeight: window.screen.height,
    browserScreenWidth: window.screen.width,
    browserTimezone: new Date().getTimezoneOffset(),
  };
};

type OrderFields = { payments: KioskPayment[]; terms: number[]; itemHash: string };
/** A saved card's authorisation: never a card identifier (the server refuses one from a kiosk session). */
export const authoriseSavedCard = (fields: OrderFields & { sessionKey: string; savedCardId: number }) =>
  kioskApi.post<KioskAuthorise>('checkout/authorise', { ...fields, ...browser(), completedWaivers: [], ...SOURCE });
export const completeKioskOrder = (fields: OrderFields & { transactionUuid: string | null }) =>
  kioskApi.post<KioskCompleted>('checkout/complete', { ...fields, completedWaivers: [], ...SOURCE });

/* ---- Paying at the venue's card reader (docs/kiosk.md "Paying at the card reader") ---- */

export type KioskTerminalPayment = Camelized<KioskTerminalPaymentDto>;
/** Starts a payment of the basket's total (the server's) at the card reader of the kiosk's venue. */
export const startTerminalPayment = (fields: { venue: string; terms: number[]; itemHash: string }) =>
  kioskApi.post<KioskTerminalPayment>('kiosk/terminal-payments', { ...fields, selectedUserId: null });
/** How it is going; once the reader approved, the server completes the order (exactly once). */
export const checkTerminalPayment = (id: string) => kioskApi.get<KioskTerminalPayment>(`kiosk/terminal-payments/${id}`);
export const cancelTerminalPayment = (id: string) => kioskApi.post<KioskTerminalPayment>(`kiosk/terminal-payments/${id}/cancel`, {});
