/** Enough for every day a visitor can open at a few hundred venues; the oldest entry goes first. */
const MAX_ENTRIES = 20_000;
/**
 * A backstop only: every change the application makes sends a note, and every change with time
 * alone is in `validUntil`; a change made outside it that sends none (a price edited in SQL) is
 * seen within this.
 */
const BACKSTOP_MS = 15 * 60_000;

type Entry = { body: string; scope: string; validUntil: number };

/**
 * Serialised visitor answers of a day's timetable and times (docs/timetable.md "Visitor read
 * cache"), kept in memory and dropped the moment this instance hears that a place of that day
 * changed (the availability notes of migration 0009, through the live hub), and in any case at
 * the first instant the answer could change with time alone: the earliest hold that expires,
 * the first release or start among its sessions (`validUntil`), and never past BACKSTOP_MS.
 *
 * A build reads the database after taking the scope's generation; it is kept only if no note
 * for that scope (and no reset) arrived meanwhile, so an answer older than a change it missed
 * is never stored. The caller serves from it only while the instance is listening.
 */
export const createVisitorDayCache = (maxEntries = MAX_ENTRIES) => {
  const entries = new Map<string, Entry>();
  const keysByScope = new Map<string, Set<string>>();
  const generations = new Map<string, number>();
  let epoch = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByScope.get(entry.scope);
    keys?.delete(key);
    if (keys?.size === 0) keysByScope.delete(entry.scope);
  };

  return {
    /** The kept body for `key`, if still valid at `now`. */
    get: (key: string, now = Date.now()): string | undefined => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil <= now) {
        forget(key);
        return undefined;
      }
      return entry.body;
    },
    /** Call before reading the database; hand the result to `set`. */
    stamp: (scope: string) => ({ epoch, generation: generations.get(scope) ?? 0 }),
    set: (key: string, scope: string, stamp: { epoch: number; generation: number }, body: string, validUntil: number, now = Date.now()) => {
      if (stamp.epoch !== epoch || stamp.generation !== (generations.get(scope) ?? 0)) return false;
      const until = Math.min(validUntil, now + BACKSTOP_MS);
      if (until <= now) return false;
      forget(key);
      entries.set(key, { body, scope, validUntil: until });
      const keys = keysByScope.get(scope) ?? new Set<string>();
      keys.add(key);
      keysByScope.set(scope, keys);
      if (entries.size > maxEntries) forget(entries.keys().next().value!);
      return true;
    },
    /** A place of the day `scope` changed: its answers go, and builds in flight are not kept. */
    changed: (scope: string) => {
      generations.set(scope, (generations.get(scope) ?? 0) + 1);
      if (generations.size > maxEntries * 4) {
        generations.clear();
        epoch += 1;
      }
      for (const key of keysByScope.get(scope) ?? []) entries.delete(key);
      keysByScope.delete(scope);
    },
    /** Notes may have been missed: everything goes. */
    reset: () => {
      epoch += 1;
      entries.clear();
      keysByScope.clear();
      generations.clear();
    },
    size: () => entries.size,
  };
};
export type VisitorDayCache = ReturnType<typeof createVisitorDayCache>;
