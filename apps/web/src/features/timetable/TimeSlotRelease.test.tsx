// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../lib/toast/store.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { dates, entry, fake, fakeFetch, FakeEventSource, initI18n, json, renderAt, setToken } from './test-fake-api.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * The release minute on the time-slot screen (issue 25) against the fake HTTP boundary: the
 * panel on a date not open yet, what Request a place sends (the cart-add item for the person
 * booked for), the request's state, the server's 422 as written, and a visitor's view.
 * The release instant comes from the test's clock.
 */
beforeAll(initI18n);

const NEXT = dates[1]!.raw;
const HASH = 'ab12cd34'.repeat(8);
type WireRequest = { id: number; status: string; occurrence_id: number; purchased_for_user_id: number; position: number | null; reason: string | null; release_at: string; seed_hash: string; seed: string | null };
let requests: WireRequest[];

beforeEach(() => {
  fake.calls = [];
  fake.migration = null;
  fake.day = [
    entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', spaces: 1, spaces_remaining: 1, action_to_show: { status: null, reason: 'not_open_yet' } }),
  ];
  requests = [];
  const releaseAt = new Date(Date.now() + 5 * 60_000).toISOString();
  const requestsOpenAt = new Date(Date.now() - 5 * 60_000).toISOString();
  fake.replies = {
    // The next date is not open yet: it is released in 5 minutes.
    'GET /api/activities/venue/bury/activity-category/yoga/dates': () =>
      json({ data: [dates[0], { ...dates[1], bookable: false, opens_at: releaseAt }] }),
    [`GET /api/activities/venues/bury/releases/${NEXT}`]: () =>
      json({ data: { venue_id: 1, date: NEXT, release_at: releaseAt, requests_open_at: requestsOpenAt, seed_hash: HASH, seed: null, drawn: false } }),
    'GET /api/activities/release-requests': () => json({ data: requests }),
    'POST /api/activities/release-requests': () => {
      const { item } = fake.calls.at(-1)!.body as { item: { id: number; purchased_for_user_id: number | null } };
      requests = [{ id: 70, status: 'waiting', occurrence_id: item.id, purchased_for_user_id: item.purchased_for_user_id ?? 51, position: null, reason: null, release_at: releaseAt, seed_hash: HASH, seed: null }];
      return json({ data: { id: 70, status: 'waiting', release_at: releaseAt, seed_hash: HASH } }, 202);
    },
  };
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('EventSource', FakeEventSource);
  useToastStore.setState({ toasts: [] });
  useTimetableStore.setState({ filters: DEFAULT_FILTERS, isManualDate: false });
  setToken('tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setToken(null);
});

const item = async () => {
  await screen.findByText('Hatha Yoga');
  return screen.getByTestId('timetable-item');
};

describe('the release minute on the day', () => {
  it('a customer sees the countdown and the hash, requests a place with the cart-add item, and sees it In the draw', async () => {
    renderAt(`/location/bury/yoga/${NEXT}`);
    const panel = await screen.findByTestId('release-panel');
    expect(within(panel).getByRole('timer').textContent).toMatch(/^Opens in [45] min \d+ s$/);
    expect(within(panel).getByTestId('release-hash').textContent).toBe(HASH);
    await waitFor(() => expect(within(panel).getByTestId('release-used').textContent).toBe('0 of 2 requests used'));
    const row = await item();
    const button = await within(row).findByRole('button', { name: 'Request a place' });
    // Instead of the day's "Opens …" and of Book.
    expect(within(row).queryByTestId('timetable-reason')).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(within(row).getByTestId('release-request-status').textContent).toBe('In the draw'));
    const posted = fake.calls.find((call) => call.method === 'POST' && call.url.endsWith('/release-requests'));
    expect(posted?.body).toEqual({ item: { id: 11, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: 7 } });
    expect(fake.calls.some((call) => call.url.includes('/cart/add'))).toBe(false);
    await waitFor(() => expect(within(panel).getByTestId('release-used').textContent).toBe('1 of 2 requests used'));
    expect(within(panel).getByText('Hatha Yoga, 09:00')).toBeTruthy();
  });

  it("shows the server's 422 as written, under the control", async () => {
    fake.replies['POST /api/activities/release-requests'] = () =>
      json({ message: 'You can make 2 requests for each day that is released.', code: 'release_limit', errors: { item: ['You can make 2 requests for each day that is released.'] } }, 422);
    renderAt(`/location/bury/yoga/${NEXT}`);
    const row = await item();
    fireEvent.click(await within(row).findByRole('button', { name: 'Request a place' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('You can make 2 requests for each day that is released.');
    expect(within(row).getByRole('button', { name: 'Request a place' })).toBeTruthy();
  });

  it('a visitor sees the countdown and Log in to request a place, and no request control', async () => {
    setToken(null);
    renderAt(`/location/bury/yoga/${NEXT}`);
    const panel = await screen.findByTestId('release-panel');
    expect(within(panel).getByRole('button', { name: 'Log in to request a place' })).toBeTruthy();
    const row = await item();
    expect(within(row).queryByTestId('release-request')).toBeNull();
    expect(fake.calls.some((call) => call.url.endsWith('/release-requests'))).toBe(false);
  });

  it('an open day shows no release and asks for none', async () => {
    renderAt(`/location/bury/yoga/${dates[0]!.raw}`);
    await item();
    expect(screen.queryByTestId('release-panel')).toBeNull();
    expect(fake.calls.some((call) => call.url.includes('/releases/') || call.url.endsWith('/release-requests'))).toBe(false);
  });
});
