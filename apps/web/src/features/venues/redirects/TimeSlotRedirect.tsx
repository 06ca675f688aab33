import { RedirectRoute, type RedirectResolver } from './redirect-helpers.tsx';

/** Spec §2 /{venueSlug}/{activitySlug}/{dateSlug}[/{type}] → the time-slot page. */
const resolveTimeSlotRedirect: RedirectResolver = ({ params, search }) => {
  const parts = [params.venueSlug, params.activitySlug, params.dateSlug, params.type].filter(
    (part): part is string => !!part,
  );
  return { to: `/location/${parts.map(encodeURIComponent).join('/')}${search}` };
};

const TimeSlotRedirect = () => <RedirectRoute resolve={resolveTimeSlotRedirect} />;
export default TimeSlotRedirect;
