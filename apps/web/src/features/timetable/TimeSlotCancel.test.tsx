// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '../../lib/toast/store.ts';
import { useTimetableStore } from './store.ts';
import { DEFAULT_FILTERS } from './rules.ts';
import { DAY, entry, fake, fakeFetch, FakeEventSource, initI18n, json, renderAt, setToken } from './test-fake-api.tsx';
import '../../lib/testing/async-timeout.ts';

/** Issue 20, spec §7: cancelling from the bookings site sends DELETE activities/bookings/{id}/?source=bookings. */
beforeAll(async () => {
  await initI18n();
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const HOUR = 3_600_000;
const booked = (startsInHours: number) =>
  entry({
    id: 11, name: 'Hatha Yoga', start: '09:00', end: '10:00',
    starts_at_iso: new Date(Date.now() + startsInHours * HOUR).toISOString(),
    booking: { id: 501, type: 'booking' },
    action_to_show: { status: 'CANCEL_BOOKING', reason: null },
  });
const cancelledBooking = { id: 501, status: 'cancelled', cancellation_source: 'bookings', cancelled_with: { outcome: 'credit', amount: 650, formatted_amount: '£6.50', credit_expires_at: new Date(Date.now() + 365 * 24 * HOUR).toISOString(), fee_paid: null } };

beforeEach(() => {
  fake.calls = [];
  fake.migration = null;
  fake.day = [booked(48)];
  fake.replies = { 'DELETE /api/activities/bookings/501/': () => json({ data: [cancelledBooking], cancellations: [], message: 'Booking cancelled.' }) };
  FakeEventSource.instances = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('EventSource', FakeEventSource);
  useToastStore.setState({ toasts: [] });
  useTimetableStore.setState({ filters: DEFAULT_FILTERS, isManualDate: false, location: null });
  setToken('tok');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setToken(null);
});

describe('Cancel booking on the time-slot screen', () => {
  it('asks first, then sends DELETE activities/bookings/{id}/ with source=bookings and toasts the credit', async () => {
    renderAt(`/location/bury/yoga/${DAY}`);
    const item = await screen.findByTestId('timetable-item');
    expect(item.textContent).toContain('Booked');
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('Hatha Yoga, 09:00–10:00');
    expect(dialog.textContent).toContain('Cancelling at least 4 hours before the start gives what you paid back as account credit, valid for 12 months.');
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep booking' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.content)).toEqual(['Booking cancelled. £6.50 has been added to your account credit.']));
    expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/activities/bookings/501/?source=bookings']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the late fee within 4 hours; Keep booking sends nothing; a refusal shows in the dialog', async () => {
    fake.day = [booked(2)];
    fake.replies['DELETE /api/activities/bookings/501/'] = () => json({ message: 'This booking has already been cancelled.', code: 'booking_already_cancelled' }, 409);
    renderAt(`/location/bury/yoga/${DAY}`);
    fireEvent.click(within(await screen.findByTestId('timetable-item')).getByRole('button', { name: 'Cancel booking' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('Cancelling now costs a £2.00 late-cancellation fee, to be paid before you book again.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(screen.getByTestId('timetable-item')).getByRole('button', { name: 'Cancel booking' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This booking has already been cancelled.');
    expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/activities/bookings/501/?source=bookings']);
  });
});
