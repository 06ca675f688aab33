// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import { useToastStore } from '../../lib/toast/store.ts';
import RegisterScreen from './RegisterScreen.tsx';

/** Sign-up on the bookings site at the HTTP boundary (only fetch is replaced): what it sends. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), account: ns('account') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
/** What the sign-up answers: a new account (a token) or the same answer for a known address. */
let signUpToken: string | null;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  signUpToken = null;
  useToastStore.setState({ toasts: [] });
  document.cookie = 'selected_venue=; Max-Age=0; Path=/';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
    calls.push(call);
    if (call.url.startsWith('/api/auth/customer/register')) return json({ status: 'success', token: signUpToken, data: { token: signUpToken, message: 'Check your inbox.' } }, 201);
    if (call.url.startsWith('/api/auth/user')) return json({ data: { id: 9, first_name: 'Jamie', home_venue_slug: null, membership_users: [] } });
    if (call.url === '/api/activities/venues') return json({ data: [{ id: 4, slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' }] });
    return json({ data: { id: 7, currency: { symbol: '£' } } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const signUpCall = () => calls.find((call) => call.url.startsWith('/api/auth/customer/register'));

describe('sign-up from the bookings site', () => {
  it('asks only for a name, email, password and the terms (issue 21)', async () => {
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    await screen.findByRole('heading', { name: 'Sign up' });
    const labels = [...document.querySelectorAll('main label, form label')].map((label) => label.textContent);
    expect(labels).toEqual(['First name', 'Last name', 'Email address', 'Password', 'I accept the terms and conditions and the privacy notice', 'Send me news and offers by email. You can change your mind at any time.']);
    for (const gone of ['Date of birth', 'Phone number', 'Address line 1', 'Postcode', 'Home venue']) expect(screen.queryByLabelText(gone, { exact: false })).toBeNull();
  });

  it('sends onboarding_type=customer_account_online (spec §9) with the client id, the source and the venue the visitor was on', async () => {
    document.cookie = `selected_venue=${encodeURIComponent(JSON.stringify({ slug: 'bury-leisure-centre', selectedSlugs: ['bury-leisure-centre'] }))}; Path=/`;
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    await screen.findByRole('heading', { name: 'Sign up' });
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie@example.com');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signUpCall()).toBeDefined());
    const request = signUpCall()!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/auth/customer/register?onboarding_type=customer_account_online');
    expect(request.body).toEqual({
      client_id: 7,
      source: 'bookings',
      first_name: 'Jamie',
      last_name: 'Rivers',
      email: 'jamie@example.com',
      home_venue_id: 4,
      password: 'correct horse battery',
      marketing_consent: false,
      terms: true,
    });
  });

  it("takes the home venue from the page the visitor goes back to (a timetable) when none is remembered", async () => {
    renderScreen('/register?redirect=%2Flocation%2Fbury-leisure-centre%2Fyoga%2Ftoday', <Route path="/register" element={<RegisterScreen />} />);
    await screen.findByRole('heading', { name: 'Sign up' });
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie@example.com');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signUpCall()).toBeDefined());
    expect(signUpCall()!.body).toMatchObject({ home_venue_id: 4 });
  });

  it('sends no home venue when the visitor was on none', async () => {
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    await screen.findByRole('heading', { name: 'Sign up' });
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie@example.com');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signUpCall()).toBeDefined());
    expect(signUpCall()!.body).toMatchObject({ home_venue_id: null });
  });

  it('an empty submit: the GOV.UK error summary at the top, focused, linking to each field with what is wrong; nothing sent', async () => {
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const summary = await screen.findByTestId('error-summary');
    expect(summary.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.querySelector('h2')!.textContent).toBe('There is a problem');
    const links = [...summary.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter your email address',
      'Enter a password',
      'Select the box to accept the terms and conditions',
    ]);
    // Each field says its own message, tied to it.
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('Enter your email address');
    // A link moves focus to its field.
    fireEvent.click(links[2]!);
    expect(document.activeElement).toBe(email);
    fireEvent.click(links[4]!);
    expect(document.activeElement).toBe(screen.getByLabelText(/I accept the terms/));
    expect(signUpCall()).toBeUndefined();
  });

  it('names what is wrong: the email format, and the spec §5 length message for a short password', async () => {
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie.example.com');
    fill('Password', 'short');
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByTestId('error-summary');
    expect([...summary.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Enter an email address in the correct format, like name@example.com',
      'Password: Must contain at least 8 character(s)',
    ]);
    const password = screen.getByLabelText('Password', { exact: true });
    expect(document.getElementById(password.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('Must contain at least 8 character(s)');
    expect(signUpCall()).toBeUndefined();
  });

  it("puts the server's field messages in the summary too", async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: undefined });
      if (url.startsWith('/api/auth/customer/register'))
        return json({ message: 'The given data was invalid.', code: 'validation_failed', errors: { password: ['This password is too common.'] } }, 422);
      if (url === '/api/activities/venues') return json({ data: [] });
      return json({ data: { id: 7, currency: { symbol: '£' } } });
    });
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie@example.com');
    fill('Password', 'password123');
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByTestId('error-summary');
    expect([...summary.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['This password is too common.']);
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('a new account goes back where the visitor was going, with a welcome toast naming them', async () => {
    signUpToken = 'new-session-token';
    renderScreen(
      '/register?redirect=%2Flocation%2Fbury-leisure-centre%2Fswimming',
      <>
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/location/:venue/:activity" element={<h1>Timetable</h1>} />
      </>,
    );
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie@example.com');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Timetable' })).toBeTruthy();
    expect(useToastStore.getState().toasts.map((toast) => [toast.content, toast.type])).toEqual([['Welcome, Jamie. Your account is ready.', 'success']]);
  });
});
