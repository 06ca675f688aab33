import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZCustomerParams } from '@app/contract/foh/customers';
import {
  ZMandateLinkSentResponse,
  ZMembershipParams,
  ZTillMembershipQuoteRequest,
  ZTillMembershipQuoteResponse,
  ZTillMembershipSaleRequest,
  ZTillMembershipSaleResponse,
  type MandateLinkSentDto,
  type TillMembershipQuoteRequest,
  type TillMembershipSaleDto,
} from '@app/contract/foh/membership-sale';
import type { FohPaymentLine } from '@app/contract/foh/pay';
import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';
import { forbidden, unprocessable } from '../../lib/errors.ts';
import { publicUrlOf } from '../../lib/config.ts';
import * as memberships from '../memberships/service.ts';
import * as repo from './repository.ts';
import { checkLines, recordTillSale, TILL_TENDER } from './tenders.ts';
import { money, sessionFor, type Staff } from './tills.ts';

/**
 * Selling a membership at the till (issue 24; docs/memberships.md "Sold at the till",
 * docs/front-of-house-screens.md). The front of house checks who may sell what — the staff
 * member's own open session, the customer of this operator and one of their people — and takes
 * today's payment with the till's tenders; memberships owns the quote and the sale, and calls
 * back here inside its transaction to write the till's sale entries (so the X read and Z report
 * count them) and spend vouchers.
 */

const CREDIT_REFUSED = 'Account credit cannot pay for a membership: take cash, a cheque, a voucher or the card terminal.';

/** The session (the caller's, open), the customer and the person, or 403 'Unauthorised.'. */
const saleContext = async (db: Db, staff: Staff, accountUserId: number, body: TillMembershipQuoteRequest) => {
  const session = await sessionFor(db, staff, body.till_session_id, { open: true });
  const customer = await repo.findCustomer(db, staff.clientId, accountUserId);
  if (!customer) throw forbidden();
  const person = await repo.findCustomerOfPerson(db, staff.clientId, body.membership_user_id);
  if (!person || person.account_user_id !== accountUserId) throw forbidden();
  const input: memberships.TillSaleInput = {
    clientId: staff.clientId,
    accountUserId,
    personId: body.membership_user_id,
    planId: body.plan_id,
    venue: session.venue_slug,
    startDate: body.start_date,
    staffUserId: staff.staffUserId,
  };
  return { session, input };
};

export const quoteAtTill = async (db: Db, staff: Staff, accountUserId: number, body: TillMembershipQuoteRequest) => {
  const { input } = await saleContext(db, staff, accountUserId, body);
  return { data: await memberships.tillQuote(db, input) };
};

export const sellMembership = async (db: Db, staff: Staff, accountUserId: number, body: TillMembershipQuoteRequest & { payments: readonly FohPaymentLine[] }, deps: { publicUrl: string }) => {
  const { session, input } = await saleContext(db, staff, accountUserId, body);
  checkLines(body.payments);
  const lines = body.payments.filter((l) => l.amount > 0);
  const credit = lines.findIndex((l) => TILL_TENDER[l.tender_type] === 'credit');
  if (credit >= 0) throw unprocessable('credit_not_accepted', CREDIT_REFUSED, { [`payments.${credit}.tender_type`]: [CREDIT_REFUSED] });
  const symbol = await repo.findCurrencySymbol(db, staff.clientId);
  const sale = await memberships.sellAtTill(
    db,
    input,
    {
      lines: lines.map((l) => ({ tender_type: l.tender_type as RecordedTender, amount_pence: l.amount })),
      onPaid: (trx, orderId) => recordTillSale(trx, staff, session.id, orderId, lines, symbol),
    },
    deps,
  );
  const tenders = lines.map((l) => {
    const tendered = l.tender_type === 'cash' ? (l.info?.amount_tendered ?? l.amount) : null;
    return {
      tender_type: l.tender_type,
      amount: money(l.amount, symbol),
      amount_tendered: tendered === null ? null : money(tendered, symbol),
      change_due: tendered === null ? null : money(tendered - l.amount, symbol),
      reference: l.info?.cheque_number ?? l.info?.voucher_code ?? l.info?.terminal_reference ?? null,
    };
  });
  const data: TillMembershipSaleDto = {
    membership_id: sale.membershipId,
    membership_number: sale.membershipNumber,
    status: sale.status,
    plan: sale.plan,
    person: sale.person,
    quote: sale.quote,
    order_reference: sale.orderReference,
    till_session_id: session.id,
    tenders,
    change_due: money(tenders.reduce((s, t) => s + (t.change_due?.raw ?? 0), 0), symbol),
    mandate_link_sent_to: sale.mandateLink?.sentTo ?? null,
    mandate_link_expires_at: sale.mandateLink?.expiresAt.toISOString() ?? null,
  };
  const message =
    sale.status === 'awaiting_mandate'
      ? `Membership ${sale.membershipNumber} sold. It becomes active when the member sets up their Direct Debit from the link sent to ${data.mandate_link_sent_to}.`
      : `Membership ${sale.membershipNumber} sold and active.`;
  return { data, message };
};

export const sendNewMandateLink = async (db: Db, staff: Staff, membershipId: number, deps: { publicUrl: string }): Promise<{ data: MandateLinkSentDto; message: string }> => {
  const sent = await memberships.resendMandateLink(db, { clientId: staff.clientId, membershipId, staffUserId: staff.staffUserId }, deps);
  return {
    data: { membership_id: membershipId, sent_to: sent.sentTo, expires_at: sent.expiresAt.toISOString() },
    message: `A new Direct Debit link has been sent to ${sent.sentTo}. Earlier links no longer work.`,
  };
};

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };
const staffOf = (request: FastifyRequest): Staff => ({ clientId: request.clientId, staffUserId: request.auth!.userId });

/** Staff only: a customer's token → 403; another operator's customer, person or session → 403. */
export const fohMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is checked: a customer's token is refused with 403 whatever it sends, never told what a till body lacks.
  const staffOnly = { preValidation: app.requireStaff, config: { personalData: true } };
  const tags = ['front of house'];
  app.post(
    '/api/foh/customers/:accountUserId/memberships/quote',
    { ...staffOnly, schema: { tags, summary: 'The join quote for one of the customer’s people at the till’s venue', params: ZCustomerParams, body: ZTillMembershipQuoteRequest, response: { 200: ZTillMembershipQuoteResponse, ...errors } } },
    async (request) => quoteAtTill(app.db, staffOf(request), request.params.accountUserId, request.body),
  );
  app.post(
    '/api/foh/customers/:accountUserId/memberships',
    { ...staffOnly, schema: { tags, summary: "Sell a membership: today's payment with the till's tenders; a monthly plan's mandate by the emailed link", params: ZCustomerParams, body: ZTillMembershipSaleRequest, response: { 201: ZTillMembershipSaleResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await sellMembership(app.db, staffOf(request), request.params.accountUserId, request.body, { publicUrl: publicUrlOf(app.config) })),
  );
  app.post(
    '/api/foh/memberships/:membershipId/mandate-link',
    { ...staffOnly, schema: { tags, summary: 'Email a new Direct Debit link for a membership still waiting for its mandate (the older links stop working)', params: ZMembershipParams, response: { 201: ZMandateLinkSentResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await sendNewMandateLink(app.db, staffOf(request), request.params.membershipId, { publicUrl: publicUrlOf(app.config) })),
  );
};
