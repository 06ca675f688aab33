// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { createTranslationsBackend } from '../../../lib/i18n-backend.ts';
import { I18nProvider } from '../../../lib/i18n-react.tsx';
import type { PayResult, StaffCart, TillSession } from '../api/foh.ts';
import { TillReceipt } from './TillReceipt.tsx';
import '../../../lib/testing/async-timeout.ts';

/**
 * The printed till receipt is in the customer's recorded language (issue 27: the pay answer's
 * `receipt_language`), whatever the till page's: on an English till page a 'cy' receipt is Welsh
 * (its words and its dates, the Welsh 'foh' words fetched for it), an 'en-GB' one English; the
 * buttons, which are not printed, stay in the page's language.
 */
const locales = path.resolve(import.meta.dirname, '../../../../public/locales');
const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(path.join(locales, language, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const WELSH_MONTHS = ['Ion', 'Chw', 'Maw', 'Ebr', 'Mai', 'Meh', 'Gor', 'Awst', 'Medi', 'Hyd', 'Tach', 'Rhag'];
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

// Two months from now: a session's date on the receipt (computed from the clock).
const startsAt = new Date(Date.now() + 60 * 86_400_000);
const items = [
  {
    id: 41,
    name: 'Yoga Flow',
    cartableResource: { startsAt: startsAt.toISOString(), location: null },
    purchasedFor: { id: 7, firstName: 'Sam', lastName: 'Morgan' },
    price: { raw: 750, formatted: '£7.50' },
  },
] as unknown as StaffCart['items'];
const session = { id: 5, currencySymbol: '£', till: { name: 'Front desk' }, staff: { name: 'Jo Staff' } } as unknown as TillSession;
const paid = (receiptLanguage: 'en-GB' | 'cy') =>
  ({
    reference: 'ABC123',
    formattedTotal: '£7.50',
    changeDue: { raw: 250, formatted: '£2.50' },
    tenders: [{ tenderType: 'cash', amount: { raw: 750, formatted: '£7.50' }, amountTendered: { raw: 1000, formatted: '£10.00' }, changeDue: { raw: 250, formatted: '£2.50' }, reference: null }],
    receipt: 'print',
    receiptLanguage,
  }) as unknown as PayResult;

let fetched: string[] = [];
let i18n: I18n;
beforeEach(async () => {
  fetched = [];
  document.documentElement.lang = 'en-GB';
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(String(url));
    const [, , language, file] = String(url).split('/');
    return new Response(JSON.stringify(read(language!, file!.replace('.json', ''))), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  // The till page in English: only English's 'foh' is there before the receipt.
  i18n = i18next.createInstance();
  await i18n
    .use(createTranslationsBackend('/locales/{{lng}}/{{ns}}.json'))
    .init({ lng: 'en-GB', fallbackLng: 'en-GB', supportedLngs: ['en-GB', 'cy'], load: 'currentOnly', ns: ['foh'], defaultNS: 'foh', interpolation: { escapeValue: false }, showSupportNotice: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mount = (result: PayResult) =>
  render(
    <I18nProvider i18n={i18n}>
      <TillReceipt result={result} items={items} session={session} receipt="print" onNext={() => {}} />
    </I18nProvider>,
  );

describe('TillReceipt', () => {
  it("prints a 'cy' receipt in Welsh on an English till page", async () => {
    mount(paid('cy'));
    const receipt = await screen.findByTestId('till-receipt');
    expect(receipt.getAttribute('lang')).toBe('cy');
    expect(within(receipt).getByRole('heading', { name: 'Wedi talu' })).toBeTruthy();
    expect(within(receipt).getByText("Newid i'w roi: £2.50")).toBeTruthy();
    expect(within(receipt).getByText('Cyfeirnod yr archeb ABC123')).toBeTruthy();
    expect(within(receipt).getByText('Cyfanswm')).toBeTruthy();
    expect(within(receipt).getByTestId('receipt-tenders').textContent).toContain("Arian parod — £10.00 wedi'i roi");
    expect(receipt.textContent).toContain(` ${WELSH_MONTHS[startsAt.getMonth()]} ${startsAt.getFullYear()}`);
    expect(receipt.textContent).not.toContain(`${ENGLISH_MONTHS[startsAt.getMonth()]} ${startsAt.getFullYear()}`);
    expect(fetched).toContain('/locales/cy/foh.json');
    // The buttons are the staff's, in the page's language, and not printed.
    expect(screen.getByRole('button', { name: 'Print receipt' }).parentElement?.getAttribute('lang')).toBe('en-GB');
    expect(screen.getByRole('button', { name: 'Next customer' })).toBeTruthy();
  });

  it("prints an 'en-GB' receipt in English", async () => {
    mount(paid('en-GB'));
    const receipt = await screen.findByTestId('till-receipt');
    expect(receipt.getAttribute('lang')).toBe('en-GB');
    expect(within(receipt).getByRole('heading', { name: 'Paid' })).toBeTruthy();
    expect(within(receipt).getByText('Change due: £2.50')).toBeTruthy();
    expect(within(receipt).getByText('Booking reference ABC123')).toBeTruthy();
    expect(within(receipt).getByTestId('receipt-tenders').textContent).toContain('Cash — £10.00 tendered');
    expect(receipt.textContent).toContain(` ${ENGLISH_MONTHS[startsAt.getMonth()]} ${startsAt.getFullYear()}`);
    expect(fetched).not.toContain('/locales/cy/foh.json');
  });
});
