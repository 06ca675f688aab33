// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { CustomerPanel, TillSession } from '../api/foh.ts';
import { MembershipSale } from './MembershipSale.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * 'Sell a membership' at the till (issue 24) at the HTTP boundary: the plans of the till's venue,
 * the quote asked of the server for the chosen person and start date (never worked out here), the
 * sale sent with one card-terminal line of the quote's today's total, and where the link went.
 */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

const session = { id: 5, currencySymbol: '£', till: { id: 3, name: 'Reception', venueSlug: 'radcliffe-leisure-centre' } } as unknown as TillSession;
const people = [
  { membershipUserId: 6, name: 'Alex Morgan', relationship: 'self', dateOfBirth: '1980-04-01' }, // fixed-date: a date of birth, only shown
  { membershipUserId: 7, name: 'Sam Morgan', relationship: 'child', dateOfBirth: null },
] as CustomerPanel['people'];
const money = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}` });
const dated = (date: string, text: string) => ({ date, text });
const plan = { id: 21, name: 'Anytime Plus (12 months)', billing: 'monthly', monthly_price: money(2999), annual_price: null, joining_fee: money(0), age_band_text: 'Adult (18+)', venues: [], includes: [] };
const quote = {
  plan_id: 21,
  venue: 'radcliffe-leisure-centre',
  billing: 'monthly',
  start_date: dated('2030-05-26', '26 May 2030'), // fixed-date: a quote the stub server answers, only shown
  joining_fee: money(0),
  pro_rata: { amount: money(581), from: dated('2030-05-26', '26 May 2030'), to: dated('2030-05-31', '31 May 2030'), days: 6, days_in_month: 31 }, // fixed-date: as above
  next_month: { amount: money(2999), from: dated('2030-06-01', '1 June 2030'), to: dated('2030-06-30', '30 June 2030') }, // fixed-date: as above
  annual: null,
  today_total: money(3580),
  nothing_to_pay_today: false,
  first_collection: { date: dated('2030-07-01', '1 July 2030'), amount: money(2999) }, // fixed-date: as above
  monthly: money(2999),
  minimum_term_ends_on: dated('2031-05-25', '25 May 2031'), // fixed-date: as above
  cooling_off_ends_on: dated('2030-06-09', '9 June 2030'), // fixed-date: as above
  mandate_required: true,
  notice_rule: 'One month from the next collection.',
};
const sale = {
  membership_id: 90,
  membership_number: 'M00000042',
  status: 'awaiting_mandate',
  plan: { id: 21, name: plan.name },
  person: { id: 6, first_name: 'Alex', last_name: 'Morgan' },
  quote,
  order_reference: 'ABC123',
  till_session_id: 5,
  tenders: [],
  change_due: money(0),
  mandate_link_sent_to: 'alex@example.net',
  mandate_link_expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
};

let calls: { url: string; method: string; body: Record<string, unknown> | null }[] = [];
beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), foh: ns('foh') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ url: String(url), method: init.method ?? 'GET', body });
    const data = String(url).includes('/plans') ? [plan] : String(url).endsWith('/memberships/quote') ? quote : sale;
    return new Response(JSON.stringify({ data, message: 'ok' }), { status: String(url).endsWith('/memberships') ? 201 : 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('selling a membership at the till', () => {
  it("shows the server's quote, sends one card-terminal line of today's total, and says where the Direct Debit link went", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18next}>
          <MembershipSale accountUserId={12} session={session} people={people} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Sell a membership' }));
    await user.selectOptions(await screen.findByLabelText('Plan'), '21');
    const shown = await screen.findByTestId('till-membership-quote');
    expect(shown.textContent).toContain('£35.80');
    expect(shown.textContent).toContain('£29.99 on 1 July 2030');
    const asked = calls.find((c) => c.url.endsWith('/api/foh/customers/12/memberships/quote'))!;
    expect(asked.body).toMatchObject({ till_session_id: 5, plan_id: 21, membership_user_id: 6 });
    expect(String(asked.body!.start_date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // No tender chosen: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Take payment of £35.80 and sell' }));
    expect(screen.getByTestId('membership-sale-error').textContent).toBe('Choose how the customer pays today.');
    await user.click(screen.getByRole('button', { name: 'Card terminal' }));
    await user.type(screen.getByLabelText('Terminal reference'), 'RAD-1');
    await user.click(screen.getByRole('button', { name: 'Take payment of £35.80 and sell' }));
    await waitFor(() => expect(screen.getByTestId('membership-sold')).toBeTruthy());
    const sold = calls.filter((c) => c.url.endsWith('/api/foh/customers/12/memberships'));
    expect(sold).toHaveLength(1);
    expect(sold[0]!.body).toMatchObject({ till_session_id: 5, plan_id: 21, membership_user_id: 6, payments: [{ tender_type: 'card-terminal', amount: 3580, info: { terminal_reference: 'RAD-1' } }] });
    expect(screen.getByTestId('membership-sold-status').textContent).toContain('the link emailed to alex@example.net');
  });
});
