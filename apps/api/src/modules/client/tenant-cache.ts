/** Far more hosts than any deployment serves; past it the table starts again. */
const MAX_ENTRIES = 10_000;

export type Tenant = {
  id: number;
  catalogueVersion: number;
  /** A tag-manager container is configured (its host goes in the pages' CSP). */
  tagManager: boolean;
  /** Origins that may frame the bookings site (clients.frame_ancestors); empty: none. */
  frameAncestors: readonly string[];
};

/**
 * The tenant lookup's answers (host and default slug → client and its catalogue version) kept
 * in this instance's memory, so an API request costs no round trip to find its client.
 *
 * Kept only while the instance's availability listener is listening (`listening()`); dropped
 * whole the moment it hears migration 0041's tenant note (a host mapping, a client or a catalogue
 * version changed, on any instance) or reconnects (notes may have been missed). A lookup takes
 * the generation before it reads the database and its answer is kept only if no drop happened
 * meanwhile, so an answer older than a change this instance has heard of is never stored; one
 * read before a change whose note is still on its way is dropped when the note arrives.
 */
export const createTenantCache = (listening: () => boolean, maxEntries = MAX_ENTRIES) => {
  const entries = new Map<string, Tenant | null>();
  let generation = 0;
  return {
    /** The kept answer (null: no client for that host), or undefined when it must be read. */
    get: (key: string): Tenant | null | undefined => (listening() ? entries.get(key) : undefined),
    /** Call before reading the database; hand the answer and the stamp to `set`. */
    stamp: (): number | null => (listening() ? generation : null),
    set: (key: string, stamp: number | null, tenant: Tenant | null) => {
      if (stamp === null || stamp !== generation) return false;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, tenant);
      return true;
    },
    /** Something changed, or notes may have been missed: everything goes, reads in flight are not kept. */
    drop: () => {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
  };
};
export type TenantCache = ReturnType<typeof createTenantCache>;
