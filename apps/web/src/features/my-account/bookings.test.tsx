// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { useToastStore } from '../../lib/toast/store.ts';
import type { AuthUser } from '../auth/public.ts';
import { DashboardWarnings } from './components/DashboardWarnings.tsx';
import { CancelBookingDialog } from './components/CancelBookingDialog.tsx';
import type { Booking } from './api/bookings.ts';
import '../../lib/testing/async-timeout.ts';

/** The fee warning and the cancel dialog's fee outcome, at the HTTP boundary (only fetch is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), 'my-account': ns('my-account') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

type Call = { method: string; url: string };
let calls: Call[];
let answer: (call: Call) => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input) };
    calls.push(call);
    return answer(call);
  });
  useToastStore.setState({ toasts: [] });
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

const user = { hasOutstandingPenalties: true, documentExpiry: [], membershipDocumentUploadRequired: false } as unknown as AuthUser;
// fixed-date: the fee's session, only shown (the fee is owed whatever the date)
const fee = { id: 4, booking_id: 9, activity_name: 'Spin 45', venue_name: 'Bury Leisure Centre', date: '2026-11-23', time: '18:00', amount: 200, formatted_amount: '£2.00', created_at: '2026-11-23T16:00:00Z' };

describe('the dashboard warning of an unpaid late-cancellation fee', () => {
  it('names the fee and links to the page that pays it (credit or card)', async () => {
    answer = () => json({ data: [fee], total: 200, formatted_total: '£2.00' });
    show(
      <MemoryRouter>
        <DashboardWarnings user={user} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('You have an unpaid late-cancellation fee of £2.00. You cannot book again until it is paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay £2.00' }).getAttribute('href')).toBe('/late-fees');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('says nothing when nothing needs attention', () => {
    answer = () => json({ data: [] });
    const { container } = show(<DashboardWarnings user={{ ...user, hasOutstandingPenalties: false } as AuthUser} />);
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});

describe('the cancel dialog', () => {
  it('states the late-cancellation fee when the start is less than 4 hours away', () => {
    const booking = {
      // fixed-date: only shown in the warning, never compared with the clock
      id: 9, activityName: 'Spin 45', venue: { id: 1, slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' }, date: '2026-11-23', time: '18:00',
      person: { id: 3, firstName: 'Alex', lastName: 'Morgan', relationship: 'self' },
      cancellation: { outcome: 'fee', amount: 200, formattedAmount: '£2.00', creditExpiresAt: null, creditUntil: '2026-11-23T14:00:00Z' }, // fixed-date: only shown in the warning, never compared with the clock
    } as unknown as Booking;
    show(<CancelBookingDialog booking={booking} isPending={false} error={null} onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByText('Spin 45 at Bury Leisure Centre, Mon 23 Nov 2026 at 18:00, for Alex Morgan.')).toBeTruthy();
    expect(screen.getByText('Cancelling now costs a £2.00 late-cancellation fee, to be paid before you book again.')).toBeTruthy();
  });
});
