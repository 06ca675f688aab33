// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import type { ManageVenueDetails } from './api/venues.ts';
import { FooterTextForm } from './components/FooterTextForm.tsx';
import { OpeningHoursForm } from './components/OpeningHoursForm.tsx';
import '../../lib/testing/async-timeout.ts';

/** The venue's opening hours and footer forms (docs/operator-tools.md "Venues") at the HTTP boundary. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), manage: ns('manage') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

const venue: ManageVenueDetails = {
  id: 1,
  slug: 'bury-leisure-centre',
  name: 'Bury Leisure Centre',
  addressLine1: 'Castle Buildings',
  addressLine2: null,
  town: 'Bury',
  postcode: 'BL9 0EH',
  phone: null,
  email: null,
  description: null,
  openingHours: [1, 2, 3, 4, 5].map((isoDay) => ({ isoDay, opens: '06:30', closes: '22:00' })),
  footerHtml: '<p>Parking is free.</p>',
};

let calls: { method: string; url: string; body: unknown }[];
let answerMessage: string;
beforeEach(() => {
  calls = [];
  answerMessage = 'Saved.';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ data: { ...venue, address_line1: venue.addressLine1, opening_hours: [], footer_html: '<p>Safe</p>' }, message: answerMessage }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18next}>{children}</I18nProvider>
    </QueryClientProvider>,
  );

describe('the opening hours form', () => {
  it('refuses a close before the open without a call, then sends the open days only', async () => {
    const user = userEvent.setup();
    wrap(<OpeningHoursForm venueSlug="bury-leisure-centre" venue={venue} />);
    const monday = within(screen.getByTestId('hours-1'));
    expect((screen.getByTestId('hours-6').textContent ?? '').includes('Closed all day')).toBe(true);
    const closes = monday.getByLabelText('Closes');
    await user.clear(closes);
    await user.type(closes, '05:00');
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(monday.getByText('The closing time must be after the opening time')).toBeTruthy();
    expect(document.activeElement).toBe(monday.getByLabelText('Opens'));
    expect(calls).toEqual([]);
    await user.clear(closes);
    await user.type(closes, '21:00');
    await user.click(within(screen.getByTestId('hours-2')).getByLabelText('Open'));
    await user.click(within(screen.getByTestId('hours-7')).getByLabelText('Open'));
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/manage/venues/bury-leisure-centre/opening-hours',
        body: {
          days: [
            { iso_day: 1, opens: '06:30', closes: '21:00' },
            { iso_day: 3, opens: '06:30', closes: '22:00' },
            { iso_day: 4, opens: '06:30', closes: '22:00' },
            { iso_day: 5, opens: '06:30', closes: '22:00' },
            { iso_day: 7, opens: '09:00', closes: '17:00' },
          ],
        },
      },
    ]);
  });
});

describe('the footer text form', () => {
  it('sends the HTML as typed, then shows what the server stored and its message', async () => {
    const user = userEvent.setup();
    answerMessage = 'The footer text is saved. Parts that are not allowed (such as scripts, styles or forms) were removed.';
    wrap(<FooterTextForm venueSlug="bury-leisure-centre" venue={venue} />);
    const field = screen.getByLabelText('Footer HTML') as HTMLTextAreaElement;
    expect(field.value).toBe('<p>Parking is free.</p>');
    await user.clear(field);
    await user.type(field, '<p>Safe</p><script>x()</script>');
    await user.click(screen.getByRole('button', { name: 'Save footer text' }));
    expect(await screen.findByText(/were removed/)).toBeTruthy();
    expect(field.value).toBe('<p>Safe</p>');
    expect(calls).toEqual([{ method: 'PUT', url: '/api/manage/venues/bury-leisure-centre/footer', body: { html: '<p>Safe</p><script>x()</script>' } }]);
  });
});
