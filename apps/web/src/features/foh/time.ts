import { formatDateTime, type SupportedLanguage } from '../../lib/i18n-format.ts';
/** A time of day as the till shows it (the browser's clock is the venue's: the till stands in it). */
export const timeOf = (iso: string) => formatDateTime(new Date(iso), { hour: '2-digit', minute: '2-digit' });

/** A date and time for the Z report and the receipt (in the page's language, or the receipt's `language`). */
export const dateTimeOf = (iso: string, language?: SupportedLanguage) =>
  formatDateTime(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }, language);
