// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { useToastStore } from '../../lib/toast/store.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { DAY, dates, entry, fake, fakeFetch, FakeEventSource, initI18n, json, renderAt, setToken } from './test-fake-api.tsx';
import ActivityRoute from '../../app/ActivityRoute.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * Issue 21 "A timetable worth opening": the day a timetable opens on late in the day, the day
 * marks, the next session of an empty day, 'Finished', the visitor's filters and their count,
 * and the skip link. Only `fetch`, `EventSource` and the clock (Date) are replaced.
 */
beforeAll(initI18n);

const addDaysTo = (raw: string, days: number) => new Date(Date.parse(`${raw}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// fixed-date: the window of the fake API, from its DAY: today has sessions until 19:30, the
// next day none, the one after two (an input, compared only with the clock the test sets)
const NEXT = addDaysTo(DAY, 1);
const AFTER = addDaysTo(DAY, 2);
const windowDates = [
  { ...dates[0]!, raw: DAY, today: true, sessions: 3, last_starts_at: `${DAY}T19:30:00.000Z` },
  { ...dates[0]!, raw: NEXT, today: false, sessions: 0, last_starts_at: null },
  { ...dates[0]!, raw: AFTER, today: false, sessions: 2, last_starts_at: `${AFTER}T18:00:00.000Z` },
];
const at = (time: string) => new Date(`${DAY}T${time}:00Z`);

beforeEach(() => {
  fake.calls = [];
  fake.migration = null;
  fake.replies = { 'GET /api/activities/venue/bury/activity-category/yoga/dates': () => json({ data: windowDates }) };
  fake.day = [
    entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', instructors: [{ id: 1, name: 'Priya Shah' }] }),
    entry({ id: 12, name: 'Power Yoga', start: '18:00', end: '19:00', instructors: [{ id: 1, name: 'Priya Shah' }] }),
  ];
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at('08:00'));
  useToastStore.setState({ toasts: [] });
  useTimetableStore.setState({ filters: DEFAULT_FILTERS, isManualDate: false });
  setToken(null);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setToken(null);
});

/** An activity's dateless address (app/ActivityRoute.tsx): a sub-activity's timetable on its first day, then the date in the address. */
const openWithoutDate = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/location/bury/yoga']}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/location/:venueSlug/:activitySlug" element={<ActivityRoute />} />
              <Route path="/location/:venueSlug/:activitySlug/:dateSlug/:type?/*" element={<ActivityRoute />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
};
const dayAsked = () => fake.calls.find((call) => call.url.includes('/activity/yoga/timetable'))?.url ?? '';
const chosenDate = () => screen.getAllByTestId('timetable-date').find((link) => link.getAttribute('aria-current') === 'date');

describe('the day a timetable opens on (issue 21)', () => {
  it('opens today while a session is still to start, without a note', async () => {
    openWithoutDate();
    await screen.findByText('Hatha Yoga');
    expect(dayAsked()).toContain(`date=${DAY}`);
    expect(screen.queryByTestId('nothing-left-today')).toBeNull();
  });

  it("late in the day opens the first day with something left, says 'Nothing left today' and marks the days", async () => {
    vi.setSystemTime(at('21:30'));
    openWithoutDate();
    await screen.findByText('Hatha Yoga');
    expect(dayAsked()).toContain(`date=${AFTER}`);
    const note = screen.getByTestId('nothing-left-today');
    expect(within(note).getByRole('heading', { name: 'Nothing left today' })).toBeTruthy();
    expect(note.textContent).toContain("Today's sessions have all started");
    expect(within(note).getByRole('link', { name: "See today's times" }).getAttribute('href')).toBe(`/location/bury/yoga/${DAY}`);
    expect(chosenDate()!.getAttribute('href')).toBe(`/location/bury/yoga/${AFTER}`);
    const [today, next] = screen.getAllByTestId('timetable-date');
    expect(today!.getAttribute('aria-label')).toMatch(/^Today \d+ \w+, Nothing left, /);
    expect(next!.getAttribute('aria-label')).toMatch(/, No sessions, /);
  });

  it("links an empty day straight to the next day with a session ('Next session: …'), not the next date", async () => {
    fake.day = [];
    renderAt(`/location/bury/yoga/${NEXT}`);
    const link = await screen.findByRole('link', { name: /^Next session: / });
    expect(link.getAttribute('href')).toBe(`/location/bury/yoga/${AFTER}`);
    expect(link.textContent).toMatch(/^Next session: [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
    expect(screen.queryByRole('link', { name: /^See / })).toBeNull();
  });

  it('says there is nothing in the days shown when no later day has a session', async () => {
    fake.day = [];
    fake.replies['GET /api/activities/venue/bury/activity-category/yoga/dates'] = () => json({ data: windowDates.map((d) => (d.raw === DAY ? d : { ...d, sessions: 0, last_starts_at: null })) });
    renderAt(`/location/bury/yoga/${NEXT}`);
    await screen.findByText(/in the days you can see/);
    expect(screen.queryByRole('link', { name: /^Next session: / })).toBeNull();
  });
});

describe("rows, filters and the skip link (issue 21)", () => {
  it("says 'Started' for a session under way and 'Finished' after its end", async () => {
    vi.setSystemTime(at('18:30'));
    fake.day = [
      entry({ id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00', ends_at_iso: at('10:00').toISOString(), action_to_show: { status: null, reason: 'started' } }),
      entry({ id: 12, name: 'Power Yoga', start: '18:00', end: '19:00', ends_at_iso: at('19:00').toISOString(), action_to_show: { status: null, reason: 'started' } }),
    ];
    renderAt(`/location/bury/yoga/${DAY}`);
    await screen.findByText('Hatha Yoga');
    expect(screen.getAllByTestId('timetable-reason').map((reason) => reason.textContent)).toEqual(['Finished', 'Started']);
  });

  it("offers a visitor no 'On my waitlist', 'In my basket' or 'Booked' filter; a customer has them", async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    await screen.findByText('Hatha Yoga');
    fireEvent.click(screen.getByRole('radio', { name: 'Only these:' }));
    const shown = () => screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent);
    expect(shown()).toEqual(expect.arrayContaining(['Full, waitlist open', 'Places to book']));
    expect(shown()).not.toContain('On my waitlist');
    expect(shown()).not.toContain('In my basket');
    expect(shown()).not.toContain('Booked');
    cleanup();
    setToken('tok');
    renderAt(`/location/bury/yoga/${DAY}`);
    await screen.findByText('Hatha Yoga');
    fireEvent.click(screen.getByRole('radio', { name: 'Only these:' }));
    expect(shown()).toEqual(expect.arrayContaining(['On my waitlist', 'In my basket', 'Booked']));
  });

  it("shows 'Filters (n)' only when a filter hides something of the day", async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    await screen.findByText('Hatha Yoga');
    const toggle = () => screen.getByRole('button', { expanded: false });
    expect(toggle().textContent).toBe('Filters');
    // Every status chosen and an instructor who teaches both classes: nothing is hidden.
    fireEvent.click(screen.getByRole('radio', { name: 'Only these:' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Priya Shah' }));
    expect(screen.getAllByTestId('timetable-item')).toHaveLength(2);
    expect(toggle().textContent).toBe('Filters');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: String(12 * 60) } });
    await waitFor(() => expect(screen.getAllByTestId('timetable-item')).toHaveLength(1));
    expect(toggle().textContent).toBe('Filters (1)');
  });

  it("skips the filters: 'Skip to the timetable' moves focus to the list's heading", async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    await screen.findByText('Hatha Yoga');
    const skip = screen.getByRole('link', { name: 'Skip to the timetable' });
    // After the filters' summary (the Filters button), before the first filter.
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.compareDocumentPosition(skip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(skip.compareDocumentPosition(screen.getByLabelText('From')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    Element.prototype.scrollIntoView ??= () => {};
    fireEvent.click(skip);
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.textContent).toMatch(/^Yoga on /);
  });
});
