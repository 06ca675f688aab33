// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import type { ManageOccurrence } from './api/manage.ts';
import { CancelOccurrenceDialog } from './components/CancelOccurrenceDialog.tsx';
import { ChangeOccurrenceDialog } from './components/ChangeOccurrenceDialog.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * The operator console's dialogs (issue 26, docs/operator-tools.md) at the HTTP boundary (only
 * fetch is replaced): Cancel session sends the reason and nothing without one; a capacity the
 * server refuses is shown in place; the instructor and room send only what changed. On a Welsh
 * page (issue 27) the session's date is in Welsh, by the app's own month names.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales');
const ns = (name: string, language = 'en-GB') => JSON.parse(fs.readFileSync(path.join(locales, language, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), manage: ns('manage') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answer: (call: Call) => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return answer(call);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>{node}</I18nProvider>
    </QueryClientProvider>,
  );

const now = Date.now();
const occurrence: ManageOccurrence = {
  id: 7,
  activityName: 'Rhythm Ride',
  kind: 'class',
  startsAt: new Date(now + 86_400_000).toISOString(),
  endsAt: new Date(now + 90_000_000).toISOString(),
  time: '18:00',
  endTime: '18:45',
  capacity: 20,
  booked: 3,
  held: 1,
  waiting: 0,
  instructor: { id: 2, name: 'Marcus Bennett' },
  location: null,
  cancelledAt: null,
  started: false,
  templateId: 3,
};
const day = '2031-03-04'; // fixed-date: only shown in the dialog's words, never compared with the clock
const answered = { data: { ...occurrence, cancelled_at: new Date(now).toISOString() }, message: 'Session cancelled. 3 bookings cancelled and credited; the customers have been emailed.' };

describe('Cancel session', () => {
  it('says what it will do, refuses a missing reason without a call, and sends the reason', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    answer = () => json({ ...answered, cancelled_bookings: 3, emailed_accounts: 2, credit_pence: 1950, released_holds: 1, closed_waitlist_entries: 0 });
    show(<CancelOccurrenceDialog occurrence={occurrence} date={day} onClose={() => {}} onDone={done} />);
    expect(screen.getByRole('heading', { name: 'Cancel this session?' })).toBeTruthy();
    expect(screen.getByText('Rhythm Ride, 4 March 2031 at 18:00')).toBeTruthy();
    expect(screen.getByText(/3 bookings will be cancelled/)).toBeTruthy();
    const reason = screen.getByLabelText('Reason (told to the customers)');
    expect(document.activeElement).toBe(reason);
    await user.click(screen.getByRole('button', { name: 'Cancel session' }));
    expect(screen.getByText('Give a reason (at least 3 characters)')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await user.type(reason, '  Instructor unwell ');
    await user.click(screen.getByRole('button', { name: 'Cancel session' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(answered.message));
    expect(calls).toEqual([{ method: 'POST', url: '/api/manage/occurrences/7/cancel', body: { reason: 'Instructor unwell' } }]);
  });

  it("shows the server's refusal in place", async () => {
    const user = userEvent.setup();
    answer = () => json({ message: 'This session has already been cancelled.', code: 'occurrence_cancelled' }, 409);
    show(<CancelOccurrenceDialog occurrence={occurrence} date={day} onClose={() => {}} onDone={() => {}} />);
    await user.type(screen.getByLabelText('Reason (told to the customers)'), 'Pool closed');
    await user.click(screen.getByRole('button', { name: 'Cancel session' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This session has already been cancelled.');
  });
});

describe('Change', () => {
  const options = { instructors: [{ id: 2, name: 'Marcus Bennett' }, { id: 5, name: 'Jo Rivers' }], locations: [{ id: 9, name: 'Cycle Studio' }] };

  it('shows a capacity below the places taken as the server words it, and checks a typed capacity first', async () => {
    const user = userEvent.setup();
    answer = () => json({ message: 'The capacity cannot be lower than the 4 places already booked or held.', code: 'capacity_below_taken' }, 409);
    show(<ChangeOccurrenceDialog occurrence={occurrence} date={day} {...options} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByText('At least the 4 places booked or held')).toBeTruthy();
    const capacity = screen.getByLabelText('Capacity');
    await user.clear(capacity);
    await user.type(capacity, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect(screen.getByText('Enter a whole number from 1 to 1000')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByRole('button', { name: 'Save capacity' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The capacity cannot be lower than the 4 places already booked or held.');
    expect(calls).toEqual([{ method: 'PUT', url: '/api/manage/occurrences/7/capacity', body: { capacity: 2 } }]);
  });

  it('sends only what changed of the instructor and room, with the reason', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    answer = () => json({ data: occurrence, emailed_accounts: 3, message: 'Session changed; 3 booked customers have been emailed.' });
    show(<ChangeOccurrenceDialog occurrence={occurrence} date={day} {...options} onClose={() => {}} onDone={done} />);
    await user.selectOptions(screen.getByLabelText('Room'), 'Cycle Studio');
    await user.type(screen.getByLabelText('Reason (optional, recorded)'), 'Studio 1 floor repair');
    await user.click(screen.getByRole('button', { name: 'Save instructor and room' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith('Session changed; 3 booked customers have been emailed.'));
    expect(calls).toEqual([{ method: 'PUT', url: '/api/manage/occurrences/7/staffing', body: { location_id: 9, reason: 'Studio 1 floor repair' } }]);
  });
});

describe('on a Welsh page', () => {
  beforeAll(async () => {
    i18next.addResourceBundle('cy', 'common', ns('common', 'cy'));
    i18next.addResourceBundle('cy', 'manage', ns('manage', 'cy'));
  });
  beforeEach(async () => {
    document.documentElement.lang = 'cy';
    await i18next.changeLanguage('cy');
  });
  afterEach(async () => {
    document.documentElement.lang = 'en-GB';
    await i18next.changeLanguage('en-GB');
  });

  it("names the session's day in Welsh in both dialogs", () => {
    show(<CancelOccurrenceDialog occurrence={occurrence} date={day} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByRole('heading', { name: "Canslo'r sesiwn hon?" })).toBeTruthy();
    expect(screen.getByText('Rhythm Ride, 4 Mawrth 2031 am 18:00')).toBeTruthy();
    cleanup();
    show(<ChangeOccurrenceDialog occurrence={occurrence} date={day} instructors={[]} locations={[]} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByText('4 Mawrth 2031 am 18:00')).toBeTruthy();
  });
});
