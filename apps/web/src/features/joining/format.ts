import { addDays, londonDate } from '@app/contract/rules/join-quote';

export { addDays, ageBandRefusal, longDate, MAX_START_DAYS_AHEAD } from '@app/contract/rules/join-quote';

/** Today at the venues (Europe/London) as YYYY-MM-DD. */
export const todayInLondon = (now: Date = new Date()): string => londonDate(now);

/** The start dates a join may take: today and the next 30 days. */
export const startDates = (today: string, daysAhead: number): string[] => Array.from({ length: daysAhead + 1 }, (_, i) => addDays(today, i));

/** UK sort code and account number as typed, without spaces or dashes. */
export const normaliseSortCode = (value: string) => value.replace(/[\s-]/g, '');
export const normaliseAccountNumber = (value: string) => value.replace(/\s/g, '');
