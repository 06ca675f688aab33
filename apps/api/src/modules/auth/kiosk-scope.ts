import type { FastifyRequest } from 'fastify';

/**
 * What a kiosk's session may do (docs/kiosk.md "Booking and paying at the kiosk"). The session
 * POST /api/kiosk/identify starts (`sessions.kiosk`, 5 minutes, a bearer token held in the
 * kiosk's memory) reaches only these routes, by method and route pattern; every other route,
 * visitor routes too, answers 403 'Unauthorised.' before its handler runs. Deny by default: a
 * new route is closed to the kiosk until it is listed here, so account settings (password,
 * email, details, saved card management, the kiosk PIN, one-time login tokens, log out
 * everywhere) stay out of reach of a public screen.
 *
 * The basket add (`sessionInHandler`, docs/security.md) looks its session up in its own query, so
 * the hook cannot see that it is a kiosk's: a route that defers its lookup must be one listed here
 * (today the basket add is the only one).
 */
export const KIOSK_ROUTES: ReadonlySet<string> = new Set([
  // Who is here, and the end of the session (Finish, the idle return).
  'POST /api/auth/logout',
  // Check in for today's bookings (docs/kiosk.md "Identified").
  'GET /api/my-account/bookings',
  'GET /api/my-account/bookings/:bookingId/qr',
  'POST /api/kiosk/check-in',
  // Book today's and tomorrow's sessions at the kiosk's venue.
  'GET /api/kiosk/people',
  'GET /api/kiosk/sessions',
  'GET /api/activities/cart',
  'POST /api/activities/cart/add',
  'POST /api/activities/cart/remove',
  // Pay by credit or a saved card (never a new card: see KIOSK_SAVED_CARD_ONLY), or at the card terminal (below).
  'GET /api/terms',
  'GET /api/checkout/prepare',
  'POST /api/checkout/authorise',
  'POST /api/checkout/complete',
  'GET /api/checkout/orders/:completeOrderId',
  // Pay at the venue's card terminal (docs/kiosk.md "Paying at the card reader"): its own payments only.
  'POST /api/kiosk/terminal-payments',
  'GET /api/kiosk/terminal-payments/:terminalPaymentId',
  'POST /api/kiosk/terminal-payments/:terminalPaymentId/cancel',
]);

/** The routes a kiosk's session may use with a saved card only (no card identifier from a card form). */
export const KIOSK_SAVED_CARD_ONLY: ReadonlySet<string> = new Set(['POST /api/checkout/authorise']);

export const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;

export const kioskMayUse = (request: FastifyRequest) => KIOSK_ROUTES.has(routeKey(request));

/** A kiosk's card payment names a saved card of the customer's and no card identifier. */
export const isSavedCardOnly = (body: unknown) => {
  const b = (body ?? {}) as { saved_card_id?: unknown; card_identifier?: unknown };
  return typeof b.saved_card_id === 'number' && (b.card_identifier === undefined || b.card_identifier === null);
};
