// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../lib/toast/store.ts';
import { useBasketSummary } from '../../lib/basket-summary.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { category, DAY, dates, entry, fake, fakeFetch, FakeEventSource, initI18n, json, renderAt, setToken } from './test-fake-api.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * Issue 20, spec §3/§7: the timetable keeps a selected location and sends it to slots as
 * `location_id`; spec §4: after a basket change only ad-hoc (v1) or resource (v2) categories
 * reload (a class day does not: TimeSlotScreen.test.tsx).
 */
beforeAll(initI18n);

const NEXT_DAY = dates[1]!.raw;
const SLOTS = 'GET /api/activities/venue/bury/activity/yoga/slots';
const court = (id: number, locationId: number, start: string) =>
  entry({ id, name: 'Badminton', start, end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`, kind: 'resource', location: { id: locationId, name: `Court ${locationId - 20}`, slug: `court-${locationId - 20}`, type: 'court' } });
const courts = [court(31, 21, '18:00'), court(32, 22, '18:00'), court(33, 22, '19:00')];
const slotCalls = () => fake.calls.filter((call) => call.url.includes('/activity/yoga/slots?'));

beforeEach(() => {
  fake.calls = [];
  fake.migration = null;
  fake.day = [];
  fake.replies = {
    // Courts: ad-hoc (v1) / resources (v2), as the demo's Badminton.
    'GET /api/activities/venue/bury/categories/yoga': () => json({ data: category('yoga', { name: 'Badminton', v1_type: 'ad_hoc_templates', v2_type: 'resources' }) }),
    [SLOTS]: () => {
      const url = new URL(fake.calls.at(-1)!.url, 'http://localhost');
      const location = url.searchParams.get('location_id');
      return json({ data: location ? courts.filter((slot) => String(slot.location!.id) === location) : courts });
    },
  };
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('EventSource', FakeEventSource);
  useToastStore.setState({ toasts: [] });
  useTimetableStore.setState({ filters: DEFAULT_FILTERS, isManualDate: false, location: null });
  useBasketSummary.setState({ itemCount: 0, expiresAt: null });
  setToken('tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setToken(null);
});

describe('selected location (spec §3, §7 slots location_id)', () => {
  it('sends the chosen location as location_id and keeps it on another date', async () => {
    renderAt(`/location/bury/yoga/${DAY}/by-court`);
    const choice = await screen.findByLabelText('Location');
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(3));
    expect(slotCalls().map((call) => call.url)).toEqual([`/api/activities/venue/bury/activity/yoga/slots?date=${DAY}`]);
    expect([...choice.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['All locations', 'Court 1', 'Court 2']);

    fireEvent.change(choice, { target: { value: '22' } });
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(2));
    expect(slotCalls().at(-1)!.url).toBe(`/api/activities/venue/bury/activity/yoga/slots?date=${DAY}&location_id=22`);
    expect(useTimetableStore.getState().location).toEqual({ scope: 'bury/yoga', id: 22, name: 'Court 2' });

    // Another date of the same activity: still Court 2.
    cleanup();
    fake.calls = [];
    renderAt(`/location/bury/yoga/${NEXT_DAY}/by-court`);
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(2));
    expect(slotCalls().map((call) => call.url)).toEqual([`/api/activities/venue/bury/activity/yoga/slots?date=${NEXT_DAY}&location_id=22`]);
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('22');

    // All locations again: no location_id.
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(3));
    expect(slotCalls().at(-1)!.url).toBe(`/api/activities/venue/bury/activity/yoga/slots?date=${NEXT_DAY}`);
    expect(useTimetableStore.getState().location).toBeNull();
  });

  it('is not kept for another activity, nor sent to the times of the by-time view', async () => {
    useTimetableStore.setState({ location: { scope: 'bury/squash', id: 22, name: 'Court 2' } });
    fake.replies[SLOTS] = () => json({ data: courts });
    renderAt(`/location/bury/yoga/${DAY}/by-court`);
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(3));
    expect(slotCalls().map((call) => call.url)).toEqual([`/api/activities/venue/bury/activity/yoga/slots?date=${DAY}`]);

    cleanup();
    useTimetableStore.setState({ location: { scope: 'bury/yoga', id: 22, name: 'Court 2' } });
    fake.replies['GET /api/activities/venue/bury/activity/yoga/times'] = () => json({ data: [court(31, 21, '18:00')] });
    renderAt(`/location/bury/yoga/${DAY}`);
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(1));
    expect(fake.calls.filter((call) => call.url.includes('/activity/yoga/times?')).map((call) => call.url)).toEqual([`/api/activities/venue/bury/activity/yoga/times?date=${DAY}`]);
    expect(screen.queryByLabelText('Location')).toBeNull();
  });
});

describe('reloading after a basket change (spec §4)', () => {
  it('reloads the day of a resource (ad-hoc) category after Book', async () => {
    renderAt(`/location/bury/yoga/${DAY}/by-court`);
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(3));
    const before = slotCalls().length;
    fireEvent.click(within(screen.getAllByTestId('timetable-item')[0]!).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Successfully added item to the basket.'));
    await waitFor(() => expect(slotCalls().length).toBeGreaterThan(before));
  });
});
