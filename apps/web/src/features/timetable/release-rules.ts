import { localDateTime } from './rules.ts';

/**
 * The release minute's pure rules (issue 25; docs/release.md "Screens"): the countdown's parts,
 * when it is read out, and when the page looks again at a release's outcome.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** What is left until an instant, whole seconds rounded up (never "0 s" while time is left). */
export const countdownParts = (ms: number) => {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60, total };
};

/**
 * The moments a screen reader hears the countdown (politely, once each): minutes left at or
 * under each of these, then the release itself (0). Not every second (WCAG 2.2.2, 4.1.3).
 */
export const ANNOUNCE_AT_MINUTES = [60, 30, 10, 5, 1] as const;

/** Which announcement bucket `ms` left falls in: the smallest milestone not yet passed, 0 at or after the instant; null above the first. */
export const announceBucket = (ms: number): number | null => {
  if (ms <= 0) return 0;
  let bucket: number | null = null;
  for (const minutes of ANNOUNCE_AT_MINUTES) if (ms <= minutes * MINUTE) bucket = minutes;
  return bucket;
};

/** The venue's clock time of an instant, 'HH:mm'. */
export const venueTime = (iso: string, timeZone: string) => localDateTime(iso, timeZone).slice(11, 16);

/** The short form of a hash or seed: its first 8 and last 4 characters. */
export const shortHex = (hex: string) => (hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex);

/** Up to 3 s of randomness, so the pages open at the instant do not all ask in the same millisecond. */
export const jitterMs = (random: () => number = Math.random) => Math.floor(random() * 3 * SECOND);

/**
 * How long until the page looks again at a release's outcome (the public release, or the
 * customer's requests), or false for not again. Once settled (drawn, nothing waiting): never.
 * Before the instant: just after it (at most every 30 min, in case the release was moved); the
 * draw decides within seconds, so then every 3 s for 2 minutes, every 30 s up to half an hour,
 * then no more. Each wait has `jitter` added: no request storm at the instant.
 */
export const nextLookMs = (releaseAt: number, settled: boolean, now: number, jitter: number): number | false => {
  if (settled) return false;
  const until = releaseAt - now;
  if (until > 0) return Math.min(until + SECOND, 30 * MINUTE) + jitter;
  const since = -until;
  if (since < 2 * MINUTE) return 3 * SECOND + jitter;
  if (since < 30 * MINUTE) return 30 * SECOND + jitter;
  return false;
};
