// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { DateEntry } from '../api/timetable.ts';
import { DAY, initI18n } from '../test-fake-api.tsx';
import { DateStrip } from './DateStrip.tsx';

/**
 * WCAG 2.5.3 Label in Name (axe `label-content-name-mismatch`): each date link's accessible
 * name starts with the words it shows, then the full date for screen readers (issue 20).
 */
beforeAll(initI18n);
afterEach(cleanup);

// fixed-date: inputs of the strip (it takes "today" and the opening time from the entries, never from the clock)
const NEXT_DAY = '2026-11-24';
const entries: DateEntry[] = [
  { raw: DAY, dayPretty: 'Mon', datePretty: '23 Nov', fullDatePretty: DAY, today: true, year: 2026, bookable: true, opensAt: null, sessions: 3, lastStartsAt: `${DAY}T19:30:00Z` },
  // fixed-date: 22:00 UTC on DAY, when the next day opens for booking
  { raw: NEXT_DAY, dayPretty: 'Tue', datePretty: '24 Nov', fullDatePretty: NEXT_DAY, today: false, year: 2026, bookable: false, opensAt: `${DAY}T22:00:00Z`, sessions: 3, lastStartsAt: `${NEXT_DAY}T19:30:00Z` },
];
// fixed-date: the morning of DAY (the strip reads the clock it is given)
const MORNING = Date.parse(`${DAY}T08:00:00Z`);

const renderStrip = (dates = entries, now = MORNING) =>
  render(
    <I18nProvider i18n={i18next}>
      <MemoryRouter>
        <DateStrip dates={dates} selected={DAY} timeZone="UTC" now={now} hrefFor={(raw) => `/d/${raw}`} onChoose={() => {}} />
      </MemoryRouter>
    </I18nProvider>,
  );

/** The words of a text, as axe compares them (case and punctuation aside). */
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

describe('date strip', () => {
  it("names each date by what it shows first, then the full date ('Today 23 Nov, Monday 23 November 2026')", () => {
    renderStrip();
    const [today, next] = screen.getAllByTestId('timetable-date');
    expect(today!.textContent).toBe('Today 23 Nov');
    expect(today!.getAttribute('aria-label')).toBe('Today 23 Nov, Monday 23 November 2026');
    expect(today!.getAttribute('aria-current')).toBe('date');
    expect(next!.textContent).toBe('Tue 24 Nov Opens 22:00');
    expect(next!.getAttribute('aria-label')).toBe('Tue 24 Nov, Opens 22:00 on Mon 23 Nov, Tuesday 24 November 2026');
    for (const link of [today!, next!]) {
      const name = words(link.getAttribute('aria-label')!);
      const shown = words(link.textContent!);
      expect(name.slice(0, shown.length), link.textContent!).toEqual(shown);
    }
  });

  it('is found by role and name as a voice or screen reader user would ask for it', () => {
    renderStrip();
    expect(screen.getByRole('link', { name: /^Today 23 Nov\b/ }).getAttribute('href')).toBe(`/d/${DAY}`);
    expect(screen.getByRole('link', { name: /Tuesday 24 November 2026$/ }).getAttribute('href')).toBe(`/d/${NEXT_DAY}`);
  });

  it("marks a day without sessions, and today once everything has started, in what it shows and in its name (issue 21)", () => {
    // fixed-date: three more days of the window, the middle one empty
    const more: DateEntry[] = ['2026-11-25', '2026-11-26'].map((raw, i) => ({
      ...entries[0]!, raw, today: false, sessions: i === 0 ? 0 : 2, lastStartsAt: i === 0 ? null : `${raw}T18:00:00Z`,
    }));
    renderStrip([entries[0]!, ...more], Date.parse(`${DAY}T21:30:00Z`));
    const [today, empty, full] = screen.getAllByTestId('timetable-date');
    expect(today!.textContent).toBe('Today 23 Nov Nothing left');
    expect(today!.getAttribute('aria-label')).toBe('Today 23 Nov, Nothing left, Monday 23 November 2026');
    expect(empty!.textContent).toBe('Wed 25 Nov No sessions');
    expect(empty!.getAttribute('aria-label')).toBe('Wed 25 Nov, No sessions, Wednesday 25 November 2026');
    expect(full!.textContent).toBe('Thu 26 Nov');
    for (const link of [today!, empty!, full!]) {
      const name = words(link.getAttribute('aria-label')!);
      expect(name.slice(0, words(link.textContent!).length)).toEqual(words(link.textContent!));
    }
  });

  it('leaves today unmarked while a session is still to start', () => {
    renderStrip();
    expect(screen.queryAllByTestId('timetable-date-mark')).toHaveLength(0);
  });
});
