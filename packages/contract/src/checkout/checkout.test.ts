import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZCheckoutAuthoriseRequest } from './authorise.ts';
import { ZCheckoutCompleteRequest, ZCheckoutPayRequest } from './complete.ts';
import { ZOrderParams } from './order.ts';
import { ZSimulatorCardRequest } from './prepare.ts';
import { ZCreditsApplyRequest } from '../credits/apply.ts';
import { ZAnswersRequest, ZWaiversRequest } from '../questions/questions.ts';
import { ZPriceRequest } from '../pricing/price.ts';

describe('ZCheckoutCompleteRequest', () => {
  it("accepts the wire notes' credit-only body and extra fields", () => {
    const body = { completed_waivers: [], payments: [{ tender_type: 'credit', amount: 650, info: {} }], item_hash: 'abc', selected_user_id: null, source: 'activity-booking', terms: [1], extra: true };
    expect(issuePaths(ZCheckoutCompleteRequest, body)).toBeNull();
    expect(issuePaths(ZCheckoutCompleteRequest, {})).toBeNull();
  });

  it.each([
    ['a fractional amount', { payments: [{ tender_type: 'credit', amount: 1.5 }] }, 'payments.0.amount'],
    ['a payment without tender_type', { payments: [{ amount: 100 }] }, 'payments.0.tender_type'],
    ['a transaction_uuid that is not a uuid', { transaction_uuid: 'nope' }, 'transaction_uuid'],
    ['a term id that is not a number', { terms: ['1'] }, 'terms.0'],
    ['a selected_user_id of 0', { selected_user_id: 0 }, 'selected_user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZCheckoutCompleteRequest, input)).toContain(path);
  });
});

describe('ZCheckoutAuthoriseRequest', () => {
  it.each([
    ['a missing session_key', { payments: [] }, 'session_key'],
    ['missing payments', { session_key: 'k' }, 'payments'],
    ['a saved_card_id that is not a number', { session_key: 'k', payments: [], saved_card_id: 'x' }, 'saved_card_id'],
    ['a non-boolean save_card', { session_key: 'k', payments: [], save_card: 'yes' }, 'save_card'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZCheckoutAuthoriseRequest, input)).toContain(path);
  });
});

describe('other checkout requests', () => {
  it.each([
    ['FOH pay without selected_user_id', ZCheckoutPayRequest, { payments: [] }, 'selected_user_id'],
    ['an order id that is not a uuid', ZOrderParams, { completeOrderId: '12' }, 'completeOrderId'],
    ['a card request without a number', ZSimulatorCardRequest, { session_key: 'k', expiry_date: '12/30', security_code: '123', card_holder_name: 'A' }, 'card_number'],
    ['credits of an unknown type', ZCreditsApplyRequest, { credits_to_reserve: [{ amount: 1, type: 'gift' }] }, 'credits_to_reserve.0.type'],
    ['no credits to reserve', ZCreditsApplyRequest, { credits_to_reserve: [] }, 'credits_to_reserve'],
    ['an answer without question_id', ZAnswersRequest, { answers: [{ value: 'x' }] }, 'answers.0.question_id'],
    ['a waiver not accepted', ZWaiversRequest, { waivers: [{ restriction_id: 1, accepted: false, signature: 'A' }] }, 'waivers.0.accepted'],
    ['a waiver with a blank signature', ZWaiversRequest, { waivers: [{ restriction_id: 1, accepted: true, signature: '  ' }] }, 'waivers.0.signature'],
    ['a price reference that is not text', ZPriceRequest, { reference: 5 }, 'reference'],
  ] as const)('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
});
