// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import MembershipsScreen from './MembershipsScreen.tsx';

/** Issue 21: an account without memberships is offered 'Buy a membership', not 'Book an activity'. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), holdings: ns('holdings'), 'my-account': ns('my-account') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

let onlineJoining = true;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/memberships')) return json({ data: [] });
    if (url.endsWith('/auth/user')) return json({ data: { id: 5, reference: 'C-1', first_name: 'Alex', last_name: 'Morgan', membership_user: { id: 51 }, membership_users: [] } });
    return json({ data: { id: 1, currency: { symbol: '£' }, online_joining_enabled: onlineJoining } });
  });
  document.cookie = 'logged_in_bookings=1; path=/';
  document.cookie = 'logged_in_my_account=1; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
  document.cookie = 'logged_in_my_account=; path=/; max-age=0';
});

describe('My account → Memberships, empty', () => {
  it('offers Buy a membership (online joining)', async () => {
    onlineJoining = true;
    renderScreen('/memberships', <Route path="/memberships" element={<MembershipsScreen />} />);
    const link = await screen.findByRole('link', { name: 'Buy a membership' });
    expect(link.getAttribute('href')).toMatch(/online-joining|\/_\/online-joining/);
    expect(screen.queryByRole('link', { name: 'Book an activity' })).toBeNull();
  });

  it('falls back to Book an activity where joining is not online', async () => {
    onlineJoining = false;
    renderScreen('/memberships', <Route path="/memberships" element={<MembershipsScreen />} />);
    expect(await screen.findByRole('link', { name: 'Book an activity' })).toBeTruthy();
  });
});
