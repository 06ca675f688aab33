// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../lib/toast/store.ts';
import { useBasketSummary } from '../../lib/basket-summary.ts';
// The test plays the login form's part (opening and closing the modal), so it reads the modal's store.
// eslint-disable-next-line import-x/no-restricted-paths
import { useLoginModal } from '../auth/login-modal.ts';
import { authKeys } from '../../lib/query-keys/auth.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { basketKeys } from '../../lib/query-keys/basket.ts';
import { completeLogin } from '../auth/public.ts';
import { cartItem, DAY, dates, entry, fake, fakeFetch, FakeEventSource, initI18n, json, price, renderAt, setToken } from './test-fake-api.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * The time-slot screen against a fake HTTP boundary (only `fetch` and `EventSource` are
 * replaced): what it asks the API for, what it shows, and what its buttons send.
 */
beforeAll(initI18n);

const UUID = '0b9e6c1e-6a1f-4c55-9a59-2d0c9d3a8f11';

beforeEach(() => {
  fake.calls = [];
  fake.replies = {};
  fake.migration = null;
  fake.day = [
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

/** Requests for the day's classes so far. */
const dayCalls = () => fake.calls.filter((call) => call.url.includes('/timetable?')).length;

const items = async () => {
  await screen.findByText('Hatha Yoga');
  return screen.getAllByTestId('timetable-item');
};

describe('time-slot screen', () => {
  it('lists the day with time, name, instructor, tags, location, price, spaces and one action each', async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
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
    expect(fake.calls.some((call) => call.url === `/api/activities/venue/bury/activity/yoga/timetable?date=${DAY}`)).toBe(true);
  });

  it('uses the v2 endpoints on and after the venue’s migration date (spec §4)', async () => {
    fake.migration = DAY;
    renderAt(`/location/bury/yoga/${DAY}`);
    await items();
    expect(fake.calls.some((call) => call.url === `/api/activities/venue/bury/activity/yoga/v2/timetable?date=${DAY}`)).toBe(true);
    expect(fake.calls.some((call) => call.url.includes('/yoga/timetable'))).toBe(false);
  });

  it('filters by time window, actions and instructor', async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
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

  it('Book adds the entry to the basket once per 250 ms, toasts, updates the badge and reads Remove from basket from the cart', async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    const before = dayCalls();
    const book = within(first!).getByRole('button', { name: 'Book' });
    fireEvent.click(book);
    fireEvent.click(book);
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Successfully added item to the basket.'));
    const adds = fake.calls.filter((call) => call.url === '/api/activities/cart/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.body).toEqual({ items: [{ id: 11, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: 7 }], selected_user_id: null });
    expect(useBasketSummary.getState().itemCount).toBe(1);
    // Spec §4: a class day is not fetched again; the same button (focus stays) now reads the cart's hold.
    expect(within(first!).getByRole('button', { name: 'Remove from basket' })).toBe(book);
    expect(dayCalls()).toBe(before);
  });

  it('a class day is not fetched again after Remove from basket, and reads Book again at once (spec §4)', async () => {
    fake.cartItems = [cartItem(901, 11)];
    fake.day = fake.day.map((e) => (e.id === 11 ? { ...e, booking: { id: 901, type: 'reservation' }, action_to_show: { status: 'CANCEL_RESERVATION', reason: null } } : e));
    renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    const remove = within(first!).getByRole('button', { name: 'Remove from basket' });
    const before = dayCalls();
    fireEvent.click(remove);
    await waitFor(() => expect(within(first!).getByRole('button', { name: 'Book' })).toBe(remove));
    expect(fake.calls.find((call) => call.url === '/api/activities/cart/remove')?.body).toEqual({ cart_item_ids: [901], selected_user_id: null });
    expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Successfully removed item from the basket.');
    expect(dayCalls()).toBe(before);
    // The live stream still brings the day's own answer (the spaces), which then decides.
    fake.day = fake.day.map((e) => (e.id === 11 ? { ...e, spaces: 4, spaces_remaining: 4, booking: null, action_to_show: { status: 'BOOK', reason: null } } : e));
    act(() => FakeEventSource.instances[0]!.emit('availability'));
    await waitFor(() => expect(within(first!).getByTestId('timetable-spaces').textContent).toBe('4 spaces left'));
    expect(dayCalls()).toBe(before + 1);
    expect(within(first!).getByRole('button', { name: 'Book' })).toBe(remove);
  });

  it('a hold that ran out reads Book once the cart says so, without fetching the day', async () => {
    fake.cartItems = [cartItem(901, 11)];
    fake.day = fake.day.map((e) => (e.id === 11 ? { ...e, booking: { id: 901, type: 'reservation' }, action_to_show: { status: 'CANCEL_RESERVATION', reason: null } } : e));
    const { queryClient } = renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    expect(within(first!).getByRole('button', { name: 'Remove from basket' })).toBeTruthy();
    const before = dayCalls();
    // BasketSync fetches the cart again when the holds run out (features/basket/BasketSync.tsx).
    fake.cartItems = [cartItem(901, 11, 51, 'expired')];
    await act(() => queryClient.invalidateQueries({ queryKey: basketKeys.all }));
    await waitFor(() => expect(within(first!).getByRole('button', { name: 'Book' })).toBeTruthy());
    expect(dayCalls()).toBe(before);
  });

  it('a login fetches a class day again for the new viewer: their actions and their price (docs/timetable-screens.md "Reloading")', async () => {
    setToken(null);
    fake.day = [entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', action_to_show: { status: null, reason: 'login_required' } })];
    const { queryClient } = renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    expect(within(first!).getByText('£6.50')).toBeTruthy();
    const before = dayCalls();
    // The customer already holds it, at their member price.
    fake.cartItems = [cartItem(901, 11)];
    fake.day = [entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', price: price(450), price_basis: 'member', booking: { id: 901, type: 'reservation' }, action_to_show: { status: 'CANCEL_RESERVATION', reason: null } })];
    setToken('tok');
    await act(() => completeLogin(queryClient));
    await waitFor(() => expect(within(screen.getAllByTestId('timetable-item')[0]!).getByText('£4.50')).toBeTruthy());
    expect(dayCalls()).toBe(before + 1);
    expect(within(screen.getAllByTestId('timetable-item')[0]!).getByRole('button', { name: 'Remove from basket' })).toBeTruthy();
  });

  it('shows the server message of a 409 as an error toast', async () => {
    fake.replies['POST /api/activities/cart/add'] = () => json({ message: 'Sorry, this session is full.' }, 409);
    renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(useToastStore.getState().toasts).toEqual([expect.objectContaining({ type: 'error', content: 'Sorry, this session is full.' })]));
  });

  it('a visitor’s Book opens the login modal and completes the add once logged in', async () => {
    setToken(null);
    const { queryClient } = renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Book' }));
    expect(useLoginModal.getState().isOpen).toBe(true);
    expect(fake.calls.some((call) => call.url.endsWith('/cart/add'))).toBe(false);
    // The login form stores the token and loads the user (features/auth/api/login.ts).
    setToken('tok');
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: () => ({ id: 5, membershipUser: { id: 51 } }) });
      useLoginModal.setState({ isOpen: false });
    });
    await waitFor(() => expect(fake.calls.filter((call) => call.url.endsWith('/cart/add'))).toHaveLength(1));
  });

  it('a visitor who closes the login modal without logging in books nothing', async () => {
    setToken(null);
    const { queryClient } = renderAt(`/location/bury/yoga/${DAY}`);
    const [first] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Book' }));
    act(() => useLoginModal.setState({ isOpen: false }));
    setToken('tok');
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: () => ({ id: 5, membershipUser: { id: 51 } }) });
    });
    expect(fake.calls.some((call) => call.url.endsWith('/cart/add'))).toBe(false);
  });

  it('joins and leaves waitlists on the numeric service with the 10 s toasts', async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    const [, second, third] = await items();
    fireEvent.click(within(second!).getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject({ type: 'success', content: 'Successfully joined the waitlist.', closeAfter: 10_000 }));
    expect(fake.calls.find((call) => call.url === '/api/activities/waitlist/add')?.body).toEqual({ item: { id: 12, type: 'purchasableOccurrence' }, selected_user_id: null });
    fireEvent.click(within(third!).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Successfully removed from the waitlist.'));
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.url === '/api/activities/waitlist/remove/77')).toBe(true);
  });

  it('uses the newer service for non-numeric ids, and says so when it fails (danger toast)', async () => {
    fake.day = [
      entry({ id: UUID, name: 'Hatha Yoga', start: '09:00', end: '10:00', action_to_show: { status: 'JOIN_WAITLIST', reason: null } }),
      entry({ id: 'a1b2c3d4-0000-4000-8000-000000000000', name: 'Yin Yoga', start: '20:00', end: '21:00', waitlist_id: 'e5e5e5e5-0000-4000-8000-000000000000', action_to_show: { status: 'LEAVE_WAITLIST', reason: null } }),
    ];
    fake.replies[`DELETE /api/v1/activities/occurrences/a1b2c3d4-0000-4000-8000-000000000000/waitlist/members/51`] = () => json({ message: 'nope' }, 500);
    // The newer service needs the customer's membership user id (spec §7 body data {user_id}).
    renderAt(`/location/bury/yoga/${DAY}`, { user: { id: 5, membershipUser: { id: 51 } } });
    const [first, second] = await items();
    fireEvent.click(within(first!).getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(fake.calls.find((call) => call.url === `/api/v1/activities/occurrences/${UUID}/waitlist/members`)?.body).toEqual({ data: { user_id: 51 } }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toContainEqual(expect.objectContaining({ type: 'danger', content: 'Something went wrong, please try again.', closeAfter: 10_000 })),
    );
  });

  it('refetches the day on a live availability event and closes the stream on unmount', async () => {
    const { unmount } = renderAt(`/location/bury/yoga/${DAY}`);
    await items();
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual([`/api/activities/venue/bury/activity/yoga/live?date=${DAY}`]);
    const before = fake.calls.filter((call) => call.url.includes('/timetable?')).length;
    fake.day = fake.day.map((e) => (e.id === 11 ? { ...e, spaces: 2, spaces_remaining: 2 } : e));
    act(() => FakeEventSource.instances[0]!.emit('availability'));
    await waitFor(() => expect(screen.getAllByTestId('timetable-spaces')[0]!.textContent).toBe('2 spaces left'));
    expect(fake.calls.filter((call) => call.url.includes('/timetable?')).length).toBe(before + 1);
    unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });

  it('catches the day up when the stream reconnects (a change made while it was down is never sent), not when it first opens on a day just fetched', async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    await items();
    const dayCalls = () => fake.calls.filter((call) => call.url.includes('/timetable?')).length;
    const before = dayCalls();
    act(() => FakeEventSource.instances[0]!.emit('open'));
    fake.day = fake.day.map((e) => (e.id === 11 ? { ...e, spaces: 1, spaces_remaining: 1 } : e));
    act(() => FakeEventSource.instances[0]!.emit('open'));
    await waitFor(() => expect(screen.getAllByTestId('timetable-spaces')[0]!.textContent).toBe('1 space left'));
    expect(dayCalls()).toBe(before + 1);
  });

  it.each(['page', DAY])("says a venue that does not exist isn't found, whatever the date segment holds (%s)", async (dateSlug) => {
    const notFound = () => json({ message: "We couldn't find that venue.", code: 'venue_not_found' }, 404);
    fake.replies['GET /api/activities/venues/nowhere'] = notFound;
    fake.replies['GET /api/activities/venue/nowhere/categories/yoga'] = notFound;
    renderAt(`/location/nowhere/yoga/${dateSlug}/classes`);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that venue" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a venue' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/isn't a date we can show times for/)).toBeNull();
    expect(document.title).toBe("Bookings | We couldn't find that venue");
  });

  it('says when a closed date opens', async () => {
    fake.replies['GET /api/activities/venue/bury/activity-category/yoga/dates'] = () =>
      // fixed-date: a date the fake dates list marks not yet bookable; the screen reads that from the list, never from the clock
      json({ data: [...dates, { ...dates[1], raw: '2026-11-30', today: false, bookable: false, opens_at: `${DAY}T22:00:00Z` }] });
    fake.replies['GET /api/activities/venue/bury/activity/yoga/timetable'] = () => json({ message: 'The given data was invalid.', errors: { date: ['The date should be within the valid days'] } }, 422);
    // fixed-date: the closed date above
    renderAt('/location/bury/yoga/2026-11-30');
    expect(await screen.findByText('Booking for Monday 30 November 2026 isn\'t open yet')).toBeTruthy();
    expect(screen.getByText('Bookings open Mon 23 Nov, 22:00. Come back then, or choose another date.')).toBeTruthy();
  });
});
