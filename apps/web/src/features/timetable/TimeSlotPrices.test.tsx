// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../lib/toast/store.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { setBookingFor } from './choice.ts';
import { DAY, category, dates, entry, fake, fakeFetch, FakeEventSource, initI18n, json, price, renderAt, setToken } from './test-fake-api.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * Issue 21 "Prices and choices": the row shows the price the server worked out for the viewer
 * (a member's price and saving in words; a visitor's standard price with 'Members from'), and
 * the ticket dialog prices each type by the same rule and offers only the types whose age rule
 * fits the person booked for.
 */
beforeAll(async () => {
  await initI18n();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const yearsBefore = (years: number) => `${Number(DAY.slice(0, 4)) - years}${DAY.slice(4)}`;
const person = (id: number, first: string, relationship: string, dob: string | null) => ({
  id, first_name: first, last_name: 'Morgan', relationship, date_of_birth: dob, home_venue_id: 1, home_venue_slug: 'bury',
});
const people = [person(51, 'Alex', 'self', yearsBefore(34)), person(53, 'Olivia', 'child', yearsBefore(9)), person(54, 'Leo', 'child', null)];
const camel = (p: ReturnType<typeof person>) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, relationship: p.relationship, dateOfBirth: p.date_of_birth });
const cachedUser = { id: 5, firstName: 'Alex', lastName: 'Morgan', membershipUser: camel(people[0]!), membershipUsers: people.map(camel) };

const YOGA = '/api/activities/venue/bury/activity/yoga/timetable';
const SWIM_TIMES = '/api/activities/venue/bury/activity/public-swim/times';
const SWIM_TICKETS = '/api/activities/venue/bury/activity-category/public-swim/activity/public-swim/tickets';
const ticket = (id: number, name: string, raw: number, member: number, ages: [number, number] | null = null) => ({
  id, name, price: price(raw), member_price: price(member), pricing_option: { id }, activity_id: 4, min_age: ages?.[0] ?? null, max_age: ages?.[1] ?? null,
});
const SWIM_TYPES = [ticket(7, 'Adult', 520, 400), ticket(8, 'Junior', 310, 250, [0, 15]), ticket(9, 'Concession', 360, 290)];
const adds = () => fake.calls.filter((call) => call.url === '/api/activities/cart/add').map((call) => call.body);

const memberYoga = entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', price: price(450), price_basis: 'member', standard_price: price(750), members_from: price(450) });
const visitorYoga = entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', price: price(750), price_basis: 'standard', standard_price: price(750), members_from: price(450) });

beforeEach(() => {
  fake.calls = [];
  fake.replies = {
    'GET /api/auth/user': () => json({ data: { id: 5, first_name: 'Alex', last_name: 'Morgan', membership_user: people[0], membership_users: people } }),
    'GET /api/activities/venue/bury/categories/public-swim': () => json({ data: category('public-swim', { v1_type: 'fast_ticket_templates', v2_type: 'ticketed' }) }),
    'GET /api/activities/venue/bury/activity-category/public-swim/dates': () => json({ data: dates }),
    [`GET ${SWIM_TIMES}`]: () =>
      json({ data: [entry({ id: 21, name: 'Public Swim', start: '12:00', end: '13:00', kind: 'fast_ticket', price: price(400), price_basis: 'member', standard_price: price(520), members_from: price(0) })] }),
    [`GET ${SWIM_TICKETS}`]: () => json({ data: SWIM_TYPES }),
  };
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

describe('the price on a timetable row', () => {
  it('a member sees their price and the saving in words, the standard price struck and hidden from screen readers', async () => {
    fake.replies[`GET ${YOGA}`] = () => json({ data: [memberYoga] });
    renderAt(`/location/bury/yoga/${DAY}`, { user: cachedUser });
    const row = await itemNamed('Hatha Yoga');
    const tag = within(row).getByTestId('timetable-price');
    expect(tag.textContent).toBe('Price: £7.50£4.50(save £3.00)Member price');
    expect(tag.querySelector('s')?.getAttribute('aria-hidden')).toBe('true');
    expect(within(row).queryByTestId('members-from')).toBeNull();
  });

  it('a visitor sees the standard price with Members from', async () => {
    setToken(null);
    fake.replies[`GET ${YOGA}`] = () => json({ data: [visitorYoga] });
    renderAt(`/location/bury/yoga/${DAY}`);
    const row = await itemNamed('Hatha Yoga');
    expect(within(row).getByTestId('timetable-price').textContent).toBe('Price: £7.50Members from £4.50');
  });

  it('a session a membership covers is free, with what was saved', async () => {
    fake.replies[`GET ${YOGA}`] = () => json({ data: [{ ...memberYoga, price: { ...price(0), benefit_applied: true }, price_basis: 'membership' }] });
    renderAt(`/location/bury/yoga/${DAY}`, { user: cachedUser });
    const row = await itemNamed('Hatha Yoga');
    expect(within(row).getByTestId('timetable-price').textContent).toBe('Price: £7.50Free(save £7.50)Included in your membership');
  });
});

describe('the ticket dialog', () => {
  const open = async () => {
    const swim = await itemNamed('Public Swim');
    await waitFor(() => expect(fake.calls.some((call) => call.url === SWIM_TICKETS)).toBe(true));
    fireEvent.click(within(swim).getByRole('button', { name: 'Book' }));
    return screen.findByRole('dialog', { name: 'Choose a ticket' });
  };
  const labels = (dialog: HTMLElement) => within(dialog).getAllByRole<HTMLInputElement>('radio').map((radio) => radio.closest('label')?.textContent);

  it('offers an adult only the tickets that fit, at their member price', async () => {
    renderAt(`/location/bury/public-swim/${DAY}`, { user: cachedUser });
    const dialog = await open();
    expect(labels(dialog)).toEqual(['Adult£5.20£4.00(save £1.20)', 'Concession£3.60£2.90(save £0.70)']);
    expect(within(dialog).queryByTestId('date-of-birth')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]).toMatchObject({ items: [{ id: 21, pricing_option_id: 7 }] });
  });

  it('offers a child of 9 the Junior ticket, chosen first, with its age rule', async () => {
    setBookingFor(53);
    renderAt(`/location/bury/public-swim/${DAY}`, { user: cachedUser });
    const dialog = await open();
    expect(labels(dialog)).toEqual(['Adult£5.20£4.00(save £1.20)', 'JuniorAges 0 to 15£3.10£2.50(save £0.60)', 'Concession£3.60£2.90(save £0.70)']);
    expect(within(dialog).getAllByRole<HTMLInputElement>('radio').find((radio) => radio.checked)?.closest('label')?.textContent).toContain('Junior');
  });

  it('offers a ruled ticket to someone without a date of birth and asks for it there (TicketDateOfBirth.test.tsx)', async () => {
    setBookingFor(54);
    renderAt(`/location/bury/public-swim/${DAY}`, { user: cachedUser });
    const dialog = await open();
    expect(labels(dialog)).toEqual(['Adult£5.20£4.00(save £1.20)', 'JuniorAges 0 to 15£3.10£2.50(save £0.60)', 'Concession£3.60£2.90(save £0.70)']);
    expect(within(dialog).getByRole('group', { name: "What is Leo's date of birth?" })).toBeTruthy();
  });
});
