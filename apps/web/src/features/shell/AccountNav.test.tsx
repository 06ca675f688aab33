// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { AccountNav } from './AccountNav.tsx';

/*
 * The account tab strip on a phone (issue 21): it scrolls on its own with a fade and an arrow on
 * each side that has more, and keeps the current tab in view. jsdom has no layout, so a 375 px
 * strip of 104 px tabs is described to it: each tab 100 px wide, 4 px apart, after 16 px of padding.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const common = JSON.parse(fs.readFileSync(path.join(locales, 'common.json'), 'utf8')) as Record<string, unknown>;
const STRIP = 375;
const scrolled = new WeakMap<Element, number>();
const restore: (() => void)[] = [];
const define = (proto: object, name: string, descriptor: PropertyDescriptor) => {
  const original = Object.getOwnPropertyDescriptor(proto, name);
  Object.defineProperty(proto, name, { configurable: true, ...descriptor });
  restore.push(() => (original ? Object.defineProperty(proto, name, original) : Reflect.deleteProperty(proto, name)));
};

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  const isStrip = (el: Element) => el.getAttribute('data-testid') === 'account-tabs';
  const tabIndex = (el: Element) => (el.tagName === 'LI' ? [...el.parentElement!.children].indexOf(el) : -1);
  define(HTMLElement.prototype, 'offsetLeft', { get(this: HTMLElement) { return isStrip(this) ? 0 : this.tagName === 'LI' ? 16 + tabIndex(this) * 104 : 0; } });
  define(HTMLElement.prototype, 'offsetWidth', { get(this: HTMLElement) { return this.tagName === 'LI' ? 100 : isStrip(this) ? STRIP : 0; } });
  define(HTMLElement.prototype, 'clientWidth', { get(this: HTMLElement) { return isStrip(this) ? STRIP : 0; } });
  define(HTMLElement.prototype, 'scrollWidth', { get(this: HTMLElement) { return isStrip(this) ? 16 + this.children.length * 104 - 4 + 16 : 0; } });
  define(Element.prototype, 'scrollLeft', {
    get(this: Element) { return scrolled.get(this) ?? 0; },
    set(this: Element, value: number) { scrolled.set(this, Math.max(0, Math.min(value, this.scrollWidth - this.clientWidth))); },
  });
  define(Element.prototype, 'scrollBy', {
    value(this: Element, options: ScrollToOptions) {
      this.scrollLeft += options.left ?? 0;
      this.dispatchEvent(new Event('scroll'));
    },
  });
});
afterAll(() => restore.forEach((undo) => undo()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (at: string) => {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter initialEntries={[at]}>
          <AccountNav />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
};

describe('account tab strip on a narrow screen (issue 21)', () => {
  it('shows an arrow and fade where there are more tabs, and scrolls to them', () => {
    show('/dashboard');
    const strip = screen.getByTestId('account-tabs');
    expect(strip.scrollLeft).toBe(0);
    expect(screen.queryByTestId('account-tabs-before')).toBeNull();
    const after = screen.getByTestId('account-tabs-after');
    // For pointers only: hidden from screen readers and out of the Tab order.
    expect(after.getAttribute('aria-hidden')).toBe('true');
    expect(after.querySelector('button')!.tabIndex).toBe(-1);
    fireEvent.click(after.querySelector('button')!);
    expect(strip.scrollLeft).toBeGreaterThan(0);
    expect(screen.getByTestId('account-tabs-before')).toBeTruthy();
    for (let clicks = 0; clicks < 10 && screen.queryByTestId('account-tabs-after'); clicks += 1) {
      fireEvent.click(screen.getByTestId('account-tabs-after').querySelector('button')!);
    }
    // At the end: Log out is in view and there is nothing more to the right.
    expect(strip.scrollLeft).toBe(strip.scrollWidth - strip.clientWidth);
    expect(screen.queryByTestId('account-tabs-after')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('keeps the current tab in view when the page opens on a later tab', () => {
    show('/payments');
    const strip = screen.getByTestId('account-tabs');
    const current = screen.getByRole('link', { name: 'Payments' });
    expect(current.getAttribute('aria-current')).toBe('page');
    const item = current.closest('li')!;
    expect(item.offsetLeft).toBeGreaterThanOrEqual(strip.scrollLeft);
    expect(item.offsetLeft + item.offsetWidth).toBeLessThanOrEqual(strip.scrollLeft + strip.clientWidth);
    expect(screen.getByTestId('account-tabs-before')).toBeTruthy();
  });

  it('brings a tab reached with Tab clear of the fades', () => {
    show('/dashboard');
    const strip = screen.getByTestId('account-tabs');
    fireEvent.focus(screen.getByRole('button', { name: 'Log out' }));
    const item = screen.getByRole('button', { name: 'Log out' }).closest('li')!;
    expect(item.offsetLeft + item.offsetWidth).toBeLessThanOrEqual(strip.scrollLeft + strip.clientWidth);
  });
});
