import { getSelectedVenue } from '../../../lib/selected-venue.ts';
import { RedirectRoute, venueExists, type RedirectResolver } from './redirect-helpers.tsx';

/**
 * The venue in the URL (`?venue=` or `?centre=`), else the remembered one, if it still exists;
 * `null` when there is none.
 */
export const resolveVenue = async (search: string): Promise<string | null> => {
  const params = new URLSearchParams(search);
  const candidates = [params.get('venue'), params.get('centre'), getSelectedVenue().slug];
  for (const slug of candidates) {
    if (slug && (await venueExists(slug))) return slug;
  }
  return null;
};

/** Spec §2 /redirect-to-selected-venue. */
const resolveActivityRedirect: RedirectResolver = async ({ search }) => {
  const slug = await resolveVenue(search);
  return slug ? { to: `/location/${slug}` } : { to: '/', warning: 'toasts.selectVenueActivity' };
};

const SelectedVenueRedirect = () => <RedirectRoute resolve={resolveActivityRedirect} />;
export default SelectedVenueRedirect;
