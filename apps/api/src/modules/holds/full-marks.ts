import type { Db } from '../../db/connect.ts';
import { availabilityScope } from '../../lib/availability-scope.ts';
import { createScopedCache } from '../../lib/scoped-cache.ts';
import * as repo from './repository.ts';

/* ---- Refusing from memory: "full" marks (docs/holds.md "Refusing from memory") ---- */

/**
 * An occurrence found full (free <= 0, bookable, open, the ticket type valid) for one
 * (occurrence ref, ticket type) as an add names them, and the accounts with a live claim on it.
 * Kept per instance in a ScopedCache under the occurrence's day: dropped by that day's
 * availability notes (every claim or capacity change sends one), at the first live claim's
 * expiry and at the start, and read only while the instance listens.
 */
export type FullMark = { occurrenceId: number; claimers: ReadonlySet<number> };

/**
 * A mark's facts are read at most this often per key: while places of the same day keep
 * changing (a release minute), a mark read during a note is not kept, and refusals meanwhile
 * should not each pay for another try.
 */
const MARK_RETRY_MS = 250;
const MARK_ENTRIES = 10_000;
/** A backstop only: every change of a claim or a capacity sends a note. */
const MARK_BACKSTOP_MS = 60_000;

export const createFullMarks = (listening: () => boolean) => ({
  cache: createScopedCache<FullMark>({ maxEntries: MARK_ENTRIES, backstopMs: MARK_BACKSTOP_MS }),
  listening,
  /** When each key's facts were last read. */
  tried: new Map<string, number>(),
});
export type FullMarks = ReturnType<typeof createFullMarks>;

/** Where a mark is kept: the occurrence's day, as its availability notes name it. */
export type MarkedOccurrence = { id: number; venue_id: number; category_id: number; local_day: string };

/**
 * After a refusal as full on the add context: reads what a mark rests on (after taking its
 * stamp, so a change committed meanwhile is never missed) and keeps it while it holds. A failure
 * here changes nothing for the customer, whose answer is the refusal either way.
 */
export const markFull = async (db: Db, marks: FullMarks, key: string, clientId: number, occurrence: MarkedOccurrence) => {
  const now = Date.now();
  if (marks.cache.get(key, now) || !marks.listening() || now - (marks.tried.get(key) ?? -Infinity) < MARK_RETRY_MS) return;
  if (marks.tried.size >= MARK_ENTRIES) marks.tried.clear();
  marks.tried.set(key, now);
  const scope = availabilityScope({ clientId, venueId: occurrence.venue_id, categoryId: occurrence.category_id, date: occurrence.local_day });
  const stamp = marks.cache.stamp(scope);
  const facts = await repo.findFullMarkFacts(db, occurrence.id).catch(() => undefined);
  if (!facts || facts.free > 0 || facts.cancelled_at !== null) return;
  const validUntil = Math.min(new Date(facts.starts_at).getTime(), facts.first_expiry === null ? Infinity : new Date(facts.first_expiry).getTime());
  // Kept unless a note of the day came meanwhile; once kept, the next mark may be read at once.
  if (marks.cache.set(key, scope, stamp, { occurrenceId: occurrence.id, claimers: new Set(facts.claimers) }, validUntil)) marks.tried.delete(key);
};
