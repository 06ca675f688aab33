import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZBookingParams, ZBookingQrResponse, ZCheckInResponse } from '@app/contract/foh/attendance';
import {
  ZKioskCheckInRequest,
  ZKioskIdentifyRequest,
  ZKioskIdentifyResponse,
  ZKioskPeopleResponse,
  ZKioskSessionsQuery,
  ZKioskSessionsResponse,
  ZSetKioskPinRequest,
  ZSetKioskPinResponse,
} from '@app/contract/foh/kiosk';
import { ZKioskTerminalParams, ZKioskTerminalPaymentResponse, ZKioskTerminalStartRequest } from '@app/contract/foh/kiosk-terminal';
import { publicUrlOf } from '../../lib/config.ts';
import { forbidden } from '../../lib/errors.ts';
import { providerFor } from '../payments/service.ts';
import { addressKeyFor } from '../auth/service.ts';
import { bookingQr, checkInAtKiosk } from '../attendance/service.ts';
import { identify, setKioskPin } from './kiosk.ts';
import { kioskPeople, kioskSessions } from './kiosk-booking.ts';
import { cancelTerminalPayment, checkTerminalPayment, startTerminalPayment, type KioskCaller } from '../kiosk-terminal/service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse, 429: ZErrorResponse };
const caller = (request: FastifyRequest) => ({ clientId: request.clientId, accountUserId: request.auth!.userId });
/** The kiosk's own session only: a customer's or staff session is 403 'Unauthorised.' (the card reader is at the kiosk). */
const kioskCaller = (request: FastifyRequest): KioskCaller => {
  if (!request.auth?.kiosk) throw forbidden('kiosk_only');
  return { ...caller(request), kioskSessionId: request.auth.sessionId };
};

/**
 * The customer's side of front of house (docs/front-of-house.md "Attendance", "The kiosk"): a
 * booking's QR token in My account, the kiosk PIN, and the kiosk's identify and check-in (no
 * login: the kiosk is a public screen; the token or the PIN is the proof).
 */
export const fohKioskRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const tags = ['front of house'];

  app.get(
    '/api/my-account/bookings/:bookingId/qr',
    { ...guarded, schema: { tags: ['account', ...tags], summary: "A booking's check-in QR token and payload", params: ZBookingParams, response: { 200: ZBookingQrResponse, ...errors } } },
    async (request) => bookingQr(app.db, caller(request), request.params.bookingId, publicUrlOf(app.config)),
  );

  app.put(
    '/api/my-account/kiosk-pin',
    { ...guarded, schema: { tags: ['account', ...tags], summary: 'Set the kiosk PIN (4 to 6 digits, stored hashed)', body: ZSetKioskPinRequest, response: { 200: ZSetKioskPinResponse, ...errors } } },
    async (request) => setKioskPin(app.db, caller(request), request.body.pin, addressKeyFor(request.ip)),
  );

  app.post(
    '/api/kiosk/identify',
    { config: { personalData: true }, schema: { tags, summary: 'Identify at the kiosk: a booking QR token, or membership number and PIN', body: ZKioskIdentifyRequest, response: { 200: ZKioskIdentifyResponse, ...errors } } },
    async (request) => identify(app.db, request.clientId, request.body, addressKeyFor(request.ip)),
  );

  app.post('/api/kiosk/check-in', { config: { personalData: true }, schema: { tags, summary: "Check in at the kiosk with the booking's QR token", body: ZKioskCheckInRequest, response: { 200: ZCheckInResponse, ...errors } } }, async (request) =>
    checkInAtKiosk(app.db, request.clientId, request.body.token),
  );

  // Booking at the kiosk (docs/kiosk.md "Booking and paying at the kiosk"): with the kiosk's
  // session (or any customer's); the basket and checkout are the ordinary routes.
  app.get(
    '/api/kiosk/people',
    { ...guarded, schema: { tags, summary: "The identified customer's people (themselves and their family), to book for", response: { 200: ZKioskPeopleResponse, ...errors } } },
    async (request) => kioskPeople(app.db, caller(request)),
  );

  app.get(
    '/api/kiosk/sessions',
    {
      ...guarded,
      schema: { tags, summary: "Today's or tomorrow's sessions at the venue, each with the ticket that fits the person", querystring: ZKioskSessionsQuery, response: { 200: ZKioskSessionsResponse, ...errors } },
    },
    async (request) => kioskSessions(app.db, caller(request), request.query),
  );

  // Paying at the venue's card terminal (docs/kiosk.md "Paying at the card reader"): the kiosk's session only.
  const deps = () => ({ provider: providerFor(app.config.PAYMENT_PROVIDER), holdMinutes: app.config.HOLD_MINUTES, publicUrl: publicUrlOf(app.config) });
  app.post(
    '/api/kiosk/terminal-payments',
    {
      ...guarded,
      schema: { tags, summary: "Start a payment of the basket's total at the venue's card terminal (kiosk session only)", body: ZKioskTerminalStartRequest, response: { 200: ZKioskTerminalPaymentResponse, ...errors } },
    },
    async (request) => startTerminalPayment(app.db, kioskCaller(request), request.body),
  );
  app.get(
    '/api/kiosk/terminal-payments/:terminalPaymentId',
    {
      ...guarded,
      schema: { tags, summary: 'How the card terminal payment is going; once approved, the order is completed (exactly once)', params: ZKioskTerminalParams, response: { 200: ZKioskTerminalPaymentResponse, ...errors } },
    },
    async (request) => checkTerminalPayment(app.db, kioskCaller(request), request.params.terminalPaymentId, deps()),
  );
  app.post(
    '/api/kiosk/terminal-payments/:terminalPaymentId/cancel',
    { ...guarded, schema: { tags, summary: 'Cancel a card terminal payment still waiting for a card', params: ZKioskTerminalParams, response: { 200: ZKioskTerminalPaymentResponse, ...errors } } },
    async (request) => cancelTerminalPayment(app.db, kioskCaller(request), request.params.terminalPaymentId, deps()),
  );
};
