// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { CustomerPanelView } from './CustomerPanelView.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * The customer panel's memberships (issue 24) at the HTTP boundary: one waiting for its Direct
 * Debit offers a new link, sent once per press to its own membership, and says where it went;
 * an active one offers none.
 */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;
const money = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}` });

const panel = {
  account_user_id: 12,
  name: 'Alex Morgan',
  initials: 'AM',
  email: 'alex@example.net',
  phone: null,
  reference: 'C000012',
  people: [],
  memberships: [
    { id: 90, membership_number: 'M00000042', plan: 'Anytime Plus', person: 'Alex Morgan', status: 'awaiting_mandate' },
    { id: 91, membership_number: 'M00000043', plan: 'Swim Only', person: 'Sam Morgan', status: 'active' },
  ],
  credit: { general: money(0), membership: money(0) },
  unpaid_fees: [],
  arrears: money(0),
  today: [],
  upcoming: [],
  courses: [
    { id: 7, name: 'Swimming Stage 2', person: 'Sam Morgan', venue: 'Bury Leisure Centre', reference: 'CB-0007', next_session_at: new Date(Date.now() + 3 * 86_400_000).toISOString(), sessions_left: 4, sessions: 6 },
  ],
  notes: [],
};

let calls: { url: string; method: string }[] = [];
let answer: () => Response;
beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), foh: ns('foh') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  calls = [];
  answer = () =>
    new Response(JSON.stringify({ data: { membership_id: 90, sent_to: 'alex@example.net', expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString() }, message: 'sent' }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), method: init.method ?? 'GET' });
    if ((init.method ?? 'GET') === 'GET') return new Response(JSON.stringify({ data: panel }), { status: 200, headers: { 'content-type': 'application/json' } });
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <CustomerPanelView accountUserId={12} />
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('courses on the customer panel', () => {
  it('lists each course still running with its person, reference, next session and the sessions left', async () => {
    renderPanel();
    const heading = await screen.findByRole('heading', { name: 'Courses' });
    const item = within(heading.closest('section')!).getByRole('listitem');
    expect(item.textContent).toMatch(/^Swimming Stage 2, Sam Morgan \(CB-0007\): next \d+ \w+ \d{4},? \d\d:\d\d, 4 of 6 sessions left$/);
  });
});

describe('a membership waiting for its Direct Debit on the customer panel', () => {
  it('sends a new link for that membership and says where it went; an active membership offers none', async () => {
    const user = userEvent.setup();
    renderPanel();
    const send = await screen.findByRole('button', { name: 'Send a new Direct Debit link for Anytime Plus (M00000042)' });
    expect(screen.getAllByRole('button', { name: /Send a new Direct Debit link/ })).toHaveLength(1);
    await user.click(send);
    const item = send.closest('li')!;
    expect((await within(item).findByRole('status')).textContent).toBe('A new Direct Debit link has been sent to alex@example.net. Earlier links no longer work.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/foh/memberships/90/mandate-link']);
  });

  it("shows the server's refusal", async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'This membership is not waiting for a Direct Debit: there is no link to send.', code: 'not_awaiting_mandate' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /Send a new Direct Debit link/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('This membership is not waiting for a Direct Debit: there is no link to send.');
  });
});
