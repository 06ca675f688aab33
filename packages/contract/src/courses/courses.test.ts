import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZAddCourseRequest, ZCancelCourseBookingParams, ZCancelCourseBookingQuery, ZCourseIdParams } from './course-booking.ts';

describe('ZAddCourseRequest', () => {
  it('takes a course for the customer or one of their people, ids as numbers or digits', () => {
    expect(ZAddCourseRequest.parse({ course_id: 7 })).toEqual({ course_id: 7 });
    expect(ZAddCourseRequest.parse({ course_id: '7', purchased_for_user_id: 52, selected_user_id: null })).toEqual({ course_id: 7, purchased_for_user_id: 52, selected_user_id: null });
  });

  it.each([
    ['no course', {}, 'course_id'],
    ['a course id of 0', { course_id: 0 }, 'course_id'],
    ['a course id that is not a number', { course_id: 'swim' }, 'course_id'],
    ['a negative person', { course_id: 1, purchased_for_user_id: -2 }, 'purchased_for_user_id'],
    ['an id past int4', { course_id: 2_147_483_648 }, 'course_id'],
    ['an unknown key', { course_id: 1, sessions: [1] }, ''],
  ])('refuses %s', (_name, body, path) => {
    expect(issuePaths(ZAddCourseRequest, body)).toContain(path);
  });
});

describe('course ids and the cancel query', () => {
  it.each([
    [ZCourseIdParams, { courseId: 'x' }, 'courseId'],
    [ZCancelCourseBookingParams, { id: '0' }, 'id'],
    [ZCancelCourseBookingQuery, { source: 'anywhere' }, 'source'],
  ])('refuses a bad value (%#)', (schema, value, path) => {
    expect(issuePaths(schema, value)).toContain(path);
  });

  it('records the account site as the source when asked, bookings by default', () => {
    expect(ZCancelCourseBookingQuery.parse({})).toEqual({ source: 'bookings' });
    expect(ZCancelCourseBookingQuery.parse({ source: 'my-account' })).toEqual({ source: 'my-account' });
  });
});
