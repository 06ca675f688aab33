import { addDays, londonDate } from '@app/contract/rules/join-quote';
import { activeLocale } from '../../lib/i18n-format.ts';

export { addDays, ageBandRefusal, MAX_START_DAYS_AHEAD } from '@app/contract/rules/join-quote';

/** YYYY-MM-DD as '1 January 2027' in the page's language ('1 Ionawr 2027'); the contract's longDate is the API's English. */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat(activeLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** Today at the venues (Europe/London) as YYYY-MM-DD. */
export const todayInLondon = (now: Date = new Date()): string => londonDate(now);

/** The start dates a join may take: today and the next 30 days. */
export const startDates = (today: string, daysAhead: number): string[] => Array.from({ length: daysAhead + 1 }, (_, i) => addDays(today, i));

/** UK sort code and account number as typed, without spaces or dashes. */
export const normaliseSortCode = (value: string) => value.replace(/[\s-]/g, '');
export const normaliseAccountNumber = (value: string) => value.replace(/\s/g, '');
