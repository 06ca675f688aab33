import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZAccountOrderParams, ZAccountOrdersQuery } from './account-orders.ts';
import { ZCartAddItem } from '../cart/cart.ts';

describe('account orders requests', () => {
  it.each([['12'], ['not-a-uuid'], [''], ['4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f1']])('refuses the order id %j', (orderId) => {
    expect(issuePaths(ZAccountOrderParams, { orderId })).toEqual(['orderId']);
  });
  it('accepts an order uuid', () => {
    expect(issuePaths(ZAccountOrderParams, { orderId: '4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10' })).toBeNull();
  });
  it.each([['0'], ['101'], ['ten'], ['-1']])('refuses the limit %j', (limit) => {
    expect(issuePaths(ZAccountOrdersQuery, { limit })).toEqual(['limit']);
  });
});

describe('cart add apply_benefit (wire notes)', () => {
  it('is a boolean when sent', () => {
    expect(issuePaths(ZCartAddItem, { id: 1, apply_benefit: false })).toBeNull();
    expect(issuePaths(ZCartAddItem, { id: 1, apply_benefit: 'no' })).toEqual(['apply_benefit']);
  });
});
