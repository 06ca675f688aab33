import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZCancelOccurrenceRequest, ZChangeCapacityRequest, ZChangeStaffingRequest, ZManageOccurrencesQuery, ZManageVenueParams } from './occurrences.ts';

describe('operator console schemas', () => {
  it('accept a cancellation with a reason, a capacity, a room cleared and a real day', () => {
    expect(issuePaths(ZCancelOccurrenceRequest, { reason: 'Instructor unwell' })).toBeNull();
    expect(issuePaths(ZChangeCapacityRequest, { capacity: 12, reason: 'Bigger studio' })).toBeNull();
    expect(issuePaths(ZChangeStaffingRequest, { location_id: null })).toBeNull();
    expect(issuePaths(ZManageOccurrencesQuery, { date: '2028-02-29' })).toBeNull(); // fixed-date: a leap day is a real date
  });

  it.each([
    ['a cancellation without a reason', ZCancelOccurrenceRequest, {}, 'reason'],
    ['a reason of two letters', ZCancelOccurrenceRequest, { reason: 'no' }, 'reason'],
    ['a reason of 5000 characters', ZCancelOccurrenceRequest, { reason: 'x'.repeat(5000) }, 'reason'],
    ['an unknown field', ZCancelOccurrenceRequest, { reason: 'Pool closed', refund: false }, ''],
    ['a capacity of 0', ZChangeCapacityRequest, { capacity: 0 }, 'capacity'],
    ['a fractional capacity', ZChangeCapacityRequest, { capacity: 2.5 }, 'capacity'],
    ['a capacity in text', ZChangeCapacityRequest, { capacity: '12' }, 'capacity'],
    ['an absurd capacity', ZChangeCapacityRequest, { capacity: 1e9 }, 'capacity'],
    ['a staffing change naming nothing', ZChangeStaffingRequest, {}, 'instructor_id'],
    ['an instructor id of -1', ZChangeStaffingRequest, { instructor_id: -1 }, 'instructor_id'],
    ['a day that does not exist', ZManageOccurrencesQuery, { date: '2027-02-30' }, 'date'], // fixed-date: not a real date
    ['a day in another format', ZManageOccurrencesQuery, { date: '30/01/2027' }, 'date'], // fixed-date: the wrong format
    ['a venue slug with a slash', ZManageVenueParams, { venue: 'a/b' }, 'venue'],
  ])('refuses %s', (_label, schema, value, path) => {
    expect(issuePaths(schema, value)).toContain(path);
  });
});
