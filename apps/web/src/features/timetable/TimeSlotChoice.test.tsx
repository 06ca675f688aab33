// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../lib/toast/store.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { setBookingFor } from './choice.ts';
import { DAY, cartItem, category, dates, entry, fake, fakeFetch, FakeEventSource, initI18n, json, price, renderAt, setToken } from './test-fake-api.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * Booking for a family member (spec §6 selected user) and choosing the ticket type of a fast
 * ticket (spec §3) on the time-slot screen, against the fake HTTP boundary.
 */
beforeAll(async () => {
  await initI18n();
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const person = (id: number, first: string, relationship: string) => ({
  id, first_name: first, last_name: 'Morgan', relationship, date_of_birth: null, home_venue_id: 1, home_venue_slug: 'bury',
});
const alex = person(51, 'Alex', 'self');
const family = { id: 5, first_name: 'Alex', last_name: 'Morgan', membership_user: alex, membership_users: [alex, person(52, 'Jordan', 'partner'), person(53, 'Olivia', 'child')] };
/** The auth user as the client caches it (camelCase). */
const cachedUser = {
  id: 5,
  firstName: 'Alex',
  lastName: 'Morgan',
  membershipUser: { id: 51, firstName: 'Alex', lastName: 'Morgan', relationship: 'self' },
  membershipUsers: [
    { id: 51, firstName: 'Alex', lastName: 'Morgan', relationship: 'self' },
    { id: 52, firstName: 'Jordan', lastName: 'Morgan', relationship: 'partner' },
    { id: 53, firstName: 'Olivia', lastName: 'Morgan', relationship: 'child' },
  ],
};

const YOGA = '/api/activities/venue/bury/activity/yoga/timetable';
const SWIM_TIMES = '/api/activities/venue/bury/activity/public-swim/times';
const SWIM_TICKETS = '/api/activities/venue/bury/activity-category/public-swim/activity/public-swim/tickets';
const ticket = (id: number, name: string, raw: number, activityId = 4) => ({ id, name, price: price(raw), member_price: price(raw - 100), pricing_option: { id }, activity_id: activityId, min_age: null, max_age: null });
const SWIM_TYPES = [ticket(7, 'Adult', 520), ticket(8, 'Junior', 310), ticket(9, 'Concession', 390)];

const lastUrl = (path: string) => [...fake.calls].reverse().find((call) => call.url.startsWith(path))?.url;
const dayCalls = (path: string) => fake.calls.filter((call) => call.url.startsWith(`${path}?`)).map((call) => call.url);
const adds = () => fake.calls.filter((call) => call.url === '/api/activities/cart/add').map((call) => call.body);

beforeEach(() => {
  fake.calls = [];
  fake.replies = {
    'GET /api/auth/user': () => json({ data: family }),
    // Olivia's day: the 09:00 is in the basket for her; the customer's: both can be booked.
    [`GET ${YOGA}`]: () =>
      json({
        data: [
          entry({
            id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00',
            ...(lastUrl(YOGA)?.includes('selected_user_id=53') ? { booking: { id: 901, type: 'reservation' }, action_to_show: { status: 'CANCEL_RESERVATION', reason: null } } : {}),
          }),
          entry({ id: 12, name: 'Power Yoga', start: '18:00', end: '19:00', spaces: 0, spaces_remaining: 0, action_to_show: { status: 'JOIN_WAITLIST', reason: null } }),
        ],
      }),
    'GET /api/activities/venue/bury/categories/public-swim': () => json({ data: category('public-swim', { v1_type: 'fast_ticket_templates', v2_type: 'ticketed' }) }),
    'GET /api/activities/venue/bury/activity-category/public-swim/dates': () => json({ data: dates }),
    [`GET ${SWIM_TIMES}`]: () =>
      json({ data: [entry({ id: 21, name: 'Public Swim', start: '12:00', end: '13:00', kind: 'fast_ticket', price: price(520), location: { id: 2, name: 'Main pool', slug: 'main-pool', type: 'pool' } })] }),
    [`GET ${SWIM_TICKETS}`]: () => json({ data: [...SWIM_TYPES, ticket(30, 'Adult', 700, 5)] }),
  };
  // The basket holds that 09:00 for Olivia (cart item 901), as her day says.
  fake.cartItems = [cartItem(901, 11, 53)];
  fake.migration = null;
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('EventSource', FakeEventSource);
  useToastStore.setState({ toasts: [] });
  useTimetableStore.setState({ filters: DEFAULT_FILTERS, isManualDate: false });
  setBookingFor(null);
  setToken('tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setToken(null);
  sessionStorage.clear();
});

const itemNamed = (name: string) =>
  waitFor(() => {
    const item = screen.getAllByTestId('timetable-item').find((li) => within(li).getByRole('heading').textContent?.startsWith(name));
    if (!item) throw new Error(`no item ${name}`);
    return item;
  });

describe('booking for a family member', () => {
  it('offers the customer and their family, shows the day for the one chosen and books for them', async () => {
    renderAt(`/location/bury/yoga/${DAY}`, { user: cachedUser });
    const select = await screen.findByLabelText<HTMLSelectElement>('Booking for');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Alex Morgan (you)', 'Jordan Morgan', 'Olivia Morgan']);
    expect(select.value).toBe('51');
    await itemNamed('Hatha Yoga');
    expect(dayCalls(YOGA)).toEqual([`${YOGA}?date=${DAY}`]);

    fireEvent.change(select, { target: { value: '53' } });
    // The actions are Olivia's: her 09:00 is in the basket, and the note says for whom.
    await waitFor(() => expect(screen.getByText('In your basket for Olivia Morgan')).toBeTruthy());
    expect(dayCalls(YOGA).at(-1)).toBe(`${YOGA}?date=${DAY}&selected_user_id=53`);
    expect(sessionStorage.getItem('timetable.booking-for')).toBe('53');
    const hatha = await itemNamed('Hatha Yoga');
    fireEvent.click(within(hatha).getByRole('button', { name: 'Remove from basket' }));
    await waitFor(() => expect(fake.calls.some((call) => call.url === '/api/activities/cart/remove')).toBe(true));
    expect(fake.calls.find((call) => call.url === '/api/activities/cart/remove')?.body).toEqual({ cart_item_ids: [901], selected_user_id: null });

    // Joining a waitlist puts Olivia on it (spec §6: the selected user's waitlist).
    const power = await itemNamed('Power Yoga');
    fireEvent.click(within(power).getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(fake.calls.find((call) => call.url === '/api/activities/waitlist/add')?.body).toEqual({ item: { id: 12, type: 'purchasableOccurrence' }, selected_user_id: 53 }));
  });

  it('Book adds the place for the chosen person: purchased_for_user_id in the customer’s basket', async () => {
    setBookingFor(52);
    renderAt(`/location/bury/yoga/${DAY}`, { user: cachedUser });
    const hatha = await itemNamed('Hatha Yoga');
    // Remembered in this tab: the day is asked for Jordan straight away, once.
    expect(dayCalls(YOGA)).toEqual([`${YOGA}?date=${DAY}&selected_user_id=52`]);
    expect(screen.getByLabelText<HTMLSelectElement>('Booking for').value).toBe('52');
    fireEvent.click(within(hatha).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]).toEqual({ items: [{ id: 11, type: 'purchasableOccurrence', purchased_for_user_id: 52, pricing_option_id: 7 }], selected_user_id: null });
  });

  it('never sends a remembered person who is not one of this customer’s people', async () => {
    setBookingFor(999);
    renderAt(`/location/bury/yoga/${DAY}`, { user: cachedUser });
    await itemNamed('Hatha Yoga');
    expect(dayCalls(YOGA)).toEqual([`${YOGA}?date=${DAY}`]);
    expect(screen.getByLabelText<HTMLSelectElement>('Booking for').value).toBe('51');
  });

  it('shows no choice to visitors or to a customer without family', async () => {
    setToken(null);
    const { unmount } = renderAt(`/location/bury/yoga/${DAY}`);
    await itemNamed('Hatha Yoga');
    expect(screen.queryByLabelText('Booking for')).toBeNull();
    unmount();
    setToken('tok');
    renderAt(`/location/bury/yoga/${DAY}`, { user: { ...cachedUser, membershipUsers: [cachedUser.membershipUser] } });
    await itemNamed('Hatha Yoga');
    expect(screen.queryByLabelText('Booking for')).toBeNull();
  });
});

describe('choosing the ticket type of a fast ticket', () => {
  it('Book asks which ticket, with each type’s price, and adds the one chosen', async () => {
    renderAt(`/location/bury/public-swim/${DAY}`, { user: cachedUser });
    const swim = await itemNamed('Public Swim');
    await waitFor(() => expect(fake.calls.some((call) => call.url === SWIM_TICKETS)).toBe(true));
    const book = within(swim).getByRole('button', { name: 'Book' });
    fireEvent.click(book);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a ticket' });
    // Only the entry's own activity's types (not activity 5's Adult), Adult chosen first.
    const radios = within(dialog).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Adult£5.20', 'Junior£3.10', 'Concession£3.90']);
    expect(radios.find((radio) => radio.checked)?.closest('label')?.textContent).toContain('Adult');
    expect(adds()).toHaveLength(0);

    fireEvent.click(within(dialog).getByLabelText(/Junior/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]).toEqual({ items: [{ id: 21, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: 8 }], selected_user_id: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel adds nothing; for a child the Junior ticket is chosen first', async () => {
    setBookingFor(53);
    renderAt(`/location/bury/public-swim/${DAY}`, { user: cachedUser });
    const swim = await itemNamed('Public Swim');
    await waitFor(() => expect(fake.calls.some((call) => call.url === SWIM_TICKETS)).toBe(true));
    fireEvent.click(within(swim).getByRole('button', { name: 'Book' }));
    let dialog = await screen.findByRole('dialog', { name: 'Choose a ticket' });
    expect(within(dialog).getByText('For Olivia Morgan')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adds()).toHaveLength(0);

    fireEvent.click(within(swim).getByRole('button', { name: 'Book' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose a ticket' });
    expect(within(dialog).getAllByRole<HTMLInputElement>('radio').find((radio) => radio.checked)?.closest('label')?.textContent).toBe('Junior£3.10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]).toEqual({ items: [{ id: 21, type: 'purchasableOccurrence', purchased_for_user_id: 53, pricing_option_id: 8 }], selected_user_id: null });
  });

  it('one ticket type books in one click', async () => {
    fake.replies[`GET ${SWIM_TICKETS}`] = () => json({ data: [ticket(7, 'Swim', 520)] });
    renderAt(`/location/bury/public-swim/${DAY}`, { user: cachedUser });
    const swim = await itemNamed('Public Swim');
    await waitFor(() => expect(fake.calls.some((call) => call.url === SWIM_TICKETS)).toBe(true));
    fireEvent.click(within(swim).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
