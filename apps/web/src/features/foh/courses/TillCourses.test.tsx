// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { CartTargetProvider } from '../../basket/public.ts';
import type { CustomerPanel, TillSession } from '../api/foh.ts';
import { TillBook } from '../components/TillBook.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * The till's course picker (issue 24, "Courses at the till") against a fake HTTP boundary (only
 * `fetch`): 'Courses' lists the venue's courses with places left and price; the chosen child is
 * added to the whole course through the staff route; the age rule's refusal is shown with no
 * button; a full course has none either; the server's refusal is shown as an alert.
 */
configure({ asyncUtilTimeout: 5000 });
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** Born `years` years and a month before today (from the clock). */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 30);
  return d.toISOString().slice(0, 10);
};
const course = (id: number, name: string, capacity: number) => ({
  id, slug: `c-${id}`, name, short_description: null, description: null, image_url: null, category: { slug: 'swimming-lessons', name: 'Swimming lessons' }, venue_slug: 'bury',
  starts_on: inDays(7), ends_on: inDays(42), weeks: 6, day_of_week: 1, start_time: '10:00', duration_minutes: 45, price: 4999, capacity, min_age: 6, max_age: 11, level: null, instructor: null, tags: [],
});
const availability = (id: number, placesLeft: number) => ({
  course_id: id, capacity: 8, places_left: placesLeft, full: placesLeft === 0, sessions: [], total_sessions: 6, remaining_sessions: 6, full_price: 4999, price: 4999, formatted_price: '£49.99',
  pro_rata: false, late_joining: false, bookable: true, reason: null, waiting: 0,
});

let calls: { url: string; method: string; body: Record<string, unknown> | null }[] = [];
let addAnswer: () => Response;
const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status, headers: { 'content-type': 'application/json' } });
beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), basket: ns('basket'), foh: ns('foh'), timetable: ns('timetable') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  calls = [];
  addAnswer = () => json({ items: [], item_count: 1, total: 4999 });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ url: url.pathname, method, body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    const p = url.pathname;
    if (method === 'POST') return addAnswer();
    if (p.endsWith('/venue/bury/categories')) return json([]);
    if (p.endsWith('/venue/bury/courses')) return json([course(41, 'Swim Skills 6-Week Block', 8), course(42, 'Junior Swim Squad', 8)]);
    if (p.endsWith('/courses/41/availability')) return json(availability(41, 3));
    if (p.endsWith('/courses/42/availability')) return json(availability(42, 0));
    return json(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = { id: 5, currencySymbol: '£', till: { id: 1, name: 'Front desk 1', venueSlug: 'bury' } } as unknown as TillSession;
const people = [
  { membershipUserId: 6, name: 'Alex Morgan', relationship: 'self', dateOfBirth: bornYearsAgo(40) },
  { membershipUserId: 7, name: 'Sam Morgan', relationship: 'child', dateOfBirth: bornYearsAgo(8) },
  { membershipUserId: 8, name: 'Leo Morgan', relationship: 'child', dateOfBirth: bornYearsAgo(3) },
] as CustomerPanel['people'];

const mount = (forId: number) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[`/till/customers/12?for=${forId}`]}>
          <CartTargetProvider value={{ accountUserId: 12, tillSessionId: 5, onCart: () => {} }}>
            <TillBook session={session} people={people} />
          </CartTargetProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

const adds = () => calls.filter((call) => call.method === 'POST' && call.url.endsWith('/foh/customers/12/cart/add'));
const courseRow = (name: string) => screen.getAllByTestId('till-course').find((row) => within(row).queryByRole('heading', { name }))!;

describe('till course picker', () => {
  it("lists the venue's courses with places left and price, and adds the whole course for the chosen child through the staff route", async () => {
    const user = userEvent.setup();
    mount(7);
    await user.selectOptions(await screen.findByLabelText('Activity or court'), 'Courses (the whole course)');
    const list = await screen.findByRole('list', { name: 'Courses at this venue' });
    await waitFor(() => expect(within(list).getAllByTestId('till-course-price')).toHaveLength(2));
    const swim = courseRow('Swim Skills 6-Week Block');
    expect(swim.textContent).toContain('3 places left');
    expect(swim.textContent).toContain('£49.99');
    expect(swim.textContent).toContain('6 weekly sessions from');
    expect(swim.textContent).toContain('For ages 6 to 11');
    const squad = courseRow('Junior Swim Squad');
    expect(squad.textContent).toContain('Full: no places left');
    expect(within(squad).queryByRole('button')).toBeNull();

    await user.click(within(swim).getByRole('button', { name: 'Add to basket: Swim Skills 6-Week Block for Sam Morgan' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]!.body).toEqual({ till_session_id: 5, items: [{ id: 41, type: 'purchasableCourse', purchased_for_user_id: 7 }] });
  });

  it("shows the age rule's refusal for a child too young, with nothing to press", async () => {
    const user = userEvent.setup();
    mount(8);
    await user.selectOptions(await screen.findByLabelText('Activity or court'), 'Courses (the whole course)');
    await screen.findByRole('list', { name: 'Courses at this venue' });
    await waitFor(() => expect(courseRow('Swim Skills 6-Week Block').textContent).toContain('3 places left'));
    const swim = courseRow('Swim Skills 6-Week Block');
    expect(within(swim).getByTestId('till-course-refusal').textContent).toBe('Leo will be 3 when the course starts; it is for ages 6 to 11.');
    expect(within(swim).queryByRole('button')).toBeNull();
    expect(adds()).toHaveLength(0);
  });

  it("shows the server's refusal by the course (the last place gone to another till)", async () => {
    addAnswer = () => new Response(JSON.stringify({ code: 'course_full', message: 'Sorry, this course is full.' }), { status: 409, headers: { 'content-type': 'application/json' } });
    const user = userEvent.setup();
    mount(7);
    await user.selectOptions(await screen.findByLabelText('Activity or court'), 'Courses (the whole course)');
    await screen.findByRole('list', { name: 'Courses at this venue' });
    await user.click(await screen.findByRole('button', { name: /^Add to basket: Swim Skills/ }));
    expect((await within(courseRow('Swim Skills 6-Week Block')).findByRole('alert')).textContent).toBe('Sorry, this course is full.');
  });
});
