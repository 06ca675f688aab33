// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import { CartTargetProvider } from '../../basket/public.ts';
import type { CustomerPanel, StaffCart, TillSession } from '../api/foh.ts';
import { TillBook } from '../components/TillBook.tsx';
import { PayPanel } from '../components/PayPanel.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * A walk-in sale's parts (issue 24, "Walk-in sales") against a fake HTTP boundary: the Book part
 * lists only the activities that allow guests, with no Courses and no person to choose; Take
 * payment offers no Credit tender and no emailed receipt.
 */
configure({ asyncUtilTimeout: 5000 });
const locales = path.resolve(import.meta.dirname, '../../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

const leaf = (id: number, slug: string, name: string, parent: string, v2: string) => ({
  id, slug, name, short_description: null, description: null, image_url: null, is_root: false, parent_slug: parent, browse_by_name: 'location', allocation_strategy: null,
  v1_type: v2 === 'classes' ? 'class_templates' : 'resources', v2_type: v2, kind: 'activity', children_count: 0, has_children: false, locations: [], children: [], parent: { slug: parent, name: parent },
});
const root = (id: number, slug: string, name: string, v2: string) => ({ ...leaf(id, slug, name, '', v2), is_root: true, parent_slug: null, children_count: 1, has_children: true, parent: null });
const categories = [root(1, 'fitness-classes', 'Fitness classes', 'classes'), leaf(2, 'yoga', 'Yoga', 'fitness-classes', 'classes'), root(3, 'swimming', 'Swimming', 'classes'), leaf(4, 'public-swim', 'Public Swim', 'swimming', 'classes')];
const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), basket: ns('basket'), foh: ns('foh'), timetable: ns('timetable') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', async (input: string) => {
    const p = new URL(String(input), 'http://localhost').pathname;
    if (p.endsWith('/venue/bury/categories')) return json(categories);
    if (p.endsWith('/terms')) return json([]);
    return json(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = { id: 5, currencySymbol: '£', till: { id: 1, name: 'Front desk 1', venueSlug: 'bury' } } as unknown as TillSession;
const people = [{ membershipUserId: 90, name: 'Walk-in (Front desk 1)', relationship: 'self', dateOfBirth: null }] as CustomerPanel['people'];
const wrap = (children: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={['/till/walk-in']}>
          <CartTargetProvider value={{ accountUserId: 80, tillSessionId: 5, onCart: () => {} }}>{children}</CartTargetProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('a walk-in sale', () => {
  it('lists only the activities that allow guests, without Courses or a person to choose', async () => {
    wrap(<TillBook session={session} people={people} walkIn={{ guestCategories: ['swimming', 'public-swim'] }} />);
    const activity = await screen.findByLabelText('Activity or court');
    await within(activity).findByRole('option', { name: 'Public Swim' });
    expect(within(activity).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose an activity', 'Public Swim']);
    expect(screen.queryByLabelText('Booking for')).toBeNull();
    expect(screen.getByText(/Walk-ins may book only activities that allow guests/)).toBeTruthy();
  });

  it('takes payment without a Credit tender or an emailed receipt', async () => {
    const user = userEvent.setup();
    const cart = { items: [{ id: 1 }], total: 450, itemHash: 'a', selectedUserId: 90, credits: { general: { totalAvailable: 0 }, membership: { totalAvailable: 0 } } } as unknown as StaffCart;
    wrap(<PayPanel cart={cart} session={session} accountUserId={80} onPaid={() => {}} walkIn />);
    const tenders = screen.getByRole('group', { name: 'Tender' });
    expect(within(tenders).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cash', 'Cheque', 'Voucher', 'Card terminal']);
    const receipt = screen.getByRole('group', { name: 'Receipt' });
    expect(within(receipt).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['print', 'none']);
    await user.click(within(tenders).getByRole('button', { name: 'Cash' }));
    await user.type(screen.getByLabelText(/Amount tendered/), '10');
    expect(screen.getByTestId('change-due').textContent).toBe('Change due: £5.50');
  });
});
