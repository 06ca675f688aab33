// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/*
 * The language switch (issue 27) as the GOV.UK design system's language navigation: a nav named
 * 'Language' in the page's language, the current language as text marked aria-current, the other
 * a link in its own language to this address with ?lang= (other parameters kept).
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales');
const common = (lng: string) => JSON.parse(fs.readFileSync(path.join(locales, lng, 'common.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: common('en-GB') }, cy: { common: common('cy') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
afterEach(async () => {
  cleanup();
  document.documentElement.lang = '';
  window.history.replaceState(null, '', '/');
  await i18next.changeLanguage('en-GB');
});

const renderOn = (address: string) => {
  window.history.replaceState(null, '', address);
  render(
    <I18nProvider i18n={i18next}>
      <MemoryRouter initialEntries={[address]}>
        <LanguageSwitch />
      </MemoryRouter>
    </I18nProvider>,
  );
};

describe('the language switch', () => {
  it('on an English page: English current, a Welsh link to the same address with ?lang=cy', () => {
    document.documentElement.lang = 'en-GB';
    renderOn('/location/bury-leisure-centre?utm=x&lang=en-GB');
    const nav = screen.getByRole('navigation', { name: 'Language' });
    const current = within(nav).getByText('English');
    expect(current.tagName).toBe('SPAN');
    expect(current.getAttribute('aria-current')).toBe('true');
    const link = within(nav).getByRole('link', { name: 'Cymraeg' });
    expect(link.getAttribute('lang')).toBe('cy');
    expect(link.getAttribute('hreflang')).toBe('cy');
    expect(link.getAttribute('href')).toBe('/location/bury-leisure-centre?utm=x&lang=cy');
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });

  it("on a Welsh page: named 'Iaith', Cymraeg current, an English link in English", async () => {
    document.documentElement.lang = 'cy';
    await i18next.changeLanguage('cy');
    renderOn('/_/my-account/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Iaith' });
    expect(within(nav).getByText('Cymraeg').getAttribute('aria-current')).toBe('true');
    const link = within(nav).getByRole('link', { name: 'English' });
    expect(link.getAttribute('lang')).toBe('en-GB');
    expect(link.getAttribute('hreflang')).toBe('en-GB');
    expect(link.getAttribute('href')).toBe('/_/my-account/dashboard?lang=en-GB');
  });
});
