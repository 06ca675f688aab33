import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZListBookingsQuery } from './list-bookings.ts';
import { ZCancelBookingQuery, ZUpdateBookingsRequest } from './cancel-booking.ts';

const patch = (data: Record<string, unknown>) => ({ data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [1], ...data } });

describe('bookings requests', () => {
  it('accepts the wire notes’ PATCH body and the spec’s source=bookings', () => {
    expect(issuePaths(ZUpdateBookingsRequest, patch({}))).toBeNull();
    expect(issuePaths(ZCancelBookingQuery, { source: 'bookings' })).toBeNull();
    expect(issuePaths(ZListBookingsQuery, { filter: 'past', page: '2' })).toBeNull();
  });
  it.each([
    ['another update type', ZUpdateBookingsRequest, patch({ update_type: 'reschedule' }), 'data.update_type'],
    ['no booking ids', ZUpdateBookingsRequest, patch({ booking_ids: [] }), 'data.booking_ids'],
    ['a booking id that is not a number', ZUpdateBookingsRequest, patch({ booking_ids: ['x'] }), 'data.booking_ids.0'],
    ['an unknown source', ZCancelBookingQuery, { source: 'elsewhere' }, 'source'],
    ['an unknown filter', ZListBookingsQuery, { filter: 'all' }, 'filter'],
    ['a page size over 100', ZListBookingsQuery, { per_page: '101' }, 'per_page'],
  ])('rejects %s', (_case, schema, value, path) => {
    expect(issuePaths(schema as never, value)).toContain(path);
  });
});
