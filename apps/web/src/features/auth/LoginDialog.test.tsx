// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { lazy, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { I18nProvider } from '../../lib/i18n-react.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import LoginForm from './LoginForm.tsx';
import { closeLoginModal, openLoginModal } from './login-modal.ts';
import '../../lib/testing/async-timeout.ts';

/**
 * Issue 21: the login modal opened by Book puts focus on its first field (email or reference),
 * not on the close button. jsdom has no modal dialogs: showModal here does what a browser's
 * does with focus (the first focusable element, the close button, unless something else is).
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), auth: ns('auth') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button, input, a[href]')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  act(() => closeLoginModal());
  cleanup();
});

const renderDialog = (form: React.ReactNode, { inBoundary = false } = {}) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18next}>
        <MemoryRouter>
          {inBoundary ? (
            // As AppLayout: one boundary around the dialog and its form, showing nothing while either loads.
            <Suspense fallback={null}>
              <LoginDialog>{form}</LoginDialog>
            </Suspense>
          ) : (
            <LoginDialog>{form}</LoginDialog>
          )}
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );

describe('login modal focus (issue 21)', () => {
  it('starts on the email field when the form is already loaded', async () => {
    renderDialog(<LoginForm />);
    act(() => openLoginModal());
    const field = await screen.findByRole('textbox', { name: /email/i });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it("opens whole once the form's code has arrived, on the email field (issue 28: it never grows after opening)", async () => {
    let arrive: (module: { default: typeof LoginForm }) => void = () => {};
    const LateForm = lazy(() => new Promise<{ default: typeof LoginForm }>((resolve) => (arrive = resolve)));
    renderDialog(<LateForm />, { inBoundary: true });
    act(() => openLoginModal());
    // Nothing open yet, so nothing to grow: no dialog, no spinner in one.
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => arrive({ default: LoginForm }));
    const field = await screen.findByRole('textbox', { name: /email/i });
    expect(field.closest('dialog')?.open).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});

describe('login form errors (issue 21: the GOV.UK error summary, as sign-up)', () => {
  it('an empty submit lists each field in a focused summary with messages that name it, and calls nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    try {
      act(() => openLoginModal());
      renderDialog(<LoginForm />);
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
      const summary = await within(dialog).findByTestId('error-summary');
      expect(summary.getAttribute('role')).toBe('alert');
      await waitFor(() => expect(document.activeElement).toBe(summary));
      const links = within(summary).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(['Enter your email address or customer reference', 'Enter your password']);
      expect(links.map((link) => document.getElementById(link.getAttribute('href')!.slice(1)))).toEqual([
        within(dialog).getByLabelText('Email or customer reference'),
        within(dialog).getByLabelText('Password'),
      ]);
      expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
      expect(dialog.textContent).not.toContain('Required');
      fireEvent.click(links[1]!);
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Password'));

      // Only the password missing: the summary says only that.
      fireEvent.change(within(dialog).getByLabelText('Email or customer reference'), { target: { value: 'alex@example.com' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter your password']));
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
