import { describe, expect, it } from 'vitest';
import { wallDate, wallDateTime } from './wall-clock.ts';

const engines = new Map<string, Intl.DateTimeFormat>();
const byEngine = (instant: Date, timeZone: string) => {
  let engine = engines.get(timeZone);
  if (!engine) {
    engine = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    engines.set(timeZone, engine);
  }
  const parts = engine.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
};

describe('the wall clock of a time zone', () => {
  // Every 15 minutes over three years from the clock's own year: every change of the clocks, both ways, is in it.
  const start = Date.UTC(new Date().getUTCFullYear() - 1, 0, 1);
  const instants = Array.from({ length: 3 * 366 * 96 }, (_, i) => new Date(start + i * 15 * 60_000));

  it("reads Europe/London as the engine's time-zone data does, every quarter hour for three years", () => {
    const wrong = instants.filter((instant) => wallDateTime(instant, 'Europe/London') !== byEngine(instant, 'Europe/London'));
    expect(wrong.map((instant) => instant.toISOString()).slice(0, 5)).toEqual([]);
  });

  it('reads UTC as it is, and any other zone through Intl', () => {
    for (const instant of instants.filter((_, i) => i % 97 === 0)) {
      expect(wallDateTime(instant, 'UTC')).toBe(byEngine(instant, 'UTC'));
      expect(wallDateTime(instant, 'America/New_York')).toBe(byEngine(instant, 'America/New_York'));
    }
  });

  it('changes date at midnight on the wall clock, not at midnight UTC', () => {
    const year = new Date().getUTCFullYear();
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (summer time); on 1 January it is still the 1st.
    expect(wallDate(new Date(Date.UTC(year, 6, 1, 23, 30)), 'Europe/London')).toBe(`${year}-07-02`);
    expect(wallDate(new Date(Date.UTC(year, 0, 1, 23, 30)), 'Europe/London')).toBe(`${year}-01-01`);
  });
});
