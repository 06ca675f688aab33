// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import ResetPasswordScreen from './ResetPasswordScreen.tsx';

/**
 * The emailed link's reset form (issue 20): its token leaves the address as soon as it is read,
 * and nothing typed may be lost, even if the screen is mounted again after that.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), account: ns('account') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

const TOKEN = 'b'.repeat(43);
let sent: unknown[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ data: { message: 'Your password has been changed.' } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  // The address as the emailed link opened it.
  window.history.replaceState(null, '', `/reset-password?token=${TOKEN}`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (url: string) => renderScreen(url, <Route path="/reset-password" element={<ResetPasswordScreen />} />);

describe('reset password', () => {
  it('takes the token out of the address; a password typed at once survives the screen mounting again', async () => {
    const first = open(`/reset-password?token=${TOKEN}`);
    const field = await screen.findByLabelText('New password');
    fireEvent.change(field, { target: { value: 'a brighter lake at noon' } });
    expect(window.location.search).toBe('');

    // Mounted again, with the address as it now reads (no token): the same form, the same text.
    first.unmount();
    open('/reset-password');
    expect(((await screen.findByLabelText('New password')) as HTMLInputElement).value).toBe('a brighter lake at noon');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(sent).toEqual([{ token: TOKEN, password: 'a brighter lake at noon' }]));
    expect(await screen.findByTestId('password-reset-done')).toBeTruthy();
  });

  it('a new link starts an empty form', async () => {
    const other = 'c'.repeat(43);
    window.history.replaceState(null, '', `/reset-password?token=${other}`);
    open(`/reset-password?token=${other}`);
    expect(((await screen.findByLabelText('New password')) as HTMLInputElement).value).toBe('');
  });
});
