/**
 * The join quote (issue 23, docs/memberships.md "The quote rule"): what joining a membership plan
 * costs today and when the Direct Debits run. One rule for every screen (online joining, the
 * till later) and the API; pure and zod-free (it runs in the browser too).
 *
 * Dates are calendar dates in the operator's time zone (Europe/London) written YYYY-MM-DD; money
 * is integer pence. Direct Debits are collected on the 1st of each month. Starting on day d of a
 * month with D days, today's payment is the joining fee plus the pro-rata
 * round(monthly × (D − d + 1) / D) (half up); when d is after the 20th the Bacs lead time cannot
 * reach next month's collection, so today's payment also includes the next month in full and the
 * first Direct Debit is the 1st of the month after that. The start date may be today or up to 30
 * days ahead. Annual upfront: one card payment (joining fee + the annual price), no mandate.
 */

export const JOIN_TIME_ZONE = 'Europe/London';
export const MAX_START_DAYS_AHEAD = 30;
/** Days after the contract is made that the member may cancel with a full refund (Consumer Contracts Regulations 2013). */
export const COOLING_OFF_DAYS = 14;
/** The last day of a month on which joining still reaches next month's Direct Debit. */
export const LAST_DAY_FOR_NEXT_COLLECTION = 20;
/** A collection is created this many working days before its date and settles on the day. */
export const COLLECTION_LEAD_WORKING_DAYS = 3;
export const NOTICE_RULE =
  'After the 14-day cooling-off period you can cancel with one month’s notice from your next Direct Debit: that Direct Debit is the last one, and your membership ends the day before the following 1st.';

export type AgeBand = 'adult' | 'junior' | 'concession';
export const AGE_BAND_LABELS: Record<AgeBand, string> = {
  adult: 'Adult (18 and over)',
  junior: 'Junior (under 16)',
  concession: 'Concession (60 and over)',
};
export type Billing = 'monthly' | 'annual';

export type QuotePlan = {
  /** Per month (monthly plans); for an annual plan, the monthly equivalent shown for comparison. */
  monthlyPence: number;
  joiningFeePence: number;
  billing: Billing;
  /** Annual upfront: the price of the year; null for a monthly plan. */
  annualPence: number | null;
  /** 0 (none) or 12. */
  minimumTermMonths: 0 | 12;
};

export type JoinQuote = {
  billing: Billing;
  today: string;
  startDate: string;
  joiningFee: number;
  /** The start date to the end of its month (monthly plans); null for annual. */
  proRata: { amount: number; from: string; to: string; days: number; daysInMonth: number } | null;
  /** The month after the start month paid today in full (start after the 20th); else null. */
  nextMonth: { amount: number; from: string; to: string } | null;
  /** Annual upfront: the year paid today. */
  annual: { amount: number; from: string; to: string } | null;
  todayTotal: number;
  /** Null for annual upfront (no mandate). */
  firstCollection: { date: string; amount: number } | null;
  monthly: number;
  /** The last day of the minimum term (12 months; or the paid year for annual upfront); null without one. */
  minimumTermEndsOn: string | null;
  coolingOffEndsOn: string;
  mandateRequired: boolean;
  noticeRule: string;
};

export type QuoteRefusal = { field: 'start_date' | 'date_of_birth'; code: string; message: string };

