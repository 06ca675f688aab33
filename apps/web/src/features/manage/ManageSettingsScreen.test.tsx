// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import type { NoShowPolicyAnswer } from './api/manage.ts';
import { PolicyForm } from './ManageSettingsScreen.tsx';
import '../../lib/testing/async-timeout.ts';

/** The no-show policy form (docs/operator-tools.md "Settings") at the HTTP boundary: checked before sending, the fee sent in pence. */
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
    return new Response(JSON.stringify({ data: { limit: 2, window_days: 14, fee_pence: 350, formatted_fee: '£3.50', currency_symbol: '£' }, changes: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer: NoShowPolicyAnswer = { data: { limit: 3, windowDays: 30, feePence: 200, formattedFee: '£2.00', currencySymbol: '£' }, changes: [] };

describe('the no-show policy form', () => {
  it('shows the policy, refuses values out of bounds without a call, and sends the fee in pence', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18next}>
          <PolicyForm answer={answer} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('policy-summary').textContent).toBe('Now: the no-show that makes 3 within 30 days charges £2.00.');
    const limit = screen.getByLabelText('No-shows that charge the fee');
    const fee = screen.getByLabelText('Fee (£)');
    await user.clear(limit);
    await user.type(limit, '0');
    await user.clear(fee);
    await user.type(fee, '2.555');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(screen.getByText('Enter a whole number from 1 to 50')).toBeTruthy();
    expect(screen.getByText('Enter an amount from £0.00 to £100.00')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(limit);
    await user.type(limit, '2');
    await user.clear(screen.getByLabelText('Counted over (days)'));
    await user.type(screen.getByLabelText('Counted over (days)'), '14');
    await user.clear(fee);
    await user.type(fee, '3.5');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Policy saved.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'PUT', url: '/api/manage/settings/no-show-policy', body: { limit: 2, window_days: 14, fee_pence: 350 } }]);
  });
});
