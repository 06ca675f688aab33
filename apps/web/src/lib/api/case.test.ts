import { describe, expect, it } from 'vitest';
import { camelKey, snakeKey, toCamel, toSnake } from './case.ts';

describe('case conversion', () => {
  it.each([
    ['first_name', 'firstName'],
    ['membership_user', 'membershipUser'],
    ['format_24_hour', 'format24Hour'],
    ['theme_app_secondary_colour1', 'themeAppSecondaryColour1'],
    ['already', 'already'],
  ])('camelKey(%s) is %s', (input, expected) => expect(camelKey(input)).toBe(expected));

  it.each([
    ['firstName', 'first_name'],
    ['selectedUserId', 'selected_user_id'],
    ['format24Hour', 'format_24_hour'],
    ['themeAppSecondaryColour1', 'theme_app_secondary_colour1'],
    ['cartItemIds', 'cart_item_ids'],
  ])('snakeKey(%s) is %s', (input, expected) => expect(snakeKey(input)).toBe(expected));

  it('converts response keys to camelCase deeply, leaving values alone', () => {
    expect(
      toCamel({ membership_user: { home_venue_slug: 'bury_x', items: [{ starts_at: { format_24_hour: '18:40' } }] } }),
    ).toEqual({ membershipUser: { homeVenueSlug: 'bury_x', items: [{ startsAt: { format24Hour: '18:40' } }] } });
  });

  it('converts request bodies to snake_case deeply', () => {
    expect(toSnake({ selectedUserId: 7, items: [{ pricingOptionId: 3, purchasedForUserId: 9 }] })).toEqual({
      selected_user_id: 7,
      items: [{ pricing_option_id: 3, purchased_for_user_id: 9 }],
    });
  });

  it('round-trips keys of the spec', () => {
    const body = { transactionUuid: 'x', completedWaivers: [], sessionKey: 'k' };
    expect(toCamel(toSnake(body))).toEqual(body);
  });
});
