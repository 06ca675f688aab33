// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { EditForm } from './SeriesEditScreen.tsx';
import type { SeriesAnswer } from './api/series-edit.ts';
import '../../lib/testing/async-timeout.ts';

/** The series edit form's Day (docs/operator-tools.md "Editing and ending a series"): labelled, the current day chosen, the day sent with every field. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), manage: ns('manage') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

const series = {
  templateId: 9, activityId: 4, name: 'Evening Pilates', venueSlug: 'bury-leisure-centre', isoDayOfWeek: 2, startTime: '18:30', durationMinutes: 45, instructorId: null, locationId: null,
  capacity: 12, pricePence: 650, memberPricePence: 500, bookingWindowDays: 7, tagIds: [], validFrom: '2026-01-06', validUntil: null, // fixed-date: a stored series' first date, shown nowhere
};
let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ data: { template_id: 9, iso_day_of_week: 4 }, kept_sessions: 1, message: 'Evening Pilates is saved: 3 future sessions follow.' }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18next}>
        <EditForm templateId={9} answer={{ data: series, tags: [] } as SeriesAnswer} options={{ categories: [], locations: [], instructors: [] }} />
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('the series edit form', () => {
  it('offers the days Monday to Sunday under a labelled Day select, with the current day chosen and its hint tied to it', () => {
    renderForm();
    const day = screen.getByRole('combobox', { name: 'Day' }) as HTMLSelectElement;
    expect(day.value).toBe('2');
    expect([...day.options].map((o) => [o.value, o.text])).toEqual([['1', 'Monday'], ['2', 'Tuesday'], ['3', 'Wednesday'], ['4', 'Thursday'], ['5', 'Friday'], ['6', 'Saturday'], ['7', 'Sunday']]);
    expect(document.getElementById(day.getAttribute('aria-describedby')!)!.textContent).toContain('Sessions with bookings keep their day.');
  });

  it('sends the chosen day with the other fields, and the current day when it is not changed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save series' }));
    expect(await screen.findByText('Evening Pilates is saved: 3 future sessions follow.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), 'Thursday');
    await user.click(screen.getByRole('button', { name: 'Save series' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const rest = { start_time: '18:30', duration_minutes: 45, instructor_id: null, location_id: null, capacity: 12, price_pence: 650, member_price_pence: 500, booking_window_days: 7, tag_ids: [] };
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/manage/series/9', body: { iso_day_of_week: 2, ...rest } },
      { method: 'PUT', url: '/api/manage/series/9', body: { iso_day_of_week: 4, ...rest } },
    ]);
  });
});