/* ---- Calendar dates (YYYY-MM-DD, computed in UTC so no local clock interferes) ---- */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const parts = (date: string) => {
  const m = DATE.exec(date);
  if (!m) throw new TypeError(`Not a YYYY-MM-DD date: ${date}`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
};
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const fromUtc = (t: Date) => `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
const toUtc = (date: string) => {
  const { y, m, d } = parts(date);
  return new Date(Date.UTC(y, m - 1, d));
};

export const isCalendarDate = (date: string) => {
  if (!DATE.test(date)) return false;
  return fromUtc(toUtc(date)) === date;
};
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const addDays = (date: string, days: number) => fromUtc(new Date(toUtc(date).getTime() + days * 86_400_000));
/** `months` calendar months on, the day clamped to the month's end (31 January + 1 month = 28 or 29 February). */
export const addMonthsClamped = (date: string, months: number) => {
  const { y, m, d } = parts(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = daysInMonth(first.getUTCFullYear(), first.getUTCMonth() + 1);
  return fromUtc(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))));
};
export const firstOfMonth = (date: string, monthsOn = 0) => {
  const { y, m } = parts(date);
  return fromUtc(new Date(Date.UTC(y, m - 1 + monthsOn, 1)));
};
export const lastOfMonth = (date: string) => addDays(firstOfMonth(date, 1), -1);
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** The calendar date in Europe/London at `now` (BST aware: 23:30 UTC on 31 March in BST is 1 April). */
export const londonDate = (now: Date) => {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone: JOIN_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => f.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '1 January 2027'. */
export const longDate = (date: string) => {
  const { y, m, d } = parts(date);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};

/** Whole years of age on `on` (a birthday on 29 February counts from 1 March in other years). */
export const ageOn = (dateOfBirth: string, on: string) => {
  const b = parts(dateOfBirth);
  const o = parts(on);
  let age = o.y - b.y;
  if (o.m < b.m || (o.m === b.m && o.d < b.d)) age--;
  return age;
};

/** Null when the age on the start date fits the band, else why not. */
export const ageBandRefusal = (band: AgeBand, dateOfBirth: string, startDate: string): QuoteRefusal | null => {
  if (!isCalendarDate(dateOfBirth) || dateOfBirth > startDate) {
    return { field: 'date_of_birth', code: 'date_of_birth_invalid', message: 'Enter a real date of birth, in the past.' };
  }
  const age = ageOn(dateOfBirth, startDate);
  const fits = band === 'adult' ? age >= 18 : band === 'junior' ? age < 16 : age >= 60;
  if (fits) return null;
  const rule = band === 'adult' ? 'is for people aged 18 and over' : band === 'junior' ? 'is for people under 16' : 'is for people aged 60 and over';
  return { field: 'date_of_birth', code: 'age_out_of_band', message: `This plan ${rule} on the start date.` };
};

/** Null when `startDate` is today or up to 30 days ahead (London dates), else why not. */
export const startDateRefusal = (startDate: string, today: string): QuoteRefusal | null => {
  if (!isCalendarDate(startDate)) return { field: 'start_date', code: 'validation_failed', message: 'Enter the start date as YYYY-MM-DD.' };
  if (startDate < today) return { field: 'start_date', code: 'start_date_in_past', message: 'The start date cannot be in the past.' };
  if (startDate > addDays(today, MAX_START_DAYS_AHEAD)) {
    return { field: 'start_date', code: 'start_date_too_far', message: `The start date must be within ${MAX_START_DAYS_AHEAD} days of today (by ${longDate(addDays(today, MAX_START_DAYS_AHEAD))}).` };
  }
  return null;
};

/** round(a × n / d) for non-negative integers, half up, without floating point. */
const roundedShare = (a: number, n: number, d: number) => Math.floor((2 * a * n + d) / (2 * d));

/** The quote for `plan` starting on `startDate` when the contract is made on `today` (call startDateRefusal first). */
export const joinQuote = (plan: QuotePlan, startDate: string, today: string): JoinQuote => {
  const coolingOffEndsOn = addDays(today, COOLING_OFF_DAYS);
  if (plan.billing === 'annual') {
    const annual = plan.annualPence ?? plan.monthlyPence * 12;
    const to = addMonthsClamped(addDays(startDate, -1), 12);
    return {
      billing: 'annual',
      today,
      startDate,
      joiningFee: plan.joiningFeePence,
      proRata: null,
      nextMonth: null,
      annual: { amount: annual, from: startDate, to },
      todayTotal: plan.joiningFeePence + annual,
      firstCollection: null,
      monthly: plan.monthlyPence,
      minimumTermEndsOn: to,
      coolingOffEndsOn,
      mandateRequired: false,
      noticeRule: 'Paid for the year: it ends on its last day unless you renew, and after the 14-day cooling-off period it is not refunded.',
    };
  }
  const { y, m, d } = parts(startDate);
  const D = daysInMonth(y, m);
  const days = D - d + 1;
  const proRata = { amount: roundedShare(plan.monthlyPence, days, D), from: startDate, to: lastOfMonth(startDate), days, daysInMonth: D };
  const late = d > LAST_DAY_FOR_NEXT_COLLECTION;
  const nextMonth = late ? { amount: plan.monthlyPence, from: firstOfMonth(startDate, 1), to: lastOfMonth(firstOfMonth(startDate, 1)) } : null;
  return {
    billing: 'monthly',
    today,
    startDate,
    joiningFee: plan.joiningFeePence,
    proRata,
    nextMonth,
    annual: null,
    todayTotal: plan.joiningFeePence + proRata.amount + (nextMonth?.amount ?? 0),
    firstCollection: { date: firstOfMonth(startDate, late ? 2 : 1), amount: plan.monthlyPence },
    monthly: plan.monthlyPence,
    minimumTermEndsOn: plan.minimumTermMonths ? addMonthsClamped(addDays(startDate, -1), plan.minimumTermMonths) : null,
    coolingOffEndsOn,
    mandateRequired: true,
    noticeRule: NOTICE_RULE,
  };
};

/* ---- Cancelling ---- */

export type CancelPlan = {
  kind: 'cooling_off' | 'notice' | 'annual_end';
  /** The last day of the membership. */
  endsOn: string;
  /** The last Direct Debit to be collected (notice), or null. */
  lastCollection: string | null;
};

/**
 * When a membership cancelled on `today` ends. Within cooling-off (today ≤ coolingOffEndsOn): at
 * once (today), everything paid refunded. After it, monthly: the next collection after today is
 * the last, and the membership ends the day before the 1st after it; annual: at the end of the
 * paid year. Collections come on the 1st and are never before `firstCollection`.
 */
export const cancelPlan = (input: { billing: Billing; today: string; coolingOffEndsOn: string; firstCollection: string | null; paidTo: string }): CancelPlan => {
  if (input.today <= input.coolingOffEndsOn) return { kind: 'cooling_off', endsOn: input.today, lastCollection: null };
  if (input.billing === 'annual' || !input.firstCollection) return { kind: 'annual_end', endsOn: input.paidTo, lastCollection: null };
  const nextFirst = firstOfMonth(input.today, 1);
  const next = nextFirst > input.firstCollection ? nextFirst : input.firstCollection;
  return { kind: 'notice', endsOn: lastOfMonth(next), lastCollection: next };
};

/** Whether a 12-month term still binds on `today` (it cannot be cancelled online before its end, outside cooling-off). */
export const withinMinimumTerm = (minimumTermEndsOn: string | null, today: string) => minimumTermEndsOn !== null && today <= minimumTermEndsOn;

/* ---- Working days (England and Wales: weekends and bank holidays) ---- */

const easterSunday = (year: number) => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
};
const weekday = (date: string) => toUtc(date).getUTCDay();
const substitute = (date: string) => (weekday(date) === 6 ? addDays(date, 2) : weekday(date) === 0 ? addDays(date, 1) : date);
const firstWeekdayOf = (year: number, month: number, dow: number) => {
  const first = `${year}-${pad(month)}-01`;
  return addDays(first, (dow - weekday(first) + 7) % 7);
};
const lastWeekdayOf = (year: number, month: number, dow: number) => {
  const last = lastOfMonth(`${year}-${pad(month)}-01`);
  return addDays(last, -((weekday(last) - dow + 7) % 7));
};

/** England and Wales bank holidays by rule (one-off holidays such as coronations are not included). */
export const bankHolidays = (year: number): Set<string> => {
  const easter = easterSunday(year);
  const christmas = `${year}-12-25`;
  const boxing = `${year}-12-26`;
  const xmasObserved = weekday(christmas) === 6 ? `${year}-12-27` : weekday(christmas) === 0 ? `${year}-12-27` : christmas;
  const boxingObserved = weekday(boxing) === 6 ? `${year}-12-28` : weekday(boxing) === 0 ? `${year}-12-28` : boxing;
  return new Set([
    substitute(`${year}-01-01`),
    addDays(easter, -2),
    addDays(easter, 1),
    firstWeekdayOf(year, 5, 1),
    lastWeekdayOf(year, 5, 1),
    lastWeekdayOf(year, 8, 1),
    xmasObserved,
    boxingObserved,
  ]);
};
export const isWorkingDay = (date: string) => {
  const dow = weekday(date);
  return dow !== 0 && dow !== 6 && !bankHolidays(parts(date).y).has(date);
};
/** `n` working days before `date` (a collection dated the 1st is created this many working days ahead). */
export const workingDaysBefore = (date: string, n: number) => {
  let day = date;
  let left = n;
  while (left > 0) {
    day = addDays(day, -1);
    if (isWorkingDay(day)) left--;
  }
  return day;
};
/** The collection's settlement day: the 1st, or the next working day when the 1st is not one. */
export const settlementDay = (date: string) => {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
};
