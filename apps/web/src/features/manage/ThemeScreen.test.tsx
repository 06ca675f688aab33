// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { contrastOf, ThemeForm } from './ThemeScreen.tsx';
import '../../lib/testing/async-timeout.ts';

/** The theme form (docs/operator-tools.md "Theme and maintenance"): the live WCAG AA check and what is sent. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), manage: ns('manage') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ data: { venue: null, theme: {} } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the theme form', () => {
  it('works out WCAG contrast ratios', () => {
    expect(contrastOf('#000000', '#ffffff')).toBe(21);
    expect(contrastOf('#767676', 'white')).toBe(4.54);
    expect(contrastOf('nope', 'white')).toBeNull();
  });

  it('says live whether each colour passes AA with what it is drawn with, refuses a bad colour without a call, and sends empty fields as null', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18next}>
          <ThemeForm level={{ venue: null, theme: { theme_app_primary_colour: '#1d4ed8', theme_app_header_bg_colour: '#ffffff', header_primary_colour: '#111111' } }} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('contrast-theme_app_primary_colour').textContent).toMatch(/^\d+\.\d\d:1 with white: passes AA$/);
    const primary = screen.getByLabelText('Primary colour (buttons and links)');
    await user.clear(primary);
    await user.type(primary, '#ffff00');
    expect(screen.getByTestId('contrast-theme_app_primary_colour').textContent).toMatch(/^1\.07:1 with white: fails AA \(needs 4\.5:1\)$/);
    const headerText = screen.getByLabelText('Header text and icons');
    await user.clear(headerText);
    await user.type(headerText, '#eeeeee');
    expect(screen.getByTestId('contrast-theme_app_header_bg_colour').textContent).toMatch(/fails AA/);
    await user.clear(primary);
    await user.type(primary, 'blue-ish');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(screen.getByText("Enter a hex colour such as #1d4ed8, or an 'R G B' triple")).toBeTruthy();
    expect(document.activeElement).toBe(primary);
    expect(calls).toEqual([]);
    await user.clear(primary);
    await user.type(primary, '#1d4ed8');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Theme saved: every page shows it now.')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/staff/theme',
        body: { theme_app_primary_colour: '#1d4ed8', theme_app_secondary_colour1: null, theme_app_header_bg_colour: '#ffffff', header_primary_colour: '#eeeeee', theme_app_dark_bg_colour: null, theme_app_logo: null },
      },
    ]);
  });
});
