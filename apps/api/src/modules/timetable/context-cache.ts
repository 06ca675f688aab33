/** Enough for every venue and sub-activity of a few large operators; the oldest entry goes first. */
const MAX_ENTRIES = 5000;

/**
 * What a day request needs to know about its venue and sub-activity that changes only with the
 * catalogue (ids, time zone, currency, booking window), kept per process and stamped with the
 * client's catalogue version, like the catalogue's answers (docs/catalogue.md "Caching"):
 * venues, categories, category locations and activities all bump the version (migrations
 * 0007, 0012), so an entry is used only while nothing it was read from has changed. The
 * venue's clock is never kept (`venueClock`).
 */
export const createContextCache = <Row>(maxEntries = MAX_ENTRIES) => {
  const entries = new Map<string, { version: number; row: Row }>();
  return {
    get: (key: string, version: number) => {
      const hit = entries.get(key);
      return hit?.version === version ? hit.row : undefined;
    },
    set: (key: string, version: number, row: Row) => {
      entries.delete(key);
      entries.set(key, { version, row });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
};

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Venue-local date ('YYYY-MM-DD') and time ('HH:MM:SS') now, in the venue's IANA zone. */
export const venueClock = (timeZone: string, now = new Date()) => {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { today: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}:${part.second}` };
};
