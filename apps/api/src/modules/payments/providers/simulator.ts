import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connect.ts';
import { badRequest, unprocessable } from '../../../lib/errors.ts';
import type { PaymentProvider } from './provider.ts';
import * as repo from '../repository.ts';

/**
 * The `simulator` provider (DESIGN.md §5): a 3-D Secure 2 gateway in miniature, with its own
 * tokenisation endpoint and challenge page (payments/routes.ts, under /simulator) and its own
 * tables (payments/repository.ts, "The simulator's gateway").
 * It keeps brand, last four digits, expiry and the test card's behaviour: never the number.
 */
export const SIMULATOR_TEST_CARDS = {
  '4242424242424242': 'frictionless',
  '4000000000003220': 'challenge',
  '4000000000000002': 'decline',
  '4000000000000119': 'error',
} as const;

const SESSION_MINUTES = 30;
const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

const brandOf = (digits: string) => (digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'card');

export type CardFields = { session_key: string; card_number: string; expiry_date: string; security_code: string; card_holder_name: string };

/**
 * Tokenises card fields (POST /simulator/card-identifiers). Field errors never repeat the
 * number. Test cards choose the behaviour; any other valid card is frictionless.
 */
export const tokeniseCard = async (db: Db, fields: CardFields, now = new Date()) => {
  const session = await repo.findLiveSession(db, fields.session_key);
  if (!session) throw badRequest('session_expired', 'The payment session has expired. Please reload the page and try again.');
  const digits = fields.card_number.replace(/[\s-]/g, '');
  const errors: Record<string, string[]> = {};
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.card_number = ['Enter a valid card number.'];
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(fields.expiry_date.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry_date = ['Enter the expiry date as MM/YY.'];
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors.expiry_date = ['The card has expired.'];
  if (!/^\d{3,4}$/.test(fields.security_code.trim())) errors.security_code = ['Enter the 3 or 4 digit security code.'];
  if (!fields.card_holder_name.trim()) errors.card_holder_name = ['Required'];
  if (Object.keys(errors).length) throw unprocessable('card_invalid', 'The card details are not valid.', errors);
  const card = {
    identifier: token('card'),
    session_key: session.key,
    behaviour: SIMULATOR_TEST_CARDS[digits as keyof typeof SIMULATOR_TEST_CARDS] ?? ('frictionless' as const),
    brand: brandOf(digits),
    last_four: digits.slice(-4),
    expiry: `${expiry![1]}/${expiry![2]}`,
    card_holder_name: fields.card_holder_name.trim().slice(0, 100),
  };
  await repo.insertCard(db, card);
  return { card_identifier: card.identifier, brand: card.brand, last_four: card.last_four, expiry: card.expiry };
};

/** The challenge page's data, or undefined for an unknown or finished challenge. */
export const findChallenge = async (db: Db, challengeToken: string) => {
  const payment = await repo.findChallenge(db, challengeToken);
  return payment && payment.status === 'challenge' ? payment : undefined;
};

/** Approve or Decline on the challenge page: answers where to send the customer. */
export const decideChallenge = async (db: Db, challengeToken: string, approve: boolean) => {
  const payment = await repo.findChallenge(db, challengeToken);
  if (!payment) return undefined;
  await repo.movePayment(db, payment.transaction_uuid, ['challenge'], approve ? 'authorised' : 'declined');
  const after = (await repo.findPayment(db, payment.transaction_uuid))!;
  const status = after.status === 'authorised' ? 'approved' : 'declined';
  const url = new URL(after.return_url, 'http://return.invalid');
  url.searchParams.set('transaction_uuid', after.transaction_uuid);
  url.searchParams.set('status', status);
  return url.origin === 'http://return.invalid' ? `${url.pathname}${url.search}` : url.toString();
};

export const simulatorProvider: PaymentProvider = {
  name: 'simulator',
  mode: 'test',
  async createSession(db, clientId) {
    const sessionKey = token('msk');
    const expiresAt = new Date(Date.now() + SESSION_MINUTES * 60_000);
    await repo.insertSession(db, sessionKey, clientId, expiresAt);
    return { sessionKey, expiresAt, tokeniseUrl: '/simulator/card-identifiers' };
  },
  async authorise(db, input) {
    const card =
      input.card.kind === 'identifier'
        ? await repo.findCard(db, input.card.identifier).then((c) => (c && c.session_key === (input.card as { sessionKey: string }).sessionKey ? c : undefined))
        : await repo.findCard(db, input.card.token);
    if (!card) return { status: 'error', card: null, reason: 'card_identifier_unknown' };
    const details = { token: card.identifier, brand: card.brand, lastFour: card.last_four, expiry: card.expiry, holderName: card.card_holder_name };
    const record = (status: 'challenge' | 'authorised' | 'declined' | 'error', challengeToken: string | null) =>
      repo.insertPayment(db, {
        transaction_uuid: input.transactionUuid,
        client_id: input.clientId,
        status,
        amount_pence: input.amountPence,
        merchant: input.merchant,
        challenge_token: challengeToken,
        return_url: input.returnUrl,
      });
    // A saved card is not challenged again (merchant-initiated exemption in the simulator).
    const behaviour = input.card.kind === 'token' && card.behaviour === 'challenge' ? 'frictionless' : card.behaviour;
    switch (behaviour) {
      case 'decline':
        await record('declined', null);
        return { status: 'declined', card: details, reason: 'card_declined' };
      case 'error':
        await record('error', null);
        return { status: 'error', card: details, reason: 'processing_error' };
      case 'challenge': {
        const challengeToken = token('acs');
        await record('challenge', challengeToken);
        return { status: 'challenge', card: details, scaUrl: `/simulator/challenge?token=${challengeToken}`, scaData: challengeToken };
      }
      default:
        await record('authorised', null);
        return { status: 'authorised', card: details };
    }
  },
  async status(db, transactionUuid) {
    return (await repo.findPayment(db, transactionUuid))?.status;
  },
  async capture(db, transactionUuid) {
    if (!(await repo.movePayment(db, transactionUuid, ['authorised', 'captured'], 'captured'))) {
      throw badRequest('payment_not_authorised', 'The card payment was not authorised.');
    }
  },
  async voidPayment(db, transactionUuid) {
    await repo.movePayment(db, transactionUuid, ['authorised', 'challenge'], 'voided');
  },
  async refund(db, transactionUuid) {
    await repo.movePayment(db, transactionUuid, ['captured'], 'refunded');
  },
};
