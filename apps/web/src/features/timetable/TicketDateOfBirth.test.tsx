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
 * Issue 21 "ask for date of birth only when a ticket has an age rule": someone without a date of
 * birth is offered the tickets with an age rule too; choosing one asks for the date in the
 * dialog (GOV.UK date input and error summary), saves it (their own: POST date-of-birth; a
 * family member's: PATCH family-members/{id}), checks the ticket fits, then adds to the basket.
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

// Dates of birth counted back from the fixtures' day (itself in the past), so always in the past.
const yearsBefore = (years: number) => `${Number(DAY.slice(0, 4)) - years}${DAY.slice(4)}`;
const person = (id: number, first: string, relationship: string, dob: string | null) => ({
  id, first_name: first, last_name: 'Morgan', relationship, date_of_birth: dob, home_venue_id: 1, home_venue_slug: 'bury',
});
const camel = (p: ReturnType<typeof person>) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, relationship: p.relationship, dateOfBirth: p.date_of_birth });
const userWith = (people: ReturnType<typeof person>[]) => ({ id: 5, firstName: 'Alex', lastName: 'Morgan', membershipUser: camel(people[0]!), membershipUsers: people.map(camel) });

const SWIM_TIMES = '/api/activities/venue/bury/activity/public-swim/times';
const SWIM_TICKETS = '/api/activities/venue/bury/activity-category/public-swim/activity/public-swim/tickets';
const ticket = (id: number, name: string, raw: number, ages: [number, number] | null = null) => ({
  id, name, price: price(raw), member_price: price(raw), pricing_option: { id }, activity_id: 4, min_age: ages?.[0] ?? null, max_age: ages?.[1] ?? null,
});
const SWIM_TYPES = [ticket(7, 'Adult', 520), ticket(8, 'Junior', 310, [0, 15]), ticket(9, 'Concession', 360)];
const callsTo = (method: string, url: string) => fake.calls.filter((call) => call.method === method && call.url === url).map((call) => call.body);
const adds = () => callsTo('POST', '/api/activities/cart/add');

