// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import type { CourseAvailabilityDto, CoursePersonDto, CourseWaitlistEntryDto } from '@app/contract/courses/course-booking';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { useToastStore } from '../../../lib/toast/store.ts';
import { closeLoginModal, useIsLoginModalOpen } from '../../auth/public.ts';
import { CourseBooking } from './CourseBooking.tsx';
import '../../../lib/testing/async-timeout.ts';

/** The course page's booking panel against a fake HTTP boundary (only `fetch` is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), catalogue: ns('catalogue'), basket: ns('basket') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const DAY = 24 * 60 * 60_000;
const session = (inDays: number) => {
  const start = new Date(Date.now() + inDays * DAY);
  const date = start.toISOString().slice(0, 10);
  return { date, starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 45 * 60_000).toISOString(), start_time: '11:00', end_time: '11:45' };
};
const availability = (over: Partial<CourseAvailabilityDto> = {}): CourseAvailabilityDto => ({
  course_id: 7,
  capacity: 8,
  places_left: 3,
  full: false,
  sessions: [8, 15, 22, 29, 36, 43].map(session),
  total_sessions: 6,
  remaining_sessions: 6,
  full_price: 4800,
  price: 4800,
  formatted_price: '£48.00',
  pro_rata: false,
  late_joining: false,
  bookable: true,
  reason: null,
  waiting: 0,
  ...over,
});
/** The course's age range, measured on its first session's day, as the page passes it. */
const ages = { minAge: 6, maxAge: 11, startsOn: session(8).date };
const people: CoursePersonDto[] = [
  { id: 51, first_name: 'Alex', last_name: 'Morgan', relationship: 'self', eligible: false, reason: 'Alex will be 38 when the course starts; it is for ages 6 to 11.', enrolled: null, waitlist: null },
  { id: 52, first_name: 'Sam', last_name: 'Morgan', relationship: 'child', eligible: true, reason: null, enrolled: null, waitlist: null },
  { id: 53, first_name: 'Jo', last_name: 'Morgan', relationship: 'child', eligible: false, reason: 'Jo will be 4 when the course starts; it is for ages 6 to 11.', enrolled: null, waitlist: null },
];

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let current: CourseAvailabilityDto;
let currentPeople: CoursePersonDto[];
let waitlistStatus: number;
/** GET auth/user's answer: the account's people with their dates of birth (issue 21). */
let authUser: unknown;
const entry = (over: Partial<CourseWaitlistEntryDto> = {}): CourseWaitlistEntryDto => ({
  id: 900,
  course_id: 7,
  membership_user_id: 52,
  status: 'waiting',
  position: 2,
  offer_expires_at: null,
  ...over,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  current = availability();
  currentPeople = people;
  waitlistStatus = 200;
  authUser = { id: 1, first_name: 'Alex', membership_user: { id: 51 } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/availability')) return json({ data: current });
      if (url.endsWith('/people')) return json({ data: currentPeople });
      if (url === '/api/activities/courses/7/waitlist' || url.startsWith('/api/activities/courses/waitlist/')) {
        if (waitlistStatus !== 200) return json({ message: 'Server error' }, waitlistStatus);
        const joined = method === 'POST';
        // The server's answer; the people reload shows the new place in line.
        currentPeople = people.map((p) => (p.id === 52 && joined ? { ...p, waitlist: entry() } : p));
        return json({ data: entry(joined ? {} : { status: 'left', position: 0 }), message: joined ? 'Successfully joined the waitlist.' : 'Successfully removed from the waitlist.' });
      }
      if (url.startsWith('/api/auth/user')) return json({ data: authUser });
      if (url === '/api/activities/cart/courses') return json({ data: { id: 1, items: [], item_count: 1, expires_at: null } });
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    }),
  );
  useToastStore.setState({ toasts: [] });
  closeLoginModal();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

