// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import common from '../../../public/locales/en-GB/common.json';
import { showToast, useToastStore } from '../../lib/toast/store.ts';
import { Announcer } from '../../lib/a11y/announcer.tsx';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from './Toaster.tsx';
import '../../lib/testing/async-timeout.ts';

const i18n = i18next.createInstance();

function renderToaster() {
  return render(
    <I18nProvider i18n={i18n}>
      <Toaster />
      <Announcer />
    </I18nProvider>,
  );
}

beforeAll(async () => {
  await i18n.init({ lng: 'en-GB', resources: { 'en-GB': { common } }, defaultNS: 'common' });
  // Toast items are a lazy chunk: load it and let it resolve once, so the tests below render
  // synchronously (on a busy machine the first dynamic import can take more than a second).
  await import('./ToastItem.tsx');
  renderToaster();
  act(() => {
    showToast({ content: 'warm-up', type: 'danger', closeAfter: 0 });
  });
  await screen.findByText('warm-up', {}, { timeout: 10_000 });
  cleanup();
  act(() => useToastStore.getState().clear());
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  act(() => useToastStore.getState().clear());
  vi.useRealTimers();
});

describe('Toaster (spec §3 Toast, §8, §9)', () => {
  it('closes a toast after its closeAfter time and then runs its callback', () => {
    const callback = vi.fn();
    renderToaster();
    act(() => {
      showToast({ content: 'Successfully added item to the basket.', type: 'success', closeAfter: 3000, callback });
    });
    // A success toast is read by the app's polite live region (alerts read themselves).
    expect(screen.getByTestId('toast')).not.toHaveProperty('role', 'alert');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Successfully added item to the basket.');
    act(() => vi.advanceTimersByTime(2799));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    expect(callback).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('keeps a toast with closeAfter 0 until it is dismissed', () => {
    const callback = vi.fn();
    renderToaster();
    act(() => {
      showToast({ content: 'Something went wrong, please try again.', type: 'danger', closeAfter: 0, callback });
    });
    act(() => vi.advanceTimersByTime(60_000));
    const toast = screen.getByRole('alert');
    expect(toast.dataset.type).toBe('danger');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('stands its timer still while hovered or focused, then closes after the time that was left (WCAG 2.2.1)', () => {
    const callback = vi.fn();
    renderToaster();
    act(() => {
      showToast({ content: "We couldn't find that venue.", type: 'error', closeAfter: 3000, callback });
    });
    act(() => vi.advanceTimersByTime(1000));
    const toast = screen.getByTestId('toast');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    fireEvent.focus(screen.getByRole('button', { name: 'Close notification' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(callback).not.toHaveBeenCalled();
    fireEvent.blur(screen.getByRole('button', { name: 'Close notification' }));
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("lists a 422's several field errors under 'Validation errors', each with its field", () => {
    renderToaster();
    act(() => {
      showToast({
        content: 'The given data was invalid.',
        type: 'error',
        validationMessages: {
          first_name: ['Required'],
          last_name: ['Required'],
          country: ['Must contain exactly 2 character(s)'],
          'items.0.ticket_id': ['Must be a ticket id (a number)'],
        },
      });
    });
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('The given data was invalid.');
    const list = screen.getByRole('list', { name: 'Validation errors' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'First name: Required',
      'Last name: Required',
      'Country: Must contain exactly 2 character(s)',
      'Ticket id: Must be a ticket id (a number)',
    ]);
    expect(list.previousElementSibling?.textContent).toBe('Validation errors');
  });

  it('shows no list for a toast without field errors', () => {
    renderToaster();
    act(() => {
      showToast({ content: 'Sorry, this session is full.', type: 'error', validationMessages: {} });
    });
    expect(screen.getByRole('alert').textContent).toContain('Sorry, this session is full.');
    expect(screen.queryByText('Validation errors')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('gives each type its own colour and icon, and announces toasts politely', () => {
    const { container } = renderToaster();
    act(() => {
      for (const type of ['error', 'success', 'warning', 'danger'] as const) showToast({ content: type, type });
    });
    const toasts = [...container.querySelectorAll<HTMLElement>('[data-testid="toast"]')];
    expect(new Set(toasts.map((toast) => toast.className)).size).toBe(4);
    expect(new Set(toasts.map((toast) => toast.querySelector('svg')?.getAttribute('class'))).size).toBe(4);
    expect(container.querySelector('[aria-live="polite"]')).not.toBeNull();
  });

  it("offers its action as a link ('View basket' after an add, issue 21) that closes the toast when followed", () => {
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/location/bury-leisure-centre/yoga']}>
          <Toaster />
          <Routes>
            <Route path="/basket" element={<h1>Shopping basket</h1>} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
        <Announcer />
      </I18nProvider>,
    );
    act(() => {
      showToast({ content: 'Successfully added item to the basket.', type: 'success', action: { label: 'View basket', to: '/basket' } });
    });
    const link = screen.getByRole('link', { name: 'View basket' });
    expect(link.getAttribute('href')).toBe('/basket');
    fireEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Shopping basket' })).toBeTruthy();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