let people: ReturnType<typeof person>[] = [];
beforeEach(() => {
  people = [person(51, 'Alex', 'self', null), person(54, 'Leo', 'child', null)];
  fake.calls = [];
  fake.replies = {
    'GET /api/auth/user': () => json({ data: { id: 5, first_name: 'Alex', last_name: 'Morgan', membership_user: people[0], membership_users: people } }),
    'GET /api/activities/venue/bury/categories/public-swim': () => json({ data: category('public-swim', { v1_type: 'fast_ticket_templates', v2_type: 'ticketed' }) }),
    'GET /api/activities/venue/bury/activity-category/public-swim/dates': () => json({ data: dates }),
    [`GET ${SWIM_TIMES}`]: () => json({ data: [entry({ id: 21, name: 'Public Swim', start: '12:00', end: '13:00', kind: 'fast_ticket', price: price(520), standard_price: price(520) })] }),
    [`GET ${SWIM_TICKETS}`]: () => json({ data: SWIM_TYPES }),
    'POST /api/dashboard/date-of-birth': () => json({ data: { date_of_birth: 'x', message: 'Your date of birth has been saved.' } }),
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

const open = async () => {
  renderAt(`/location/bury/public-swim/${DAY}`, { user: userWith(people) });
  const swim = await waitFor(() => {
    const item = screen.getAllByTestId('timetable-item').find((li) => within(li).getByRole('heading').textContent?.startsWith('Public Swim'));
    if (!item) throw new Error('no swim');
    return item;
  });
  await waitFor(() => expect(fake.calls.some((call) => call.url === SWIM_TICKETS)).toBe(true));
  fireEvent.click(within(swim).getByRole('button', { name: 'Book' }));
  return screen.findByRole('dialog', { name: 'Choose a ticket' });
};
const labels = (dialog: HTMLElement) => within(dialog).getAllByRole<HTMLInputElement>('radio').map((radio) => radio.closest('label')?.textContent);
const type = (dialog: HTMLElement, [year, month, day]: string[]) => {
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Day' }), { target: { value: day } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Month' }), { target: { value: month } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Year' }), { target: { value: year } });
};
const add = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Add to basket' }));

describe('the ticket dialog asks for a missing date of birth', () => {
  it('offers a ticket with an age rule to someone without a date of birth, and asks only when it is chosen', async () => {
    const dialog = await open();
    expect(labels(dialog)).toEqual(['Adult£5.20', 'JuniorAges 0 to 15£3.10', 'Concession£3.60']);
    expect(within(dialog).queryByTestId('date-of-birth')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Junior/ }));
    const group = within(dialog).getByRole('group', { name: 'What is your date of birth?' });
    expect(group.textContent).toContain('The Junior ticket is for ages 0 to 15.');
    // Back to Adult: no question, straight to the basket, nothing saved.
    fireEvent.click(within(dialog).getByRole('radio', { name: /Adult/ }));
    expect(within(dialog).queryByTestId('date-of-birth')).toBeNull();
    add(dialog);
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]).toMatchObject({ items: [{ id: 21, pricing_option_id: 7 }] });
    expect(callsTo('POST', '/api/dashboard/date-of-birth')).toEqual([]);
  });

  it('an empty, partial, impossible or future date is refused in a focused error summary, nothing saved or added', async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Junior/ }));
    add(dialog);
    const summary = await within(dialog).findByTestId('error-summary');
    expect(summary.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link').textContent).toBe('Enter your date of birth');
    expect(within(dialog).getByRole('group', { name: 'What is your date of birth?' }).textContent).toContain('Error: Enter your date of birth');
    expect(within(dialog).getByRole('textbox', { name: 'Day' }).getAttribute('aria-invalid')).toBe('true');

    type(dialog, ['2010', '', '']);
    add(dialog);
    await waitFor(() => expect(within(summary).getByRole('link').textContent).toBe('Date of birth must include a day and month'));
    expect(within(dialog).getByRole('textbox', { name: 'Year' }).getAttribute('aria-invalid')).toBeNull();

    type(dialog, ['2010', '2', '30']);
    add(dialog);
    await waitFor(() => expect(within(summary).getByRole('link').textContent).toBe('Date of birth must be a real date'));

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).split('-');
    type(dialog, tomorrow);
    add(dialog);
    await waitFor(() => expect(within(summary).getByRole('link').textContent).toBe('Date of birth must be in the past'));
    expect(callsTo('POST', '/api/dashboard/date-of-birth')).toEqual([]);
    expect(adds()).toEqual([]);
  });

  it("saves the customer's own date of birth, checks the ticket fits, then adds it to the basket", async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Junior/ }));
    type(dialog, yearsBefore(9).split('-'));
    add(dialog);
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(callsTo('POST', '/api/dashboard/date-of-birth')).toEqual([{ date_of_birth: yearsBefore(9) }]);
    expect(adds()[0]).toMatchObject({ items: [{ id: 21, pricing_option_id: 8 }] });
    expect(fake.calls.findIndex((call) => call.url === '/api/dashboard/date-of-birth')).toBeLessThan(fake.calls.findIndex((call) => call.url === '/api/activities/cart/add'));
  });

  it('a saved date the ticket does not fit: says so, focused, offers only what fits, adds nothing until chosen', async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Junior/ }));
    type(dialog, yearsBefore(34).split('-'));
    add(dialog);
    const notice = await within(dialog).findByTestId('tickets-no-fit');
    expect(notice.textContent).toBe('Date of birth saved. The Junior ticket is for ages 0 to 15; Alex is 34. Choose another ticket.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(labels(dialog)).toEqual(['Adult£5.20', 'Concession£3.60']);
    expect(within(dialog).queryByTestId('date-of-birth')).toBeNull();
    expect(adds()).toEqual([]);
    add(dialog);
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]).toMatchObject({ items: [{ id: 21, pricing_option_id: 7 }] });
    expect(callsTo('POST', '/api/dashboard/date-of-birth')).toHaveLength(1);
  });

  it("a family member's date of birth is saved on them (PATCH family-members/{id}), with the Junior ticket chosen for a child", async () => {
    fake.replies['PATCH /api/dashboard/family-members/54'] = () => json({ data: people[1] });
    setBookingFor(54);
    const dialog = await open();
    expect(within(dialog).getAllByRole<HTMLInputElement>('radio').find((radio) => radio.checked)?.closest('label')?.textContent).toContain('Junior');
    const group = within(dialog).getByRole('group', { name: "What is Leo's date of birth?" });
    expect(within(group).getByRole('textbox', { name: 'Day' }).getAttribute('autocomplete')).toBe('off');
    type(dialog, yearsBefore(6).split('-'));
    add(dialog);
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(callsTo('PATCH', '/api/dashboard/family-members/54')).toEqual([{ date_of_birth: yearsBefore(6) }]);
    expect(callsTo('POST', '/api/dashboard/date-of-birth')).toEqual([]);
    expect(adds()[0]).toMatchObject({ items: [{ id: 21, pricing_option_id: 8, purchased_for_user_id: 54 }] });
  });

  it("the server's refusal is shown in the summary and nothing is added", async () => {
    fake.replies['POST /api/dashboard/date-of-birth'] = () =>
      json({ message: 'Your date of birth is already on your account. Ask the venue to correct it.', errors: {} }, 409);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Junior/ }));
    type(dialog, yearsBefore(9).split('-'));
    add(dialog);
    const summary = await within(dialog).findByTestId('error-summary');
    expect(summary.textContent).toContain('Your date of birth is already on your account. Ask the venue to correct it.');
    expect(adds()).toEqual([]);
  });
});
