import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getSelectedVenue } from '../../../lib/selected-venue.ts';
import { Redirecting, venueExists, warn } from './redirect-helpers.tsx';

/**
 * The venue in the URL (`?venue=` or `?centre=`), else the remembered one, if it still exists;
 * `null` when there is none.
 */
export const resolveVenue = async (request: Request): Promise<string | null> => {
  const params = new URL(request.url).searchParams;
  const candidates = [params.get('venue'), params.get('centre'), getSelectedVenue().slug];
  for (const slug of candidates) {
    if (slug && (await venueExists(slug))) return slug;
  }
  return null;
};

/** Spec §2 /redirect-to-selected-venue. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const slug = await resolveVenue(request);
  if (slug) return redirect(`/location/${slug}`);
  await warn('toasts.selectVenueActivity');
  return redirect('/');
};

export default Redirecting;
