// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import type { AuthUser } from '../auth/public.ts';
import ForgottenPasswordScreen from './ForgottenPasswordScreen.tsx';
import ResetPasswordScreen from './ResetPasswordScreen.tsx';
import { ChangePasswordForm } from './components/ChangePasswordForm.tsx';
import { DetailsForm } from './components/DetailsForm.tsx';
import { FamilySection } from './components/FamilySection.tsx';
import type { MyDetails } from './api/my-details.ts';

/**
 * Issue 21: the account's forms follow the GOV.UK error summary pattern, as sign-up does: a
 * rejected submit shows 'There is a problem' (role alert, focused) with a link to each field,
 * and each field's own message names what is wrong ('Enter your current password'), never a
 * bare 'Required'.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), account: ns('account'), 'my-account': ns('my-account') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

type Reply = { status: number; body: unknown };
let calls: { url: string; body: unknown }[];
let reply: Reply;
beforeEach(() => {
  calls = [];
  reply = { status: 200, body: { data: { message: 'Done.' } } };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The summary after a rejected submit: focused, an alert, its links' texts, each pointing at a field labelled `labels[i]`. */
const expectSummary = async (root: HTMLElement, messages: string[], labels: string[]) => {
  const summary = await within(root).findByTestId('error-summary');
  expect(summary.getAttribute('role')).toBe('alert');
  expect(within(summary).getByRole('heading').textContent).toBe('There is a problem');
  await waitFor(() => expect(document.activeElement).toBe(summary));
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(messages);
  links.forEach((link, i) => {
    const field = document.getElementById(link.getAttribute('href')!.slice(1))!;
    expect(field, messages[i]).toBe(within(root).getByLabelText(labels[i]!));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
  // A link moves focus to its field.
  fireEvent.click(links[0]!);
  expect(document.activeElement).toBe(within(root).getByLabelText(labels[0]!));
  expect(root.textContent).not.toContain('Required');
  return summary;
};

const route = (at: string, element: React.ReactNode) => renderScreen(at, <Route path={at} element={element} />);

describe('the GOV.UK error summary on the account forms', () => {
  it('forgotten password', async () => {
    const { container } = route('/forgotten-password', <ForgottenPasswordScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    await expectSummary(container, ['Enter your email address or customer reference'], ['Email or customer reference']);
    expect(screen.getByLabelText('Email or customer reference').getAttribute('aria-describedby')).toMatch(/-error/);
    expect(calls).toEqual([]);
  });

  it('reset password: empty, then too short (spec §5, named by its field in the summary)', async () => {
    window.history.replaceState(null, '', `/reset-password?token=${'d'.repeat(43)}`);
    const { container } = renderScreen(`/reset-password?token=${'d'.repeat(43)}`, <Route path="/reset-password" element={<ResetPasswordScreen />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save new password' }));
    await expectSummary(container, ['Enter a new password'], ['New password']);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(within(screen.getByTestId('error-summary')).getByRole('link').textContent).toBe('New password: Must contain at least 8 character(s)'));
    expect(calls).toEqual([]);
  });

  it("change password: both fields, then the server's own message on the field", async () => {
    const { container } = route('/details', <ChangePasswordForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await expectSummary(container, ['Enter your current password', 'Enter a new password'], ['Current password', 'New password']);
    expect(calls).toEqual([]);

    reply = { status: 422, body: { message: 'The given data was invalid.', errors: { current_password: ['The current password is incorrect.'] } } };
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'not my password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brighter lake at noon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(screen.getByTestId('error-summary')).getAllByRole('link').map((link) => link.textContent)).toEqual(['The current password is incorrect.']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('error-summary')));
  });

  it('add a family member: their names, and a child’s date of birth', async () => {
    const user = { id: 5, firstName: 'Alex', lastName: 'Morgan', membershipUsers: [] } as unknown as AuthUser;
    const { container } = route('/details', <FamilySection user={user} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a family member' }));
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add family member' }));
    await expectSummary(
      container,
      ['Enter their first name', 'Enter their last name', 'Enter their date of birth'],
      ['First name', 'Last name', 'Date of birth'],
    );
    expect(calls).toEqual([]);
  });

  it('My details: the name, with the other refusal (the emergency pair) in the same summary', async () => {
    const details: MyDetails = {
      email: 'alex@example.com', reference: 'C1', firstName: 'Alex', lastName: 'Morgan', phone: null, addressLine1: null, addressLine2: null, town: null, postcode: null,
      emergencyContactName: null, emergencyContactPhone: null, marketingConsent: false, marketingSms: false,
    };
    const { container } = route('/details', <DetailsForm details={details} />);
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Contact name'), { target: { value: 'Sam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await expectSummary(container, ['Enter your first name', 'An emergency contact needs a name and a phone number.'], ['First name', 'Contact phone number']);
    expect(container.textContent).not.toContain('Please correct the highlighted fields.');
    expect(calls).toEqual([]);
  });
});
