// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { ImportForm } from './ImportScreen.tsx';
import '../../lib/testing/async-timeout.ts';

/**
 * Import timetable (docs/operator-tools.md "Timetable import") at the HTTP boundary: Check file
 * sends a dry run; with errors they are listed by line and column and Import is not offered; a
 * clean check offers Import N classes, which sends the same file with apply.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), manage: ns('manage') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

type Call = { method: string; url: string; body: { csv: string; apply: boolean } };
let calls: Call[];
let answer: (call: Call) => Response;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: JSON.parse(String(init?.body)) as Call['body'] };
    calls.push(call);
    return answer(call);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18next}>
        <ImportForm />
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('Import timetable', () => {
  it('asks for a file, lists a dry run’s errors without offering Import, and imports a clean file with apply', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(screen.getByText('Choose a CSV file')).toBeTruthy();
    expect(calls).toEqual([]);

    answer = () => json({ applied: false, dry_run: true, rows: [], errors: [{ line: 3, column: 'capacity', message: 'Must be at least 1' }, { line: 4, column: null, message: 'Expected 12 fields, found 6.' }] });
    await user.upload(screen.getByLabelText('CSV file'), new File(['venue,name\nbad'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByRole('heading', { name: 'Nothing imported from bad.csv: 2 errors' })).tagName).toBe('H2');
    expect(screen.getByTestId('import-errors').textContent).toBe('Line 3, column capacity: Must be at least 1Line 4: Expected 12 fields, found 6.');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(calls).toEqual([{ method: 'POST', url: '/api/manage/timetable-import', body: { csv: 'venue,name\nbad', apply: false } }]);

    answer = (call) =>
      json({ applied: call.body.apply, dry_run: !call.body.apply, rows: [{ line: 2, summary: 'bury-leisure-centre: Late Yin Yoga created: 3 sessions' }, { line: 3, summary: 'bury-leisure-centre: Night Ride created: 3 sessions' }], errors: [] });
    await user.upload(screen.getByLabelText('CSV file'), new File(['good file'], 'good.csv', { type: 'text/csv' }));
    expect(screen.queryByTestId('import-result')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('heading', { name: 'good.csv is ready: 2 classes would be made' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 2 classes' }));
    expect(await screen.findByRole('heading', { name: 'Imported 2 classes from good.csv' })).toBeTruthy();
    expect(calls.slice(1).map((c) => c.body)).toEqual([
      { csv: 'good file', apply: false },
      { csv: 'good file', apply: true },
    ]);
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });
});
