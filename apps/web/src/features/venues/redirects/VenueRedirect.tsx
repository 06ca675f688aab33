import { redirect, type LoaderFunctionArgs } from 'react-router';
import { setSelectedVenue } from '../../../lib/selected-venue.ts';
import { notFound, Redirecting, venueExists } from './redirect-helpers.tsx';

/** Spec §2 /{venueSlug}: that venue becomes the selected one; an unknown path is the not-found page. */
export const loader = async ({ params }: LoaderFunctionArgs) => {
  const slug = params.venueSlug ?? '';
  if (!(await venueExists(slug))) throw notFound();
  setSelectedVenue(slug);
  return redirect(`/location/${slug}`);
};

export default Redirecting;
