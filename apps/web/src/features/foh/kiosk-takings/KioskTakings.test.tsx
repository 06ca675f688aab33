// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { TillSession } from '../api/foh.ts';
import { TakingsReport } from './KioskTakingsScreen.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * The kiosk takings page (docs/front-of-house-screens.md "Kiosk takings") against a fake HTTP
 * boundary (only fetch is replaced): the till's venue's day by default, each payment with its
 * order and terminal reference, the total, the reversed ones apart, the CSV of the day shown;
 * another venue or day asks the server for that one; a refusal is shown as the server words it.
 */
configure({ asyncUtilTimeout: 5000 });
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const money = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}` });
const payment = (id: string, order: string | null, amount: number) => ({
  id,
  completed_at: new Date().toISOString(),
  order_reference: order,
  terminal_id: 'SIM-0001',
  terminal_reference: `SIM-0001 AUTH ${id.padStart(6, '0')}`,
  amount: money(amount),
});
const venues = { 'bury-leisure-centre': 'Bury Leisure Centre', radcliffe: 'Radcliffe' } as Record<string, string>;

let asked: string[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), foh: ns('foh') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/foh/tills') {
      const till = (id: number, slug: string) => ({ id, name: `Till ${id}`, venue: { id, slug, name: venues[slug] }, open_session: null });
      return json({ data: [till(1, 'bury-leisure-centre'), till(2, 'bury-leisure-centre'), till(3, 'radcliffe')], currency_symbol: '£' });
    }
    const takings = /^\/api\/foh\/venues\/([a-z-]+)\/kiosk-takings$/.exec(url.pathname);
    if (takings) {
      const slug = takings[1]!;
      asked.push(`${slug} ${url.searchParams.get('date') ?? 'today'}`);
      if (slug === 'radcliffe') return json({ code: 'forbidden', message: 'Unauthorised.' }, 403);
      const day = url.searchParams.get('date') ?? today;
      const payments = day === today ? [payment('1', 'BK-100', 750), payment('2', 'BK-101', 450)] : [];
      return json({
        data: { venue: { slug, name: venues[slug] }, date: day, payments, count: payments.length, total: money(payments.reduce((s, p) => s + p.amount.raw, 0)), reversed: day === today ? [payment('3', null, 500)] : [], currency_symbol: '£' },
      });
    }
    return json({ message: 'Not found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = { id: 5, currencySymbol: '£', till: { id: 1, name: 'Till 1', venueSlug: 'bury-leisure-centre' } } as unknown as TillSession;
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/till/kiosk-takings']}>
          <TakingsReport session={session} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('the kiosk takings page', () => {
  it("shows the till's venue's day: each payment, the total, the reversed ones apart, and the day's CSV", async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Card payments at the kiosk' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).slice(1));
    expect(rows).toEqual([
      ['Order', 'Terminal reference', 'Amount'],
      ['BK-100', 'SIM-0001 AUTH 000001', '£7.50'],
      ['BK-101', 'SIM-0001 AUTH 000002', '£4.50'],
      ['£12.00'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Total (2 payments)' })).toBeTruthy();
    const reversed = screen.getByRole('table', { name: /^Reversed: approved by the terminal, then refunded/ });
    expect(within(reversed).getByText('£5.00')).toBeTruthy();
    expect(within(reversed).queryByRole('rowheader', { name: /^Total/ })).toBeNull();
    expect(screen.getByLabelText('Venue')).toHaveProperty('value', 'bury-leisure-centre');
    expect(screen.getByLabelText('Day')).toHaveProperty('value', today);
    expect(screen.getByRole('link', { name: 'Download the kiosk takings (CSV)' }).getAttribute('href')).toBe(`/api/foh/venues/bury-leisure-centre/kiosk-takings.csv?date=${today}`);
    expect(asked).toEqual(['bury-leisure-centre today']);
  });

  it('asks for another day or venue; a refusal is shown as the server words it', async () => {
    show();
    await screen.findByRole('table', { name: 'Card payments at the kiosk' });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: yesterday } });
    expect(await screen.findByText('The kiosk took no card payments on this day.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the kiosk takings (CSV)' }).getAttribute('href')).toBe(`/api/foh/venues/bury-leisure-centre/kiosk-takings.csv?date=${yesterday}`);

    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: 'radcliffe' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Unauthorised.');
    expect(asked).toEqual(['bury-leisure-centre today', `bury-leisure-centre ${yesterday}`, `radcliffe ${yesterday}`]);
  });
});
