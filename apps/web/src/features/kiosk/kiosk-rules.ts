/** The kiosk's pure rules (docs/kiosk.md), apart from its screens so they are tested alone. */

/** YYYY-MM-DD on this browser's clock and zone (the kiosk stands at the venue). */
export const localDate = (now: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Today's booked bookings at this kiosk's centre (any centre when the kiosk names none), soonest first as given. */
export const todaysBookingsHere = <B extends { status: string; date: string; venue: { slug: string } }>(bookings: readonly B[], { centre, today }: { centre: string | null; today: Date }): B[] =>
  bookings.filter((b) => b.status === 'booked' && b.date === localDate(today) && (centre === null || b.venue.slug === centre));

/** The membership app's kiosk page (spec §4), with the centre when the kiosk has one: the path on that source. */
export const joinUrl = (centre: string | null) => (centre ? `/?kiosk=true&centre=${encodeURIComponent(centre)}` : '/?kiosk=true');

/** Seconds left on the 'Still there?' countdown, never below 0, rounded up (15 at the warning's start). */
export const secondsLeft = (idleAt: number, now: number) => Math.max(0, Math.ceil((idleAt - now) / 1000));
