import { afterEach, describe, expect, it } from 'vitest';
import { activeLocale, asSupportedLanguage, formatDateTime, formatDateTimeParts, setServerLanguage } from './i18n-format.ts';

/**
 * The language screens format in (issue 27, docs/languages.md "Dates, times and money"). This
 * suite runs without a document, as a server render does: the render's language
 * (entry-server.tsx `setServerLanguage`) is the one in force. The formatters' Welsh is tested
 * beside them (features/catalogue/course-format-cy.test.ts, features/timetable/rules-cy.test.ts).
 */
afterEach(() => setServerLanguage(null));

describe('the active language for Intl', () => {
  it('is English unless the page is Welsh', () => {
    expect(activeLocale()).toBe('en-GB');
    setServerLanguage('cy');
    expect(activeLocale()).toBe('cy');
    setServerLanguage(null);
    expect(activeLocale()).toBe('en-GB');
  });

  it('reads anything but our two languages as English', () => {
    expect(asSupportedLanguage('cy')).toBe('cy');
    expect(asSupportedLanguage('fr')).toBe('en-GB');
    expect(asSupportedLanguage(undefined)).toBe('en-GB');
  });
});

describe('dates in the active language', () => {
  // fixed-date: pure formatters: the date in, its text out (a Saturday in January, a Thursday in September)
  const january = new Date(Date.UTC(2027, 0, 9, 12));
  const september = new Date(Date.UTC(2027, 8, 9, 18, 5)); // fixed-date: as above
  const long = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

  it("is English's pattern with English names on an English page", () => {
    expect(formatDateTime(january, long)).toMatch(/^Saturday,? 9 January 2027$/);
  });

  it("is English's pattern with Welsh names on a Welsh page, whatever the engine's Welsh data", () => {
    setServerLanguage('cy');
    expect(formatDateTime(january, long)).toMatch(/^Dydd Sadwrn,? 9 Ionawr 2027$/);
    expect(formatDateTime(september, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })).toMatch(/^Iau,? 9 Medi$/);
    expect(formatDateTime(september, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })).toBe('18:05');
    expect(formatDateTimeParts(january, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).map((p) => p.value).join('')).toBe('09/01');
  });

  it("names every day and month as CLDR's Welsh does (Node's full ICU)", () => {
    setServerLanguage('cy');
    for (const style of ['long', 'short'] as const) {
      for (let day = 0; day < 7; day++) {
        const date = new Date(Date.UTC(2027, 0, 3 + day, 12));
        expect(formatDateTime(date, { weekday: style, timeZone: 'UTC' })).toBe(new Intl.DateTimeFormat('cy', { weekday: style, timeZone: 'UTC' }).format(date));
      }
      for (let month = 0; month < 12; month++) {
        const date = new Date(Date.UTC(2027, month, 15, 12));
        expect(formatDateTime(date, { month: style, timeZone: 'UTC' })).toBe(new Intl.DateTimeFormat('cy', { month: style, timeZone: 'UTC' }).format(date));
      }
    }
  });
});

describe('calendar dates without Intl (docs/performance.md "Dates without Intl")', () => {
  const styles = {
    weekday: ['long', 'short'],
    day: ['numeric'],
    month: ['long', 'short'],
    year: ['numeric'],
  } as const;
  const shapes = [['weekday'], ['day'], ['month'], ['year'], ['day', 'month'], ['day', 'month', 'year'], ['month', 'year'], ['weekday', 'day', 'month'], ['weekday', 'day', 'month', 'year']] as const;
  /** Every combination of the shape's styles ({ weekday: 'long' | 'short', … }). */
  const optionsOf = (shape: readonly (keyof typeof styles)[]): Intl.DateTimeFormatOptions[] =>
    shape.reduce<Intl.DateTimeFormatOptions[]>(
      (all, field) => all.flatMap((options) => styles[field].map((style) => ({ ...options, [field]: style }))),
      [{ timeZone: 'UTC' }],
    );
  // fixed-date: pure formatter against the engine's own, over two years of days (every weekday and month, both lengths of each)
  const days = Array.from({ length: 730 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i, 12)));

  it.each(shapes.map((shape) => [shape.join(' '), shape] as const))('%s reads as en-GB Intl writes it, part by part, every day', (_, shape) => {
    for (const options of optionsOf(shape)) {
      const engine = new Intl.DateTimeFormat('en-GB', options);
      for (const day of days) expect(formatDateTimeParts(day, options, 'en-GB')).toEqual(engine.formatToParts(day));
    }
  });

  it("reads an instant's day on London's wall clock as Intl does, either side of midnight, all year", () => {
    const options = [
      { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' },
      { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/London' },
    ] as const;
    for (const shape of options) {
      const engine = new Intl.DateTimeFormat('en-GB', shape);
      for (const day of days)
        for (const utcHour of [-1, 0, 23]) {
          const instant = new Date(day.getTime() + (utcHour - 12) * 3_600_000 + 30 * 60_000);
          expect(formatDateTimeParts(instant, shape, 'en-GB')).toEqual(engine.formatToParts(instant));
        }
    }
  });

  it('keeps the pattern in Welsh and changes only the names', () => {
    // fixed-date: a Thursday in September (the month English shortens to 'Sept')
    const september = new Date(Date.UTC(2027, 8, 9, 12));
    expect(formatDateTime(september, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }, 'cy')).toBe('Iau, 9 Medi 2027');
    expect(formatDateTime(september, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }, 'cy')).toBe('Dydd Iau 9 Medi');
  });

  it('leaves times, other zones and other shapes to Intl', () => {
    // fixed-date: 18:05 UTC on a September day is 19:05 in London (summer time)
    const evening = new Date(Date.UTC(2027, 8, 9, 18, 5));
    expect(formatDateTime(evening, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' })).toBe('19:05');
    expect(formatDateTime(evening, { day: 'numeric', month: 'long', timeZone: 'Pacific/Kiritimati' })).toBe('10 September');
    expect(formatDateTime(evening, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })).toBe('09/09/2027');
  });
});
