import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import {
  ZAnswersParams,
  ZAnswersRequest,
  ZAnswersUuidParams,
  ZCartQuestionsParams,
  ZCartQuestionsRequest,
  ZPreviousAttendeesParams,
  ZPreviousAttendeesQuery,
  ZWaiversQuery,
  ZWaiversRequest,
} from './questions.ts';

const OCCURRENCE_UUID = '0b6f3c2e-8a41-4d7e-9c55-2f1e6d3a7b90';

describe('ZAnswersRequest', () => {
  it('accepts text and checkbox answers, for one cart item or all on the occurrence, and extra fields', () => {
    const body = { cart_item_id: 4, answers: [{ question_id: 1, value: 'Peanuts', extra: 1 }, { question_id: 2, value: true }], selected_user_id: null, source: 'x' };
    expect(issuePaths(ZAnswersRequest, body)).toBeNull();
    expect(issuePaths(ZAnswersRequest, { answers: [] })).toBeNull();
  });

  it.each([
    ['no answers key', {}, 'answers'],
    ['answers that are not a list', { answers: { 1: 'x' } }, 'answers'],
    ['more than 50 answers', { answers: Array.from({ length: 51 }, (_, i) => ({ question_id: i + 1, value: 'x' })) }, 'answers'],
    ['an answer without question_id', { answers: [{ value: 'x' }] }, 'answers.0.question_id'],
    ['a question_id of 0', { answers: [{ question_id: 0, value: 'x' }] }, 'answers.0.question_id'],
    ['a question_id that is text', { answers: [{ question_id: '1', value: 'x' }] }, 'answers.0.question_id'],
    ['an answer without a value', { answers: [{ question_id: 1 }] }, 'answers.0.value'],
    ['a value that is a number', { answers: [{ question_id: 1, value: 3 }] }, 'answers.0.value'],
    ['a value over 2000 characters', { answers: [{ question_id: 1, value: 'a'.repeat(2001) }] }, 'answers.0.value'],
    ['a cart_item_id of 0', { cart_item_id: 0, answers: [] }, 'cart_item_id'],
    ['a cart_item_id that is text', { cart_item_id: '4', answers: [] }, 'cart_item_id'],
    ['a negative selected_user_id', { answers: [], selected_user_id: -1 }, 'selected_user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZAnswersRequest, input)).toContain(path);
  });
});

describe('ZWaiversRequest', () => {
  it('accepts signed waivers for the customer and a family member', () => {
    const body = { waivers: [{ restriction_id: 1, accepted: true, signature: 'Alex Morgan' }, { restriction_id: 1, membership_user_id: 9, accepted: true, signature: 'Alex Morgan', extra: 1 }], selected_user_id: null };
    expect(issuePaths(ZWaiversRequest, body)).toBeNull();
  });

  it.each([
    ['no waivers key', {}, 'waivers'],
    ['an empty waiver list', { waivers: [] }, 'waivers'],
    ['more than 50 waivers', { waivers: Array.from({ length: 51 }, () => ({ restriction_id: 1, accepted: true, signature: 'A' })) }, 'waivers'],
    ['a waiver without restriction_id', { waivers: [{ accepted: true, signature: 'A' }] }, 'waivers.0.restriction_id'],
    ['a restriction_id of 0', { waivers: [{ restriction_id: 0, accepted: true, signature: 'A' }] }, 'waivers.0.restriction_id'],
    ['a waiver not accepted', { waivers: [{ restriction_id: 1, accepted: false, signature: 'A' }] }, 'waivers.0.accepted'],
    ["an accepted of 'true' (text)", { waivers: [{ restriction_id: 1, accepted: 'true', signature: 'A' }] }, 'waivers.0.accepted'],
    ['a waiver without a signature', { waivers: [{ restriction_id: 1, accepted: true }] }, 'waivers.0.signature'],
    ['a blank signature', { waivers: [{ restriction_id: 1, accepted: true, signature: '  ' }] }, 'waivers.0.signature'],
    ['a signature over 200 characters', { waivers: [{ restriction_id: 1, accepted: true, signature: 'A'.repeat(201) }] }, 'waivers.0.signature'],
    ['a membership_user_id of 0', { waivers: [{ restriction_id: 1, membership_user_id: 0, accepted: true, signature: 'A' }] }, 'waivers.0.membership_user_id'],
    ['a selected_user_id that is text', { waivers: [{ restriction_id: 1, accepted: true, signature: 'A' }], selected_user_id: '7' }, 'selected_user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZWaiversRequest, input)).toContain(path);
  });
});

describe('question and waiver params and queries', () => {
  it('reads numeric ids as numbers and takes an occurrence uuid', () => {
    expect(ZCartQuestionsParams.parse({ cartId: '12' })).toEqual({ cartId: 12 });
    expect(ZAnswersParams.parse({ id: '34' })).toEqual({ id: 34 });
    expect(issuePaths(ZAnswersUuidParams, { id: OCCURRENCE_UUID })).toBeNull();
    expect(issuePaths(ZPreviousAttendeesQuery, { query: 'Mor', selected_user_id: 'null' })).toBeNull();
  });

  it.each([
    ['a cart id that is not a number', ZCartQuestionsParams, { cartId: 'basket' }, 'cartId'],
    ['a cart id of ten digits', ZCartQuestionsParams, { cartId: '1234567890' }, 'cartId'],
    ['a selected_user_id of 0 for the questions', ZCartQuestionsRequest, { selected_user_id: 0 }, 'selected_user_id'],
    ['an occurrence id that is not a number', ZAnswersParams, { id: '12a' }, 'id'],
    ['an occurrence uuid that is not a uuid', ZAnswersUuidParams, { id: '123' }, 'id'],
    ['a restriction that is not a number', ZPreviousAttendeesParams, { restriction: 'waiver' }, 'restriction'],
    ['a name query over 100 characters', ZPreviousAttendeesQuery, { query: 'q'.repeat(101) }, 'query'],
    ['a selected_user_id that is a word', ZPreviousAttendeesQuery, { selected_user_id: 'me' }, 'selected_user_id'],
    ['a negative selected_user_id for the waivers', ZWaiversQuery, { selected_user_id: '-7' }, 'selected_user_id'],
  ] as const)('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
});
