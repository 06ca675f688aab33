import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import {
  ZCartAddRequest,
  ZCartExtraRemoveQuery,
  ZCartQuery,
  ZCartRemoveQuery,
  ZCartRemoveRequest,
  ZCartUpdateParams,
  ZCartUpdateRequest,
} from './cart.ts';

describe('ZCartAddRequest', () => {
  it("accepts the live product's body, extra fields included (docs/api-compatibility.md)", () => {
    const body = {
      items: [{ id: 123, type: 'purchasableOccurrence', purchased_for_user_id: 7, pricing_option_id: 2, ticket_id: null, apply_benefit: false, extra: 1 }],
      membership_user_id: null,
      selected_user_id: 7,
      source: 'activity-booking',
    };
    expect(issuePaths(ZCartAddRequest, body)).toBeNull();
    expect(issuePaths(ZCartAddRequest, { items: [{ id: 'a0b1c2d3-uuid' }] })).toBeNull();
  });

  it("takes newer clients' string ticket_id as the same ticket as the number (wire notes)", () => {
    const body = { items: [{ id: 123, pricing_option_id: 2, ticket_id: '227', activity_restriction_ids: [] }] };
    const parsed = ZCartAddRequest.parse(body);
    expect(parsed.items[0]!.ticket_id).toBe(227);
    expect(parsed.items[0]).toMatchObject({ activity_restriction_ids: [] });
    expect(ZCartAddRequest.parse({ items: [{ id: 123, ticket_id: 227 }] }).items[0]!.ticket_id).toBe(227);
  });

  it.each([
    ['no items key', {}, 'items'],
    ['an empty item list', { items: [] }, 'items'],
    ['more than 20 items', { items: Array.from({ length: 21 }, (_, i) => ({ id: i + 1 })) }, 'items'],
    ['an item without an id', { items: [{ type: 'purchasableOccurrence' }] }, 'items.0.id'],
    ['an item id of 0', { items: [{ id: 0 }] }, 'items.0.id'],
    ['a fractional item id', { items: [{ id: 1.5 }] }, 'items.0.id'],
    ['an empty item id', { items: [{ id: '' }] }, 'items.0.id'],
    ['an item id over 64 characters', { items: [{ id: 'x'.repeat(65) }] }, 'items.0.id'],
    ['an item type over 64 characters', { items: [{ id: 1, type: 't'.repeat(65) }] }, 'items.0.type'],
    ['a purchased_for_user_id that is not a number', { items: [{ id: 1, purchased_for_user_id: '7' }] }, 'items.0.purchased_for_user_id'],
    ['a negative purchased_for_user_id', { items: [{ id: 1, purchased_for_user_id: -7 }] }, 'items.0.purchased_for_user_id'],
    ['a pricing_option_id of 0', { items: [{ id: 1, pricing_option_id: 0 }] }, 'items.0.pricing_option_id'],
    ['a ticket_id that is not a number', { items: [{ id: 1, ticket_id: 'adult' }] }, 'items.0.ticket_id'],
    ['a string ticket_id with more than digits', { items: [{ id: 1, ticket_id: '227a' }] }, 'items.0.ticket_id'],
    ['a string ticket_id of 0', { items: [{ id: 1, ticket_id: '0' }] }, 'items.0.ticket_id'],
    ['an empty string ticket_id', { items: [{ id: 1, ticket_id: '' }] }, 'items.0.ticket_id'],
    ['an apply_benefit that is not a boolean', { items: [{ id: 1, apply_benefit: 'no' }] }, 'items.0.apply_benefit'],
    ['a membership_user_id of 0', { items: [{ id: 1 }], membership_user_id: 0 }, 'membership_user_id'],
    ['a selected_user_id that is not a number', { items: [{ id: 1 }], selected_user_id: 'me' }, 'selected_user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZCartAddRequest, input)).toContain(path);
  });
});

describe('ZCartRemoveRequest', () => {
  it('accepts item ids with the person fields', () => {
    expect(issuePaths(ZCartRemoveRequest, { cart_item_ids: [4, 5], membership_user_id: null, selected_user_id: 7, extra: true })).toBeNull();
  });

  it.each([
    ['no cart_item_ids', {}, 'cart_item_ids'],
    ['an empty cart_item_ids', { cart_item_ids: [] }, 'cart_item_ids'],
    ['more than 50 ids', { cart_item_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 'cart_item_ids'],
    ['an id that is text', { cart_item_ids: ['4'] }, 'cart_item_ids.0'],
    ['an id of 0', { cart_item_ids: [0] }, 'cart_item_ids.0'],
    ['a fractional id', { cart_item_ids: [4, 4.5] }, 'cart_item_ids.1'],
    ['a selected_user_id of 0', { cart_item_ids: [4], selected_user_id: 0 }, 'selected_user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZCartRemoveRequest, input)).toContain(path);
  });
});

describe('ZCartUpdateRequest and ZCartUpdateParams', () => {
  it('accepts a change of ticket type or person, and hold again', () => {
    expect(issuePaths(ZCartUpdateRequest, { pricing_option_id: 3, purchased_for_user_id: null, hold_again: true, selected_user_id: 7 })).toBeNull();
    expect(ZCartUpdateParams.parse({ cartItemId: '42' })).toEqual({ cartItemId: 42 });
  });

  it.each([
    ['a pricing_option_id that is text', ZCartUpdateRequest, { pricing_option_id: '3' }, 'pricing_option_id'],
    ['a negative pricing_option_id', ZCartUpdateRequest, { pricing_option_id: -3 }, 'pricing_option_id'],
    ['a purchased_for_user_id of 0', ZCartUpdateRequest, { purchased_for_user_id: 0 }, 'purchased_for_user_id'],
    ['a hold_again that is not a boolean', ZCartUpdateRequest, { hold_again: 'yes' }, 'hold_again'],
    ['a selected_user_id that is fractional', ZCartUpdateRequest, { selected_user_id: 7.5 }, 'selected_user_id'],
    ['a cart item id that is not a number', ZCartUpdateParams, { cartItemId: 'abc' }, 'cartItemId'],
    ['a negative cart item id', ZCartUpdateParams, { cartItemId: '-4' }, 'cartItemId'],
    ['a cart item id of ten digits', ZCartUpdateParams, { cartItemId: '1234567890' }, 'cartItemId'],
  ] as const)('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
});

describe('cart queries', () => {
  it("reads 'null', '' and a number as the person; a missing one is the customer", () => {
    expect(ZCartQuery.parse({ selected_user_id: '7', membership_user_id: 'null' })).toEqual({ selected_user_id: 7, membership_user_id: null });
    expect(ZCartQuery.parse({ selected_user_id: '' })).toEqual({ selected_user_id: null });
    expect(ZCartQuery.parse({})).toEqual({});
  });

  it.each([
    ['a selected_user_id that is text', ZCartQuery, { selected_user_id: 'me' }, 'selected_user_id'],
    ['a negative membership_user_id', ZCartQuery, { membership_user_id: '-1' }, 'membership_user_id'],
    ['a fractional selected_user_id', ZCartRemoveQuery, { selected_user_id: '7.5' }, 'selected_user_id'],
    ['a selected_user_id of ten digits', ZCartQuery, { selected_user_id: '1234567890' }, 'selected_user_id'],
    ['a source over 64 characters', ZCartExtraRemoveQuery, { source: 's'.repeat(65) }, 'source'],
    ['a source that is not text', ZCartExtraRemoveQuery, { source: 5 }, 'source'],
  ] as const)('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
});
