import type { ChannelListener } from '../db/listen.ts';
import { availabilityScope } from './availability-scope.ts';

/** One notification of migration 0009's triggers. */
export type AvailabilityNote = { client_id: number; venue_id: number; category_id: number; local_date: string; occurrence_id: number };

export type AvailabilityEvent = { occurrence_ids: number[]; resync?: true };
type Subscriber = (event: AvailabilityEvent) => void;

/**
 * Told of every note this instance hears, before any stream is (a cache of visitor answers,
 * modules/timetable/visitor-cache.ts): `changed` with the day's scope key, `reset` when notes
 * may have been missed (the listener reconnected).
 */
export type AvailabilityWatcher = { changed: (scope: string) => void; reset: () => void };

/**
 * Told when a host mapping, a client or a catalogue version changed (migration 0041's
 * `{"tenant":true}` note on the same channel), and when notes may have been missed: either way
 * whatever it keeps of the tenant lookup goes (modules/client/tenant-cache.ts).
 */
export type TenantWatcher = () => void;

/** Notes of one day are gathered this long, then sent as one event per subscriber. */
const COALESCE_MS = 50;

/**
 * In-memory fan-out of availability notes to the streams of this instance, by client, venue,
 * sub-activity and venue-local date. Notes for a day nobody here watches cost one map lookup.
 */
export const createAvailabilityHub = (listener: () => ChannelListener) => {
  const subscribers = new Map<string, Set<Subscriber>>();
  const pending = new Map<string, Set<number>>();
  let flushTimer: NodeJS.Timeout | null = null;
  let channel: ChannelListener | null = null;
  const watchers = new Set<AvailabilityWatcher>();
  const tenantWatchers = new Set<TenantWatcher>();

  const flush = () => {
    flushTimer = null;
    for (const [key, ids] of pending) {
      const event = { occurrence_ids: [...ids].sort((a, b) => a - b) };
      for (const send of subscribers.get(key) ?? []) send(event);
    }
    pending.clear();
  };

  const onNote = (payload: string) => {
    let note: AvailabilityNote | { tenant: true };
    try {
      note = JSON.parse(payload) as AvailabilityNote | { tenant: true };
    } catch {
      return;
    }
    if ('tenant' in note) {
      for (const watcher of tenantWatchers) watcher();
      return;
    }
    const key = availabilityScope({ clientId: note.client_id, venueId: note.venue_id, categoryId: note.category_id, date: note.local_date });
    for (const watcher of watchers) watcher.changed(key);
    if (!subscribers.has(key)) return;
    const ids = pending.get(key) ?? new Set<number>();
    ids.add(note.occurrence_id);
    pending.set(key, ids);
    flushTimer ??= setTimeout(flush, COALESCE_MS);
  };

  /** Notes may have been missed while the listener was down: every stream reloads everything. */
  const onReconnect = () => {
    for (const watcher of tenantWatchers) watcher();
    for (const watcher of watchers) watcher.reset();
    for (const set of subscribers.values()) for (const send of set) send({ occurrence_ids: [], resync: true });
  };

  return {
    onNote,
    onReconnect,
    /** Subscribes once this instance is LISTENing, so no commit after this resolves is missed. */
    subscribe: async (key: string, send: Subscriber): Promise<() => void> => {
      channel ??= listener();
      await channel.ready();
      const set = subscribers.get(key) ?? new Set<Subscriber>();
      set.add(send);
      subscribers.set(key, set);
      return () => {
        set.delete(send);
        if (set.size === 0) subscribers.delete(key);
      };
    },
    /** Adds a watcher of every note; returns its removal. */
    watch: (watcher: AvailabilityWatcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    /** Starts listening if nobody has yet and resolves once this instance listens. */
    ready: async () => {
      channel ??= listener();
      await channel.ready();
    },
    /** Adds a watcher of tenant changes (and of reconnects); returns its removal. */
    watchTenants: (watcher: TenantWatcher) => {
      tenantWatchers.add(watcher);
      return () => tenantWatchers.delete(watcher);
    },
    /**
     * Starts listening if nobody has yet (without waiting) and says whether this instance is
     * listening now: only then is every later change sure to reach the watchers.
     */
    listening: (onError: (error: unknown) => void): boolean => {
      if (!channel) {
        channel = listener();
        channel.ready().catch(onError);
      }
      return channel.isListening();
    },
    subscriberCount: () => [...subscribers.values()].reduce((sum, set) => sum + set.size, 0),
    stop: async () => {
      if (flushTimer) clearTimeout(flushTimer);
      subscribers.clear();
      await channel?.stop();
    },
    backendPid: () => channel?.backendPid() ?? null,
  };
};
export type AvailabilityHub = ReturnType<typeof createAvailabilityHub>;
