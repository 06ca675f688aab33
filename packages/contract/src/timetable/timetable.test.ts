import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZDayParams, ZDayQuery } from './entry.ts';
import { ZSlotsQuery } from './slots.ts';
import { ZClassParams, ZLiveQuery, ZOccurrenceParams, ZTicketsParams } from './occurrence.ts';

// A well-formed date: the schemas only check its shape, so no clock is involved.
const DAY = '2026-11-23'; // fixed-date: only parsed

const BAD_DATES = [
  ['no date', undefined],
  ['a short year', '26-11-23'],
  ['single digits', '2026-1-3'],
  ['a time', `${DAY}T10:00`],
  ['words', 'tomorrow'],
] as const;

describe('ZDayParams and ZDayQuery', () => {
  it('accepts a venue, an activity, a date and a selected user', () => {
    expect(issuePaths(ZDayParams, { venue: 'bury-leisure-centre', activity: 'yoga' })).toBeNull();
    expect(issuePaths(ZDayQuery, { date: DAY, selected_user_id: '12' })).toBeNull();
  });
  it.each(BAD_DATES)('rejects %s', (_case, date) => {
    expect(issuePaths(ZDayQuery, { date })).toContain('date');
  });
  it('rejects a selected user that is not a number', () => {
    expect(issuePaths(ZDayQuery, { date: DAY, selected_user_id: 'me' })).toContain('selected_user_id');
  });
  it('rejects an activity that is not a slug', () => {
    expect(issuePaths(ZDayParams, { venue: 'bury-leisure-centre', activity: 'Yoga Class' })).toContain('activity');
  });
});

describe('ZSlotsQuery', () => {
  it('accepts a date with a location, a key and a time range', () => {
    expect(issuePaths(ZSlotsQuery, { date: DAY, location_id: '3', composite_key: `12-${DAY}-1800-1900`, start_time: '18:00', end_time: '19:00' })).toBeNull();
  });
  it.each([['24:00'], ['9:00'], ['18:60'], ['six']])('rejects the time %s', (time) => {
    expect(issuePaths(ZSlotsQuery, { date: DAY, start_time: time })).toContain('start_time');
  });
  it('rejects a location that is not a number', () => {
    expect(issuePaths(ZSlotsQuery, { date: DAY, location_id: 'court-1' })).toContain('location_id');
  });
});

describe('single occurrences, tickets and the live stream', () => {
  it('takes a numeric class id, and an occurrence uuid or number', () => {
    expect(issuePaths(ZClassParams, { id: '42' })).toBeNull();
    expect(issuePaths(ZClassParams, { id: 'abc' })).toContain('id');
    expect(issuePaths(ZOccurrenceParams, { id: '0b7d7bde-3c1f-4a55-9f57-2c6b0e5f3d2a' })).toBeNull();
    expect(issuePaths(ZOccurrenceParams, { id: '42' })).toBeNull();
    expect(issuePaths(ZOccurrenceParams, { id: 'not-an-id' })).toContain('id');
  });
  it('takes an activity slug or id for tickets', () => {
    expect(issuePaths(ZTicketsParams, { venue: 'bury-leisure-centre', category: 'swimming', activityIdentifier: 'public-swim' })).toBeNull();
    expect(issuePaths(ZTicketsParams, { venue: 'bury-leisure-centre', category: 'swimming', activityIdentifier: '../x' })).toContain('activityIdentifier');
  });
  it.each(BAD_DATES)('refuses a live stream with %s', (_case, date) => {
    expect(issuePaths(ZLiveQuery, { date })).toContain('date');
  });
});
