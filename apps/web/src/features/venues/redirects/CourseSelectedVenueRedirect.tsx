import { redirect, type LoaderFunctionArgs } from 'react-router';
import { Redirecting, warn } from './redirect-helpers.tsx';
import { resolveVenue } from './SelectedVenueRedirect.tsx';

/** Spec §2 /course-redirect-to-selected-venue. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const slug = await resolveVenue(request);
  if (slug) return redirect(`/courses/location/${slug}`);
  await warn('toasts.selectVenueCourse');
  return redirect('/');
};

export default Redirecting;
