import { formatDateTime } from '../../lib/i18n-format.ts';

/**
 * A venue-local date ('2031-03-04') in words in the page's language: '4 March 2031', '4 Mawrth
 * 2031' (the app's own Welsh month names: lib/i18n-format.ts; docs/operator-tools.md "In Welsh").
 */
export const dayInWords = (date: string) => formatDateTime(new Date(`${date}T12:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
