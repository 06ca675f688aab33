import { setSelectedVenue } from '../../../lib/selected-venue.ts';
import { RedirectRoute, venueExists, type RedirectResolver } from './redirect-helpers.tsx';

/** Spec §2 /{venueSlug}: that venue becomes the selected one; an unknown path is the not-found page. */
export const resolveVenueRedirect: RedirectResolver = async ({ params }) => {
  const slug = params.venueSlug ?? '';
  if (!(await venueExists(slug))) return 'not-found';
  setSelectedVenue(slug);
  return { to: `/location/${slug}` };
};

const VenueRedirect = () => <RedirectRoute resolve={resolveVenueRedirect} />;
export default VenueRedirect;
