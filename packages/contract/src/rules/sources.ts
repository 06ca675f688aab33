/** Build-time sources of spec §1 / DESIGN.md §2. */
export const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'] as const;
export type Source = (typeof SOURCES)[number];
export const DEFAULT_SOURCE: Source = 'bookings';

export const isSource = (value: string): value is Source =>
  (SOURCES as readonly string[]).includes(value);

/**
 * Picks the bundle for a request host: `my-account.example.com` → my-account.
 * A bare host (no known sub-domain label first) serves bookings.
 */
export const sourceForHost = (host: string | undefined): Source => {
  if (!host) return DEFAULT_SOURCE;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const first = hostname.split('.')[0] ?? '';
  return isSource(first) ? first : DEFAULT_SOURCE;
};
