// Test support for the time-slot screen's component tests (never imported by the app).
import fs from 'node:fs';
import path from 'node:path';
import { Suspense } from 'react';
import { beforeEach } from 'vitest';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { authKeys } from '../../lib/query-keys/auth.ts';
import type { CartDto, CartItemDto } from '@app/contract/cart/cart';
import type { CategoryDetailDto } from '@app/contract/catalogue/category';
import type { DateEntryDto } from '@app/contract/timetable/dates';
import type { BookableEntryDto } from '@app/contract/timetable/entry';
import type { VenueDto } from '@app/contract/venues/venue';
import TimeSlotScreen from './TimeSlotScreen.tsx';

/**
 * findBy…/waitFor give up after 1 s by default: too short for a screen's first render on a
 * shared 2-core machine (or under faketime's shifted clock), where they failed at random.
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * The time-slot screen against a fake HTTP boundary (only `fetch` and `EventSource` are
 * replaced): the wire shapes the API answers, the calls the screen made, and a renderer.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

export const initI18n = () =>
  i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), timetable: ns('timetable'), basket: ns('basket'), catalogue: ns('catalogue') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

/**
 * The fixtures' day. The time-slot screen takes "today" and the booking window from the dates
 * list (`dates` below: `today: true` on the first), never from the clock, so it cannot go stale.
 */
// fixed-date: see above — an input of the fake API, not compared with the clock
export const DAY = '2026-11-23';

export const price = (raw: number) =>
  ({ raw, formatted: `£${(raw / 100).toFixed(2)}`, formatted_amount: (raw / 100).toFixed(2), is_estimated: false, benefit_applied: false, package_applied: false }) satisfies BookableEntryDto['price'];
const clock = (hhmm: string) => ({ format_24_hour: hhmm, format_12_hour: hhmm });

export type WireEntry = BookableEntryDto;
export const entry = (over: Partial<WireEntry> & { id: number | string; name: string; start: string; end: string }): WireEntry => {
  const { start, end, ...rest } = over;
  const base = {
    occurrence_id: typeof over.id === 'number' ? over.id : 900,
    composite_key: `${start}`,
    cart_type: 'purchasableOccurrence',
    pricing_option_id: 7,
    description: null,
    date: DAY,
    timestamp: 0,
    duration: 60,
    starts_at: clock(start),
    ends_at: clock(end),
    starts_at_iso: '',
    ends_at_iso: '',
    instructors: [],
    tags: [],
    location: { id: 1, name: 'Studio 1', slug: 'studio-1', type: 'studio' },
    price: price(650),
    price_basis: 'standard',
    standard_price: price(650),
    members_from: null,
    spaces: 3,
    spaces_remaining: 3,
    capacity: 20,
    bookings_count: 17,
    waitlist_count: 0,
    waitlist_id: null,
    booking: null,
    action_to_show: { status: 'BOOK', reason: null },
    // fixed-date: shown as text only (the screen does not compare them with the clock)
    first_bookable_at: { iso: '', local: '2026-11-16 22:00' },
    last_bookable_at: { iso: '', local: `${DAY} 09:00` },
    category_slug: 'yoga',
    venue_slug: 'bury',
    allows_anonymous_bookings: false,
    restrictions: { pre_waiver: false, pre_induction: false, criteria: [] },
    restriction_ids: [],
    kind: 'class',
  } satisfies Omit<WireEntry, 'id' | 'name'>;
  return { ...base, ...rest };
};

export const category = (slug = 'yoga', over: Record<string, unknown> = {}) => ({
  id: 3, slug, name: slug === 'yoga' ? 'Yoga' : 'Public Swim', short_description: null, description: null, image_url: null, is_root: false, parent_slug: 'fitness',
  browse_by_name: 'location', allocation_strategy: null, v1_type: 'class_templates', v2_type: 'classes', kind: 'activity', children_count: 0, has_children: false,
  locations: [{ id: 1, name: 'Bury Leisure Centre', type: 'venue', slug: 'bury', venue_id: 1, venue_slug: 'bury' }], children: [], parent: { slug: 'fitness', name: 'Fitness classes' },
  ...over,
}) satisfies CategoryDetailDto;
export const venue = (migrationDate: string | null) => ({
  id: 1, slug: 'bury', name: 'Bury Leisure Centre', address_line1: '1 Road', address_line2: null, town: 'Bury', postcode: 'BL9', lat: 53.6, lng: -2.3,
  timezone: 'Europe/London', phone: null, email: null, description: null, image_url: null, activities_v2_enabled: true,
  display_venue_selection_button: false, migration_date: migrationDate, online_joining_enabled: false,
}) satisfies VenueDto;
// fixed-date: the day after DAY, for the same reason
export const dates = [DAY, '2026-11-24'].map((raw, i) => ({
  raw, day_pretty: 'Mon', date_pretty: '23 Nov', full_date_pretty: raw, today: i === 0, year: 2026, bookable: true, opens_at: null, sessions: 1, last_starts_at: '2099-01-01T20:00:00.000Z', // fixed-date: a session still to come whatever the clock says
}) satisfies DateEntryDto);
/** A held place in the fake cart: occurrence `cartableId` for membership user `personId` (51: the customer). */
export const cartItem = (id: number, cartableId: number, personId = 51, status: CartItemDto['status'] = 'held') =>
  ({
    id, name: 'Hatha Yoga', type: 'purchasableOccurrence', cartable_id: cartableId, cartable_uuid: `occ-${cartableId}`,
    cartable_resource: {
      // fixed-date: shown as text only
      starts_at: `${DAY}T09:00:00Z`, ends_at: `${DAY}T10:00:00Z`, date: DAY, starts_at_clock: clock('09:00'), ends_at_clock: clock('10:00'),
      location: null, venue: { slug: 'bury', name: 'Bury Leisure Centre' }, category: { slug: 'yoga', name: 'Yoga' }, kind: 'class',
    },
    purchased_for_user_id: personId, purchased_for: { id: personId, first_name: 'Alex', last_name: 'Morgan' }, pricing_option_id: 7, pricing_option_name: 'Adult',
    price: { raw: 650, formatted: '£6.50', benefit_applied: false, package_applied: false }, covered_by: null, status,
    expires_at: '2099-01-01T00:00:00Z', origin: 'customer', sort_by: '', enable_print_receipt: false, // fixed-date: a hold that does not run out during the test
  }) satisfies CartItemDto;

