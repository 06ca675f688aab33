import { formatDateTime } from '../../lib/i18n-format.ts';
/** A time of day as the till shows it (the browser's clock is the venue's: the till stands in it). */
export const timeOf = (iso: string) => formatDateTime(new Date(iso), { hour: '2-digit', minute: '2-digit' });

/** A date and time for the Z report and the receipt. */
export const dateTimeOf = (iso: string) => formatDateTime(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
