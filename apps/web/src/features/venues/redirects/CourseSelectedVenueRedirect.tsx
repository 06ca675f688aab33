import { RedirectRoute, type RedirectResolver } from './redirect-helpers.tsx';
import { resolveVenue } from './SelectedVenueRedirect.tsx';

/** Spec §2 /course-redirect-to-selected-venue. */
const resolveCourseRedirect: RedirectResolver = async ({ search }) => {
  const slug = await resolveVenue(search);
  return slug ? { to: `/courses/location/${slug}` } : { to: '/', warning: 'toasts.selectVenueCourse' };
};

const CourseSelectedVenueRedirect = () => <RedirectRoute resolve={resolveCourseRedirect} />;
export default CourseSelectedVenueRedirect;
