import { formatDateTime } from '../../../lib/i18n-format.ts';
/** Dates of the account's bookings: the venue-local date (YYYY-MM-DD) as "Tue 24 Nov 2026"; instants as "22 November 2027". */
export const bookingDate = (raw: string) =>
  formatDateTime(new Date(`${raw}T12:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).replace(',', '');

export const longDate = (iso: string) => formatDateTime(new Date(iso), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
