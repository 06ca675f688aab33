// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { useBasketSummary } from '../../lib/basket-summary.ts';
import { basketKeys } from '../../lib/query-keys/basket.ts';
import BasketBar, { showsBasketBar } from './components/BasketBar.tsx';

/** The phones' sticky basket bar (issue 21): what it says, where it shows, and that it never ticks aloud. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  // On a whole second, as the countdown reads the clock to the second.
  vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000);
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useBasketSummary.setState({ itemCount: 0, expiresAt: null });
});

const show = (at: string, { itemCount, msLeft, total }: { itemCount: number; msLeft: number | null; total: number }) => {
  const expiresAt = msLeft === null ? null : new Date(Date.now() + msLeft).toISOString();
  useBasketSummary.setState({ itemCount, expiresAt });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(basketKeys.cart(), { itemCount, expiresAt, total });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[at]}>
          <BasketBar />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
};

describe('basket bar', () => {
  it('shows the count, the time the holds have left counting down, the total and View basket', () => {
    show('/location/bury-leisure-centre/yoga/2026-11-30', { itemCount: 2, msLeft: 14 * 60_000 + 32_000, total: 1300 });
    const bar = screen.getByRole('complementary', { name: 'Basket summary' });
    expect(bar.id).toBe('basket-bar');
    expect(screen.getByTestId('basket-bar-time').textContent).toBe('Held for 14:32');
    expect(screen.getByTestId('basket-bar-total').textContent).toBe('£13.00');
    expect(bar.textContent).toContain('2 items');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('basket-bar-time').textContent).toBe('Held for 14:30');
  });

  it('is no live region: the link reads the count, time left and total when focused', () => {
    show('/', { itemCount: 1, msLeft: 10 * 60_000, total: 750 });
    const link = screen.getByRole('link', { name: 'View basket' });
    expect(link.getAttribute('href')).toBe('/basket');
    const description = document.getElementById(link.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toMatch(/^1 item\b.*, total £7\.50, Held for 10:00$/);
    const bar = screen.getByTestId('basket-bar');
    expect(bar.closest('[aria-live]')).toBeNull();
    expect(bar.querySelector('[aria-live], [role="status"], [role="alert"], [role="timer"]')).toBeNull();
  });

  it('is hidden when the basket is empty and on the basket and checkout pages', () => {
    const { unmount } = show('/location/bury-leisure-centre', { itemCount: 0, msLeft: null, total: 0 });
    expect(screen.queryByTestId('basket-bar')).toBeNull();
    unmount();
    for (const page of ['/basket', '/basket/checkout', '/attendees', '/booking-confirmed/abc']) {
      const view = show(page, { itemCount: 1, msLeft: 60_000, total: 750 });
      expect(screen.queryByTestId('basket-bar'), page).toBeNull();
      view.unmount();
    }
    expect(showsBasketBar('/basketball', 1, false)).toBe(true);
    expect(showsBasketBar('/', 1, true)).toBe(false);
  });
});
