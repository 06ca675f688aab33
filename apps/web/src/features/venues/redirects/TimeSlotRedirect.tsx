import { redirect, type LoaderFunctionArgs } from 'react-router';
import { Redirecting } from './redirect-helpers.tsx';

/** Spec §2 /{venueSlug}/{activitySlug}/{dateSlug}[/{type}] → the time-slot page. */
export const loader = ({ params, request }: LoaderFunctionArgs) => {
  const parts = [params.venueSlug, params.activitySlug, params.dateSlug, params.type].filter(
    (part): part is string => !!part,
  );
  const { search } = new URL(request.url);
  return redirect(`/location/${parts.map(encodeURIComponent).join('/')}${search}`);
};

export default Redirecting;
