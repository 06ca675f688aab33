import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZWaitlistAddRequest, ZWaitlistMemberParams, ZWaitlistMembersParams, ZWaitlistMembersRequest, ZWaitlistRemoveParams } from './waitlist.ts';

const OCCURRENCE_UUID = '0b6f3c2e-8a41-4d7e-9c55-2f1e6d3a7b90';

describe('ZWaitlistAddRequest', () => {
  it("accepts the live product's body, extra fields included (docs/api-compatibility.md)", () => {
    expect(issuePaths(ZWaitlistAddRequest, { item: { id: 123, type: 'purchasableOccurrence', extra: 1 }, selected_user_id: null, source: 'x' })).toBeNull();
    expect(issuePaths(ZWaitlistAddRequest, { item: { id: 123 }, selected_user_id: 7 })).toBeNull();
  });

  it.each([
    ['no item', {}, 'item'],
    ['an item that is a number', { item: 123 }, 'item'],
    ['an item without an id', { item: { type: 'purchasableOccurrence' } }, 'item.id'],
    ['an item id that is text', { item: { id: '123' } }, 'item.id'],
    ['an item id of 0', { item: { id: 0 } }, 'item.id'],
    ['a fractional item id', { item: { id: 1.5 } }, 'item.id'],
    ['an item type over 64 characters', { item: { id: 1, type: 't'.repeat(65) } }, 'item.type'],
    ['a selected_user_id of 0', { item: { id: 1 }, selected_user_id: 0 }, 'selected_user_id'],
    ['a selected_user_id that is text', { item: { id: 1 }, selected_user_id: '7' }, 'selected_user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZWaitlistAddRequest, input)).toContain(path);
  });
});

describe('ZWaitlistMembersRequest (v1 occurrences path)', () => {
  it('accepts { data: { user_id } }, null meaning the customer', () => {
    expect(issuePaths(ZWaitlistMembersRequest, { data: { user_id: 7 } })).toBeNull();
    expect(issuePaths(ZWaitlistMembersRequest, { data: { user_id: null } })).toBeNull();
    expect(issuePaths(ZWaitlistMembersRequest, { data: {} })).toBeNull();
  });

  it.each([
    ['no data', {}, 'data'],
    ['a user_id at the top level only', { user_id: 7 }, 'data'],
    ['a user_id that is text', { data: { user_id: '7' } }, 'data.user_id'],
    ['a user_id of 0', { data: { user_id: 0 } }, 'data.user_id'],
    ['a negative user_id', { data: { user_id: -7 } }, 'data.user_id'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZWaitlistMembersRequest, input)).toContain(path);
  });
});

describe('waitlist params', () => {
  it('reads numeric ids as numbers and takes an occurrence uuid', () => {
    expect(ZWaitlistRemoveParams.parse({ waitlistId: '8' })).toEqual({ waitlistId: 8 });
    expect(ZWaitlistMemberParams.parse({ occurrenceId: OCCURRENCE_UUID, userId: '7' })).toEqual({ occurrenceId: OCCURRENCE_UUID, userId: 7 });
    expect(issuePaths(ZWaitlistMembersParams, { id: OCCURRENCE_UUID })).toBeNull();
  });

  it.each([
    ['a waitlist id that is not a number', ZWaitlistRemoveParams, { waitlistId: 'abc' }, 'waitlistId'],
    ['a negative waitlist id', ZWaitlistRemoveParams, { waitlistId: '-8' }, 'waitlistId'],
    ['a waitlist id of ten digits', ZWaitlistRemoveParams, { waitlistId: '1234567890' }, 'waitlistId'],
    ['an occurrence id that is numeric (v1 takes uuids)', ZWaitlistMembersParams, { id: '123' }, 'id'],
    ['a member occurrence id that is not a uuid', ZWaitlistMemberParams, { occurrenceId: 'abc', userId: '7' }, 'occurrenceId'],
    ['a member user id that is not a number', ZWaitlistMemberParams, { occurrenceId: OCCURRENCE_UUID, userId: 'me' }, 'userId'],
  ] as const)('rejects %s', (_case, schema, input, path) => {
    expect(issuePaths(schema, input)).toContain(path);
  });
});
