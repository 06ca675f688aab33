// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { DEFAULT_THEME } from '@app/contract/rules/theme-defaults';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { clientKeys } from '../../lib/query-keys/client.ts';
import { Header } from './Header.tsx';
import '../../lib/testing/async-timeout.ts';

/*
 * Issue 21: the header offers 'Buy a membership' to people without one and 'My membership'
 * (My account → Memberships) to a member; a logged-in customer's server-rendered HTML, which
 * cannot know, says the neutral 'Memberships', so no wrong label shows before hydration (issue 28:
 * a visitor's, known from the logged-in cookie, says 'Buy a membership').
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const common = JSON.parse(fs.readFileSync(path.join(locales, 'common.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

const membership = (status: string) => ({ id: 1, reference: 'M1', plan: { id: 1, name: 'Gym & Swim', description: '' }, status });

const tree = (memberships: unknown[] | null) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(clientKeys.all, { id: 1, currency: { symbol: '£' }, onlineJoiningEnabled: true, kioskHomeUrl: null, onlineGuestPassesEnabled: false, analytics: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('memberships') && memberships) return new Response(JSON.stringify({ data: memberships }), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ data: { items: [] } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter>
          <Header theme={DEFAULT_THEME} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>
  );
};

describe('the header’s membership entry', () => {
  it('is the neutral Memberships in the server-rendered HTML of a logged-in customer, whose memberships the server never asks for', () => {
    document.cookie = 'logged_in_bookings=1; path=/';
    const html = renderToString(tree([membership('active')]));
    expect(html).toContain('>Memberships<');
    expect(html).not.toContain('Buy a membership');
    expect(html).not.toContain('My membership');
  });

  it("is Buy a membership in a visitor's server-rendered HTML (the logged-in cookie says there is no session), so hydration changes nothing", () => {
    const html = renderToString(tree(null));
    expect(html).toContain('>Buy a membership<');
    expect(html).not.toContain('>Memberships<');
  });

  it('is Buy a membership for a visitor', async () => {
    render(tree(null));
    await waitFor(() => expect(screen.getByTestId('membership-link').textContent).toBe('Buy a membership'));
  });

  it('is My membership, to My account → Memberships, for a logged-in member', async () => {
    document.cookie = 'logged_in_bookings=1; path=/';
    render(tree([membership('active')]));
    await waitFor(() => expect(screen.getByTestId('membership-link').textContent).toBe('My membership'));
    expect(screen.getByTestId('membership-link').getAttribute('href')).toMatch(/my-account\.[^/]+\/memberships$|\/memberships$/);
  });

  it('is Buy a membership for a logged-in customer whose only membership was cancelled', async () => {
    document.cookie = 'logged_in_bookings=1; path=/';
    render(tree([membership('cancelled')]));
    await waitFor(() => expect(screen.getByTestId('membership-link').textContent).toBe('Buy a membership'));
  });
});
