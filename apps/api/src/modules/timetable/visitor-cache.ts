import { createScopedCache } from '../../lib/scoped-cache.ts';

/** Enough for every day a visitor can open at a few hundred venues; the oldest entry goes first. */
const MAX_ENTRIES = 20_000;
/**
 * A backstop only: every change the application makes sends a note, and every change with time
 * alone is in `validUntil`; a change made outside it that sends none (a price edited in SQL) is
 * seen within this.
 */
const BACKSTOP_MS = 15 * 60_000;

/**
 * Serialised visitor answers of a day's timetable and times (docs/timetable.md "Visitor read
 * cache"), kept in memory and dropped the moment this instance hears that a place of that day
 * changed (the availability notes of migration 0009, through lib/availability-hub.ts), and in any
 * case at the first instant the answer could change with time alone: the earliest hold that
 * expires, the first release or start among its sessions (`validUntil`), and never past
 * BACKSTOP_MS.
 * The keeping rules (stamps, notes, resets) are lib/scoped-cache.ts's. The caller serves from it
 * only while the instance is listening.
 */
export const createVisitorDayCache = (maxEntries = MAX_ENTRIES) => createScopedCache<string>({ maxEntries, backstopMs: BACKSTOP_MS });
export type VisitorDayCache = ReturnType<typeof createVisitorDayCache>;
