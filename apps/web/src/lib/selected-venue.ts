import { documentCookie } from './request-env.ts';

/**
 * The remembered venue (spec §3 Venue): a cookie holding the selected slug and `selectedSlugs`
 * (the venues chosen before, most recent first).
 */
export const SELECTED_VENUE_COOKIE = 'selected_venue';
const MAX_REMEMBERED = 5;
const ONE_YEAR = 60 * 60 * 24 * 365;

export type SelectedVenue = { slug: string | null; selectedSlugs: string[] };

const SLUG = /^[a-z0-9-]{1,100}$/;

export const parseSelectedVenue = (cookieHeader: string): SelectedVenue => {
  const raw = cookieHeader
    .split('; ')
    .find((part) => part.startsWith(`${SELECTED_VENUE_COOKIE}=`))
    ?.slice(SELECTED_VENUE_COOKIE.length + 1);
  if (!raw) return { slug: null, selectedSlugs: [] };
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<SelectedVenue>;
    const slug = typeof value.slug === 'string' && SLUG.test(value.slug) ? value.slug : null;
    const selectedSlugs = Array.isArray(value.selectedSlugs)
      ? value.selectedSlugs.filter((s): s is string => typeof s === 'string' && SLUG.test(s))
      : [];
    return { slug, selectedSlugs };
  } catch {
    return { slug: null, selectedSlugs: [] };
  }
};

export const rememberVenue = (current: SelectedVenue, slug: string): SelectedVenue => ({
  slug,
  selectedSlugs: [slug, ...current.selectedSlugs.filter((s) => s !== slug)].slice(0, MAX_REMEMBERED),
});

export const getSelectedVenue = (): SelectedVenue => parseSelectedVenue(documentCookie());

export const setSelectedVenue = (slug: string): SelectedVenue => {
  const next = rememberVenue(getSelectedVenue(), slug);
  document.cookie = `${SELECTED_VENUE_COOKIE}=${encodeURIComponent(JSON.stringify(next))}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
  // Told in a task of its own: the header and the home screen re-render for it (a store's
  // change renders at once), and a venue page chooses its venue while its first render's effects
  // run, which made one long task of the two at load (issue 28, docs/performance.md).
  setTimeout(() => window.dispatchEvent(new CustomEvent('selected-venue-change', { detail: next })), 0);
  return next;
};