/** Whether the login modal is open, as the app's modal would read it. */
const LoginProbe = () => <span data-testid="login-open">{String(useIsLoginModalOpen())}</span>;

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter>
          <CourseBooking courseId={7} ages={ages} />
          <LoginProbe />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('course booking panel', () => {
  it('shows every session, the places left and the price; a visitor is asked to log in first', async () => {
    show();
    const panel = await screen.findByTestId('course-booking');
    // The whole price is the page's; the panel shows a price only once the course has started.
    expect(within(panel).queryByTestId('course-price')).toBeNull();
    expect(within(panel).getByTestId('places-left').textContent).toBe('3 places left');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(within(panel).getByRole('button', { name: 'Book course' }));
    expect(screen.getByTestId('login-open').textContent).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lets a customer choose only people whose age fits, shows why the others cannot, and books the course', async () => {
    document.cookie = 'logged_in_bookings=1; path=/';
    show();
    const sam = await screen.findByRole('radio', { name: /Sam Morgan/ });
    const jo = screen.getByRole('radio', { name: /Jo Morgan/ });
    const alex = screen.getByRole('radio', { name: /Alex Morgan/ });
    expect((jo as HTMLInputElement).disabled).toBe(true);
    expect((alex as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Jo will be 4 when the course starts; it is for ages 6 to 11.')).toBeTruthy();
    // The reason is the disabled choice's description, so a screen reader hears it with the name.
    expect(jo.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(jo.getAttribute('aria-describedby')!)!.textContent).toContain('ages 6 to 11');
    expect((sam as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Book course' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/activities/cart/courses', body: { course_id: 7, purchased_for_user_id: 52, selected_user_id: null } });
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.content)).toContain('Successfully added item to the basket.'));
  });

  it('a full course offers Join waitlist instead of Book course; joining shows the toast and the place in line', async () => {
    document.cookie = 'logged_in_bookings=1; path=/';
    current = availability({ places_left: 0, full: true, waiting: 1 });
    show();
    expect(await screen.findByText('This course is full.')).toBeTruthy();
    expect(screen.getByTestId('places-left').textContent).toBe('Full');
    expect(screen.queryByRole('button', { name: 'Book course' })).toBeNull();
    await screen.findByRole('radio', { name: /Sam Morgan/ });
    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/activities/courses/7/waitlist', body: { purchased_for_user_id: 52 } });
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.content)).toContain('Successfully joined the waitlist.'));
    expect((await screen.findByTestId('waitlist-position')).textContent).toBe('Sam Morgan: number 2 in line.');
    // Sam is waiting now: not chosen again, and the note says where in line.
    expect((screen.getByRole('radio', { name: /Sam Morgan/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('On the waitlist: number 2 in line.')).toBeTruthy();
  });

  it('someone waiting can leave the waitlist (toast); a failure shows the spec error toast', async () => {
    document.cookie = 'logged_in_bookings=1; path=/';
    current = availability({ places_left: 0, full: true, waiting: 2 });
    currentPeople = people.map((p) => (p.id === 52 ? { ...p, waitlist: entry() } : p));
    show();
    const leave = await screen.findByRole('button', { name: 'Leave waitlist for Sam Morgan' });
    // Everybody else on the account is outside the age range: no Join waitlist, and why.
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).toBeNull();
    expect(screen.getByText('Nobody else on your account can join the waitlist for this course.')).toBeTruthy();
    waitlistStatus = 500;
    fireEvent.click(leave);
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.content)).toContain('Something went wrong, please try again.'));
    waitlistStatus = 200;
    fireEvent.click(leave);
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.content)).toContain('Successfully removed from the waitlist.'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/activities/courses/waitlist/900', '/api/activities/courses/waitlist/900']);
  });

  it("a visitor's Join waitlist asks them to log in first", async () => {
    current = availability({ places_left: 0, full: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect(screen.getByTestId('login-open').textContent).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a course that has started shows the pro-rata price for the sessions left, or why it cannot be joined', async () => {
    current = availability({ pro_rata: true, late_joining: true, price: 2400, formatted_price: '£24.00', remaining_sessions: 3, sessions: [-13, -6, -1, 6, 13, 20].map(session) });
    show();
    expect((await screen.findByTestId('course-price')).textContent).toBe('£24.00');
    expect(screen.getByText('The course has started: this is the price for the 3 sessions left of 6.')).toBeTruthy();
    cleanup();
    current = availability({ bookable: false, reason: 'This course has already started.' });
    show();
    expect(await screen.findByText('This course has already started.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book course' })).toBeNull();
  });
});

/** A date of birth `years` whole years ago (and a day), as the Day, Month and Year fields take it. */
const yearsBefore = (years: number) => {
  const date = new Date(Date.now() - DAY);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};
const typeDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: String(Number(day)) } });
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: String(Number(month)) } });
  fireEvent.change(screen.getByLabelText('Year'), { target: { value: year } });
};

