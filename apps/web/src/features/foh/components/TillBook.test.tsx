// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { CartTargetProvider } from '../../basket/public.ts';
import type { CustomerPanel, TillSession } from '../api/foh.ts';
import { TillBook } from './TillBook.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * The till's Book panel (issue 24) against a fake HTTP boundary (only `fetch`): Book adds the row
 * for the chosen family member through the staff route; a row not open online yet offers Book at
 * the desk; a waitlisted row opens the over-ride form, which needs a reason and sends it.
 */
configure({ asyncUtilTimeout: 5000 });
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

// The fake day: tomorrow by the clock (the panel shows what the dates list says, never compares).
const DAY = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const price = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}`, formatted_amount: (raw / 100).toFixed(2), is_estimated: false, benefit_applied: false, package_applied: false });
const clock = (hhmm: string) => ({ format_24_hour: hhmm, format_12_hour: hhmm });
const row = (id: number, start: string, status: string | null, reason: string | null = null) => ({
  id, occurrence_id: id, composite_key: start, name: `Yoga ${start}`, cart_type: 'purchasableOccurrence', pricing_option_id: 7, description: null, date: DAY, timestamp: 0, duration: 60,
  starts_at: clock(start), ends_at: clock(start), starts_at_iso: '', ends_at_iso: '', instructors: [], tags: [], location: { id: 1, name: 'Studio 1', slug: 'studio-1', type: 'studio' },
  price: price(750), price_basis: 'standard', standard_price: price(750), members_from: null, spaces: 3, spaces_remaining: status === 'JOIN_WAITLIST' ? 0 : 3, capacity: 20, bookings_count: 17,
  waitlist_count: 0, waitlist_id: null, booking: null, action_to_show: { status, reason },
  first_bookable_at: { iso: '', local: `${DAY} 09:00` }, last_bookable_at: { iso: '', local: `${DAY} 09:00` }, category_slug: 'yoga', venue_slug: 'bury',
  allows_anonymous_bookings: false, restrictions: { pre_waiver: false, pre_induction: false, criteria: [] }, restriction_ids: [], kind: 'class',
});
const category = {
  id: 3, slug: 'yoga', name: 'Yoga', short_description: null, description: null, image_url: null, is_root: false, parent_slug: 'fitness', browse_by_name: 'location', allocation_strategy: null,
  v1_type: 'class_templates', v2_type: 'classes', kind: 'activity', children_count: 0, has_children: false, locations: [], children: [], parent: { slug: 'fitness', name: 'Fitness classes' },
};
const fitness = { ...category, id: 2, slug: 'fitness', name: 'Fitness classes', is_root: true, parent_slug: null, children_count: 1, has_children: true, parent: null };
const venue = { id: 1, slug: 'bury', name: 'Bury Leisure Centre', timezone: 'Europe/London', migration_date: null };
// fixed-date: last_starts_at far ahead only says the day still has sessions to come, whatever the clock
const dates = [{ raw: DAY, day_pretty: 'Fri', date_pretty: '', full_date_pretty: DAY, today: false, year: 2026, bookable: true, opens_at: null, sessions: 3, last_starts_at: '2099-01-01T20:00:00.000Z' }];
// 12:00: not open online yet and already full (places taken at the desk): no Book at the desk either.
const day = [row(101, '09:00', 'BOOK'), row(102, '10:00', null, 'not_open_yet'), row(103, '11:00', 'JOIN_WAITLIST'), { ...row(104, '12:00', null, 'not_open_yet'), spaces_remaining: 0 }];

let calls: { url: string; method: string; body: Record<string, unknown> | null }[] = [];
const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status, headers: { 'content-type': 'application/json' } });
beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), basket: ns('basket'), foh: ns('foh'), timetable: ns('timetable') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ url: url.pathname, method, body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    const p = url.pathname;
    if (method === 'POST') return json({ items: [], item_count: 1, total: 750 });
    if (p.endsWith('/venue/bury/categories')) return json([fitness, category]);
    if (p.endsWith('/venue/bury/categories/yoga')) return json(category);
    if (p.endsWith('/venues/bury')) return json(venue);
    if (p.endsWith('/activity-category/yoga/dates')) return json(dates);
    if (p.endsWith('/activity/yoga/timetable')) return json(day);
    return json(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = { id: 5, currencySymbol: '£', till: { id: 1, name: 'Front desk 1', venueSlug: 'bury' } } as unknown as TillSession;
const people = [
  { membershipUserId: 6, name: 'Alex Morgan', relationship: 'self', dateOfBirth: null },
  { membershipUserId: 7, name: 'Sam Morgan', relationship: 'child', dateOfBirth: null },
] as CustomerPanel['people'];

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/till/customers/12?for=7&activity=yoga']}>
          <CartTargetProvider value={{ accountUserId: 12, tillSessionId: 5, onCart: () => {} }}>
            <TillBook session={session} people={people} />
          </CartTargetProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

const adds = () => calls.filter((call) => call.method === 'POST' && call.url.endsWith('/foh/customers/12/cart/add'));

describe('till book panel', () => {
  it('books a row for the chosen family member, and a row not open online yet, through the staff route', async () => {
    const user = userEvent.setup();
    mount();
    expect(await screen.findByRole('heading', { name: 'Book for Sam Morgan' })).toBeTruthy();
    const books = await screen.findAllByRole('button', { name: 'Book' });
    // 09:00 (open) and 10:00 (not open online yet: Book at the desk); 11:00 is the waitlist's; 12:00 is full.
    expect(books).toHaveLength(2);
    await user.click(books[0]!);
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]!.body).toMatchObject({ till_session_id: 5, items: [{ id: 101, purchased_for_user_id: 7, pricing_option_id: 7 }] });
    await user.click(books[1]!);
    await waitFor(() => expect(adds()).toHaveLength(2));
    expect(adds()[1]!.body).toMatchObject({ items: [{ id: 102, purchased_for_user_id: 7 }] });
  });

  it('takes a waitlisted place only with a typed reason, and sends the reason', async () => {
    const user = userEvent.setup();
    mount();
    await user.click(await screen.findByRole('button', { name: /Join waitlist/ }));
    const form = await screen.findByTestId('waitlist-override');
    expect(form.textContent).toContain('Yoga 11:00 at 11:00: places are kept for the waitlist');
    expect(form.textContent).toContain('To book Sam Morgan ahead of them');
    await user.click(screen.getByRole('button', { name: 'Book ahead of the waitlist' }));
    expect(await screen.findByText('Give a reason (at least 3 characters).')).toBeTruthy();
    expect(adds()).toHaveLength(0);
    await user.type(screen.getByLabelText('Reason for booking ahead of the waitlist'), 'Carer must attend with client');
    await user.click(screen.getByRole('button', { name: 'Book ahead of the waitlist' }));
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(adds()[0]!.body).toMatchObject({ till_session_id: 5, waitlist_override_reason: 'Carer must attend with client', items: [{ id: 103, purchased_for_user_id: 7 }] });
  });
});
