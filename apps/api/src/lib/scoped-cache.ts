/**
 * Values kept in memory per key, each belonging to a scope (a venue's sub-activity on one day,
 * lib/availability-scope.ts), dropped the moment this instance hears that the scope changed (the
 * availability notes of migration 0009, through lib/availability-hub.ts) and in any case at the
 * first instant the value could change with time alone (`validUntil`), never past a backstop.
 *
 * A build reads the database after taking the scope's stamp; it is kept only if no note for that
 * scope (and no reset) arrived meanwhile, so a value older than a change it missed is never
 * stored. Callers use it only while the instance is listening. Users: the visitor day cache
 * (modules/timetable/visitor-cache.ts) and the basket's "full" marks (modules/holds/full-marks.ts,
 * docs/holds.md).
 */
export const createScopedCache = <T>(options: { maxEntries: number; backstopMs: number }) => {
  const { maxEntries, backstopMs } = options;
  const entries = new Map<string, { value: T; scope: string; validUntil: number }>();
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
    /** The kept value for `key`, if still valid at `now`. */
    get: (key: string, now = Date.now()): T | undefined => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil <= now) {
        forget(key);
        return undefined;
      }
      return entry.value;
    },
    /** Call before reading the database; hand the result to `set`. */
    stamp: (scope: string) => ({ epoch, generation: generations.get(scope) ?? 0 }),
    set: (key: string, scope: string, stamp: { epoch: number; generation: number }, value: T, validUntil: number, now = Date.now()) => {
      if (stamp.epoch !== epoch || stamp.generation !== (generations.get(scope) ?? 0)) return false;
      const until = Math.min(validUntil, now + backstopMs);
      if (until <= now) return false;
      forget(key);
      entries.set(key, { value, scope, validUntil: until });
      const keys = keysByScope.get(scope) ?? new Set<string>();
      keys.add(key);
      keysByScope.set(scope, keys);
      if (entries.size > maxEntries) forget(entries.keys().next().value!);
      return true;
    },
    /** The scope changed: its values go, and builds in flight are not kept. */
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
export type ScopedCache<T> = ReturnType<typeof createScopedCache<T>>;
