// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { DEFAULT_THEME } from '@app/contract/rules/theme-defaults';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { loggedInCookieName } from '../../lib/api/auth-token.ts';
import { Header } from './Header.tsx';

/*
 * The till's screens on the front-of-house site have the till's header (issue 24): the logo and
 * 'Log out', none of the shop's links (book, membership, My account, the staff member's own
 * basket). Every other page of that site, and the same path on another site, keep the shop's.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const common = JSON.parse(fs.readFileSync(path.join(locales, 'common.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  document.cookie = `${loggedInCookieName()}=; max-age=0; path=/`;
});

const renderAt = (source: string, path: string) => {
  vi.stubEnv('VITE_SOURCE', source);
  // Logged in (the build's own cookie name: this test build has no source).
  document.cookie = `${loggedInCookieName()}=1; path=/`;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[path]}>
          <Header theme={DEFAULT_THEME} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
};

describe('the header of the front-of-house site', () => {
  it("on the till's screens: the logo and Log out, no shop links and no basket", () => {
    renderAt('foh', '/till/roster');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByTestId('basket-link')).toBeNull();
    expect(screen.queryByTestId('my-account-button')).toBeNull();
    // Its only navigation is the language switch (issue 27: in the bar below 768 px, in the header's row above; CSS shows one).
    expect(new Set(screen.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-label')))).toEqual(new Set(['Language']));
  });

  it('elsewhere on that site, and on the bookings site, the shop header', () => {
    renderAt('foh', '/login');
    expect(screen.getByTestId('basket-link')).toBeTruthy();
    expect(screen.queryByTestId('till-log-out')).toBeNull();
    cleanup();
    renderAt('bookings', '/till');
    expect(screen.getByTestId('basket-link')).toBeTruthy();
    expect(screen.queryByTestId('till-log-out')).toBeNull();
  });
});
