// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Suspense } from 'react';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { useToastStore } from '../../lib/toast/store.ts';
import { useBasketSummary } from '../../lib/basket-summary.ts';
// The test plays the login form's part (opening and closing the modal), so it reads the modal's store.
// eslint-disable-next-line import-x/no-restricted-paths
import { useLoginModal } from '../auth/login-modal.ts';
import { authKeys } from '../../lib/query-keys/auth.ts';
import TimeSlotScreen from './TimeSlotScreen.tsx';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';

/**
 * The time-slot screen against a fake HTTP boundary (only `fetch` and `EventSource` are
 * replaced): what it asks the API for, what it shows, and what its buttons send.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), timetable: ns('timetable'), basket: ns('basket') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const UUID = '0b9e6c1e-6a1f-4c55-9a59-2d0c9d3a8f11';
const price = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}`, formatted_amount: (raw / 100).toFixed(2), is_estimated: false, benefit_applied: false, package_applied: false });
const clock = (hhmm: string) => ({ format_24_hour: hhmm, format_12_hour: hhmm });

type WireEntry = Record<string, unknown>;
const entry = (over: Partial<WireEntry> & { id: number | string; name: string; start: string; end: string }): WireEntry => {
  const { start, end, ...rest } = over;
  return {
    occurrence_id: typeof over.id === 'number' ? over.id : 900,
    composite_key: `${start}`,
    cart_type: 'purchasableOccurrence',
    pricing_option_id: 7,
    description: null,
    date: '2026-11-23',
    timestamp: 0,
    duration: 60,
    starts_at: clock(start),
    ends_at: clock(end),
    starts_at_iso: '',
    ends_at_iso: '',
    instructors: [],
    tags: [],
    location: { id: 1, name: 'Studio 1', slug: 'studio-1', type: 'studio' },
    price: price(650),
    spaces: 3,
    spaces_remaining: 3,
    capacity: 20,
    bookings_count: 17,
    waitlist_count: 0,
    waitlist_id: null,
    booking: null,
    action_to_show: { status: 'BOOK', reason: null },
    first_bookable_at: { iso: '', local: '2026-11-16 22:00' },
    last_bookable_at: { iso: '', local: '2026-11-23 09:00' },
    category_slug: 'yoga',
    venue_slug: 'bury',
    allows_anonymous_bookings: false,
    restrictions: { pre_waiver: false, pre_induction: false, criteria: [] },
    restriction_ids: [],
    kind: 'class',
    ...rest,
  };
};

const category = {
  id: 3, slug: 'yoga', name: 'Yoga', short_description: null, description: null, image_url: null, is_root: false, parent_slug: 'fitness',
  browse_by_name: 'location', allocation_strategy: null, v1_type: 'class_templates', v2_type: 'classes', kind: 'activity', children_count: 0,
  locations: [{ venue_slug: 'bury' }], children: [], parent: { slug: 'fitness', name: 'Fitness classes' },
};
const venue = (migrationDate: string | null) => ({
  id: 1, slug: 'bury', name: 'Bury Leisure Centre', address_line1: '1 Road', address_line2: null, town: 'Bury', postcode: 'BL9', lat: 53.6, lng: -2.3,
  timezone: 'Europe/London', phone: null, email: null, description: null, image_url: null, activities_v2_enabled: true,
  display_venue_selection_button: false, migration_date: migrationDate, online_joining_enabled: false,
});
const dates = ['2026-11-23', '2026-11-24'].map((raw, i) => ({
  raw, day_pretty: 'Mon', date_pretty: '23 Nov', full_date_pretty: raw, today: i === 0, year: 2026, bookable: true, opens_at: null,
}));
const cart = (itemCount: number) => ({
  id: 1, uuid: 'c', source: 'activity-booking', items: [], item_count: itemCount, total: 650, sub_total: 650, tax_total: 0, balance: 650,
  formatted_total: '£6.50', formatted_balance: '£6.50', credits: {}, attendee_waivers_required: 0, payments: [], selected_user_id: 5,
  complete_order_id: null, expires_at: '2099-01-01T00:00:00Z', itemHash: 'h', item_hash: 'h',
});
const user = { id: 5, first_name: 'Alex', last_name: 'Morgan', membership_user: { id: 51 }, membership_users: [] };

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let day: WireEntry[];
let migration: string | null;
let replies: Record<string, () => Response>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const key = `${method} ${url.split('?')[0]}`;
  if (replies[key]) return replies[key]();
  if (key === 'GET /api/activities/venues/bury') return json({ data: venue(migration) });
  if (key === 'GET /api/activities/venue/bury/categories/yoga') return json({ data: category });
  if (key === 'GET /api/activities/venue/bury/activity-category/yoga/dates') return json({ data: dates });
  if (/GET \/api\/activities\/venue\/bury\/activity\/yoga\/(v2\/)?timetable/.test(key)) return json({ data: day });
  if (key === 'GET /api/client') return json({ data: { id: 1, currency: { symbol: '£' } } });
  if (key === 'GET /api/auth/user') return json({ data: user });
  if (key === 'POST /api/activities/cart/add') return json({ data: cart(1) });
  return json({ data: {} });
};

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, (() => void)[]>();
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  close() {
    this.closed = true;
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

const setToken = (token: string | null) => {
  document.cookie = token ? `auth_token_bookings=${token}; path=/` : 'auth_token_bookings=; path=/; max-age=0';
};

beforeEach(() => {
  calls = [];
  replies = {};
  migration = null;
  day = [
    entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', instructors: [{ id: 1, name: 'Priya Shah' }], tags: [{ id: 4, name: 'Beginner' }] }),
    entry({ id: 12, name: 'Power Yoga', start: '18:00', end: '19:00', spaces: 0, spaces_remaining: 0, waitlist_count: 4, action_to_show: { status: 'JOIN_WAITLIST', reason: null } }),
    entry({ id: 13, name: 'Yin Yoga', start: '20:00', end: '21:00', spaces: 1, spaces_remaining: 1, waitlist_id: 77, action_to_show: { status: 'LEAVE_WAITLIST', reason: null } }),
  ];
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('EventSource', FakeEventSource);
  useToastStore.setState({ toasts: [] });
  useTimetableStore.setState({ filters: DEFAULT_FILTERS, isManualDate: false });
  useLoginModal.setState({ isOpen: false });
  useBasketSummary.setState({ itemCount: 0, expiresAt: null });
  setToken('tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setToken(null);
});

const renderAt = (url: string, { user: loaded }: { user?: unknown } = {}) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (loaded) queryClient.setQueryData(authKeys.user(), loaded);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/location/:venueSlug/:activitySlug/:dateSlug/:type?/*" element={<TimeSlotScreen />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
};

const items = async () => {
  await screen.findByText('Hatha Yoga');
  return screen.getAllByTestId('timetable-item');
};

describe('time-slot screen', () => {
  it('lists the day with time, name, instructor, tags, location, price, spaces and one action each', async () => {
    renderAt('/location/bury/yoga/2026-11-23');
    const [first, second, third] = await items();
    expect(within(first!).getByText('09:00')).toBeTruthy();
    expect(within(first!).getByText('with Priya Shah')).toBeTruthy();
    expect(within(first!).getByText('Beginner')).toBeTruthy();
    expect(within(first!).getByText('Studio 1')).toBeTruthy();
    expect(within(first!).getByText('£6.50')).toBeTruthy();
    expect(within(first!).getByTestId('timetable-spaces').textContent).toBe('3 spaces left');
    expect(within(first!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Book']);
    expect(within(second!).getByTestId('timetable-spaces').textContent).toContain('Full');
    expect(within(second!).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    expect(within(third!).getByTestId('timetable-spaces').textContent).toBe('1 space left');
    expect(within(third!).getByRole('button', { name: 'Leave waitlist' })).toBeTruthy();
    // The button's name is the spec's word; its description says which session.
    const book = within(first!).getByRole('button', { name: 'Book' });
    expect(document.getElementById(book.getAttribute('aria-describedby')!)?.textContent).toContain('Hatha Yoga, 09:00');
    expect(calls.some((call) => call.url === '/api/activities/venue/bury/activity/yoga/timetable?date=2026-11-23')).toBe(true);
  });

  it('uses the v2 endpoints on and after the venue’s migration date (spec §4)', async () => {
    migration = '2026-11-23';
    renderAt('/location/bury/yoga/2026-11-23');
    await items();
    expect(calls.some((call) => call.url === '/api/activities/venue/bury/activity/yoga/v2/timetable?date=2026-11-23')).toBe(true);
    expect(calls.some((call) => call.url.includes('/yoga/timetable'))).toBe(false);
  });

  it('filters by time window, actions and instructor', async () => {
    renderAt('/location/bury/yoga/2026-11-23');
    await items();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: String(17 * 60) } });
    expect(screen.getAllByTestId('timetable-item')).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Only these:'));
    fireEvent.click(screen.getByLabelText('Full, waitlist open'));
    expect(screen.getAllByTestId('timetable-item').map((li) => within(li).getByRole('heading').textContent)).toEqual([expect.stringContaining('Yin Yoga')]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    fireEvent.click(screen.getByLabelText('Priya Shah'));
    expect(screen.getAllByTestId('timetable-item')).toHaveLength(1);
  });

  it('Book adds the entry to the basket once per 250 ms, toasts, updates the badge and refetches the day', async () => {
    renderAt('/location/bury/yoga/2026-11-23');
    const [first] = await items();
    const before = calls.filter((call) => call.url.includes('/timetable?')).length;
    const book = within(first!).getByRole('button', { name: 'Book' });
    fireEvent.click(book);
    fireEvent.click(book);
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Successfully added item to the basket.'));
    const adds = calls.filter((call) => call.url === '/api/activities/cart/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.body).toEqual({ items: [{ id: 11, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: 7 }], selected_user_id: null });
    expect(useBasketSummary.getState().itemCount).toBe(1);
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/timetable?')).length).toBeGreaterThan(before));
  });

  it('shows the server message of a 409 as an error toast', async () => {
    replies['POST /api/activities/cart/add'] = () => json({ message: 'Sorry, this session is full.' }, 409);
    renderAt('/location/bury/yoga/2026-11-23');
    const [first] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(useToastStore.getState().toasts).toEqual([expect.objectContaining({ type: 'error', content: 'Sorry, this session is full.' })]));
  });

  it('a visitor’s Book opens the login modal and completes the add once logged in', async () => {
    setToken(null);
    const { queryClient } = renderAt('/location/bury/yoga/2026-11-23');
    const [first] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Book' }));
    expect(useLoginModal.getState().isOpen).toBe(true);
    expect(calls.some((call) => call.url.endsWith('/cart/add'))).toBe(false);
    // The login form stores the token and loads the user (features/auth/api/login.ts).
    setToken('tok');
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: () => ({ id: 5, membershipUser: { id: 51 } }) });
      useLoginModal.setState({ isOpen: false });
    });
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/cart/add'))).toHaveLength(1));
  });

  it('a visitor who closes the login modal without logging in books nothing', async () => {
    setToken(null);
    const { queryClient } = renderAt('/location/bury/yoga/2026-11-23');
    const [first] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Book' }));
    act(() => useLoginModal.setState({ isOpen: false }));
    setToken('tok');
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: () => ({ id: 5, membershipUser: { id: 51 } }) });
    });
    expect(calls.some((call) => call.url.endsWith('/cart/add'))).toBe(false);
  });

  it('joins and leaves waitlists on the numeric service with the 10 s toasts', async () => {
    renderAt('/location/bury/yoga/2026-11-23');
    const [, second, third] = await items();
    fireEvent.click(within(second!).getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject({ type: 'success', content: 'Successfully joined the waitlist.', closeAfter: 10_000 }));
    expect(calls.find((call) => call.url === '/api/activities/waitlist/add')?.body).toEqual({ item: { id: 12, type: 'purchasableOccurrence' }, selected_user_id: null });
    fireEvent.click(within(third!).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Successfully removed from the waitlist.'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/activities/waitlist/remove/77')).toBe(true);
  });

  it('uses the newer service for non-numeric ids, and says so when it fails (danger toast)', async () => {
    day = [
      entry({ id: UUID, name: 'Hatha Yoga', start: '09:00', end: '10:00', action_to_show: { status: 'JOIN_WAITLIST', reason: null } }),
      entry({ id: 'a1b2c3d4-0000-4000-8000-000000000000', name: 'Yin Yoga', start: '20:00', end: '21:00', waitlist_id: 'e5e5e5e5-0000-4000-8000-000000000000', action_to_show: { status: 'LEAVE_WAITLIST', reason: null } }),
    ];
    replies[`DELETE /api/v1/activities/occurrences/a1b2c3d4-0000-4000-8000-000000000000/waitlist/members/51`] = () => json({ message: 'nope' }, 500);
    // The newer service needs the customer's membership user id (spec §7 body data {user_id}).
    renderAt('/location/bury/yoga/2026-11-23', { user: { id: 5, membershipUser: { id: 51 } } });
    const [first, second] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(calls.find((call) => call.url === `/api/v1/activities/occurrences/${UUID}/waitlist/members`)?.body).toEqual({ data: { user_id: 51 } }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(expect.objectContaining({ type: 'danger', content: 'Something went wrong, please try again.', closeAfter: 10_000 })),
    );
  });

  it('refetches the day on a live availability event and closes the stream on unmount', async () => {
    const { unmount } = renderAt('/location/bury/yoga/2026-11-23');
    await items();
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(['/api/activities/venue/bury/activity/yoga/live?date=2026-11-23']);
    const before = calls.filter((call) => call.url.includes('/timetable?')).length;
    day = day.map((e) => (e.id === 11 ? { ...e, spaces: 2, spaces_remaining: 2 } : e));
    act(() => FakeEventSource.instances[0]!.emit('availability'));
    await waitFor(() => expect(screen.getAllByTestId('timetable-spaces')[0]!.textContent).toBe('2 spaces left'));
    expect(calls.filter((call) => call.url.includes('/timetable?')).length).toBe(before + 1);
    unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });

  it('says when a closed date opens', async () => {
    replies['GET /api/activities/venue/bury/activity-category/yoga/dates'] = () =>
      json({ data: [...dates, { ...dates[1], raw: '2026-11-30', today: false, bookable: false, opens_at: '2026-11-23T22:00:00Z' }] });
    replies['GET /api/activities/venue/bury/activity/yoga/timetable'] = () => json({ message: 'The given data was invalid.', errors: { date: ['The date should be within the valid days'] } }, 422);
    renderAt('/location/bury/yoga/2026-11-30');
    expect(await screen.findByText('Booking for Monday 30 November 2026 isn\'t open yet')).toBeTruthy();
    expect(screen.getByText('Bookings open Mon 23 Nov, 22:00. Come back then, or choose another date.')).toBeTruthy();
  });
});
