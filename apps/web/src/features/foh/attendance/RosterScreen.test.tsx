// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { TillSession } from '../api/foh.ts';
import type { RosterSession } from './api.ts';
import { FilteredSessions } from './RosterScreen.tsx';

/**
 * The roster's 'Find a person' (issue 24 "Attendance"): a name typed shows only the people whose
 * name or account holder's name holds it, in every session of the day (ended and later ones), with
 * how many were found; cleared, the usual view (sessions still to end that someone booked) returns.
 */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;
const session = { id: 5, currencySymbol: '£', till: { id: 3, name: 'Reception', venueSlug: 'bury-leisure-centre' } } as unknown as TillSession;

const now = Date.now();
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const person = (bookingId: number, name: string, holder: string, state: 'booked' | 'checked_in' | 'no_show' = 'booked') => ({
  bookingId,
  person: name,
  accountHolder: holder,
  accountUserId: bookingId * 10,
  state,
  checkedInAt: null,
});
const sessions: RosterSession[] = [
  { occurrenceId: 1, name: 'Early Swim', kind: 'class', location: 'Main pool', startsAt: at(-120), endsAt: at(-60), bookings: [person(11, 'Jo Morgan', 'Alex Morgan', 'no_show')] },
  { occurrenceId: 2, name: 'Yoga', kind: 'class', location: 'Studio 1', startsAt: at(60), endsAt: at(120), bookings: [person(21, 'Alex Morgan', 'Alex Morgan'), person(22, 'Priya Patel', 'Priya Patel')] },
  { occurrenceId: 3, name: 'Spin', kind: 'class', location: 'Studio 2', startsAt: at(180), endsAt: at(225), bookings: [person(31, 'Sam Lee', 'Sam Lee')] },
];

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), foh: ns('foh') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const names = () => screen.queryAllByTestId('roster-person').map((row) => row.querySelector('strong')!.textContent);

describe("the roster's Find a person", () => {
  it('finds by the person or the account holder in every session of the day, says how many, and the usual view returns when cleared', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18next}>
          <FilteredSessions sessions={sessions} readAt={now} session={session} onOutcome={() => {}} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    // The usual view: the sessions still to end that someone booked (not the ended early swim).
    expect(names()).toEqual(['Alex Morgan', 'Priya Patel', 'Sam Lee']);
    const find = screen.getByRole('searchbox', { name: 'Find a person' });
    await user.type(find, 'morgan');
    // Jo is found by the account holder, in the session that has ended, as a no-show.
    expect(names()).toEqual(['Jo Morgan', 'Alex Morgan']);
    expect(screen.getByTestId('roster-find-count').textContent).toBe('2 people found');
    expect(screen.queryByRole('group', { name: 'Show' })).toBeNull();
    await user.clear(find);
    await user.type(find, '  LEE ');
    expect(names()).toEqual(['Sam Lee']);
    expect(screen.getByTestId('roster-find-count').textContent).toBe('1 person found');
    await user.clear(find);
    await user.type(find, 'nobody');
    expect(names()).toEqual([]);
    expect(screen.getByTestId('roster-find-count').textContent).toBe('0 people found');
    await user.clear(find);
    expect(names()).toEqual(['Alex Morgan', 'Priya Patel', 'Sam Lee']);
    expect(screen.getByRole('group', { name: 'Show' })).toBeTruthy();
  });
});
