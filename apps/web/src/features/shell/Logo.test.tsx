// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { DEFAULT_THEME } from '@app/contract/rules/theme-defaults';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { clientKeys } from '../../lib/query-keys/client.ts';
import { Logo } from './Logo.tsx';

/*
 * Issue 21: the site is named by the operator's name (GET client `name`, clients.name), the
 * name its emails come from and its 3-D Secure page shows, not the locale's 'Bookings'.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const common = JSON.parse(fs.readFileSync(path.join(locales, 'common.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tree = (name: string | null, logo?: string) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (name !== null) client.setQueryData(clientKeys.all, { id: 1, name, currency: { symbol: '£' }, onlineJoiningEnabled: true, kioskHomeUrl: null, onlineGuestPassesEnabled: false, analytics: null });
  // Settings not known yet stay unknown: the request never answers.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
  return (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter>
          <Logo theme={{ ...DEFAULT_THEME, themeAppLogo: logo }} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>
  );
};

describe('the header names the operator', () => {
  it("shows the operator's name, linking home", () => {
    render(tree('Active North West'));
    expect(screen.getByRole('link', { name: 'Active North West' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Bookings')).toBeNull();
  });

  it("a logo's text alternative is the operator's name", () => {
    render(tree('Active North West', '/logo.png'));
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Active North West');
  });

  it('the server render says it too when the settings came with the page', () => {
    expect(renderToString(tree('Active North West'))).toContain('Active North West');
  });

  it("the locale's site name only while the settings are unknown", () => {
    render(tree(null));
    expect(screen.getByRole('link', { name: 'Bookings' })).toBeTruthy();
  });
});