export const cart = (itemCount: number, items: CartItemDto[] = []) => ({
  id: 1, uuid: 'c', source: 'activity-booking', items, item_count: itemCount, total: 650, sub_total: 650, tax_total: 0, balance: 650,
  formatted_total: '£6.50', formatted_balance: '£6.50', credits: { general: { type: 'general', total_available: 0, max_applicable: 0 }, membership: { type: 'membership', total_available: 0, max_applicable: 0 } }, attendee_waivers_required: 0, payments: [], selected_user_id: 5,
  complete_order_id: null, expires_at: '2099-01-01T00:00:00Z', itemHash: 'h', item_hash: 'h', // fixed-date: a hold that does not run out during the test
}) satisfies CartDto;
export const user = { id: 5, first_name: 'Alex', last_name: 'Morgan', membership_user: { id: 51 }, membership_users: [] };

export type Call = { method: string; url: string; body: unknown };

/** What the fake API answers (tests change it) and what it was asked. */
export const fake = {
  calls: [] as Call[],
  day: [] as WireEntry[],
  /** The customer's basket: GET {checkout} answers it; add and remove change it. */
  cartItems: [] as CartItemDto[],
  migration: null as string | null,
  replies: {} as Record<string, () => Response>,
};

// Every test starts with an empty basket (a test that needs a held place sets it in its own beforeEach, which runs after this one).
beforeEach(() => {
  fake.cartItems = [];
});

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  fake.calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const key = `${method} ${url.split('?')[0]}`;
  if (fake.replies[key]) return fake.replies[key]();
  if (key === 'GET /api/activities/venues/bury') return json({ data: venue(fake.migration) });
  if (key === 'GET /api/activities/venue/bury/categories/yoga') return json({ data: category() });
  if (key === 'GET /api/activities/venue/bury/activity-category/yoga/dates') return json({ data: dates });
  if (/GET \/api\/activities\/venue\/bury\/activity\/yoga\/(v2\/)?timetable/.test(key)) return json({ data: fake.day });
  if (key === 'GET /api/client') return json({ data: { id: 1, currency: { symbol: '£' } } });
  if (key === 'GET /api/auth/user') return json({ data: user });
  if (key === 'GET /api/activities/cart') return json({ data: cart(fake.cartItems.length, fake.cartItems) });
  if (key === 'POST /api/activities/cart/add') {
    const body = fake.calls.at(-1)!.body as { items: { id: number | string; purchased_for_user_id: number | null }[] };
    for (const added of body.items) {
      const occurrence = fake.day.find((e) => e.id === added.id)?.occurrence_id ?? Number(added.id);
      fake.cartItems = [...fake.cartItems, cartItem(900 + fake.cartItems.length + 1, occurrence, added.purchased_for_user_id ?? user.membership_user.id)];
    }
    return json({ data: cart(fake.cartItems.length, fake.cartItems) });
  }
  if (key === 'POST /api/activities/cart/remove') {
    const { cart_item_ids: removed } = fake.calls.at(-1)!.body as { cart_item_ids: number[] };
    fake.cartItems = fake.cartItems.filter((item) => !removed.includes(item.id));
    return json({ data: cart(fake.cartItems.length, fake.cartItems) });
  }
  return json({ data: {} });
};

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, (() => void)[]>();
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  close() {
    this.closed = true;
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

export const setToken = (token: string | null) => {
  document.cookie = token ? 'logged_in_bookings=1; path=/' : 'logged_in_bookings=; path=/; max-age=0';
};

export const renderAt = (url: string, { user: loaded }: { user?: unknown } = {}) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (loaded) queryClient.setQueryData(authKeys.user(), loaded);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/location/:venueSlug/:activitySlug/:dateSlug/:type?/*" element={<TimeSlotScreen />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
};
