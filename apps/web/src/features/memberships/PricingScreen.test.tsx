// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { useToastStore } from '../../lib/toast/store.ts';
import { setPageData } from '../../lib/page-data.ts';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import PricingScreen from './PricingScreen.tsx';

/** Membership pricing at the HTTP boundary (only fetch is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), checkout: ns('checkout') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let answer: (call: Call) => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
    calls.push(call);
    return answer(call);
  });
  document.cookie = 'logged_in_bookings=1; path=/';
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

const show = renderScreen;

describe('membership pricing', () => {
  const categories = { data: [{ slug: 'spin', name: 'Spin', has_children: false }] };
  const price = {
    data: {
      customer_id: 51, is_member: false, discount: null,
      tickets: [{ pricing_option_id: 7, name: 'Standard', non_member: { raw: 800, formatted: '£8.00' }, member: { raw: 500, formatted: '£5.00' }, your_price: { raw: 800, formatted: '£8.00' } }],
    },
  };

  it('shows member and non-member prices side by side (at the home venue when none is chosen)', async () => {
    answer = (call) => {
      if (call.url.includes('/categories')) return json(categories);
      // fixed-date: the first bookable day of the fake dates list, sent back as given
      if (call.url.endsWith('/dates')) return json({ data: [{ raw: '2026-11-23', bookable: true }] });
      if (call.url.includes('/v2/timetable')) return json({ data: [{ occurrence_id: 901, name: 'Spin 45' }, { occurrence_id: 902, name: 'Rhythm Ride' }] });
      if (call.url.startsWith('/api/price/')) return json(price);
      if (call.url === '/api/auth/user') return json({ data: { reference: 'C-1', home_venue_slug: 'bury-leisure-centre' } });
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    };
    show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
    fireEvent.change(await screen.findByLabelText('Class'), { target: { value: '902' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Show prices' }));
    const table = await screen.findByTestId('pricing-table');
    expect(table.textContent).toContain('Non-member');
    expect(table.textContent).toContain('£8.00');
    expect(table.textContent).toContain('£5.00');
    const request = calls.find((call) => call.url.startsWith('/api/price/'))!;
    expect(request.url).toBe('/api/price/bury-leisure-centre/ticket/spin');
    expect(request.body).toMatchObject({ is_v2: true, occurrence_id: 902, reference: 'C-1' });
  });

  it('shows a visitor member and non-member prices without a login (no reference, no customer call, no your-price column)', async () => {
    document.cookie = 'logged_in_bookings=; path=/; max-age=0';
    document.cookie = `selected_venue=${encodeURIComponent(JSON.stringify({ slug: 'bury-leisure-centre', selectedSlugs: ['bury-leisure-centre'] }))}; path=/`;
    const visitorPrice = { data: { ...price.data, customer_id: null, tickets: price.data.tickets.map((ticket) => ({ ...ticket, your_price: ticket.non_member })) } };
    answer = (call) => {
      if (call.url.includes('/categories')) return json(categories);
      // fixed-date: as above
      if (call.url.endsWith('/dates')) return json({ data: [{ raw: '2026-11-23', bookable: true }] });
      if (call.url.includes('/v2/timetable')) return json({ data: [{ occurrence_id: 901, name: 'Spin 45' }] });
      if (call.url.startsWith('/api/price/')) return json(visitorPrice);
      if (call.url === '/api/auth/user') return json({ message: 'Unauthenticated.' }, 401);
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    };
    try {
      show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
      const button = await screen.findByRole('button', { name: 'Show prices' });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
      const table = await screen.findByTestId('pricing-table');
      const headers = [...table.querySelectorAll('th[scope="col"]')].map((cell) => cell.textContent);
      expect(headers).toEqual(['Ticket', 'Non-member', 'Member']);
      expect(table.textContent).toContain('£8.00');
      expect(table.textContent).toContain('£5.00');
      const request = calls.find((call) => call.url.startsWith('/api/price/'))!;
      expect(request.url).toBe('/api/price/bury-leisure-centre/ticket/spin');
      expect(request.body).toMatchObject({ is_v2: true, occurrence_id: 901, reference: null });
      expect(calls.some((call) => call.url === '/api/auth/user')).toBe(false);
    } finally {
      document.cookie = 'selected_venue=; path=/; max-age=0';
    }
  });

  it.each([
    ['a 400 shows its message', json({ message: 'That discount is not for this customer.' }, 400), 'That discount is not for this customer.'],
    ['anything else shows the generic text', json({ message: 'boom' }, 500), 'Something has gone wrong, please try again.'],
  ])('%s', async (_name, response, text) => {
    answer = (call) => {
      if (call.url.includes('/categories')) return json(categories);
      // fixed-date: as above
      if (call.url.endsWith('/dates')) return json({ data: [{ raw: '2026-11-23', bookable: true }] });
      if (call.url.includes('/v2/timetable')) return json({ data: [{ occurrence_id: 901, name: 'Spin 45' }] });
      if (call.url.startsWith('/api/price/')) return response;
      if (call.url === '/api/auth/user') return json({ data: { reference: 'C-1', home_venue_slug: 'bury-leisure-centre' } });
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    };
    show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
    const button = await screen.findByRole('button', { name: 'Show prices' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('pricing-error').textContent).toBe(text));
  });

  it('tells a member about their membership, never "Not a member yet?" (issue 21); a logged-in customer without one is asked', async () => {
    let memberships: unknown[] = [{ id: 1, status: 'active' }];
    answer = (call) => {
      if (call.url.includes('/categories')) return json(categories);
      if (call.url.endsWith('/memberships')) return json({ data: memberships });
      if (call.url === '/api/auth/user') return json({ data: { reference: 'C-1', home_venue_slug: 'bury-leisure-centre' } });
      return json({ data: { id: 1, currency: { symbol: '£' }, online_joining_enabled: true } });
    };
    const { unmount } = show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
    expect(await screen.findByText('You are a member: your membership, its renewal and what it covers are in My account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My membership' })).toBeTruthy();
    expect(screen.queryByText(/Not a member yet\?/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy a membership' })).toBeNull();
    unmount();
    memberships = [];
    show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
    expect(await screen.findByText(/Not a member yet\?/)).toBeTruthy();
  });

  describe('a server-rendered page (issue 28)', () => {
    const venueCookie = `selected_venue=${encodeURIComponent(JSON.stringify({ slug: 'bury-leisure-centre', selectedSlugs: ['bury-leisure-centre'] }))}; path=/`;
    const activities = '/api/activities/venue/bury-leisure-centre';
    // fixed-date: a day only passed through, as the page would carry it
    const day = '2026-11-23';
    afterEach(() => {
      setPageData({});
      document.cookie = 'selected_venue=; path=/; max-age=0';
    });

    it("a visitor's first render is whole from the page's answers: activity, classes, the button and the membership line, with no request", () => {
      document.cookie = 'logged_in_bookings=; path=/; max-age=0';
      document.cookie = venueCookie;
      setPageData({
        [`${activities}/categories`]: categories,
        [`${activities}/activity-category/spin/dates`]: { data: [{ raw: day, bookable: true }] },
        [`${activities}/activity/spin/v2/timetable?date=${day}`]: { data: [{ occurrence_id: 901, name: 'Spin 45' }, { occurrence_id: 902, name: 'Rhythm Ride' }] },
        '/api/client': { data: { id: 1, currency: { symbol: '£' }, online_joining_enabled: true } },
      });
      answer = () => json({ message: 'not expected' }, 500);
      show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
      // Synchronously, in the first render: nothing waits on the network.
      expect((screen.getByLabelText('Activity') as HTMLSelectElement).value).toBe('spin');
      expect([...(screen.getByLabelText('Class') as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Spin 45', 'Rhythm Ride']);
      expect((screen.getByRole('button', { name: 'Show prices' }) as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByText('Not a member yet? You can buy a membership online.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Buy a membership' })).toBeTruthy();
      expect(screen.queryByTestId('pricing-skeleton')).toBeNull();
      expect(calls).toEqual([]);
    });

    it("a logged-in customer's first render is the skeleton (their venue and membership are their own), then the form", async () => {
      answer = (call) => {
        if (call.url.includes('/categories')) return json(categories);
        if (call.url.endsWith('/dates')) return json({ data: [{ raw: day, bookable: true }] });
        if (call.url.includes('/v2/timetable')) return json({ data: [{ occurrence_id: 901, name: 'Spin 45' }] });
        if (call.url.endsWith('/memberships')) return json({ data: [] });
        if (call.url === '/api/auth/user') return json({ data: { reference: 'C-1', home_venue_slug: 'bury-leisure-centre' } });
        return json({ data: { id: 1, currency: { symbol: '£' } } });
      };
      show('/pricing', <Route path="/pricing" element={<PricingScreen />} />);
      expect(screen.getByTestId('pricing-skeleton')).toBeTruthy();
      expect(screen.queryByText(/Choose your venue/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Book an activity' })).toBeNull();
      expect(await screen.findByRole('button', { name: 'Show prices' })).toBeTruthy();
      expect(screen.queryByTestId('pricing-skeleton')).toBeNull();
      expect(screen.getByText(/Not a member yet\?/)).toBeTruthy();
    });
  });
});