describe('course booking panel: a missing date of birth (issue 21)', () => {
  const member = (id: number, first_name: string, relationship: string, date_of_birth: string | null) => ({ id, first_name, last_name: 'Morgan', relationship, date_of_birth });
  const noDate = (first: string) => `${first} has no date of birth on the account; this course is for ages 6 to 11.`;
  beforeEach(() => {
    document.cookie = 'logged_in_bookings=1; path=/';
    // Alex (the customer) is too old; Jo, a child, has no date of birth yet.
    authUser = { id: 1, first_name: 'Alex', membership_user: member(51, 'Alex', 'self', yearsBefore(38)), membership_users: [member(53, 'Jo', 'child', null)] };
    currentPeople = [people[0]!, { ...people[2]!, reason: noDate('Jo') }];
  });
  const paths = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

  it("offers the person without a date of birth, asks for it, refuses an empty try in a focused summary, then saves it and books", async () => {
    show();
    const jo = await screen.findByRole('radio', { name: /Jo Morgan/ });
    await waitFor(() => expect((jo as HTMLInputElement).disabled).toBe(false));
    expect((jo as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Alex Morgan/ }) as HTMLInputElement).disabled).toBe(true);
    const fields = screen.getByRole('group', { name: "What is Jo's date of birth?" });
    expect(fields.textContent).toContain("This course is for ages 6 to 11. We save Jo's date of birth to your account");

    fireEvent.click(screen.getByRole('button', { name: 'Book course' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('There is a problem');
    expect(within(summary).getByRole('link', { name: "Enter Jo's date of birth" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByLabelText('Day').getAttribute('aria-invalid')).toBe('true');
    expect(paths()).toEqual([]);

    const born = yearsBefore(9);
    typeDate(born);
    fireEvent.click(screen.getByRole('button', { name: 'Book course' }));
    await waitFor(() => expect(paths()).toContain('POST /api/activities/cart/courses'));
    // Saved on Jo first, then the course added for Jo.
    expect(paths()).toEqual(['PATCH /api/dashboard/family-members/53', 'POST /api/activities/cart/courses']);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ date_of_birth: born });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ course_id: 7, purchased_for_user_id: 53 });
  });

  it('a saved date outside the range says so, focused, and adds nothing', async () => {
    show();
    await screen.findByRole('group', { name: "What is Jo's date of birth?" });
    typeDate(yearsBefore(30));
    fireEvent.click(screen.getByRole('button', { name: 'Book course' }));
    const notice = await screen.findByTestId('course-no-fit');
    expect(notice.textContent).toBe('Date of birth saved. Jo will be 30 when the course starts; it is for ages 6 to 11.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(paths()).toEqual(['PATCH /api/dashboard/family-members/53']);
  });

  it("the customer's own date is saved with POST date-of-birth (no id) before the course is added for them", async () => {
    authUser = { id: 1, first_name: 'Alex', membership_user: member(51, 'Alex', 'self', null), membership_users: [] };
    currentPeople = [{ ...people[0]!, reason: noDate('Alex') }];
    show();
    await screen.findByRole('group', { name: 'What is your date of birth?' });
    typeDate(yearsBefore(8));
    fireEvent.click(screen.getByRole('button', { name: 'Book course' }));
    await waitFor(() => expect(paths()).toContain('POST /api/activities/cart/courses'));
    expect(paths()).toEqual(['POST /api/dashboard/date-of-birth', 'POST /api/activities/cart/courses']);
    expect(calls.find((c) => c.url === '/api/activities/cart/courses')!.body).toMatchObject({ purchased_for_user_id: null });
  });

  it("choosing someone else clears the date typed and the problem shown for the first", async () => {
    authUser = { id: 1, first_name: 'Alex', membership_user: member(51, 'Alex', 'self', null), membership_users: [member(53, 'Jo', 'child', null)] };
    currentPeople = [{ ...people[0]!, reason: noDate('Alex') }, { ...people[2]!, reason: noDate('Jo') }];
    show();
    await screen.findByRole('group', { name: 'What is your date of birth?' });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book course' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Date of birth must include a month and year');
    fireEvent.click(screen.getByRole('radio', { name: /Jo Morgan/ }));
    await screen.findByRole('group', { name: "What is Jo's date of birth?" });
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('');
    expect(paths()).toEqual([]);
  });

  it("someone whose date is known but outside the range still cannot be chosen, and nothing is asked", async () => {
    authUser = { id: 1, first_name: 'Alex', membership_user: member(51, 'Alex', 'self', yearsBefore(38)), membership_users: [member(53, 'Jo', 'child', yearsBefore(4))] };
    currentPeople = [people[0]!, people[2]!];
    show();
    const jo = await screen.findByRole('radio', { name: /Jo Morgan/ });
    await waitFor(() => expect(screen.queryByTestId('date-of-birth')).toBeNull());
    expect((jo as HTMLInputElement).disabled).toBe(true);
  });
});
